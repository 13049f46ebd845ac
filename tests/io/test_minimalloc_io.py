"""MiniMalloc CSV reading (aliases, inclusive end, errors with line numbers) and writing."""

from __future__ import annotations

import json

import pytest

from memir.io.minimalloc import (CsvError, capacity_from_filename, read_csv, write_csv,
                                 write_json_plan)
from memir.planning.layout.portfolio import assign_layout
from memir.model.layout import Buffer


def test_plain_minimalloc_file():
    t = read_csv("id,lower,upper,size\n0,0,3,4\n1,3,5,4\n2,1,4,8\n")
    assert t.ids == ["0", "1", "2"]
    assert t.problem.buffers[2] == Buffer(8, 1, 4, 1, None, "2")
    assert t.lines == [2, 3, 4]


def test_aliases_inclusive_end_and_column_order():
    t = read_csv("Size , Buffer_ID,begin,END,alignment\n16, b0, 2, 5, 8\n4,b1,0,0,\n")
    assert [b.name for b in t.problem.buffers] == ["b0", "b1"]
    assert (t.problem.buffers[0].lower, t.problem.buffers[0].upper) == (2, 6)  # end + 1
    assert (t.problem.buffers[1].lower, t.problem.buffers[1].upper) == (0, 1)
    assert t.problem.buffers[0].alignment == 8 and t.problem.buffers[1].alignment == 1
    assert read_csv("buffer,start,upper,size\nx,1,2,3\n").problem.buffers[0].upper == 2


def test_offset_column_pins_buffers_and_blank_lines_keep_numbering():
    t = read_csv("id,lower,upper,size,offset\n\na,0,2,4,12\nb,0,2,4,\n")
    assert t.problem.buffers[0].offset == 12 and t.problem.buffers[1].offset is None
    assert t.lines == [3, 4]


@pytest.mark.parametrize("text, line, fragment", [
    ("id,lower,size\n0,0,4\n", 1, "missing column(s) upper"),
    ("id,upper,size\n0,1,4\n", 1, "missing column(s) lower"),
    ("id,lower,upper,size\n0,0,3,4\n1,0,x,4\n", 3, "must be an integer"),
    ("id,lower,upper,size\n0,0,3,4\n\n1,0,3,0\n", 4, "size must be positive"),
    ("id,lower,upper,size\n0,0,3,-2\n", 2, "size must be positive"),
    ("id,lower,upper,size\n0,3,3,4\n", 2, "empty lifetime"),
    ("id,lower,end,size\n0,3,1,4\n", 2, "empty lifetime"),
    ("id,lower,upper,size\n7,0,3,4\n8,0,3,4\n7,1,2,4\n", 4, "duplicate id '7'"),
    ("id,lower,upper,size\n0,0,3\n", 2, "expected 4 fields"),
    ("id,lower,upper,size,alignment\n0,0,3,4,0\n", 2, "alignment must be >= 1"),
    ("", 1, "empty input"),
])
def test_bad_input_names_the_line(text, line, fragment):
    with pytest.raises(CsvError) as err:
        read_csv(text, "bad.csv")
    assert err.value.line == line
    assert fragment in err.value.message
    assert str(err.value).startswith(f"line {line}:")


def test_write_csv_round_trip_with_offsets():
    text = "id,lower,upper,size\n0,0,3,4\n1,3,5,4\n2,1,4,8\n"
    t = read_csv(text)
    plan = assign_layout(t.problem)
    out = write_csv(t, plan.offsets)
    assert out.splitlines()[0] == "id,lower,upper,size,offset"
    again = read_csv(out)
    assert [b.offset for b in again.problem.buffers] == plan.offsets
    assert [b.size for b in again.problem.buffers] == [4, 4, 8]
    # an existing offset column is replaced, not duplicated
    assert write_csv(again, [1, 2, 3]).splitlines()[1] == "0,0,3,4,1"


def test_json_plan_export():
    t = read_csv("id,lower,upper,size\na,0,2,4\nb,1,3,4\n")
    plan = assign_layout(t.problem)
    doc = json.loads(write_json_plan(t.problem, plan, t.ids))
    assert doc["arena"] == 8 and doc["lower_bound"] == 8 and doc["strategy"] == plan.strategy
    assert [(b["id"], b["offset"], b["lower"], b["upper"]) for b in doc["buffers"]] == [
        ("a", plan.offsets[0], 0, 2), ("b", plan.offsets[1], 1, 3)]


def test_capacity_from_filename():
    assert capacity_from_filename("dsa/minimalloc/A.1048576.csv") == 1048576
    assert capacity_from_filename("resnet50.csv") is None
