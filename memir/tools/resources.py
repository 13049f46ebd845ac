"""The ``{-# dialect_resources: {...} #-}`` section of an MLIR file, kept byte for byte.

torch-mlir writes a model's weights as ``dense_resource<key>`` handles whose bytes sit in
this section at the end of the file (hex blobs, megabytes for a real model). xDSL 0.74
reads the section into state shared by every parse in the process (its builtin dialect's
resource table, which renames a key it has seen before) and prints it back re-sorted, so
memir takes the section off the text before parsing, appends it unchanged after printing,
and reads handles as the names they are. Every handle the program uses must have its entry.
"""

from __future__ import annotations

import re

from xdsl.dialects.builtin import ArrayAttr, DenseResourceAttr, DictionaryAttr, ModuleOp
from xdsl.ir import Attribute, Operation

SECTION = re.compile(r"^[ \t]*\{-#.*?#-\}", re.MULTILINE | re.DOTALL)
"""A file-metadata section; MLIR prints it at the start of a line, after the module."""

TOKEN = re.compile(r'"(?:[^"\\]|\\.)*+"|[A-Za-z_][\w.$\-]*+|\S')
"""The section's tokens: string literals whole (a blob is one token), names, punctuation."""


def split_resources(text: str) -> tuple[str, str]:
    """(the text without its metadata sections, the sections verbatim, joined by newlines).

    Each section is replaced by as many newlines as it spans, so that diagnostics still
    point at the right lines of the program.
    """
    if "{-#" not in text:
        return text, ""
    sections = [m.group(0).strip(" \t") for m in SECTION.finditer(text)]
    if not sections:
        return text, ""
    program = SECTION.sub(lambda m: "\n" * m.group(0).count("\n"), text)
    return program, "\n".join(sections)


def defined_keys(sections: str) -> set[str]:
    """The keys of ``key: "0x..."`` entries (names or quoted), in one linear scan."""
    tokens = TOKEN.findall(sections)
    return {key.strip('"') for key, colon, value in zip(tokens, tokens[1:], tokens[2:])
            if colon == ":" and value.startswith('"') and key not in (":", ",", "{", "}")}


def resource_uses(module: ModuleOp) -> list[tuple[Operation, str]]:
    """Every (op, handle) of a ``dense_resource`` the module's ops hold, in program order."""
    uses: list[tuple[Operation, str]] = []
    for op in module.walk():
        for value in (*op.properties.values(), *op.attributes.values()):
            uses.extend((op, key) for key in _handles(value))
    return uses


def _handles(value: Attribute):
    if isinstance(value, DenseResourceAttr):
        yield value.resource_handle.data
    elif isinstance(value, ArrayAttr):
        for item in value.data:
            yield from _handles(item)
    elif isinstance(value, DictionaryAttr):
        for item in value.data.values():
            yield from _handles(item)


class VerbatimResourceHandles:
    """A Parser mixin: ``dense_resource<key>`` reads as ``key``, whatever was parsed before.
    Put it before ``xdsl_internals.ParserHooks``, which calls it."""

    def parse_resource_handle(self, dialect_name: str, interface) -> str:
        return self.parse_identifier(" for resource handle")  # type: ignore[attr-defined]
