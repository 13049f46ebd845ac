"""Bad input never gives an internal error, a traceback, a hang or an exit status other
than 0 or 1.

Hypothesis mutates the repository's own inputs (benchmarks/fuzz.py: byte flips, deletions,
special characters and tokens, duplicated and swapped lines, huge numbers) and runs the
tools in this process; a case past its time limit is interrupted and counted as a hang.
Generated cases add random pipelines of every registered pass, with options drawn from
their types and declared bounds, on random small programs (fuzz.generated_case). About
1650 cases in all, derandomized (the same cases on every run: tests/conftest.py);
``HYPOTHESIS_PROFILE=explore`` draws fresh ones, tests/tools/test_fuzz_slice.py runs a
slice of the fuzzer's own campaign (every pass, option and command-line option), and
``benchmarks/fuzz.py`` runs longer campaigns. The regressions the fuzzing runs found are pinned below, the hangs in a
subprocess with a timeout.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "benchmarks"))

import fuzz  # noqa: E402  (benchmarks/fuzz.py: the mutations and the in-process runner)

STEPS = st.lists(
    st.tuples(st.sampled_from(fuzz.KINDS), st.floats(0, 1, exclude_max=True),
              st.integers(0, 1 << 16)),
    min_size=1, max_size=4,
)


def check(tool: str, argv: list[str], stdin: bytes) -> None:
    outcome, _ = fuzz.run_tool(tool, argv, stdin, timeout=20)
    assert outcome.problem is None, (outcome.problem, argv, stdin[:2000], outcome.stderr)


def seeds_of(*tools: str) -> list:
    return [seed for seed in fuzz.seeds() if seed.tool in tools]


@settings(max_examples=700)
@given(seed=st.sampled_from(seeds_of("opt")), steps=STEPS, variant=st.integers(0, 5))
def test_mutated_ir_through_memir_opt(seed, steps, variant):
    check(*fuzz.case_argv(seed, fuzz.mutate(seed.data, steps), variant))


@settings(max_examples=300)
@given(seed=st.sampled_from(seeds_of("import", "export")), steps=STEPS,
       variant=st.integers(0, 5))
def test_mutated_csv_and_ir_through_memir_translate(seed, steps, variant):
    check(*fuzz.case_argv(seed, fuzz.mutate(seed.data, steps), variant))


@settings(max_examples=250)
@given(seed=st.sampled_from(seeds_of("pipeline")), steps=STEPS, variant=st.integers(0, 5))
def test_mutated_pipelines(seed, steps, variant):
    check(*fuzz.case_argv(seed, fuzz.mutate(seed.data, steps), variant))


@settings(max_examples=250)
@given(rng=st.randoms(use_true_random=False))
def test_random_pipelines_on_random_programs(rng):
    """Every pass and option, on tensor graphs of several streams with events and
    in-place updates, buffer programs, lifetimes only, empty modules, memref programs."""
    check(*fuzz.generated_case(rng))


def test_generated_cases_reach_every_pass_and_succeed_often():
    """The generator must not degrade into inputs every pass rejects up front."""
    import random

    rng = random.Random(0)
    cases = [fuzz.generated_case(rng) for _ in range(200)]
    pipelines = " ".join(" ".join(argv) for tool, argv, _ in cases if tool == "opt")
    from memir.passes import PASS_MODULES

    assert all(name in pipelines for name in PASS_MODULES)
    ok = sum(fuzz.run_tool(*case, timeout=20)[0].status == 0 for case in cases[:100])
    assert ok >= 15, ok


@settings(max_examples=150)
@given(text=st.text(max_size=40), tool=st.sampled_from(["opt", "translate"]))
def test_arbitrary_short_text(text, tool):
    argv = [] if tool == "opt" else ["--import-minimalloc"]
    check(tool, argv, text.encode("utf-8", "surrogatepass"))


def test_the_mutations_change_the_input():
    """A fuzzer that leaves its seeds alone tests nothing."""
    seed = seeds_of("opt")[0]
    assert fuzz.mutate(seed.data, [("insert", 0.5, 0)]) != seed.data
    assert fuzz.mutate(b"a 12 b", [("huge", 0.0, 0)]) == b"a 18446744073709551616 b"


def test_the_runner_reports_an_internal_error(monkeypatch):
    """The harness must see a failure when there is one."""
    from memir.tools import driver

    def broken(*args, **kwargs):
        raise ZeroDivisionError("boom")

    monkeypatch.setattr(driver, "verify", broken)
    monkeypatch.setattr("memir.tools.memir_opt.verify", broken)
    outcome, _ = fuzz.run_tool("opt", [], b"")
    assert outcome.problem == "internal error"


FOUND = {
    "a lone quote": b'"',
    "a no-break space": b"\xc2\xa0",
    "a BOM then junk": b"\xef\xbb\xbf)",
    "not UTF-8": b"%a = memir.alloc 64\n\xff\xfe",
    "a huge stream index": b"%s = memir.stream 18446744073709551616",
    "a huge size": b"%a = memir.alloc 18446744073709551616 live [0, 2)",
    "a huge lifetime": b"%a = memir.alloc 8 live [0, 4294967296)",
    "a huge integer type": b'"test.op"() : () -> i18446744073709551616',
    # the words alone, quoted back by the diagnostic, are not the tools' internal error
    "the words internal error": b"internal error",
    "a huge i64 array element": b"%a = memir.alloc 64\n"
                                b"%t = memir.tile_view %a [0] [2] [99999999999999999999999] elem 4",
}


@pytest.mark.parametrize("name", sorted(FOUND))
def test_found_inputs_fail_cleanly(name):
    outcome, _ = fuzz.run_tool("opt", ["-p", "assign-layout"], FOUND[name], timeout=20)
    assert outcome.status == 1 and outcome.problem is None, outcome.stderr
    assert ":1:" in outcome.stderr or ":2:" in outcome.stderr, outcome.stderr


PASS_INPUTS = {  # (pipeline, input): found by fuzzing the newer passes
    "print-pairs on allocs with lifetimes only": (
        "stream-safety{print-pairs=true}",
        b'%a = memir.alloc 1024 live [0, 4) offset 0 id "a"\n'
        b'%b = memir.alloc 1024 live [2, 6) offset 0 id "b"\n'),
    "print-pairs by ancestors on allocs only": (
        "stream-safety{algorithm=ancestors print-pairs=true}",
        b'%a = memir.alloc 64 live [0, 4)\n'),
    "2^64 interleavings": (
        "bufferize,stream-safety,assign-layout,check-execution{interleavings=18446744073709551616}",
        (ROOT / "examples/two_streams.mlir").read_bytes()),
}


@pytest.mark.parametrize("name", sorted(PASS_INPUTS))
def test_found_pass_inputs_end_cleanly(name):
    pipeline, text = PASS_INPUTS[name]
    outcome, _ = fuzz.run_tool("opt", ["-p", pipeline], text, timeout=20)
    assert outcome.problem is None and outcome.status in (0, 1), outcome.stderr
    assert len(outcome.stderr.splitlines()) <= 12, outcome.stderr


def test_a_bom_is_accepted():
    outcome, out = fuzz.run_tool("opt", [], b"\xef\xbb\xbf%s = memir.stream 0\n")
    assert outcome.status == 0, outcome.stderr
    assert b"memir.stream 0" in out


def test_huge_csv_cells_are_rejected_on_their_row():
    csv = b"id,lower,upper,size\na,0,2,8\nb,0,2,18446744073709551616\n"
    outcome, _ = fuzz.run_tool("translate", ["--import-minimalloc"], csv)
    assert outcome.status == 1 and outcome.problem is None
    assert "<stdin>:3:1: error: column 'size'" in outcome.stderr


HANGS = [
    ("memir.tools.memir_opt", [],
     '%s1 = memir.stream 1\n%a = memir.compute "\\" on %s1 (%a) : tensor<2xf32>\n'),
    ("memir.tools.memir_translate", ["--export-minimalloc"],
     '"memir.compute"(%s1) <{kernel = "\\", operandSegmentSizes = array<i32: 1, 0, 0, 0>}>'
     " : (!memir.stream) -> ()\n"),
]


@pytest.mark.parametrize("module, argv, text", HANGS)
def test_unterminated_escaped_string_does_not_hang(module, argv, text):
    """xDSL's string regex backtracked exponentially (dialects/xdsl_patches.py)."""
    done = subprocess.run([sys.executable, "-m", module, *argv], input=text,
                          capture_output=True, text=True, timeout=25)
    assert done.returncode == 1, done.stderr
    assert "closing string literal" in done.stderr and "internal error" not in done.stderr
