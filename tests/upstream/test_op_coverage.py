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

ROOT = Path(__file__).resolve().parents[2]
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


GENERIC_CONV = """\
    %0 = "linalg.conv_2d_nchw_fchw"(%a, %b, %c) <{dilations = dense<1> : tensor<2xi64>, \
operandSegmentSizes = array<i32: 2, 1>, strides = dense<[2, 1]> : tensor<2xi64>}> ({
    "linalg.matmul"(%a, %b, %c) <{indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d2)>, \
affine_map<(d0, d1, d2) -> (d2, d1)>], operandSegmentSizes = array<i32: 2, 1>}> ({
    %1 = "arith.addf"(%x, %y) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
"""


def test_property_entries_split_linalg_properties_only_keeping_values_whole():
    spans = op_coverage.property_entries(GENERIC_CONV)
    keys = [GENERIC_CONV[a:b].split("=", 1)[0].strip() for a, b in spans]
    assert keys == ["dilations", "strides", "indexing_maps"]  # not operandSegmentSizes, arith
    assert GENERIC_CONV[slice(*spans[2])].endswith("(d2, d1)>]")  # "->" does not close "<"
    first = op_coverage.without(GENERIC_CONV, spans[:1])
    assert "<{operandSegmentSizes = array<i32: 2, 1>, strides = dense<[2, 1]>" in first
    last = op_coverage.without(GENERIC_CONV, spans[1:2])
    assert "<{dilations = dense<1> : tensor<2xi64>, operandSegmentSizes = array<i32: 2, 1>}>" \
        in last
    maps = op_coverage.without(GENERIC_CONV, spans[2:])
    assert '"linalg.matmul"(%a, %b, %c) <{operandSegmentSizes = array<i32: 2, 1>}> ({' in maps


def test_memoized_maps_are_forgotten_before_properties_are_tried():
    text = ('    }) {linalg.memoized_indexing_maps = [#map3, #map1, #map2]} : (f32) -> ()\n'
            '    }) {keep, linalg.memoized_indexing_maps = [#map]} : (f32) -> ()\n')
    assert op_coverage.forget_maps(text) == ("    }) : (f32) -> ()\n"
                                             "    }) {keep} : (f32) -> ()\n")


SPELLED_OUT = """\
func.func @conv(%i: memref<1x3x8x8xf32>, %w: memref<4x3x3x3xf32>, %o: memref<1x4x6x6xf32>,
                %s: memref<1x4x3x6xf32>) {
  linalg.conv_2d_nchw_fchw
    {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
    ins(%i, %w : memref<1x3x8x8xf32>, memref<4x3x3x3xf32>) outs(%o : memref<1x4x6x6xf32>)
  linalg.conv_2d_nchw_fchw
    {dilations = dense<1> : tensor<2xi64>, strides = dense<[2, 1]> : tensor<2xi64>}
    ins(%i, %w : memref<1x3x8x8xf32>, memref<4x3x3x3xf32>) outs(%s : memref<1x4x3x6xf32>)
  return
}
"""


def test_a_piece_is_judged_once_more_with_its_defaults_left_out(tools, tmp_path):
    path = tmp_path / "Linalg" / "named-ops.mlir"
    path.parent.mkdir()
    path.write_text(SPELLED_OUT)
    pieces, rejected = op_coverage.make_pieces(tools, path)
    assert rejected == 0 and [p.source for p in pieces] == [
        "Linalg/named-ops.mlir#0", f"Linalg/named-ops.mlir#0 {op_coverage.DEFAULTED}"]
    spelled, bare = pieces
    assert spelled.custom.count("dilations = dense<1>") == 2  # mlir-opt prints them as given
    # what the op means without them is what it meant: the defaults go, strides [2, 1] stays
    assert "dilations" not in bare.custom and bare.custom.count("strides") == 1
    assert "linalg.conv_2d_nchw_fchw ins(" in bare.custom
    assert all(op_coverage.judge(tools, bare, form).ok for form in op_coverage.FORMS)


def test_nothing_to_leave_out_makes_no_second_piece(tools):
    custom = op_coverage.canonical(tools, FILE.split("// -----")[0])
    generic = op_coverage.canonical(tools, FILE.split("// -----")[0], generic=True)
    piece = op_coverage.Piece("f#0", custom, generic, set())
    assert op_coverage.defaults_left_out(tools, piece) is None


def test_the_default_less_filecheck_text_is_what_mlir_opt_prints(tools):
    """filecheck_tests/upstream/linalg_defaults.mlir stands in for MLIR 22 where mlir-opt is
    missing: it must be mlir-opt's own print, with no default spelled out, and memir's print
    of it must read back in MLIR 22 as the same program, custom and generic."""
    text = (ROOT / "filecheck_tests" / "upstream" / "linalg_defaults.mlir").read_text()
    printed = op_coverage.canonical(tools, text)
    assert printed is not None and "dilations" not in printed
    assert printed.count("strides") == 1  # the one op given strides = 2
    piece = op_coverage.Piece("linalg_defaults", printed,
                              op_coverage.canonical(tools, text, generic=True), set())
    for form in op_coverage.FORMS:
        result = op_coverage.judge(tools, piece, form)
        assert result.ok, (form, result.why)
