"""Proof by running: upstream MLIR bufferizes a program, memir plans it, MLIR 22 lowers and runs it.

Why this exists: a plan is only as good as the program that comes out of it. For every corpus
program (``tests/upstream/corpus/*.mlir``) the harness runs the pipeline a user from the MLIR world
runs, with MLIR 22's own ``mlir-opt`` and ``mlir-runner``, at both places users put memir:

- ``after-bufferize``: ``mlir-opt -one-shot-bufferize`` | memir | ``mlir-opt
  -buffer-deallocation-pipeline -convert-bufferization-to-memref`` | lower | run;
- ``after-dealloc``: ``mlir-opt -one-shot-bufferize -buffer-deallocation-pipeline
  -convert-bufferization-to-memref`` | memir | lower | run;

and once more after the deallocation pipeline with the program printed in MLIR's generic form
(``after-dealloc-generic``); where a callee returns a buffer, also after upstream's
``-buffer-results-to-out-params=hoist-static-allocs`` (``after-out-params``: the callers allocate
what their callees return, so memir plans it). It compares the printed output with the unplanned program's (the
same text, buffer addresses aside). It records where a program stopped and how many allocs memir planned, counted on the
program text before and after memir, not taken from memir's own report.

The harness shares no code with memir: memir runs as users run it, ``python -m
memir.tools.memir_opt`` in a child process.
"""

from __future__ import annotations

import json
import math
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from functools import reduce
from pathlib import Path

CORPUS = Path(__file__).resolve().parent / "corpus"

MEMIR_PIPELINE = "memref-to-memir,assign-layout,verify-layout,memir-to-memref"
BUFFERIZE = ("-one-shot-bufferize=bufferize-function-boundaries",)
DEALLOCATE = ("-buffer-deallocation-pipeline", "-convert-bufferization-to-memref")
# upstream's out-parameter rewrite: a callee's returned static buffer is allocated by its callers
OUT_PARAMS = ("-buffer-results-to-out-params=hoist-static-allocs",)
# One lowering for every program; math goes to LLVM intrinsics first, then libm for the rest
# (erf, tanh), since libm has no rsqrtf.
LOWER = ("-convert-linalg-to-loops", "-expand-strided-metadata", "-lower-affine",
         "-convert-scf-to-cf", "-convert-math-to-llvm", "-convert-math-to-libm",
         "-convert-arith-to-llvm", "-finalize-memref-to-llvm", "-convert-cf-to-llvm",
         "-convert-func-to-llvm", "-convert-index-to-llvm", "-reconcile-unrealized-casts")
# where memir runs; "-generic": its input printed in MLIR's generic form (-mlir-print-op-generic)
POSITIONS = ("after-bufferize", "after-dealloc", "after-dealloc-generic", "after-out-params")
_RETURNS_BUFFER = re.compile(
    r"func\.func (?:private )?@(?!main\b|forward\b)[\w$.]+\([^\n]*\)\s*->[^\n{]*(?:tensor|memref)<")


def positions_for(program: Path) -> tuple[str, ...]:
    """The positions a program runs at: ``after-out-params`` only where a callee returns a
    tensor or memref (elsewhere upstream's rewrite changes nothing), leaving out a torch-mlir
    export's ``@forward``, whose one result the rewrite would move to the driver (the suite's
    time goes to programs where callees hold the bytes)."""
    if _RETURNS_BUFFER.search(program.read_text()):
        return POSITIONS
    return tuple(p for p in POSITIONS if p != "after-out-params")


def upstream_flags(position: str) -> tuple[str, ...]:
    """What ``mlir-opt`` runs before memir at ``position``."""
    flags = {"after-bufferize": BUFFERIZE, "after-out-params": BUFFERIZE + OUT_PARAMS
             }.get(position, BUFFERIZE + DEALLOCATE)
    return flags + (("-mlir-print-op-generic",) if position.endswith("-generic") else ())


def deallocates_after(position: str) -> bool:
    """Whether upstream's deallocation pipeline runs after memir at ``position``."""
    return position in ("after-bufferize", "after-out-params")


TIMEOUT = 300  # seconds for one tool on one program; a hang is a failure, not a wait
LLVM_BIN_DIRS = ("/usr/lib/llvm-22/bin",)


@dataclass(frozen=True)
class Tools:
    mlir_opt: str
    mlir_runner: str
    shared_libs: tuple[str, ...]


def find_tools() -> Tools | str:
    """MLIR 22's mlir-opt, mlir-runner and the runner's libraries, or why they are missing.

    ``MLIR_BIN`` names a directory to take them from; otherwise ``PATH``, then Debian's
    ``mlir-22-tools`` location. The runner libraries sit in ``../lib`` beside the tools, under
    their versioned names on Debian (``libmlir_runner_utils.so.22.1``).
    """
    dirs = [os.environ["MLIR_BIN"]] if os.environ.get("MLIR_BIN") else []
    found: dict[str, str] = {}
    for tool in ("mlir-opt", "mlir-runner"):
        path = None
        for d in dirs:
            if os.access(os.path.join(d, tool), os.X_OK):
                path = os.path.join(d, tool)
                break
        path = path or shutil.which(tool)
        if path is None:
            for d in LLVM_BIN_DIRS:
                if os.access(os.path.join(d, tool), os.X_OK):
                    path = os.path.join(d, tool)
                    break
        if path is None:
            return (f"{tool} not found (set MLIR_BIN, put it on PATH, or "
                    "`apt-get install mlir-22-tools`)")
        found[tool] = path
    libdir = Path(os.path.realpath(found["mlir-runner"])).parent.parent / "lib"
    libs = []
    for name in ("libmlir_runner_utils", "libmlir_c_runner_utils"):
        candidates = sorted(libdir.glob(f"{name}.so*"), key=lambda p: len(p.name))
        if not candidates:
            return f"{name}.so not found in {libdir} (it ships with mlir-22-tools / libmlir-22)"
        libs.append(str(candidates[0]))
    version = _run([found["mlir-opt"], "--version"])
    if version.returncode != 0 or "version 22" not in version.stdout:
        return f"{found['mlir-opt']} is not MLIR 22: {version.stdout.strip()[:120]!r}"
    return Tools(found["mlir-opt"], found["mlir-runner"], tuple(libs))


@dataclass
class Step:
    returncode: int
    stdout: str
    stderr: str
    seconds: float


def _run(argv: list[str], stdin: str | None = None, cwd: str | None = None) -> Step:
    start = time.perf_counter()
    try:
        done = subprocess.run(argv, input=stdin, capture_output=True, text=True, timeout=TIMEOUT,
                              cwd=cwd)
    except subprocess.TimeoutExpired:
        return Step(-1, "", f"timed out after {TIMEOUT} s: {' '.join(argv[:3])}", TIMEOUT)
    return Step(done.returncode, done.stdout, done.stderr, time.perf_counter() - start)


def first_error(stderr: str) -> str:
    """The first diagnostic line, without its file:line:col (to group failures by cause)."""
    for line in stderr.splitlines():
        if "error" in line.lower():
            return re.sub(r"^\S*:\d+:\d+:\s*", "", line.strip())[:200]
    lines = [x for x in stderr.splitlines() if x.strip()]
    return lines[-1].strip()[:200] if lines else "no diagnostic"


_ADDRESS = re.compile(r"base@ = 0x[0-9a-fA-F]+")


def normalize(output: str) -> str:
    """Runner output with the buffers' addresses taken out (they differ from run to run)."""
    return _ADDRESS.sub("base@ = <address>", output)


# ----------------------------------------------------------------------------- counting
_ELEMENT_BYTES = {"f16": 2, "bf16": 2, "f32": 4, "f64": 8, "i1": 1, "i8": 1, "i16": 2,
                  "i32": 4, "i64": 8, "index": 8}
# an op in custom form (memref.alloc() ... : memref<..>) or generic form ("memref.alloc"() ...)
_ALLOC = re.compile(r"(%[\w.$-]+) = memref\.alloc\([^)]*\)\s*(?:\{[^}\n]*\}\s*)?:\s*memref<([^>]*)>"
                    r'|(%[\w.$-]+) = "memref\.alloc"\([^)]*\)[^\n]*-> memref<([^>]*)>')
_VIEW = re.compile(r"= memref\.view (%[\w.$-]+)\[[^\n]* to memref<([^>]*)>"
                   r'|= "memref\.view"\((%[\w.$-]+)[^\n]*-> memref<([^>]*)>')


def _pairs(pattern: re.Pattern, text: str) -> list[tuple[str, str]]:
    """(value name, memref shape) of each match, whichever form matched."""
    return [(m.group(1) or m.group(3), m.group(2) or m.group(4)) for m in pattern.finditer(text)]


def memref_bytes(shape: str) -> int | None:
    """Bytes of ``memref<shape>`` (``4x8xf32``), None when a size is dynamic or unknown."""
    parts = shape.split(",")[0].strip().split("x")
    element = _ELEMENT_BYTES.get(parts[-1])
    if element is None or any(not d.isdigit() for d in parts[:-1]):
        return None
    return reduce(lambda a, b: a * b, (int(d) for d in parts[:-1]), 1) * element


@dataclass(frozen=True)
class AllocCount:
    total: int  # memref.alloc ops (memref.alloca left out: the stack is not planned)
    static: int  # of those, with a static shape
    static_bytes: int


def count_allocs(text: str) -> AllocCount:
    sizes = [memref_bytes(shape) for _, shape in _pairs(_ALLOC, text)]
    static = [s for s in sizes if s is not None]
    return AllocCount(len(sizes), len(static), sum(static))


@dataclass(frozen=True)
class PlanCount:
    planned: int  # memref.view ops memir added
    planned_bytes: int  # their result types' bytes
    arena_bytes: int  # the i8 arenas those views read


def count_plan(before: str, after: str) -> PlanCount:
    """What memir's output adds: views into arenas, against the program it was given."""
    views = _pairs(_VIEW, after)
    old_views = len(_pairs(_VIEW, before))
    arenas = {source for source, _ in views}
    planned_bytes = sum(memref_bytes(shape) or 0 for _, shape in views)
    # arena names repeat across functions (%arena in each): each definition counts once
    arena_bytes = sum(memref_bytes(shape) or 0 for name, shape in _pairs(_ALLOC, after)
                      if name in arenas and shape.endswith("xi8"))
    return PlanCount(max(0, len(views) - old_views), planned_bytes, arena_bytes)


def unexplained_allocs(after: str) -> list[str]:
    """Allocs memir's output neither planned (an arena) nor explained with a ``memir.remark``."""
    arenas = {source for source, _ in _pairs(_VIEW, after)}
    return [line.strip() for line in after.splitlines()
            if (pair := _pairs(_ALLOC, line)) and pair[0][0] not in arenas
            and "memir.remark" not in line]


# ops whose memref results may alias their memref operands (a call may return its argument)
_ALIASING = {"memref.subview", "memref.cast", "memref.view", "memref.reinterpret_cast",
             "memref.collapse_shape", "memref.expand_shape", "memref.transpose", "arith.select",
             "memref.memory_space_cast", "func.call", "call", "bufferization.to_tensor",
             "bufferization.to_buffer", "bufferization.clone"}
# the deallocation pipeline's ownership bookkeeping: not a use of the buffer's contents
_BOOKKEEPING = {"memref.extract_strided_metadata", "memref.extract_aligned_pointer_as_index",
                "memref.dealloc", "bufferization.dealloc"}
_OP_NAME = re.compile(r'^\s*(?:%[^=]+= )?"?([a-z_]+(?:\.[a-z_0-9]+)+|return)\b')
_RESULTS = re.compile(r"^\s*(%[^=]+?)\s*= ")


def live_peak(text: str, views: bool = False) -> int:
    """Bytes of static allocs live at once in the unplanned program: each function's peak, summed.

    A function's top-level ops are its steps (an op with regions is one step). An alloc lives
    from its step to the last step that uses it or a value that may alias it (views, casts,
    reshapes, select, call results, results of region ops that use it), to the end if it is
    returned; the deallocation pipeline's bookkeeping is not a use. Each function has its own
    arena, live while the function runs, so the sum of the functions' peaks is what the arenas
    add up to at their bound. With ``views``, the buffers are the ``memref.view`` ops instead (on
    memir's output: the planned buffers, whose peak is the bound for its arenas). Text-level, and
    approximate where values flow out of regions.
    """
    buffers = _VIEW_DEF if views else _ALLOC
    total = 0
    for _, body in _functions(text):
        steps = _top_level_steps(body)
        live: dict[str, list[int]] = {}  # alloc -> [first step, last step, bytes]
        root_of: dict[str, set[str]] = {}
        for index, step in enumerate(steps):
            in_region = "\n" in step
            for line in step.splitlines():
                match = _OP_NAME.match(line)
                op = match.group(1) if match else ""
                if op in _BOOKKEEPING:
                    continue
                for name, shape in _pairs(buffers, line):
                    size = memref_bytes(shape)
                    if size is not None:
                        live[name] = [index, index, size]
                        root_of[name] = {name}
                roots = set()
                for value in re.findall(r"%[\w.$-]+", line):
                    roots |= root_of.get(value, set())
                for root in roots:
                    returned = op in ("return", "func.return")
                    live[root][1] = len(steps) if returned else max(live[root][1], index)
                results = _RESULTS.match(line)
                if roots and results and (in_region or op in _ALIASING):
                    for result in re.findall(r"%[\w.$-]+", results.group(1)):
                        root_of[result] = root_of.get(result, set()) | roots
        events = sorted([(first, size) for first, _, size in live.values()]
                        + [(last + 1, -size) for _, last, size in live.values()])
        current = peak = 0
        for _, delta in events:
            current += delta
            peak = max(peak, current)
        total += peak
    return total


_VIEW_DEF = re.compile(r"(%[\w.$-]+) = memref\.view [^\n]* to memref<([^>]*)>"
                       r'|(%[\w.$-]+) = "memref\.view"\([^\n]*-> memref<([^>]*)>')


def _functions(text: str) -> list[tuple[str, list[str]]]:
    """(name, body lines) of each function with a body, custom or generic form."""
    functions, body, depth, name = [], None, 0, ""
    for line in text.splitlines():
        if body is None:
            if re.match(r'\s*"?func\.func"?\b', line) and line.rstrip().endswith("{"):
                found = re.search(r'@([\w.$-]+)|sym_name = "([^"]+)"', line)
                name = (found.group(1) or found.group(2)) if found else ""
                body, depth = [], 1
            continue
        depth += line.count("{") - line.count("}")
        if depth <= 0:
            functions.append((name, body))
            body = None
        else:
            body.append(line)
    return functions


def _top_level_steps(body: list[str]) -> list[str]:
    """Group a function body's lines into top-level ops (a region op and its body are one)."""
    steps, current, depth = [], [], 0
    for line in body:
        current.append(line)
        depth += line.count("{") - line.count("}")
        if depth <= 0:
            steps.append("\n".join(current))
            current, depth = [], 0
    if current:
        steps.append("\n".join(current))
    return steps


# ----------------------------------------------------------------------------- running
@dataclass
class Outcome:
    """How far one program got at one position, and what memir did to it."""

    program: str
    position: str
    stage: str  # "ok", or where it stopped: bufferize, memir, deallocate, lower, run, differs
    detail: str = ""
    allocs: AllocCount = AllocCount(0, 0, 0)
    plan: PlanCount = PlanCount(0, 0, 0)
    memir_seconds: float = 0.0
    output: str = ""
    memir_output: str = field(default="", repr=False)

    @property
    def memir_read(self) -> bool:
        return self.stage not in ("bufferize", "memir")


class Harness:
    """Runs corpus programs; the unplanned run of each program is computed once and kept."""

    def __init__(self, tools: Tools, memir_pipeline: str = MEMIR_PIPELINE,
                 python: str = sys.executable):
        self.tools = tools
        self.memir_pipeline = memir_pipeline
        self.python = python
        self._unplanned: dict[str, Step] = {}

    def _opt(self, flags: tuple[str, ...], text: str) -> Step:
        return _run([self.tools.mlir_opt, *flags], text)

    def lower_and_run(self, memref_text: str) -> tuple[str, Step]:
        """Upstream verifies and lowers a memref program, mlir-runner runs its @main."""
        lowered = self._opt(LOWER, memref_text)
        if lowered.returncode != 0:
            return "lower", lowered
        ran = _run([self.tools.mlir_runner, "-e", "main", "-entry-point-result=void",
                    "-shared-libs=" + ",".join(self.tools.shared_libs)], lowered.stdout)
        return ("run" if ran.returncode != 0 else "ok"), ran

    def unplanned(self, program: Path) -> Step:
        """The program as upstream alone compiles and runs it (the reference output)."""
        key = str(program)
        if key not in self._unplanned:
            text = program.read_text()
            buffered = self._opt(BUFFERIZE + DEALLOCATE, text)
            if buffered.returncode != 0:
                self._unplanned[key] = buffered
            else:
                _, ran = self.lower_and_run(buffered.stdout)
                self._unplanned[key] = ran
        return self._unplanned[key]

    def memir(self, text: str) -> Step:
        # run outside any checkout: ``python -m`` puts the working directory first on sys.path,
        # which would mix this checkout's memir into another interpreter's
        return _run([self.python, "-m", "memir.tools.memir_opt", "-", "-p", self.memir_pipeline],
                    text, cwd=tempfile.gettempdir())

    def run(self, program: Path, position: str) -> Outcome:
        """The program through upstream and memir at ``position``, against the unplanned run."""
        name = program.stem
        text = program.read_text()
        buffered = self._opt(upstream_flags(position), text)
        if buffered.returncode != 0:
            return Outcome(name, position, "bufferize", first_error(buffered.stderr))
        allocs = count_allocs(buffered.stdout)
        planned = self.memir(buffered.stdout)
        if planned.returncode != 0:
            return Outcome(name, position, "memir", first_error(planned.stderr), allocs,
                           memir_seconds=planned.seconds)
        plan = count_plan(buffered.stdout, planned.stdout)
        memref_text = planned.stdout
        if deallocates_after(position):
            deallocated = self._opt(DEALLOCATE, memref_text)
            if deallocated.returncode != 0:
                return Outcome(name, position, "deallocate", first_error(deallocated.stderr),
                               allocs, plan, planned.seconds, memir_output=planned.stdout)
            memref_text = deallocated.stdout
        stage, ran = self.lower_and_run(memref_text)
        outcome = Outcome(name, position, stage, "", allocs, plan, planned.seconds,
                          normalize(ran.stdout), planned.stdout)
        if stage != "ok":
            outcome.detail = first_error(ran.stderr)
            return outcome
        reference = self.unplanned(program)
        if normalize(reference.stdout) != outcome.output:
            outcome.stage, outcome.detail = "differs", "output differs from the unplanned run"
        return outcome


# ----------------------------------------------------------------------------- outputs
_NUMBER = re.compile(r"-?(?:nan|inf|\d+(?:\.\d*)?(?:[eE][-+]?\d+)?)")


def printed_values(output: str) -> list[float]:
    """The numbers printMemref printed, in order (the header lines left out)."""
    values = []
    for line in output.splitlines():
        if line.startswith("Unranked Memref") or line.startswith("Memref"):
            continue
        values.extend(float(x) for x in _NUMBER.findall(line))
    return values


def expected_values(program: Path) -> list[float] | None:
    """PyTorch eager's output for a torch-mlir export (``NAME.expected``), if there is one."""
    path = program.with_suffix(".expected")
    if not path.exists():
        return None
    return [float(x) for x in path.read_text().split()]


def close_to_eager(output: str, expected: list[float], rtol: float = 1e-4,
                   atol: float = 1e-4) -> str:
    """'' when the run printed eager's values within tolerance, else what differs.

    printMemref prints six significant digits, hence the tolerance.
    """
    got = printed_values(output)
    if len(got) != len(expected):
        return f"{len(got)} values printed, eager has {len(expected)}"
    worst = max(range(len(got)), key=lambda i: abs(got[i] - expected[i]), default=None)
    for i, (g, e) in enumerate(zip(got, expected)):
        if not math.isclose(g, e, rel_tol=rtol, abs_tol=atol):
            return (f"value {i}: {g} against eager's {e} (worst at {worst}: "
                    f"{got[worst]} vs {expected[worst]})")
    return ""


def verdict(program: Path, outcome: Outcome) -> str:
    """'' when a case passes end to end, else why not: the one definition the tests use.

    Passing: memir read the program, upstream deallocated, lowered and ran it, the output is the
    unplanned run's (and eager's, for a torch-mlir export), and every alloc memir left alone
    carries a remark saying why.
    """
    if outcome.stage != "ok":
        return f"{outcome.stage}: {outcome.detail}"
    silent = unexplained_allocs(outcome.memir_output)
    if silent:
        return f"{len(silent)} allocs left alone without a remark, first: {silent[0]}"
    expected = expected_values(program)
    if expected is not None and (far := close_to_eager(outcome.output, expected)):
        return f"eager differs: {far}"
    return ""


def corpus_programs() -> list[Path]:
    return sorted(CORPUS.glob("*.mlir"))


def source_line(program: Path) -> str:
    first = program.read_text().split("\n", 1)[0]
    return first.removeprefix("// source:").strip()


def main(argv: list[str] | None = None) -> int:
    """Print every case's outcome, tab-separated: what KNOWN_GAPS should say after a change."""
    import argparse

    parser = argparse.ArgumentParser(description=main.__doc__)
    parser.add_argument("--pipeline", default=MEMIR_PIPELINE)
    parser.add_argument("--python", default=sys.executable,
                        help="the interpreter whose memir runs (another checkout's venv)")
    parser.add_argument("--gaps", action="store_true",
                        help="print the cases that fail as KNOWN_GAPS entries")
    parser.add_argument("programs", nargs="*", help="corpus names (default: all)")
    args = parser.parse_args(argv)
    tools = find_tools()
    if isinstance(tools, str):
        print(f"error: {tools}", file=sys.stderr)
        return 1
    runner = Harness(tools, args.pipeline, args.python)
    for program in corpus_programs():
        if args.programs and program.stem not in args.programs:
            continue
        for position in positions_for(program):
            o = runner.run(program, position)
            if args.gaps:
                if why := verdict(program, o):
                    print(f"    ({json.dumps(o.program)}, {json.dumps(position)}):\n"
                          f"        {json.dumps(why)},", flush=True)
            else:
                print(f"{o.program}\t{position}\t{o.stage}\t"
                      f"{o.plan.planned}/{o.allocs.total}\t{o.detail}", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
