"""memir reads what MLIR 22 prints for bufferized programs and writes what mlir-opt reads back.

Each program of programs/ (upstream-style tensor programs, a memref op zoo, a torch-mlir
style export with dense_resource weights) is taken as written and as mlir-opt bufferizes
it (``-one-shot-bufferize``, then also the deallocation pipeline), in custom and in generic
form. memir-opt runs no pass on it and prints it in custom and in generic form; mlir-opt's
canonical print of that must equal its canonical print of the input: same ops, same
attributes, same resource section. Needs MLIR 22's mlir-opt (Debian ``mlir-22-tools``).

Programs as written are read for the memref-level ones only: some tensor ops that
bufferization removes (``tensor.generate``, ``tensor.pad``) read in generic form only.
Ops memir does not define read in generic form (filecheck_tests/upstream/unknown_ops.mlir).
"""

from __future__ import annotations

import io
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from memir.tools import memir_opt

PROGRAMS = sorted((Path(__file__).parent / "programs").glob("*.mlir"))
MLIR_OPT = shutil.which("mlir-opt-22") or (
    "/usr/lib/llvm-22/bin/mlir-opt" if Path("/usr/lib/llvm-22/bin/mlir-opt").exists()
    else None)

STAGES = {
    "as-written": [],
    "bufferized": ["-one-shot-bufferize=bufferize-function-boundaries"],
    "deallocated": ["-one-shot-bufferize=bufferize-function-boundaries",
                    "-buffer-deallocation-pipeline", "-convert-bufferization-to-memref"],
}

MISSING = ("MLIR 22's mlir-opt is not installed (/usr/lib/llvm-22/bin/mlir-opt, Debian "
           "package mlir-22-tools); CI installs it")
# Skipped without the tool, except under CI, which must run these: there they fail.
needs_mlir = pytest.mark.skipif(MLIR_OPT is None and not os.environ.get("CI"), reason=MISSING)


def mlir_opt(text: str, *args: str) -> str:
    assert MLIR_OPT is not None, MISSING
    done = subprocess.run([MLIR_OPT, *args, "-"], input=text, capture_output=True,
                          text=True, timeout=120)
    assert done.returncode == 0, done.stderr[-3000:]
    return done.stdout


def memir(text: str, *args: str) -> str:
    stdin, stdout, stderr = sys.stdin, sys.stdout, sys.stderr
    sys.stdin, sys.stdout, sys.stderr = io.StringIO(text), io.StringIO(), io.StringIO()
    try:
        status = memir_opt.main(["-", *args])
        out, err = sys.stdout.getvalue(), sys.stderr.getvalue()
    finally:
        sys.stdin, sys.stdout, sys.stderr = stdin, stdout, stderr
    assert status == 0, err
    return out


# A tensor-level program is read once bufferized; memref programs as written too.
CASES = [(program, stage) for program in PROGRAMS for stage in sorted(STAGES)
         if stage != "as-written" or program.stem.startswith("memref_")]


@needs_mlir
@pytest.mark.parametrize(("program", "stage"), CASES,
                         ids=[f"{p.stem}-{stage}" for p, stage in CASES])
def test_memir_prints_what_mlir_reads_back_unchanged(program: Path, stage: str):
    upstream = mlir_opt(program.read_text(), *STAGES[stage])
    canonical = mlir_opt(upstream)
    generic = mlir_opt(upstream, "--mlir-print-op-generic")
    for given in (upstream, generic):
        for form in ([], ["--mlir-print-op-generic"]):
            printed = memir(given, *form)
            assert mlir_opt(printed) == canonical, (stage, form)


def test_every_program_names_its_source():
    for program in PROGRAMS:
        assert program.read_text().startswith("// source: "), program.name
