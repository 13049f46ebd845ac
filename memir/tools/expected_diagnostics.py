"""``--verify-diagnostics`` as mlir-opt has it: ``// expected-error {{...}}`` annotations.

An annotation names the line it expects a diagnostic on: its own line, ``@+N`` / ``@-N``
lines below or above, ``@above`` / ``@below``, or ``@unknown`` for a diagnostic with no
location. The text between ``{{`` and ``}}`` must occur in the message. Every diagnostic
produced must be expected and every expected one produced, or the tool fails (exit 1)
with a located message for each mismatch.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

_ANNOTATION = re.compile(
    r"//\s*expected-(error|warning|remark|note)\s*(?:@([+-]\d+|above|below|unknown))?\s*"
    r"\{\{(.*?)\}\}")
_LOCATED = re.compile(r"^(?P<file>.*?):(?P<line>\d+):(?P<col>\d+): (?P<kind>\w+): (?P<msg>.*)$")
_UNLOCATED = re.compile(r"^(?P<file>.*?): (?P<kind>error|warning): (?P<msg>.*)$")


@dataclass
class Expected:
    kind: str
    line: int | None  # None: @unknown
    text: str
    at: int  # the annotation's own line, for messages


def expectations(text: str, line_offset: int) -> list[Expected]:
    found = []
    for index, line in enumerate(text.splitlines()):
        here = line_offset + index + 1
        for match in _ANNOTATION.finditer(line):
            kind, where, body = match.groups()
            if where is None:
                target = here
            elif where == "unknown":
                target = None
            elif where == "above":
                target = here - 1
            elif where == "below":
                target = here + 1
            else:
                target = here + int(where)
            found.append(Expected(kind, target, body.strip(), here))
    return found


def check(name: str, expected: list[Expected], produced: str | None) -> list[str]:
    """Mismatches between the annotations and the one diagnostic a chunk produced."""
    problems = []
    if produced is not None:
        first = produced.splitlines()[0]
        if m := _LOCATED.match(first):
            line, kind, message = int(m["line"]), m["kind"], m["msg"]
        elif m := _UNLOCATED.match(first):
            line, kind, message = None, m["kind"], m["msg"]
        else:
            line, kind, message = None, "error", first
        match = next((e for e in expected if e.kind == kind and e.line == line
                      and e.text in message), None)
        if match is None:
            problems.append(f"{first}\n{name}: error: unexpected {kind}: no "
                            f"'expected-{kind}' annotation matches it")
        else:
            expected = [e for e in expected if e is not match]
    for e in expected:
        where = "an unknown location" if e.line is None else f"line {e.line}"
        problems.append(f"{name}:{e.at}: error: expected {e.kind} \"{e.text}\" at {where} "
                        "was not produced")
    return problems
