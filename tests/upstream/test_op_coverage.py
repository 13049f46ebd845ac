"""The coverage measurement (op_coverage.py) cuts MLIR test files and blames ops as it says.

Why: the per-dialect table in the closing notes and in benchmarks/upstream_mlir.py rests on
it; a splitter that glued two functions together, or a judge that passed a piece memir
cannot read, would report coverage that is not there. The examples are written here.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))
import harness  # noqa: E402
import op_coverage  # noqa: E402

FILE = """\
#trait = {
  indexing_maps = [affine_map<(d0) -> (d0)>]
}
func.func @first(%a: memref<4xf32>,
                 %b: memref<4xf32>)
    -> memref<4xf32> {
  // CHECK: memref.copy
  memref.copy %a, %b : memref<4xf32> to memref<4xf32>
  return %b : memref<4xf32>
}
// CHECK-LABEL: @second
func.func @second(%x: index) -> index {
  %c1 = arith.constant 1 : index
  %y = arith.addi %x, %c1 : index
  return %y : index
}
func.func private @declared(i32) -> i32

// -----

func.func @barrier() {
  gpu.barrier
  return
}
"""


def test_items_keep_multiline_signatures_and_trailing_comments_together():
    chunk = op_coverage.chunks(FILE)[0]
    items = op_coverage.top_level_items(chunk)
    assert [item.split("\n", 1)[0] for item in items] == [
        "#trait = {", "func.func @first(%a: memref<4xf32>,",
        "func.func @second(%x: index) -> index {", "func.func private @declared(i32) -> i32"]
    pieces = op_coverage.pieces_of(chunk)
    assert len(pieces) == 2  # one per function with a body, the others beside each
    assert all("#trait" in p and "@declared" in p for p in pieces)
    assert "func.func @second" not in pieces[0] and "func.func @first" not in pieces[1]


def test_an_op_counts_only_where_a_piece_holding_it_passes_and_nothing_blames_it():
    first = op_coverage.Piece("f#0", "", "", {"memref.copy", "func.return"})
    second = op_coverage.Piece("f#1", "", "", {"gpu.barrier", "func.return", "arith.addi"})
    results = [op_coverage.Result(first, form, True, set(), "") for form in op_coverage.FORMS]
    results += [op_coverage.Result(second, "custom", False, {"arith.addi"}, "read: x"),
                op_coverage.Result(second, "generic", True, set(), "")]
    ops = op_coverage.by_op(results)
    assert ops["memref.copy"].covered and ops["func.return"].covered
    assert not ops["arith.addi"].covered  # blamed
    assert not ops["gpu.barrier"].covered  # in no passing piece
    rows = {row[0]: row[1:3] for row in op_coverage.table(ops)}
    assert rows["memref"] == (1, 1) and rows["arith"] == (0, 1) and rows["func"] == (1, 1)


@pytest.fixture(scope="module")
def tools() -> harness.Tools:
    found = harness.find_tools()
    if isinstance(found, str):
        if os.environ.get("CI"):
            pytest.fail(f"CI must run the coverage checks, but: {found}")
        pytest.skip(found)
    return found


def test_judge_passes_what_memir_reads_and_blames_the_op_it_cannot(tools, tmp_path):
    path = tmp_path / "Dialect" / "ops.mlir"
    path.parent.mkdir()
    path.write_text(FILE)
    pieces, rejected = op_coverage.make_pieces(tools, path)
    assert rejected == 0 and len(pieces) == 3
    verdicts = {p.source + ":" + min(p.ops): [op_coverage.judge(tools, p, form)
                                              for form in op_coverage.FORMS] for p in pieces}
    for name, results in verdicts.items():
        if "gpu.barrier" in {op for r in results for op in r.piece.ops}:
            custom = results[0]
            assert not custom.ok and custom.blamed == {"gpu.barrier"}, custom
            assert "custom syntax of 'gpu.barrier'" in custom.why
        else:
            assert all(r.ok for r in results), (name, [r.why for r in results])
