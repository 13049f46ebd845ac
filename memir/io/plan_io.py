"""Buffers-with-lifetimes problems as IR text, and planned IR back to CSV / JSON rows.

The import writes one ``memir.alloc SIZE [align A] live [L, U) [offset O] id "ID"`` per
buffer (the fast-path form, cheap to parse; written out here for speed, and checked against
the clause table of dialects/alloc_syntax.py and the op's printer by
tests/test_syntax_differential.py) and remembers the CSV's column names on the
module (``memir.csv_columns``), so the export writes the rows back as they came, with an
``offset`` column: an inclusive ``end`` column stays inclusive.
"""

from __future__ import annotations

import csv
import io
import json
import re

from memir.model.layout import Problem
from memir.model.text import string_literal


def problem_to_ir(problem: Problem, ids: list[str], columns: list[str]) -> str:
    lines = ["builtin.module attributes {memir.csv_columns = ["
             + ", ".join(string_literal(c) for c in columns) + "]} {"]
    for i, (b, buffer_id) in enumerate(zip(problem.buffers, ids)):
        align = f" align {b.alignment}" if b.alignment != 1 else ""
        offset = f" offset {b.offset}" if b.offset is not None else ""
        lines.append(f"  %b{i} = memir.alloc {b.size}{align} live [{b.lower}, {b.upper})"
                     f"{offset} id {string_literal(buffer_id)}")
    lines.append("}")
    return "\n".join(lines) + "\n"


_SOURCE = {"id": "id", "buffer": "id", "buffer_id": "id", "lower": "lower", "start": "lower",
           "begin": "lower", "upper": "upper", "size": "size", "alignment": "alignment",
           "align": "alignment", "offset": "offset"}
# What makes csv.writer quote a cell (QUOTE_MINIMAL, "," and '"', "\n" as line end).
_NEEDS_QUOTES = re.compile(r'[,"\r\n]')


def rows_to_csv(rows: list[dict], columns: list[str] | None = None) -> str:
    """Rows in the input's own columns (``end`` inclusive), plus ``offset``."""
    columns = list(columns or ["id", "lower", "upper", "size"])
    if any(r["alignment"] != 1 for r in rows) and not any(
            c in ("alignment", "align") for c in columns):
        columns.append("alignment")
    if "offset" not in columns:
        columns.append("offset")
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(columns)
    keys = [_SOURCE.get(c, c) for c in columns]
    if (len(columns) > 1 and all(c == "end" or k in _SOURCE.values()
                                 for c, k in zip(columns, keys))
            and not any(_NEEDS_QUOTES.search(r["id"]) for r in rows)):
        # Every cell an int or an id csv would not quote: the lines csv.writer writes,
        # built a column at a time (tests/test_alloc_export.py compares the two).
        cells = [[r["id"] for r in rows] if k == "id" else
                 map(str, [r["upper"] - 1 for r in rows] if c == "end" else
                     [r[k] for r in rows]) for c, k in zip(columns, keys)]
        out.write("\n".join(map(",".join, zip(*cells))))
        out.write("\n" if rows else "")
        return out.getvalue()
    for r in rows:
        writer.writerow([r["upper"] - 1 if c == "end" else r[k] for c, k in zip(columns, keys)])
    return out.getvalue()


def rows_to_json(rows: list[dict], plan_attr) -> str:
    plan = {}
    if plan_attr is not None:
        plan = {"arena": plan_attr.arena.data, "lower_bound": plan_attr.bound.data,
                "strategy": plan_attr.strategy.data, "status": plan_attr.status.data,
                "seconds": plan_attr.seconds.data}
    else:
        plan = {"arena": max((r["offset"] + r["size"] for r in rows), default=0)}
    return json.dumps({**plan, "buffers": rows}, indent=1) + "\n"
