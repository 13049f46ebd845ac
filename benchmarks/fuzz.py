"""Fuzz memir-opt and memir-translate: mutated copies of the repository's own inputs, and
generated programs under random pipelines of every registered pass and option.

    python benchmarks/fuzz.py [--cases 3000] [--seed 0] [--timeout 10] [--max-ops 14]
                              [--coverage]

Why: bad input must give a located error and exit 1, never an internal error, a Python
traceback, another exit status, a hang or a half-written output file. The tools run in
this process (``main(argv)`` with the standard streams replaced: a hundred times faster than
a subprocess); a case that works past ``timeout`` seconds of CPU time is interrupted
(SIGPROF: a loaded machine makes no false hangs) and counted as a hang; a watchdog ends
the run, naming the case, if one waits far longer on the clock or cannot be interrupted.
tests/test_fuzz.py draws mutated seeds through hypothesis; tests/tools/test_fuzz_slice.py
runs a slice of this campaign and checks that it reaches everything registered.

The cases (``draw_case``):

- mutated seeds: the examples and FileCheck inputs (custom and generic form), MLIR 22's
  programs of tests/upstream, CSVs, pass pipelines; a mutation flips bytes, deletes spans,
  inserts special characters and tokens (quotes, backslashes, a no-break space, a BOM,
  invalid UTF-8, huge numbers), duplicates or swaps lines;
- memir programs (benchmarks/fuzz_programs.py, ``random_program``): tensor graphs of 1-4
  streams with records and waits anywhere and flops for ``rematerialize``, buffer-level
  programs with tiles, in-place updates, memory spaces and copies, allocs with lifetimes
  only, empty modules, memref programs; under a random pipeline of every registered pass
  (``random_pipeline``: each option drawn from its declaration, in range and out of it);
- upstream programs (``upstream_program``): functions in MLIR 22's syntax that mlir-opt 22
  accepts as they are, on memrefs (every arith, math and index op, vector and affine loads
  and stores, views and casts, loops and branches that hold allocs, every named linalg op as
  mlir-opt prints it with its defaults left out or spelled out, calls) or on tensors,
  under the memref bridge's pipelines;
- a sweep: every third case holds the next pass option value or command-line option in
  turn (``sweep``), so that a short campaign reaches them all;
- exports (``--export-json``, ``--export-minimalloc``) of programs a pipeline planned first,
  and ``--import-torch`` of the test models with options in range and out of it;
- any of them with memir-opt's flags (``random_flags``), the input from a file and the
  output to ``-o FILE``: a failed run must leave the old file as it was, a run that
  succeeds must write it whole.

Every output of a run that exits 0 is read back (IR by memir-opt, a CSV by
memir-translate, JSON by ``json``): what a tool writes, it must read. A fifth of the
generated programs are mutated. Sizes stay small (``--max-ops``) and the passes' own limits
are set (schedule budget, time limits, verify-layout timeout-ms), so a case is quick.
``--coverage`` lists what the cases reached of what is registered (``registered``).
"""

from __future__ import annotations

import argparse
import atexit
import gc
import importlib
import io
import json
import os
import random
import re
import shutil
import signal
import sys
import tempfile
import threading
import time
from contextlib import contextmanager
from dataclasses import dataclass, field, replace
from functools import cache
from pathlib import Path

import fuzz_programs  # benchmarks/fuzz_programs.py: the generated programs
from fuzz_programs import (
    MEMORY_OPS,
    PROGRAMS,
    SCALAR_OPS,
    TENSOR_OPS,
    branches,
    named_linalg_ops,
    random_program,
    upstream_program,
)

REPO = Path(__file__).resolve().parent.parent

SPECIAL = [
    b'"', b"\\", b"\xc2\xa0", b"\xef\xbb\xbf", b"\xff", b"\x00", b"\t", b"\r", b"\n",
    b"{", b"}", b"(", b")", b"[", b"]", b"<", b">", b",", b":", b"=", b"%", b"@", b"^",
    b"#", b"!", b"-", b"// -----\n", b"18446744073709551616", b"-9223372036854775809",
    b"4611686018427387904", b"2147483648", b"-2147483649", b"0", b"-1",
    b"99999999999999999999999999999999999999", b"1e308", b"0x1F", b'"\\"', b'"\\0A"',
    b'"\\C3\\A9"', b"\xc3\xa9",
    b"memir.alloc ", b"memir.compute ", b"memir.stream ", b"memir.dealloc ", b"memir.view ",
    b"memir.tile_view ", b"memir.contiguous ", b"memir.record ", b"memir.wait ",
    b'"memir.alloc"() ', b"ins(", b"outs(", b"ws(", b"live [", b"offset ", b"align ",
    b'id "', b"writes(", b"workspace ", b"on ", b"%0", b"%s0", b"tensor<2xf32>",
    b"!memir.buf", b"!memir.stream", b"#memir.safety<[0], [1]>", b"func.func @f() {",
    b"builtin.module {", b"attributes {x = 1}", b" {", b"}\n", b"<{size = #builtin.int<9>}>",
    b"memref<4x4xf32>", b"memref<?xf32>", b"memref.alloc() : ", b"{alignment = 64 : i64}",
    b"memir.buffer = 7", b"dense<1> : tensor<2xi64>", b"scf.for %i = %c0 to %c1 step %c1 {",
    b'space "fast"', b"memir.copy ", b"{flops = 100 : i64}", b"memir.recomputed",
    b"tensor<*xf32>", b"index", b"affine_map<(d0) -> (d0)>",
]
HUGE = [b"18446744073709551616", b"9223372036854775808", b"4611686018427387904",
        b"2147483648", b"-9223372036854775809", b"1" + b"0" * 40]
PIPELINES = [
    "", "bufferize", "bufferize,stream-safety", "bufferize,assign-layout{strategy=many}",
    "bufferize,stream-safety,assign-layout{strategy=single},verify-layout",
    "bufferize,stream-safety,assign-layout{strategy=many},verify-layout,materialize-arena",
    "render-tile-chunks", "bufferize,schedule{budget=2000},report",
    "bufferize,schedule{budget=2000 time-limit=1},stream-safety,assign-layout,"
    "check-execution{interleavings=8}",
    "bufferize,stream-safety{print-pairs=true},assign-layout{time-limit=1},"
    "verify-layout{timeout-ms=200},render-tile-chunks{limit=4},report",
    "memref-to-memir,assign-layout,verify-layout,memir-to-memref",
    "bufferize,rematerialize{capacity=4096 layout=false time-limit=1},stream-safety,"
    "assign-layout,verify-layout,report",
    "bufferize,rematerialize{capacity=65536 strategy=exact time-limit=1},assign-layout,"
    "check-execution{data=true}",
    "bufferize,assign-spaces{fast=65536 time-limit=1},assign-layout,verify-layout,"
    "check-execution{strict-events=true}",
    "assign-spaces{strategy=exact time-limit=1},assign-layout{strategy=exact time-limit=1},"
    "verify-layout{smt=true timeout-ms=200},report",
    "stream-safety{algorithm=ancestors},assign-layout{strategy=tile-aware time-limit=1},"
    "verify-layout,materialize-arena,check-execution{interleavings=4}",
]
UPSTREAM_PIPELINES = [
    "", "memref-to-memir", "memref-to-memir,assign-layout,verify-layout,memir-to-memref",
    "memref-to-memir{alignment=64},assign-layout{strategy=many},verify-layout,report,"
    "memir-to-memref,check-execution",
    "memref-to-memir,check-execution{interleavings=4 data=true}",
    "memref-to-memir,stream-safety,assign-layout{time-limit=1},verify-layout{timeout-ms=200},"
    "materialize-arena",
    "memref-to-memir,assign-layout{strategy=exact time-limit=1},memir-to-memref,"
    "check-execution",
    "memir-to-memref", "bufferize,memref-to-memir,assign-layout", "check-execution",
]
"""Pipelines for MLIR 22's programs (the memref bridge around memir's passes)."""

KINDS = ("flip", "delete", "insert", "duplicate", "swap", "huge")
UPSTREAM_SEEDS = ("filecheck_tests/upstream/", "filecheck_tests/memref/",
                  "filecheck_tests/check-execution/memref", "tests/upstream/")


@dataclass(frozen=True)
class Seed:
    tool: str  # "opt", "pipeline", "import", "export"
    name: str
    data: bytes
    upstream: bool = False  # MLIR 22's syntax: the memref bridge's pipelines


@dataclass(frozen=True)
class Outcome:
    status: int
    stderr: str
    seconds: float
    hang: bool = False
    output: str | None = None  # what is wrong with the output file or the output read back

    @property
    def problem(self) -> str | None:
        """What is wrong with this run, or None."""
        if self.hang:
            return "hang"
        if self.status not in (0, 1):
            return f"exit status {self.status}"
        # The tools' own report (``run_tool``): "<prog>: internal error: ..." at a line's
        # start; the words alone may be input that a diagnostic quotes back.
        if re.search(r"^memir-\w+: internal error:", self.stderr, re.M):
            return "internal error"
        # A pass that catches its own algorithm's mistake ("schedule: internal: ...")
        # exits 1 with a located message, but it is a bug all the same.
        if re.search(r"error: [\w-]+: internal: ", self.stderr):
            return "internal error"
        if "Traceback (most recent call last)" in self.stderr:
            return "traceback"
        return self.output


@cache
def seeds() -> tuple[Seed, ...]:
    """Every input the repository ships, and the examples in generic form."""
    found = []
    mlir = sorted([*REPO.glob("examples/*.mlir"), *REPO.glob("filecheck_tests/**/*.mlir"),
                   *REPO.glob("tests/upstream/corpus/*.mlir"),
                   *REPO.glob("tests/upstream/parse/programs/*.mlir")])
    for path in mlir:
        name = str(path.relative_to(REPO))
        found.append(Seed("opt", name, path.read_bytes(), name.startswith(UPSTREAM_SEEDS)))
    for path in sorted(REPO.glob("examples/*.mlir")):
        generic = generic_form(path)
        if generic:
            found.append(Seed("export", f"{path.name} (generic)", generic))
            found.append(Seed("opt", f"{path.name} (generic)", generic))
    for path in sorted([REPO / "examples/buffers.csv", *REPO.glob("filecheck_tests/**/*.csv")]):
        found.append(Seed("import", str(path.relative_to(REPO)), path.read_bytes()))
    for pipeline in PIPELINES + UPSTREAM_PIPELINES:
        found.append(Seed("pipeline", pipeline or "<empty>", pipeline.encode()))
    return tuple(found)


def generic_form(path: Path) -> bytes:
    out = run_tool("opt", [str(path), "--print-op-generic"], b"")
    return out[1] if out[0].status == 0 else b""


def mutate(data: bytes, steps: list[tuple[str, float, int]]) -> bytes:
    """Apply mutations (kind, position in [0, 1), parameter) in order."""
    for kind, where, param in steps:
        pos = int(where * (len(data) + 1)) if data else 0
        pos = min(pos, len(data))
        if kind == "flip" and data:
            pos = min(pos, len(data) - 1)
            data = data[:pos] + bytes([data[pos] ^ (1 << (param % 8))]) + data[pos + 1:]
        elif kind == "delete":
            data = data[:pos] + data[pos + 1 + param % 12:]
        elif kind == "insert":
            data = data[:pos] + SPECIAL[param % len(SPECIAL)] + data[pos:]
        elif kind in ("duplicate", "swap"):
            lines = data.split(b"\n")
            i, j = int(where * len(lines)), param % len(lines)
            if kind == "duplicate":
                lines.insert(i, lines[i])
            else:
                lines[i], lines[j] = lines[j], lines[i]
            data = b"\n".join(lines)
        elif kind == "huge":
            data = _replace_number(data, pos, HUGE[param % len(HUGE)])
    return data


def _replace_number(data: bytes, pos: int, number: bytes) -> bytes:
    """The first run of digits at or after ``pos`` (else before it) becomes ``number``."""
    start = next((k for k in range(pos, len(data)) if data[k:k + 1].isdigit()), None)
    if start is None:
        start = next((k for k in range(min(pos, len(data) - 1), -1, -1)
                      if data[k:k + 1].isdigit()), None)
        if start is None:
            return data + number
        while start > 0 and data[start - 1:start].isdigit():
            start -= 1
    end = start
    while end < len(data) and data[end:end + 1].isdigit():
        end += 1
    return data[:start] + number + data[end:]


def case_argv(seed: Seed, data: bytes, variant: int) -> tuple[str, list[str], bytes]:
    """(tool, arguments, stdin) for a mutated seed; ``variant`` (any integer) picks the
    pipeline, the syntax and the export format."""
    if seed.tool == "pipeline":
        example = (REPO / "examples/two_streams.mlir").read_bytes()
        text = data.decode("utf-8", "surrogateescape")
        args = ["-p", text] if variant % 2 else [f"--pass-pipeline=builtin.module({text})"]
        return "opt", args, example
    if seed.tool == "import":
        return "translate", ["--import-minimalloc"], data
    if seed.tool == "export":
        return "translate", ["--export-json" if variant % 2 else "--export-minimalloc"], data
    pipelines = UPSTREAM_PIPELINES if seed.upstream else PIPELINES
    args = ["--split-input-file"]
    if pipelines[variant % len(pipelines)]:
        args += ["-p", pipelines[variant % len(pipelines)]]
    if (variant + variant // len(pipelines)) % 3 == 0:
        args.append("--print-op-generic")
    return "opt", args, data


class CaseTimeout(BaseException):
    """Raised inside a case that runs too long (BaseException: no tool may swallow it as
    an internal error)."""


@contextmanager
def _alarm(seconds: float):
    """CaseTimeout after ``seconds`` of the process's CPU time (all threads): a hang
    whatever else the machine runs; one that waits without working is the watchdog's."""
    def fire(signum, frame):
        raise CaseTimeout()

    previous = signal.signal(signal.SIGPROF, fire)
    signal.setitimer(signal.ITIMER_PROF, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_PROF, 0)
        signal.signal(signal.SIGPROF, previous)


class _KeptBytes(io.BytesIO):
    """Standard output's bytes; a TextIOWrapper closes what it wraps when collected."""

    def close(self) -> None:
        pass


def run_tool(tool: str, argv: list[str], stdin: bytes,
             timeout: float = 10.0) -> tuple[Outcome, bytes]:
    """Run memir-opt or memir-translate in this process on ``stdin``; (outcome, stdout)."""
    from memir.tools import memir_opt, memir_translate

    main = memir_opt.main if tool == "opt" else memir_translate.main
    saved = sys.stdin, sys.stdout, sys.stderr
    out = _KeptBytes()
    sys.stdin = io.TextIOWrapper(io.BytesIO(stdin), encoding="utf-8")
    sys.stdout = io.TextIOWrapper(out, encoding="utf-8")
    sys.stderr = err = io.StringIO()
    start = time.perf_counter()
    hang = False
    try:
        with _alarm(timeout):
            status = main(argv)
    except CaseTimeout:
        status, hang = -1, True
    except SystemExit as exit_:
        status = exit_.code if isinstance(exit_.code, int) else 1
    except BaseException as error:  # escaped the tool: as bad as an internal error
        status = -2
        err.write(f"Traceback (most recent call last): escaped: {type(error).__name__}: {error}\n")
    finally:
        seconds = time.perf_counter() - start
        try:
            sys.stdout.flush()
        except (OSError, ValueError):
            pass
        sys.stdin, sys.stdout, sys.stderr = saved
        gc.enable()  # the tools turn the collector off for their short lives
    return Outcome(status, err.getvalue(), seconds, hang), out.getvalue()


# ------------------------------------------------------------------ cases and files

OUT, IN, DIR = "@OUT@", "@IN@", "@DIR@"  # placeholders in a case's arguments
OLD_OUTPUT = b"// the output file as it was before the run\n"


@dataclass(frozen=True)
class Case:
    tool: str  # "opt" or "translate"
    argv: tuple[str, ...]  # OUT, IN and DIR stand for files in a scratch folder
    stdin: bytes
    origin: str  # the seed's name, or "generated <kind>"
    steps: tuple = ()  # the mutations of the seed

    def describe(self) -> str:
        return f"{self.origin} {list(self.steps)} {self.tool} {list(self.argv)}"


@cache
def scratch() -> Path:
    """The folder the cases' files live in (emptied before each case, removed at exit)."""
    folder = tempfile.mkdtemp(prefix="memir-fuzz-")
    atexit.register(shutil.rmtree, folder, ignore_errors=True)
    return Path(folder)


def run_case(case: Case, timeout: float = 10.0) -> Outcome:
    """Run a case; its files in the scratch folder; what it wrote read back."""
    folder = scratch()
    for child in folder.iterdir():
        if child.is_dir():
            shutil.rmtree(child)
        else:
            child.unlink()
    paths = {OUT: folder / "out.txt", IN: folder / "in.mlir", DIR: folder}
    argv = [_place(arg, paths) for arg in case.argv]
    if OUT in case.argv:
        paths[OUT].write_bytes(OLD_OUTPUT)
    if IN in case.argv:
        paths[IN].write_bytes(case.stdin)
    outcome, stdout = run_tool(case.tool, argv, b"" if IN in case.argv else case.stdin,
                               timeout)
    if outcome.problem or outcome.hang:
        return outcome
    problem = _file_problem(case, outcome.status, paths, folder)
    if problem is None and outcome.status == 0:
        written = paths[OUT].read_bytes() if OUT in case.argv else stdout
        problem = reread_problem(case, written, timeout)
    return replace(outcome, output=problem) if problem else outcome


def _place(arg: str, paths: dict) -> str:
    for token, path in paths.items():
        arg = arg.replace(token, str(path))
    return arg


def _file_problem(case: Case, status: int, paths: dict, folder: Path) -> str | None:
    """A failed run leaves the old output; a run that succeeds replaces it; no temp
    file is left behind."""
    expected = {paths[OUT].name} if OUT in case.argv else set()
    expected |= {paths[IN].name} if IN in case.argv else set()
    stray = sorted(p.name for p in folder.iterdir()
                   if p.name not in expected and p.suffix not in (".svg", ".png"))
    if stray:
        return f"files left behind: {stray}"
    if OUT not in case.argv or {"--help", "-h"} & set(case.argv):  # help: on stdout
        return None
    written = paths[OUT].read_bytes()
    if status != 0 and written != OLD_OUTPUT:
        return "a failed run changed its output file"
    if status == 0 and written == OLD_OUTPUT:
        return "a run that succeeded left its output file as it was"
    return None


def reread_problem(case: Case, written: bytes, timeout: float) -> str | None:
    """What a tool wrote must read back: IR by memir-opt, a CSV by memir-translate, JSON."""
    argv = set(case.argv)
    if case.tool == "opt" and "--print-diagnostics" in argv:
        return None
    if {"--help", "-h"} & argv:  # the usage text
        return None
    if "--export-json" in argv:
        try:
            json.loads(written)
        except ValueError as error:
            return f"the JSON written does not read back: {error}"
        return None
    if "--export-minimalloc" in argv:
        tool, args = "translate", ["--import-minimalloc"]
    else:
        tool = "opt"
        args = [a for a in ("--split-input-file", "--allow-unregistered-dialect") if a in argv]
    outcome, _ = run_tool(tool, args, written, timeout)
    if outcome.status == 0 and outcome.problem is None:
        return None
    lines = outcome.stderr.strip().splitlines() or [""]
    return f"the output does not read back: {lines[0][:300]}"


# ------------------------------------------------------------------ pipelines

OUT_OF_RANGE = ("-1", "18446744073709551616", "true")
QUICK = {  # options whose larger valid values would make a case slow: small ones only
    "budget": ("1", "50", "2000"), "interleavings": ("1", "4", "16"),
    "time_limit": ("0.5", "1"), "timeout_ms": ("1", "200"), "limit": ("1", "3", "4096"),
    "capacity": ("1", "64", "4096", "1048576"), "alignment": ("1", "8", "64"),
    "seed": ("0", "1", "4294967295"), "effort": ("1", "2", "4"),
    "fast": ("0", "1024", "65536", "1048576"),
}
EDGES = ("capacity", "fast", "alignment", "limit")  # also their bounds' ends (still quick)
TEXT = {"plot": ("", "", "", f"{DIR}/heap.svg")}  # a plot goes to the scratch folder
BAD = {"alignment": ("3",), "plot": ("x.pdf",)}
NEEDED = {"rematerialize": {"capacity": ("4096", "65536", "1048576")},
          "assign-spaces": {"fast": ("4096", "65536", "1048576")}}
"""Options a pass cannot run without: set whenever the pass is drawn."""
LIMITS = (("time-limit", "1"), ("budget", "2000"), ("timeout-ms", "200"))
PASS_ORDER = ("memref-to-memir", "bufferize", "schedule", "rematerialize", "stream-safety",
              "render-tile-chunks", "assign-spaces", "assign-layout", "verify-layout",
              "check-execution", "materialize-arena", "report", "memir-to-memref")
BRIDGED = ("memref", "upstream", "upstream-tensor")  # program kinds the memref bridge reads
NO_PROGRAM = {"schedule", "rematerialize", "assign-spaces", "render-tile-chunks"}
"""Passes that need compute ops on streams: rarely drawn for allocs with lifetimes only."""


@cache
def pass_options() -> dict[str, dict[str, tuple[tuple[str, ...], tuple[str, ...]]]]:
    """Every registered pass -> option -> (values to accept, values to reject), from the
    pass's declarations: a Literal's choices, both booleans; for numbers a few quick valid
    values, and OUT_OF_RANGE and the declared bound's edges just past it. New passes and
    options are fuzzed without being listed here."""
    from memir.passes import PASS_MODULES, load_pass
    from memir.passes.support.options import declared_options

    found = {}
    for name in PASS_MODULES:
        options = {}
        for option in declared_options(load_pass(name)):
            bad = BAD.get(option.field, ())
            if option.choices:
                good, bad = option.choices, bad + ("none",)
            elif bool in option.kinds:
                good, bad = ("true", "false"), bad + ("2",)
            elif str in option.kinds:
                good = TEXT.get(option.field, (str(option.default),))
            else:
                good = QUICK.get(option.field, (option.default_text,))
                if (bound := option.bound) is not None:
                    bad += (str(bound.low - 1), str(bound.high + 1))
                    if option.field in EDGES:
                        good += (str(bound.low), str(bound.high))
                bad += OUT_OF_RANGE
            options[option.name] = (tuple(good), bad)
        found[name] = options
    return found


def random_pass(rng: random.Random, name: str, bad: bool, forced: tuple = ()) -> str:
    """``name{opt=value ...}``: about half the options set (``forced``: (option, value)
    among them), one of them to a value the pipeline parser must reject if ``bad``; the
    passes' own limits always set."""
    options = pass_options()[name]
    chosen = {option: rng.choice(good) for option, (good, _) in options.items()
              if good and rng.random() < 0.5}
    if forced:
        chosen[forced[0]] = forced[1]
    for option, value in (*LIMITS, *((o, rng.choice(v)) for o, v in
                                     NEEDED.get(name, {}).items())):
        if option in options:
            chosen.setdefault(option, value)
    if bad and (rejectable := [o for o, (_, b) in options.items() if b]):
        option = rng.choice(rejectable)
        chosen[option] = rng.choice(options[option][1])
    text = " ".join(f"{k}={v}" for k, v in chosen.items())
    return f"{name}{{{text}}}" if text else name


def random_pipeline(rng: random.Random, kind: str = "", forced: tuple = ()) -> str:
    """Either passes in the order a user would run them (each present or not; the
    memref bridge only around a program in MLIR's syntax, bufferize mostly before a tensor
    one), or 1-5 passes in any order; one bad option in a fifth of the pipelines.
    ``forced``: (pass, option, value) that must be in it (option "": the pass)."""
    names = list(pass_options())
    memref = kind in BRIDGED
    often = {"assign-layout": 0.75, "bufferize": 0.9 if kind == "tensor" else 0.3,
             "render-tile-chunks": 0.15}
    if kind in (*BRIDGED, "lifetimes"):
        often |= dict.fromkeys(NO_PROGRAM, 0.05)
    if rng.random() < 0.7:
        extra = [n for n in names if n not in PASS_ORDER]  # plug-ins, new passes
        bridge = {"memref-to-memir", "memir-to-memref"}
        wanted = {n: (n in bridge) == memref or n not in bridge | {"bufferize"}
                  for n in names}
        picked = [n for n in (*PASS_ORDER, *extra)
                  if n in names and wanted[n] and rng.random() < often.get(n, 0.3)]
        if memref and rng.random() < 0.8:
            picked = ["memref-to-memir", *(n for n in picked if n != "memref-to-memir")]
    else:
        picked = [rng.choice(names) for _ in range(rng.randint(1, 5))]
    if forced and forced[0] not in picked:
        order = [*PASS_ORDER, forced[0]]
        picked = sorted([*picked, forced[0]], key=lambda n: order.index(n) if n in order else 99)
    at = picked.index(forced[0]) if forced else -1
    bad = rng.randrange(len(picked)) if picked and rng.random() < 0.2 else -1
    return ",".join(random_pass(rng, name, k == bad, forced[1:] if k == at and forced[1]
                                else ()) for k, name in enumerate(picked))


# ------------------------------------------------------------------ the tools' own options

TORCH_MODELS = REPO / "tests/torch"  # torch_models.py: the importer tests' small models
TORCH_SPECS = ("torch_models:small_convnet", "torch_models:tiny_lm", "torch_models:many_outputs",
               "torch_models:small_lstm", "torch_models:needs_real_values",
               "torch_models:broken", "torch_models:not_a_module", "torch_models:no_such",
               "torch_models", "no_such_module:factory", ":", "torch_models:")
TORCH_OPTIONS = {  # option -> values, in range and out of it
    "--batch": ("1", "2", "0", "-1", "18446744073709551616", "abc"),
    "--mode": ("infer", "train", "train", "bogus"),
    "--optimizer": ("adam", "sgd", "lion"),
    "--input-shape": ("3x16x16", "3x8x8", "16", "8", "3xAx4", "", "x", "0x4", "4x4",
                      "3x99999999999999999999x4"),
    "--streams": ("1", "2", "3", "0", "257", "x"),
    "--dropout": ("fused", "eager", "none"),
}


def torch_case(rng: random.Random) -> tuple[str, list[str], bytes]:
    """``--import-torch`` of a test model (or a spec that names none) with options."""
    if str(TORCH_MODELS) not in sys.path:
        sys.path.insert(0, str(TORCH_MODELS))
        try:  # torch's own import (seconds) is not the case's time
            importlib.import_module("memir.io.torch")
        except ImportError:
            pass
    argv = ["--import-torch", rng.choice(TORCH_SPECS)]
    for option, values in TORCH_OPTIONS.items():
        if rng.random() < 0.4:
            argv += [option, rng.choice(values)]
    return "translate", argv, b""


@cache
def _imported(argv: tuple[str, ...]) -> str:
    """The IR a torch import prints (for pipelines over it), or ""."""
    outcome, out = run_tool("translate", list(argv), b"", timeout=60)
    return out.decode() if outcome.status == 0 else ""


def torch_program(rng: random.Random) -> str:
    """A small model's training or inference step, as the importer writes it."""
    spec = rng.choice(("torch_models:small_convnet", "torch_models:tiny_lm",
                       "torch_models:many_outputs"))
    shape = {"torch_models:small_convnet": "3x8x8", "torch_models:tiny_lm": "8",
             "torch_models:many_outputs": "16"}[spec]
    torch_case(rng)  # the models' folder on the path
    return _imported(("--import-torch", spec, "--input-shape", shape, "--mode",
                      rng.choice(("infer", "train")), "--streams", rng.choice(("1", "2"))))


OPT_FLAGS = ("--print-op-generic", "--mlir-print-op-generic", "--print-ir-after-all",
             "--time-passes", "--progress", "--no-progress", "--allow-unregistered-dialect",
             "--split-input-file", "--verify-diagnostics", "--print-diagnostics")


def random_flags(rng: random.Random, tool: str, argv: list[str]) -> list[str]:
    """``argv`` with some of memir-opt's flags, the input from a file, the output to a file
    (``-o`` or ``--output-file``), ``--pass-pipeline`` for ``-p``, or ``--help``."""
    argv = list(argv)
    if tool == "opt":
        for _ in range(rng.choice((0, 1, 1, 2, 3))):
            argv.append(rng.choice(OPT_FLAGS))
        if "-p" in argv and rng.random() < 0.3:
            at = argv.index("-p")
            argv[at:at + 2] = rng.choice(([f"--pass-pipeline=builtin.module({argv[at + 1]})"],
                                          ["--passes", argv[at + 1]]))
    if rng.random() < 0.5:
        argv += [rng.choice(("-o", "--output-file")), OUT]
    if rng.random() < 0.3:
        argv.append(IN)
    if rng.random() < 0.03:
        argv.append(rng.choice(("--help", "-h")))
    return argv


# ------------------------------------------------------------------ drawing the cases

GENERATED_SHARE = 0.4  # of the cases outside the sweep; the rest mutate the seeds
FLAGS_SHARE = 0.25  # cases run with more of the tools' own options
TORCH_SHARE = 0.01  # cases that import a model (the first one imports torch: seconds)


def generated_case(rng: random.Random) -> tuple[str, list[str], bytes]:
    """A random pipeline on a random program (a fifth of them mutated); sometimes an
    export of what a pipeline planned, or of the program as it is."""
    kind, text = random_program(rng)
    program = text.encode()
    if rng.random() < 0.2:  # a near-miss: the same program with a mutation or two
        program = mutate(program, random_steps(rng))
    if rng.random() < 0.12:
        return export_case(rng, kind, program)
    unknown = ["--allow-unregistered-dialect"] if b'"test.unknown"' in program else []
    return "opt", ["-p", random_pipeline(rng, kind), *unknown], program


def export_case(rng: random.Random, kind: str, program: bytes) -> tuple[str, list[str], bytes]:
    """``--export-json`` or ``--export-minimalloc`` of what a planning pipeline made of
    ``program`` (of the program itself when that pipeline fails)."""
    plan = "memref-to-memir,assign-layout" if kind in BRIDGED else \
        "bufferize,stream-safety,assign-layout" if kind == "tensor" else "assign-layout"
    if rng.random() < 0.8:
        outcome, planned = run_tool("opt", ["-p", plan], program)
        if outcome.status == 0:
            program = planned
    return "translate", [rng.choice(("--export-json", "--export-minimalloc"))], program


def random_steps(rng: random.Random) -> list[tuple[str, float, int]]:
    return [(rng.choice(KINDS), rng.random(), rng.randrange(1 << 16))
            for _ in range(rng.randint(1, 4))]


SWEEP_EVERY = 3  # every third case takes the next item of ``sweep()``


@cache
def sweep() -> tuple[tuple[str, str, str], ...]:
    """What the campaign goes through in turn, so that a short one reaches it all: each
    pass with each value of each option (a number's quick values), each command-line
    option of memir-opt and of memir-translate."""
    items = []
    for name, options in pass_options().items():
        items.append(("pass", name, ""))
        items += [("pass", name, f"{option}={value}") for option, (good, _) in options.items()
                  for value in good if DIR not in value]
    items += [(tool, flag, "") for tool in ("memir-opt", "memir-translate")
              for flag in sorted(registered()[tool])]
    return tuple(items)


def sweep_case(rng: random.Random, item: tuple[str, str, str]) -> tuple[str, list[str], bytes]:
    """A generated case that holds ``item`` (see ``sweep``)."""
    what, name, detail = item
    bridged = "memref-to-memir" in name or "memir-to-memref" in name
    kind = rng.choice(BRIDGED if bridged else ("tensor", "tensor", "buffer", "upstream"))
    program = PROGRAMS[kind](rng).encode()
    if what == "pass":
        option, _, value = detail.partition("=")
        return "opt", ["-p", random_pipeline(rng, kind, (name, option, value))], program
    pipeline = random_pipeline(rng, kind)
    if what == "memir-opt":
        args = {"-o": [name, OUT], "--output-file": [name, OUT], "-p": [name, pipeline],
                "--passes": [name, pipeline],
                "--pass-pipeline": [f"{name}=builtin.module({pipeline})"]}
        return "opt", args.get(name, ["-p", pipeline, name]), program
    if name in TORCH_OPTIONS or name == "--import-torch":
        tool, argv, stdin = torch_case(rng)
        return tool, argv + ([name, rng.choice(TORCH_OPTIONS[name])] if name in TORCH_OPTIONS
                             else []), stdin
    if name == "--import-minimalloc":
        return "translate", [name], rng.choice([s for s in seeds() if s.tool == "import"]).data
    tool, argv, stdin = export_case(rng, kind, program)
    if name in ("--export-json", "--export-minimalloc"):
        return tool, [name], stdin
    return tool, [*argv, name, OUT] if name in ("-o", "--output-file") else [*argv, name], stdin


def draw_case(rng: random.Random, index: int | None = None) -> Case:
    """One case of the campaign: a mutated seed, a generated program, a torch import;
    case ``index`` of a campaign also takes its turn in ``sweep()``."""
    if index is not None and index % SWEEP_EVERY == 0:
        items = sweep()
        item = items[index // SWEEP_EVERY % len(items)]
        tool, argv, stdin = sweep_case(rng, item)
        return Case(tool, tuple(argv), stdin, f"sweep {' '.join(item).strip()}")
    roll = rng.random()
    steps: list = []
    if roll < TORCH_SHARE:
        origin = "torch import"
        tool, argv, stdin = torch_case(rng)
    elif roll < TORCH_SHARE + GENERATED_SHARE:
        origin = "generated"
        if rng.random() < 0.03:
            text = torch_program(rng)
            tool, argv, stdin = "opt", ["-p", random_pipeline(rng, "tensor")], text.encode()
        else:
            tool, argv, stdin = generated_case(rng)
    else:
        seed = rng.choice(seeds())
        origin, steps = seed.name, random_steps(rng)
        tool, argv, stdin = case_argv(seed, mutate(seed.data, steps), rng.randrange(1 << 16))
    if rng.random() < FLAGS_SHARE:
        argv = random_flags(rng, tool, argv)
    return Case(tool, tuple(argv), stdin, origin, tuple(steps))


def draw_cases(seed: int, count: int) -> list[Case]:
    rng = random.Random(seed)
    return [draw_case(rng, k) for k in range(count)]


# ------------------------------------------------------------------ coverage

@cache
def registered() -> dict[str, frozenset[str]]:
    """What the tools offer today: passes, options with their values (each choice, both
    booleans; a number's name), memir-opt's and memir-translate's command-line options,
    and the ops of memir's dialect and of the upstream dialects memir reads."""
    from memir.dialects import Memir
    from memir.tools import memir_opt, memir_translate
    from memir.tools.registry import UPSTREAM_DIALECTS

    passes = pass_options()
    values = {f"{name}{{{option}={value}}}" for name, options in passes.items()
              for option, (good, _) in options.items() for value in good
              if good and (good[0] in ("true", "false") or not good[0][:1].isdigit())
              and value and DIR not in value}
    options = {f"{name}{{{option}}}" for name, options in passes.items() for option in options}
    flags = {s for a in memir_opt.make_parser(None)._actions for s in a.option_strings}
    modes = {s for a in memir_translate.make_parser()._actions for s in a.option_strings}
    ops = {op.name for op in Memir.operations}
    for module, attr in UPSTREAM_DIALECTS.values():
        found = getattr(importlib.import_module(module), attr)
        ops |= {op.name for op in (found if hasattr(found, "operations") else found()).operations}
    ops |= {f"linalg.{op}" for op, _, _ in named_linalg_ops()}
    return {"passes": frozenset(passes), "options": frozenset(options),
            "values": frozenset(values), "memir-opt": frozenset(flags),
            "memir-translate": frozenset(modes), "ops": frozenset(ops)}


_PASS = re.compile(r"([a-z][a-z-]*)(?:\{([^{}]*)\})?")


def reached(cases: list[Case]) -> dict[str, set[str]]:
    """What of ``registered()`` the cases use (an op: its name in the input)."""
    known = registered()
    found: dict[str, set[str]] = {key: set() for key in known}
    text = "\n".join(case.stdin.decode("utf-8", "replace") for case in cases)
    for case in cases:
        args = case.argv
        tool = "memir-opt" if case.tool == "opt" else "memir-translate"
        found[tool] |= {a.split("=")[0] for a in args} & known[tool]
        for k, arg in enumerate(args):
            pipeline = args[k + 1] if arg == "-p" and k + 1 < len(args) else \
                arg.partition("=")[2] if arg.startswith("--pass-pipeline=") else None
            if pipeline is not None:
                _passes_reached(pipeline, found)
    found["ops"] = op_names(text)
    return {key: value & known[key] for key, value in found.items()}


def _passes_reached(pipeline: str, found: dict[str, set[str]]) -> None:
    for name, options in _PASS.findall(pipeline):
        found["passes"].add(name)
        for pair in options.split():
            option, _, value = pair.partition("=")
            found["options"].add(f"{name}{{{option}}}")
            found["values"].add(f"{name}{{{option}={value}}}")


def op_names(text: str) -> set[str]:
    """Every dotted name in ``text`` (a superset of the op names it holds)."""
    return set(re.findall(r"(?<![\w.$#%^@!-])[a-z_]\w*(?:\.[a-z_]\w*)+", text))


def reachable_ops() -> set[str]:
    """The ops some case can hold: those of the seeds and of the program generators."""
    texts = [seed.data.decode("utf-8", "replace") for seed in seeds()]
    texts += [text for text, _, _ in (*SCALAR_OPS, *MEMORY_OPS, *TENSOR_OPS)]
    texts += [upstream_program(random.Random(k), tensors=k % 2 == 1) for k in range(40)]
    texts += [branches(random.Random(0)), *(f"linalg.{op}" for op, _, _ in named_linalg_ops())]
    return op_names("\n".join(texts)) & registered()["ops"]


# ------------------------------------------------------------------ the campaign

@dataclass
class Report:
    ran: list = field(default_factory=list)  # the cases
    exits: dict = field(default_factory=dict)  # exit status -> cases
    problems: list = field(default_factory=list)  # (problem, case, the telling line)
    seconds: float = 0.0

    def summary(self) -> str:
        counts = {"internal errors": 0, "hangs": 0, "output problems": 0, "other failures": 0}
        for problem, _, _ in self.problems:
            key = "hangs" if problem == "hang" else "internal errors" \
                if problem in ("internal error", "traceback") else "output problems" \
                if problem.startswith(("a ", "files", "the ")) else "other failures"
            counts[key] += 1
        return (f"cases: {len(self.ran)}, " + ", ".join(f"{k}: {v}" for k, v in counts.items())
                + f"; exit 0: {self.exits.get(0, 0)}, exit 1: {self.exits.get(1, 0)}"
                + f"; {self.seconds:.1f} s")


def campaign(seed: int, count: int, timeout: float = 10.0, echo=None,
             cases: list[Case] | None = None) -> Report:
    """Run ``count`` cases drawn from ``seed``; ``echo`` gets each problem as it is found."""
    rng = random.Random(seed)
    report = Report()
    start = time.perf_counter()
    for k in range(count):
        case = cases[k] if cases is not None else draw_case(rng, k)
        with _watchdog(case, 20 * timeout + 60):
            outcome = run_case(case, timeout)
        report.ran.append(case)
        report.exits[outcome.status] = report.exits.get(outcome.status, 0) + 1
        if k % 200 == 199:
            gc.collect()
        if echo and k % 1000 == 999:
            echo(f"... {k + 1} cases, {time.perf_counter() - start:.0f} s")
        if outcome.problem is None:
            continue
        lines = outcome.stderr.strip().splitlines() or [""]
        shown = outcome.output or next((line for line in lines if "error" in line), lines[0])
        report.problems.append((outcome.problem, case, shown))
        if echo:
            echo(f"{outcome.problem}: {case.describe()[:600]}\n  {shown[:600]}")
            if case.origin.startswith(("generated", "sweep")):
                echo("  input:\n    " + case.stdin.decode("utf-8", "replace")
                     .replace("\n", "\n    "))
    report.seconds = time.perf_counter() - start
    return report


@contextmanager
def _watchdog(case: Case, seconds: float):
    """End the process, naming the case, if it outlives the alarm on the clock (a wait, or
    a hang in native code that the alarm cannot interrupt)."""
    def fire() -> None:
        sys.__stdout__.write(f"hang past the alarm: {case.describe()[:2000]}\n")
        sys.__stdout__.flush()
        os._exit(3)

    timer = threading.Timer(seconds, fire)
    timer.daemon = True
    timer.start()
    try:
        yield
    finally:
        timer.cancel()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--cases", type=int, default=3000)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--timeout", type=float, default=10.0)
    parser.add_argument("--max-ops", type=int, default=fuzz_programs.MAX_OPS,
                        help="ops per generated program")
    parser.add_argument("--coverage", action="store_true",
                        help="list what the cases did not reach of what is registered")
    args = parser.parse_args(argv)
    fuzz_programs.MAX_OPS = args.max_ops
    report = campaign(args.seed, args.cases, args.timeout,
                      echo=lambda line: print(line, flush=True))
    if args.coverage:
        known, got = registered(), reached(report.ran)
        for key in known:
            missed = sorted(known[key] - got[key])
            print(f"{key}: {len(got[key])} of {len(known[key])} reached"
                  + (f"; not: {' '.join(missed)}" if missed else ""))
    print(report.summary())
    return 1 if report.problems else 0


if __name__ == "__main__":
    sys.path.insert(0, str(REPO))
    sys.exit(main())
