"""Planned upstream programs run by MLIR 22 and print what the unplanned ones print.

Why: the deallocation pipeline's bookkeeping decides at run time what to free; only a run
shows that the frees memir drops or guards leave a program that frees exactly the memory
it owns. Each program in ``memref_programs/`` is bufferized by ``mlir-opt``, planned by
memir at both positions users put it (right after ``-one-shot-bufferize``, then through
``-buffer-deallocation-pipeline``; and after that pipeline), lowered and run by
``mlir-runner``. Skipped, with the reason, where MLIR 22's tools are not installed.
"""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

PROGRAMS = sorted((Path(__file__).parent / "memref_programs").glob("*.mlir"))
BIN = Path("/usr/lib/llvm-22/bin")
LIB = Path("/usr/lib/llvm-22/lib")
PLAN = "memref-to-memir,assign-layout,verify-layout,check-execution,memir-to-memref," \
       "check-execution"
BUFFERIZE = "-one-shot-bufferize=bufferize-function-boundaries allow-return-allocs-from-loops"
DEALLOCATE = ["-buffer-deallocation-pipeline", "-convert-bufferization-to-memref"]
LOWER = ["-convert-linalg-to-loops", "-expand-strided-metadata", "-lower-affine",
         "-convert-scf-to-cf", "-finalize-memref-to-llvm", "-convert-func-to-llvm",
         "-convert-arith-to-llvm", "-convert-math-to-llvm", "-convert-cf-to-llvm",
         "-reconcile-unrealized-casts"]


def _tool(name: str) -> str | None:
    found = shutil.which(name) or (str(BIN / name) if (BIN / name).exists() else None)
    return found


OPT, RUNNER = _tool("mlir-opt"), _tool("mlir-runner")
LIBS = sorted(str(p) for p in LIB.glob("lib*runner_utils.so*") if p.suffix != ".a")
pytestmark = pytest.mark.skipif(
    OPT is None or RUNNER is None or not LIBS,
    reason="MLIR 22's mlir-opt, mlir-runner and runner libraries are not installed "
           "(Debian: apt install mlir-22-tools libmlir-22)")


def _run(argv: list[str], text: str) -> str:
    done = subprocess.run(argv, input=text, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, f"{argv[0]}: {done.stderr[-3000:]}"
    return done.stdout


def opt(text: str, *flags: str) -> str:
    return _run([OPT, *flags], text)


def memir(text: str) -> str:
    generic = opt(text, "--mlir-print-op-generic")
    return _run([sys.executable, "-m", "memir.tools.memir_opt", "-", "-p", PLAN], generic)


def execute(memref_text: str) -> str:
    lowered = opt(memref_text, *LOWER)
    out = _run([RUNNER, "-e", "main", "-entry-point-result=void",
                "-shared-libs=" + ",".join(LIBS)], lowered)
    return re.sub(r"base@ = 0x[0-9a-f]+", "base@", out)


def planned_runs(program: Path) -> tuple[str, dict[str, str], dict[str, str]]:
    """The unplanned output, and per position memir's output and the planned output."""
    buffered = opt(program.read_text(), BUFFERIZE)
    deallocated = opt(buffered, *DEALLOCATE)
    before = memir(buffered)
    after = memir(deallocated)
    texts = {"after-bufferize": before, "after-dealloc": after}
    outputs = {"after-bufferize": execute(opt(before, *DEALLOCATE)),
               "after-dealloc": execute(after)}
    return execute(deallocated), texts, outputs


@pytest.mark.parametrize("program", PROGRAMS, ids=[p.stem for p in PROGRAMS])
def test_planned_program_prints_what_the_unplanned_one_prints(program):
    reference, texts, outputs = planned_runs(program)
    assert "data =" in reference
    for position, output in outputs.items():
        assert output == reference, position
        assert "memref.view %arena" in texts[position], position
        unplanned = re.findall(r'not planned: ([^"]*)', texts[position])
        explained = ("returned by func.return", "carried out of an iteration")
        assert all(u.startswith(explained) for u in unplanned), (position, unplanned)


def test_the_pointer_guard_is_needed():
    """The check can fail: without the test that a freed pointer lies outside the arena,
    the pipeline's ownership bit frees planned memory and the run crashes."""
    program = next(p for p in PROGRAMS if p.stem == "free_guard")
    planned = memir(opt(opt(program.read_text(), BUFFERIZE), *DEALLOCATE))
    unguarded, n = re.subn(r"(%\w+) = arith.ori %\w+, %\w+ : i1", r"\1 = arith.constant true",
                           planned)
    assert n >= 1
    lowered = opt(unguarded, *LOWER)
    done = subprocess.run([RUNNER, "-e", "main", "-entry-point-result=void",
                           "-shared-libs=" + ",".join(LIBS)], input=lowered,
                          capture_output=True, text=True, timeout=300)
    assert done.returncode != 0


def _memir_check(text: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "memir.tools.memir_opt", "-", "-p",
                           "check-execution"], input=text, capture_output=True, text=True,
                          timeout=300)


@pytest.mark.parametrize("program", PROGRAMS, ids=[p.stem for p in PROGRAMS])
def test_check_execution_catches_every_buffer_moved_to_offset_zero(program):
    """The check can fail: memir's output passes check-execution (the pipeline above runs
    it), and with every view moved to offset 0 some read finds its bytes taken."""
    planned = memir(opt(opt(program.read_text(), BUFFERIZE), *DEALLOCATE))
    assert _memir_check(planned).returncode == 0
    views = re.findall(r"(%\w+) = arith.constant (\d+) : index\n\s*%\w+ = memref.view", planned)
    assert len(views) >= 2
    moved = re.sub(r"= arith.constant \d+ : index(\n\s*%\w+ = memref.view)",
                   r"= arith.constant 0 : index\1", planned)
    done = _memir_check(moved)
    assert done.returncode == 1 and "two buffers live at once share bytes" in done.stderr
