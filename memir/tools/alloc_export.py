"""The export of a module that is nothing but allocs, read from its text without its ops.

Why: a planned MiniMalloc problem is a module header and one ``%bN = memir.alloc ...``
line per buffer, and building, verifying and reading back 100k xDSL ops cost the export
about three times the rows themselves. Here the header (where the CSV's columns and the
plan live) goes through the full parser; the alloc lines are matched with the fast path's
own regular expression (dialects/fast_path.py) and checked by ``AllocOp.check_semantics``'s
rules and the unique-id rule, on plain values.

This path only ever accepts: any text it does not take whole returns None, and the caller
runs the full path, which reports what is wrong where it is. The rows are the same as
``plan_rows`` gives (tests/test_alloc_export.py compares the two on random modules).
"""

from __future__ import annotations

import re

from memir.dialects.fast_path import ALLOC_LINE, GAP, NUMBERED_NAME
from memir.dialects.limits import MAX_BYTES, MAX_STEP

_HEADER = re.compile(GAP + r"builtin\.module(?: attributes (\{[^\n]*\}))? \{[ \t]*(?=[\r\n])")
_TAIL = re.compile(r"\}" + GAP + r"\Z")
_SKIP = re.compile(GAP)


def alloc_rows(text: str) -> tuple[list[dict], str] | None:
    """(the rows of ``plan_rows``, the text of the module header to parse for its
    attributes, as ``builtin.module attributes {...} {}``), or None: not a module of
    plain, valid, planned allocs with ids (the full path decides and explains)."""
    header = _HEADER.match(text)
    if header is None:
        return None
    pos = _SKIP.match(text, header.end()).end()
    line = ALLOC_LINE.match
    names: set[str] = set()
    ids: set[str] = set()
    rows: list[dict] = []
    while (m := line(text, pos)) is not None:
        # by position: "name" and ALLOC_FIELDS (tests/test_syntax_differential.py)
        name, size, align, lower, upper, offset, buffer_id, external, space, safety = \
            m.groups()
        if (name in names or ("_" in name and NUMBERED_NAME.search(name)) or buffer_id is None
                or space is not None or safety is not None):
            return None  # one arena per space, and streams a CSV cannot say: the full path
        if buffer_id in ids:
            return None
        names.add(name)
        ids.add(buffer_id)
        try:
            row = _checked_row(buffer_id, int(size), 1 if align is None else int(align),
                               lower, upper, None if offset is None else int(offset))
        except ValueError:  # int() refuses over 4300 digits
            return None
        if row is None:
            return None
        if external is None:
            if offset is None:
                return None  # unplanned: the full path says where
            rows.append(row)
        pos = m.end()
    if not rows or _TAIL.match(text, pos) is None:
        return None
    return rows, text[:header.end()] + "}"


def _checked_row(buffer_id: str, size: int, align: int, lower: str | None,
                 upper: str | None, offset: int | None) -> dict | None:
    """The row of an alloc that AllocOp.check_semantics accepts, else None."""
    if not (0 < size < MAX_BYTES and 0 < align < MAX_BYTES) or align & (align - 1):
        return None
    if offset is not None and (offset >= MAX_BYTES or offset % align):
        return None
    if lower is None:
        low, high = 0, 1  # no compute ops: ProgramData.lifetime's default
    else:
        low, high = int(lower), int(upper)
        if not -MAX_STEP < low < high < MAX_STEP:
            return None
    return {"id": buffer_id, "lower": low, "upper": high, "size": size, "alignment": align,
            "offset": offset}
