"""The fast routes of the MiniMalloc round trip agree with the general ones.

``memir-translate --export-*`` reads a module of plain allocs from its text
(memir/tools/alloc_export.py), and writes plain CSV rows a column at a time; ``--import-minimalloc`` splits unquoted CSV
by lines. Each must give what the general route gives, byte for byte, or fall back to it:
on random modules and tables, valid or not.
"""

from __future__ import annotations

import csv
import io

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import memir.tools.memir_translate as translate
from memir.io import minimalloc
from memir.io.plan_io import rows_to_csv
from memir.model.text import string_literal
from memir.tools.alloc_export import alloc_rows
from memir.tools.diagnostics import ToolError


def export(text: str, tmp_path, as_json: bool) -> str:
    path = tmp_path / "in.mlir"
    path.write_text(text)
    try:
        return translate.export_rows(str(path), as_json)
    except ToolError as error:
        return f"error: {error}"


def slow_export(text: str, tmp_path, as_json: bool) -> str:
    """The export through parse, verify and read_program only."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(translate, "plain_alloc_rows", lambda text, name: None)
        return export(text, tmp_path, as_json)


HEADERS = [
    "builtin.module {",
    'builtin.module attributes {memir.csv_columns = ["id", "lower", "upper", "size"]} {',
    'builtin.module attributes {memir.csv_columns = ["buffer", "start", "end", "size", '
    '"alignment"], memir.plan = #memir.plan<arena 1024, bound 1000, strategy "s", '
    'status "optimal", seconds 0.5>} {',
    'builtin.module attributes {memir.csv_columns = ["id", "size"], x = "} {"} {',
    "builtin.module attributes {memir.csv_columns = 3} {",  # not a list: both fail alike
]

valid_allocs = st.tuples(
    st.sampled_from([4, 8, 64, 4096]),  # size
    st.sampled_from([None, 1, 8]),  # align
    st.one_of(st.none(), st.tuples(st.integers(-3, 2), st.integers(3, 6))),  # lifetime
    st.integers(0, 3),  # offset, in alignments
    st.sampled_from(["x", "q,r", "é", 's"t', "", "a b"]),  # id prefix
    st.sampled_from([False, False, False, True]),  # external
    st.sampled_from(["\n  ", "\n", "\n\n  // note\n  ", "\r\n  ", "  \n", " // c\n  "]),
)
# One thing wrong (or none): the text route must then give up, or agree.
FAULTS = [None] * 16 + [
    "name twice", "id twice", "no id", "no offset", "zero size", "size 2^62", "align 3",
    "misaligned", "empty lifetime", "lifetime 2^31", "numbered name", "stream first",
    "huge digits", "no module", "a function", "attribute dict", "trailing text"]


def alloc_line(i, size, align, life, offset, id_prefix, external, fault) -> str:
    name, buffer_id = f"b{i}", f"{id_prefix}{i}"
    if i == 1 and fault == "name twice":
        name = "b0"
    if i == 1 and fault == "numbered name":
        name = "b_1"
    if i == 1 and fault == "id twice":
        buffer_id = f"{id_prefix}0"
    if i == 0:
        size = {"zero size": 0, "size 2^62": 2**62, "huge digits": "9" * 5000}.get(fault, size)
        align = {"align 3": 3, "misaligned": 8}.get(fault, align)
        life = {"empty lifetime": (2, 2), "lifetime 2^31": (0, 2**31)}.get(fault, life)
    text = f"%{name} = memir.alloc {size}"
    text += f" align {align}" if align is not None else ""
    text += f" live [{life[0]}, {life[1]})" if life is not None else ""
    if not (i == 0 and fault == "no offset"):
        text += f" offset {offset * (align or 1) + (4 if i == 0 and fault == 'misaligned' else 0)}"
    if not (i == 0 and fault == "no id"):
        text += f" id {string_literal(buffer_id)}"
    text += " external" if external else ""
    return text + (" {tag = 1}" if i == 0 and fault == "attribute dict" else "")


def module_text(header: str, lines, fault) -> str:
    body = "".join(alloc_line(i, *clauses[:-1], fault) + clauses[-1]
                   for i, clauses in enumerate(lines))
    first = "%s = memir.stream 0\n  " if fault == "stream first" else ""
    text = f"{header}\n  {first}{body}}}\n"
    if fault == "no module":
        return body
    if fault == "a function":
        return text.replace(header, "func.func @f() {", 1)
    return text + ("%z = memir.alloc 4\n" if fault == "trailing text" else "")


@settings(max_examples=120, deadline=None)
@given(st.sampled_from(HEADERS), st.lists(valid_allocs, min_size=1, max_size=5),
       st.sampled_from(FAULTS), st.booleans())
def test_fast_and_slow_exports_agree(tmp_path_factory, header, lines, fault, as_json):
    text = module_text(header, lines, fault)
    tmp_path = tmp_path_factory.mktemp("export")
    assert export(text, tmp_path, as_json) == slow_export(text, tmp_path, as_json)


def test_a_planned_import_takes_the_text_route():
    """What --import-minimalloc | assign-layout writes is read without its ops (else the
    test above compares the slow route with itself)."""
    text = ('builtin.module attributes {memir.csv_columns = ["id", "lower", "upper", "size"]'
            ', memir.plan = #memir.plan<arena 12, bound 12, strategy "s", status "optimal", '
            'seconds 0.1>} {\n  %b0 = memir.alloc 4 live [0, 2) offset 0 id "0"\n'
            '  %b1 = memir.alloc 8 align 8 live [1, 3) offset 8 id "1"\n}\n')
    rows, header = alloc_rows(text)
    assert [r["offset"] for r in rows] == [0, 8] and header.endswith("} {}")
    assert translate.plain_alloc_rows(text, "<t>") is not None


def reference_csv(rows: list[dict], columns: list[str] | None) -> str:
    """rows_to_csv as it was: csv.writer, one row at a time."""
    columns = list(columns or ["id", "lower", "upper", "size"])
    if any(r["alignment"] != 1 for r in rows) and not any(
            c in ("alignment", "align") for c in columns):
        columns.append("alignment")
    if "offset" not in columns:
        columns.append("offset")
    source = {"id": "id", "buffer": "id", "buffer_id": "id", "lower": "lower",
              "start": "lower", "begin": "lower", "upper": "upper", "size": "size",
              "alignment": "alignment", "align": "alignment", "offset": "offset"}
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(columns)
    for r in rows:
        writer.writerow([r["upper"] - 1 if c == "end" else r[source.get(c, c)]
                         for c in columns])
    return out.getvalue()


rows_strategy = st.lists(st.fixed_dictionaries({
    "id": st.text(st.sampled_from(['a', '1', ' ', ',', '"', '\n', '\r', 'é', "'"]), max_size=3),
    "lower": st.integers(-5, 5), "upper": st.integers(-5, 5), "size": st.integers(1, 99),
    "alignment": st.sampled_from([1, 1, 8]), "offset": st.integers(0, 2**62)}), max_size=4)
column_lists = st.one_of(st.none(), st.permutations(["id", "lower", "upper", "size"]),
                         st.just(["buffer", "start", "end", "size", "align", "offset"]),
                         st.just(["id"]), st.just(["size", "offset"]))


@settings(max_examples=200, deadline=None)
@given(rows_strategy, column_lists)
def test_csv_rows_as_csv_writer_writes_them(rows, columns):
    assert rows_to_csv(rows, columns) == reference_csv(rows, columns)


def csv_records(text: str) -> list[tuple[int, list[str]]]:
    """minimalloc._records without its fast route: csv.reader and its line numbers."""
    reader = csv.reader(io.StringIO(text))
    out, line = [], 1
    try:
        for record in reader:
            out.append((line, record))
            line = reader.line_num + 1
    except csv.Error as error:
        return [(-1, [str(error)])]
    return out


@settings(max_examples=300, deadline=None)
@given(st.text(st.sampled_from(["a", "1", ",", " ", "\n", "\r", '"', "\t", "\x0b", "\u2028",
                                "\x00"]), max_size=12))
def test_csv_records_as_csv_reader_reads_them(text):
    try:
        fast = minimalloc._records(text)
    except minimalloc.CsvError as error:
        fast = [(-1, [error.message.removeprefix("malformed CSV: ")])]
    assert fast == csv_records(text)


@settings(max_examples=150, deadline=None)
@given(st.lists(st.tuples(st.sampled_from(["a", "b", " c", "a"]),
                          st.sampled_from(["0", "1", "07", " 2", "+3", "-1", "x", "", "٣",
                                           "9999999999", "1" * 20]),
                          st.sampled_from(["1", "2", "5", " 4 ", "3000000000"]),
                          st.sampled_from(["4", "0", "64", "99999999999999999999"]),
                          st.sampled_from(["", "0", "8", "-8", "x"])), max_size=4),
       st.sampled_from(["id,lower,upper,size,offset", "id,start,end,size,offset"]))
def test_csv_tables_read_as_before(rows, header):
    """read_csv's inline digit cells give what _int gives, errors included."""
    text = header + "\n" + "".join(",".join(r) + "\n" for r in rows)
    fast = outcome(text)
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(minimalloc, "_PLAIN_CELLS", False)
        assert fast == outcome(text)


def outcome(text: str):
    try:
        table = minimalloc.read_csv(text)
    except minimalloc.CsvError as error:
        return str(error)
    return [(b.size, b.lower, b.upper, b.alignment, b.offset, b.name)
            for b in table.problem.buffers], table.lines
