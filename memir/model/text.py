"""The IR's spelling of a string and of an SSA name, shared by the IR printer's fast path
and the frontends that write IR as text (``memir.io``, ``memir.executorch``). It sits below
all of them: the IR may not import a frontend, ExecuTorch's dump needs nothing of the io
frontend, and a frontend writes IR text without loading xDSL."""

from __future__ import annotations

import re

_PLAIN = re.compile(r"[ !#-\[\]-~]*")


def string_literal(text: str) -> str:
    """A string literal exactly as xDSL's ``print_string_literal`` writes it (``\\\\``,
    ``\\22``, ``\\0A``, UTF-8 bytes as ``\\C3\\A9``), in one string. The IR printer's fast
    path (``memir.dialects.syntax``) and the text importers (``memir.io``) use it."""
    if _PLAIN.fullmatch(text):  # printable ASCII but the quote and the backslash
        return f'"{text}"'
    out = []
    for byte in text.encode("utf-8"):
        if byte == 0x5C:
            out.append("\\\\")
        elif byte < 0x20 or byte > 0x7E or byte == 0x22:
            out.append(f"\\{byte:02X}")
        else:
            out.append(chr(byte))
    return '"' + "".join(out) + '"'


def unique_name(raw: str, used: set[str]) -> str:
    """``raw`` as an SSA name (letters, digits, ``_``; not starting with a digit), made
    unique against ``used`` by a suffix, and added to it."""
    base = re.sub(r"[^A-Za-z0-9_]", "_", raw) or "t"
    if base[0].isdigit():
        base = "t" + base
    name, k = base, 0
    while name in used:
        k += 1
        name = f"{base}_{k}"
    used.add(name)
    return name
