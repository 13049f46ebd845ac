"""A fixed slice of benchmarks/fuzz.py's campaign: no internal error, hang, stray or
half-written file, or output that does not read back; and the slice reaches every pass,
option value and command-line option registered today.

Why: the fuzzer finds what its cases reach. Its pipelines are drawn from the passes'
own declarations, so a pass or option added later is fuzzed without being listed; these
tests fail when the cases stop reaching something the tools offer (or when the fuzzer can
no longer put an op memir reads in front of them). The long campaigns, with fresh seeds,
are run by hand: ``python benchmarks/fuzz.py --cases 10000 --seed N --coverage``.
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "benchmarks"))

import fuzz  # noqa: E402  (benchmarks/fuzz.py)

SEED = 52
CASES = max(450, fuzz.SWEEP_EVERY * len(fuzz.sweep()))  # the sweep once through


@pytest.fixture(scope="module")
def report() -> fuzz.Report:
    return fuzz.campaign(SEED, CASES, timeout=20)


def test_the_slice_finds_no_problem(report):
    shown = [f"{problem}: {case.describe()[:500]}\n  {line[:300]}"
             for problem, case, line in report.problems[:5]]
    assert not report.problems, report.summary() + "\n" + "\n".join(shown)


def test_the_slice_gets_past_the_parser_often(report):
    """A generator whose programs every pass refuses tests only the refusals."""
    assert report.exits.get(0, 0) >= CASES // 6, report.summary()


@pytest.mark.parametrize("key", ["passes", "options", "values", "memir-opt",
                                 "memir-translate"])
def test_the_slice_reaches_everything_registered(report, key):
    missed = fuzz.registered()[key] - fuzz.reached(report.ran)[key]
    assert not missed, f"the slice's cases never use {sorted(missed)}"


def test_every_op_memir_reads_can_be_drawn():
    """Every op of memir's dialect and of the upstream dialects it reads (each named linalg
    op too) is in a seed or a generator's templates."""
    missed = fuzz.registered()["ops"] - fuzz.reachable_ops()
    assert not missed, f"no seed or template holds {sorted(missed)}"


def test_registered_lists_what_the_tools_offer():
    """The coverage must be measured against real lists, not empty ones."""
    known = fuzz.registered()
    assert {"rematerialize", "assign-spaces", "memref-to-memir", "memir-to-memref"} \
        <= known["passes"]
    assert "rematerialize{layout=false}" in known["values"]
    assert {"--import-torch", "--export-json", "--export-minimalloc", "--import-minimalloc"} \
        <= known["memir-translate"]
    assert {"linalg.conv_2d_nchw_fchw", "tensor.generate", "memir.copy"} <= known["ops"]


def test_the_cases_are_the_same_on_every_run():
    first = [(c.tool, c.argv, c.origin) for c in fuzz.draw_cases(7, 40)]
    assert first == [(c.tool, c.argv, c.origin) for c in fuzz.draw_cases(7, 40)]


EXAMPLE = (ROOT / "examples/two_streams.mlir").read_bytes()


def _opt_case(*argv: str) -> fuzz.Case:
    return fuzz.Case("opt", argv, EXAMPLE, "test")


def test_the_oracle_sees_a_failed_run_that_changed_its_output(monkeypatch):
    from memir.tools import memir_opt
    from memir.tools.diagnostics import ToolError

    def write_then_fail(text, path):
        Path(path).write_text(text[:10])
        raise ToolError("disk trouble")

    monkeypatch.setattr(memir_opt, "write_output", write_then_fail)
    outcome = fuzz.run_case(_opt_case("-p", "bufferize", "-o", fuzz.OUT))
    assert outcome.status == 1
    assert outcome.problem == "a failed run changed its output file"


def test_the_oracle_sees_an_output_that_does_not_read_back(monkeypatch):
    from memir.tools import memir_opt

    real = memir_opt.write_output
    monkeypatch.setattr(memir_opt, "write_output", lambda text, path: real(text[:-3], path))
    outcome = fuzz.run_case(_opt_case("-p", "bufferize"))
    assert outcome.status == 0
    assert outcome.problem.startswith("the output does not read back")


def test_the_oracle_sees_a_temp_file_left_behind(monkeypatch):
    from memir.tools import memir_opt

    real = memir_opt.write_output

    def litter(text, path):
        (fuzz.scratch() / ".memir-left").write_text(text)
        real(text, path)

    monkeypatch.setattr(memir_opt, "write_output", litter)
    outcome = fuzz.run_case(_opt_case("-o", fuzz.OUT))
    assert outcome.problem == "files left behind: ['.memir-left']"


def test_a_good_run_with_every_file_option_passes():
    outcome = fuzz.run_case(_opt_case("-p", "bufferize,assign-layout", "--output-file",
                                      fuzz.OUT, fuzz.IN))
    assert outcome.status == 0 and outcome.problem is None, outcome


def test_the_upstream_programs_are_mlir_22():
    """The generated upstream programs are what MLIR 22 accepts (so a refusal by memir is
    memir's): mlir-opt 22 verifies 60 of them as they are."""
    sys.path.insert(0, str(ROOT / "tests/upstream"))
    import harness

    tools = harness.find_tools()
    if isinstance(tools, str):
        pytest.skip(tools)
    import random
    import subprocess

    programs = [fuzz.upstream_program(random.Random(k), tensors=k % 2 == 1) for k in range(60)]
    done = subprocess.run([tools.mlir_opt, "--split-input-file", "-allow-unregistered-dialect"],
                          input="\n// -----\n".join(programs), capture_output=True, text=True,
                          timeout=120)
    assert done.returncode == 0, done.stderr[:2000]
