"""MiniMalloc buffer CSVs in and out, and a JSON plan export.

The format (github.com/google/minimalloc): a header row, then one buffer per row with
``id,lower,upper,size`` and optional ``alignment`` and ``offset``. Like MiniMalloc's reader
we accept header aliases: ``buffer``/``buffer_id`` for id, ``start``/``begin`` for lower,
and ``end`` for an INCLUSIVE last step (upper = end + 1); ``upper`` is exclusive. Column
order is free. An ``offset`` column pins the buffer (pre-placed); an empty cell leaves it
free. Errors carry the 1-based line number so tools can point at the row.

``write_csv`` gives the input's rows back, unchanged, with an ``offset`` column filled in
from the plan (replacing an existing one), which is what MiniMalloc writes as its solution.
"""

from __future__ import annotations

import csv
import io
import json
import re
from dataclasses import dataclass, field

from memir.model.layout import Buffer, Plan, Problem

ALIASES = {
    "id": "id", "buffer": "id", "buffer_id": "id",
    "lower": "lower", "start": "lower", "begin": "lower",
    "upper": "upper", "end": "end",
    "size": "size",
    "alignment": "alignment", "align": "alignment",
    "offset": "offset",
}
REQUIRED = ("id", "lower", "size")
# The IR's bounds (memir.dialects.limits, not imported: this module does not need xDSL):
# bytes below 2^62, program steps in (-2^31, 2^31). Larger cells are rejected on their row.
MAX_BYTES = 2**62
MAX_STEP = 2**31


class CsvError(ValueError):
    """Bad CSV input; ``line`` is the 1-based line of the offending row (1 = header)."""

    def __init__(self, message: str, line: int) -> None:
        super().__init__(f"line {line}: {message}")
        self.message = message
        self.line = line


@dataclass(slots=True)
class MinimallocTable:
    header: list[str]  # original column names, in file order
    rows: list[list[str]]  # original cells of each buffer row
    lines: list[int]  # 1-based source line of each row
    ids: list[str]
    problem: Problem
    source: str = "<csv>"
    columns: dict[str, int] = field(default_factory=dict)  # canonical name -> column index


def capacity_from_filename(path: str) -> int | None:
    """MiniMalloc benchmark names carry the capacity: ``A.1048576.csv`` -> 1048576."""
    m = re.search(r"\.(\d+)\.csv$", path)
    return int(m.group(1)) if m else None


def _int(cell: str, column: str, line: int, steps: bool = False) -> int:
    """An integer cell within the IR's bounds (bytes, or program steps if ``steps``)."""
    if cell.isdigit() and cell.isascii() and len(cell) <= 40:  # the common case, quickly
        value = int(cell)
    else:
        value = _general_int(cell, column, line)
    if steps and not -MAX_STEP < value < MAX_STEP:
        raise CsvError(f"column '{column}': {value} is out of range (-2^31, 2^31)", line)
    if not steps and value >= MAX_BYTES:
        raise CsvError(f"column '{column}': {value} is too large (bytes must be below 2^62)",
                       line)
    return value


def _general_int(cell: str, column: str, line: int) -> int:
    text = cell.strip()
    if not text.lstrip("+-").isascii() or len(text) > 40:  # int() takes other digits too
        raise CsvError(f"column '{column}' must be an integer, got {text[:40]!r}", line)
    try:
        return int(text)
    except ValueError:
        raise CsvError(f"column '{column}' must be an integer, got {text!r}", line) from None


_PLAIN_CELLS = True  # read plain digit cells inline (off: every cell through _int; tests)
# csv's default limit on a field's length: a longer field is an error there.
_FIELD_LIMIT = csv.field_size_limit()


def _records(text: str) -> list[tuple[int, list[str]]]:
    """CSV records and the 1-based line each starts on (a quoted cell may span lines)."""
    if not any(c in text for c in '"\r\0'):  # no quoting: a record is a line (fast)
        lines = text.split("\n")
        if max(map(len, lines)) <= _FIELD_LIMIT:
            return [(i, line.split(",") if line else [])
                    for i, line in enumerate(lines, 1) if line or i < len(lines)]
    reader = csv.reader(io.StringIO(text))
    out, line = [], 1
    try:
        for record in reader:
            out.append((line, record))
            line = reader.line_num + 1
    except csv.Error as error:
        raise CsvError(f"malformed CSV: {error}", reader.line_num or line) from None
    return out


def read_csv(text: str, source: str = "<csv>") -> MinimallocTable:
    """Parse MiniMalloc CSV text into rows and a lifetime-conflict ``Problem``."""
    numbered = [(line, r) for line, r in _records(text) if r and any(c.strip() for c in r)]
    if not numbered:
        raise CsvError("empty input: expected a header row like 'id,lower,upper,size'", 1)
    header_line, header = numbered[0]
    columns: dict[str, int] = {}
    for k, raw in enumerate(header):
        key = ALIASES.get(raw.strip().lower())
        if key is None:
            continue
        if key in columns or (key in ("upper", "end") and ({"upper", "end"} & columns.keys())):
            raise CsvError(f"column '{raw.strip()}' given twice", header_line)
        columns[key] = k
    missing = [c for c in REQUIRED if c not in columns]
    if "upper" not in columns and "end" not in columns:
        missing.append("upper")
    if missing:
        raise CsvError(f"missing column(s) {', '.join(missing)}; header is "
                       f"{','.join(h.strip() for h in header)!r}", header_line)

    rows, lines, ids, buffers = [], [], [], []
    seen: dict[str, int] = {}
    # Column indices and names looked up once, not per row (100k-row files).
    id_col, lower_col, size_col = columns["id"], columns["lower"], columns["size"]
    upper_key = "upper" if "upper" in columns else "end"
    upper_col = columns[upper_key]
    align_col, offset_col = columns.get("alignment"), columns.get("offset")
    lower_name, upper_name, size_name = (header[c].strip()
                                         for c in (lower_col, upper_col, size_col))
    width = len(header)
    # Plain digit cells (the common case) are read inline, without _int's calls: with
    # ASCII text, isdigit() means ASCII digits, and few enough of them are in range.
    plain = _PLAIN_CELLS and text.isascii() and upper_key == "upper"
    for line, row in numbered[1:]:
        if len(row) != width:
            raise CsvError(f"expected {width} fields, got {len(row)}", line)
        ident = row[id_col].strip()
        if not ident:
            raise CsvError("empty id", line)
        if ident in seen:
            raise CsvError(f"duplicate id {ident!r} (first on line {seen[ident]})", line)
        seen[ident] = line
        low, up, sz = row[lower_col], row[upper_col], row[size_col]
        if (plain and len(low) < 10 and len(up) < 10 and len(sz) < 19 and low.isdigit()
                and up.isdigit() and sz.isdigit()):
            lower, upper, size = int(low), int(up), int(sz)
        else:
            lower = _int(low, lower_name, line, True)
            if upper_key == "upper":
                upper = _int(up, upper_name, line, True)
            else:
                end = _int(up, upper_name, line, True)
                upper = end + 1
                if upper >= MAX_STEP:
                    raise CsvError(f"column 'end': {end} is out of range (-2^31, 2^31 - 1)",
                                   line)
            size = _int(sz, size_name, line)
        if size <= 0:
            raise CsvError(f"size must be positive, got {size}", line)
        if lower >= upper:
            raise CsvError(f"empty lifetime: lower {lower} >= upper {upper}", line)
        alignment = 1
        if align_col is not None and row[align_col].strip():
            alignment = _int(row[align_col], "alignment", line)
            if alignment < 1:
                raise CsvError(f"alignment must be >= 1, got {alignment}", line)
        offset = None
        if offset_col is not None:
            cell = row[offset_col]
            if plain and len(cell) < 19 and cell.isdigit():
                offset = int(cell)
            elif cell.strip():
                offset = _int(cell, "offset", line)
                if offset < 0:
                    raise CsvError(f"offset must be >= 0, got {offset}", line)
        rows.append(row)
        lines.append(line)
        ids.append(ident)
        buffers.append(Buffer(size, lower, upper, alignment, offset, ident))
    return MinimallocTable([h.strip() for h in header], rows, lines, ids, Problem(buffers),
                           source, columns)


def write_csv(table: MinimallocTable, offsets: list[int]) -> str:
    """The table's rows with an ``offset`` column holding ``offsets``."""
    if len(offsets) != len(table.rows):
        raise ValueError(f"{len(offsets)} offsets for {len(table.rows)} rows")
    header = list(table.header)
    col = table.columns.get("offset")
    if col is None:
        header.append("offset")
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(header)
    for row, off in zip(table.rows, offsets):
        cells = [c.strip() for c in row]
        if col is None:
            cells.append(str(int(off)))
        else:
            cells[col] = str(int(off))
        writer.writerow(cells)
    return out.getvalue()


def write_json_plan(problem: Problem, plan: Plan, ids: list[str] | None = None) -> str:
    """A plan as JSON: arena, lower bound, strategy, status and one record per buffer."""
    names = ids if ids is not None else [b.name or str(i) for i, b in enumerate(problem.buffers)]
    doc = {
        "arena": plan.arena,
        "lower_bound": plan.lower_bound,
        "ratio": round(plan.arena / plan.lower_bound, 6) if plan.lower_bound else None,
        "strategy": plan.strategy,
        "status": plan.status,
        "seconds": round(plan.seconds, 6),
        "capacity": problem.capacity,
        "buffers": [
            {"id": name, "offset": int(off), "size": b.size, "lower": b.lower,
             "upper": b.upper, "alignment": b.alignment}
            for name, off, b in zip(names, plan.offsets, problem.buffers)
        ],
    }
    return json.dumps(doc, indent=1) + "\n"
