"""Every corpus program, planned by memir inside an upstream MLIR pipeline, runs as it ran unplanned.

Each program is expected to get through end to end at both positions, and after the deallocation
pipeline in MLIR's generic form too (see ``harness.py``):
memir reads it, upstream MLIR 22 verifies, deallocates where needed, lowers and runs it, and the
output is the unplanned run's, text for text (and PyTorch eager's within float tolerance for the
torch-mlir exports), and every alloc memir left alone carries a remark saying why. The one exception list is ``KNOWN_GAPS``: those cases are strict xfails, so a
gap that closes fails the suite until its line is removed.

Without MLIR 22's tools the tests skip, saying why; with ``CI`` set they fail instead.
"""

from __future__ import annotations

import os
import re
import sys
from pathlib import Path

import pytest

# the harness and the generator sit beside this file (found whether or not tests/upstream is a
# package)
sys.path.insert(0, str(Path(__file__).resolve().parent))
import harness  # noqa: E402
from harness import POSITIONS  # noqa: E402

TOOLS = harness.find_tools()
PROGRAMS = harness.corpus_programs()

# (program, position) -> why it does not get through today; one entry per case. Empty:
# every case of the corpus runs end to end with the unplanned output. A program that stops
# goes here with its reason, as a strict xfail, until it is fixed.
KNOWN_GAPS: dict[tuple[str, str], str] = {}


def _require(what: object) -> None:
    """Skip with the reason when a tool is missing, except under CI, which must run these."""
    if isinstance(what, str):
        if os.environ.get("CI"):
            pytest.fail(f"CI must run the upstream-MLIR corpus, but: {what}")
        pytest.skip(what)


@pytest.fixture(scope="module")
def runner() -> harness.Harness:
    _require(TOOLS)
    return harness.Harness(TOOLS)


def _cases():
    for program in PROGRAMS:
        for position in harness.positions_for(program):
            gap = KNOWN_GAPS.get((program.stem, position))
            marks = [pytest.mark.xfail(reason=gap, strict=True)] if gap else []
            yield pytest.param(program, position, marks=marks, id=f"{program.stem}@{position}")


@pytest.mark.parametrize("program,position", list(_cases()))
def test_planned_program_runs_as_unplanned(program: Path, position: str,
                                           runner: harness.Harness) -> None:
    outcome = runner.run(program, position)
    assert harness.verdict(program, outcome) == ""
    if program.stem.startswith("dynamic_"):
        assert dynamic_plan_problems(outcome.memir_output) == []


_DYNAMIC_ALLOC = re.compile(r"= memref\.alloc\(%[^)]+\)[^\n]*: memref<([^>]*\?[^>]*)>")


def dynamic_plan_problems(memir_output: str) -> list[str]:
    """For the dynamic programs (issue 53): memir computed an arena (``memref.alloc(%bytes)
    : memref<?xi8>``), and every other dynamic alloc it left alone escapes its function."""
    allocs = [(found.group(1), line.strip()) for line in memir_output.splitlines()
              if (found := _DYNAMIC_ALLOC.search(line))]
    problems = [] if any(shape == "?xi8" for shape, _ in allocs) else ["no computed arena"]
    return problems + [line for shape, line in allocs if shape != "?xi8"
                       and "not planned: returned by" not in line]


@pytest.mark.parametrize("program", PROGRAMS, ids=[p.stem for p in PROGRAMS])
def test_corpus_program_runs_unplanned(program: Path, runner: harness.Harness) -> None:
    """The reference itself: upstream alone compiles and runs it (and matches eager)."""
    reference = runner.unplanned(program)
    assert reference.returncode == 0, harness.first_error(reference.stderr)
    assert "Unranked Memref" in reference.stdout, "the program printed nothing to compare"
    expected = harness.expected_values(program)
    if expected is not None:
        assert harness.close_to_eager(reference.stdout, expected) == ""


def test_corpus_names_its_sources() -> None:
    assert len(PROGRAMS) >= 25
    for program in PROGRAMS:
        first = program.read_text().split("\n", 1)[0]
        assert first.startswith("// source: "), f"{program.name}: first line must name its source"
    torch = [p for p in PROGRAMS if p.stem.startswith("torch_")]
    assert len(torch) >= 3 and all(p.with_suffix(".expected").exists() for p in torch)


def test_known_gaps_name_real_cases() -> None:
    names = {p.stem for p in PROGRAMS}
    for program, position in KNOWN_GAPS:
        assert program in names and position in POSITIONS, (program, position)


def test_torch_export_regenerates_byte_for_byte(tmp_path: Path) -> None:
    """The committed torch-mlir exports are what export_torch.py writes (smallest model)."""
    try:
        import torch_mlir  # noqa: F401
    except ImportError:
        _require("torch-mlir is not installed (pip install -e '.[mlir]')")
    import export_torch

    text, expected = export_torch.export("torch_mlp")
    program = harness.CORPUS / "torch_mlp.mlir"
    assert text == program.read_text()
    committed = harness.expected_values(program)
    assert committed == pytest.approx(expected.ravel().tolist(), rel=1e-6, abs=1e-7)


# ----------------------------------------------------------------------------- counters
def test_counters_on_a_planned_text() -> None:
    before = """func.func @f() {
  %a = memref.alloc() {alignment = 64 : i64} : memref<4x8xf32>
  %b = memref.alloc(%n) : memref<?xf32>
  %c = memref.alloc() : memref<2xi64>
  return
}"""
    after = """func.func @f() {
  %arena = memref.alloc() {alignment = 64 : i64} : memref<192xi8>
  %a = memref.view %arena[%o][] : memref<192xi8> to memref<4x8xf32>
  %b = memref.alloc(%n) : memref<?xf32>
  %c = memref.view %arena[%p][] : memref<192xi8> to memref<2xi64>
  return
}"""
    assert harness.count_allocs(before) == harness.AllocCount(3, 2, 144)
    assert harness.count_plan(before, after) == harness.PlanCount(2, 144, 192)
    assert harness.unexplained_allocs(after) == ["%b = memref.alloc(%n) : memref<?xf32>"]
    remarked = after.replace("alloc(%n) :", 'alloc(%n) {memir.remark = "dynamic shape"} :')
    assert harness.unexplained_allocs(remarked) == []


def test_dynamic_plan_problems_finds_an_unplanned_dynamic_alloc() -> None:
    planned = """%arena = memref.alloc(%arena_bytes) {alignment = 64 : i64} : memref<?xi8>
  %r = memref.alloc(%d) {memir.remark = "not planned: returned by func.return"} : memref<?x8xf32>"""
    assert dynamic_plan_problems(planned) == []
    left = ('%t = memref.alloc(%d) {memir.remark = "not planned: dynamic size not a function '
            'of the arguments"} : memref<?xf32>')
    assert dynamic_plan_problems(planned + "\n  " + left) == [left]
    assert dynamic_plan_problems("%a = memref.alloc() : memref<4xi8>") == ["no computed arena"]


def test_live_peak_frees_at_last_use_and_keeps_returned_buffers() -> None:
    text = """func.func @f(%x: memref<4xf32>) -> memref<4xf32> {
  %a = memref.alloc() : memref<4xf32>
  linalg.copy ins(%x : memref<4xf32>) outs(%a : memref<4xf32>)
  %b = memref.alloc() : memref<8xf32>
  %v = memref.subview %b[0] [4] [1] : memref<8xf32> to memref<4xf32, strided<[1]>>
  linalg.copy ins(%a : memref<4xf32>) outs(%v : memref<4xf32, strided<[1]>>)
  %c = memref.alloc() : memref<4xf32>
  scf.for %i = %c0 to %c4 step %c1 {
    linalg.copy ins(%v : memref<4xf32, strided<[1]>>) outs(%c : memref<4xf32>)
  }
  return %c : memref<4xf32>
}"""
    # a (16) dies at its second copy; b (32) lives to the loop through its view; c (16) to the end
    assert harness.live_peak(text) == 48


def test_live_peak_sums_functions_skips_bookkeeping_and_reads_views() -> None:
    text = """func.func @g() {
  %a = memref.alloc() : memref<4xf32>
  linalg.fill ins(%f : f32) outs(%a : memref<4xf32>)
  %b = memref.alloc() : memref<2xf32>
  linalg.fill ins(%f : f32) outs(%b : memref<2xf32>)
  %base, %off, %size, %stride = memref.extract_strided_metadata %a : memref<4xf32> -> memref<f32>, index, index, index
  scf.if %own {
    memref.dealloc %base : memref<f32>
  }
  return
}
func.func @h() {
  %c = memref.alloc() : memref<8xf32>
  linalg.fill ins(%f : f32) outs(%c : memref<8xf32>)
  return
}"""
    # in @g, %a dies at its fill (the dealloc bookkeeping is not a use): peak 16; @h: 32
    assert harness.live_peak(text) == 16 + 32
    after = text.replace("%c = memref.alloc() : memref<8xf32>",
                         "%c = memref.view %arena[%o][] : memref<32xi8> to memref<8xf32>")
    assert harness.live_peak(after, views=True) == 32
