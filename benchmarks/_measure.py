"""What the benchmarks share: memir's tools run as users run them, measured, and printed.

Why a shared helper: the benchmarks measure the path users run (``memir-opt``,
``memir-translate``) in a child process, and the child's own peak RSS is the memory figure
that matters. ``RUSAGE_CHILDREN`` gives only the maximum over all children waited for so
far, so each child is reaped with ``os.wait4``, which returns that child's own usage.
Several benchmarks plan the same buffer traces, so the traces' folder, their CSV form and
one trace's layout through the tools are here too. It imports no benchmark, so sharing
through it adds no import cycle.
"""

from __future__ import annotations

import os
import re
import resource
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
# shared/ beside the checkout, or beside a folder above it (a worktree): the public buffer
# traces (benchmarks/dsa) and the peers' solvers (peers/).
SHARED = next((d / "shared" for d in REPO.parents if (d / "shared" / "benchmarks").is_dir()),
              REPO.parent / "shared")
DSA = SHARED / "benchmarks" / "dsa"
TOOLS = {"memir-opt": "memir.tools.memir_opt", "memir-translate": "memir.tools.memir_translate"}


@dataclass(frozen=True)
class Measured:
    returncode: int
    seconds: float
    rss_mb: float  # the child's peak resident set, MiB
    cpu_seconds: float  # the child's user + system time (grows far less with load)
    stdout: str
    stderr: str


def run(argv: list[str], stdin: str | bytes | None = None, cwd: str | None = None,
        env: dict[str, str] | None = None) -> Measured:
    """Run ``argv`` to completion (``env``: added to this environment); its wall time, CPU
    time and its own peak RSS."""
    data = stdin.encode() if isinstance(stdin, str) else stdin
    with tempfile.TemporaryFile() as out, tempfile.TemporaryFile() as err, \
            tempfile.TemporaryFile() as inp:
        if data is not None:
            inp.write(data)
            inp.seek(0)
        start = time.perf_counter()
        child = subprocess.Popen(argv, stdin=inp if data is not None else subprocess.DEVNULL,
                                 stdout=out, stderr=err, cwd=cwd,
                                 env=None if env is None else {**os.environ, **env})
        _, status, usage = os.wait4(child.pid, 0)
        seconds = time.perf_counter() - start
        child.returncode = os.waitstatus_to_exitcode(status)
        out.seek(0)
        err.seek(0)
        return Measured(child.returncode, seconds, usage.ru_maxrss / 1024,
                        usage.ru_utime + usage.ru_stime, out.read().decode(errors="replace"),
                        err.read().decode(errors="replace"))


def memir(tool: str, *args: str, stdin: str | bytes | None = None,
          env: dict[str, str] | None = None) -> Measured:
    """``memir-opt`` / ``memir-translate`` as users run them, in this interpreter's env."""
    return run([sys.executable, "-m", TOOLS[tool], *args], stdin=stdin, env=env)


def memir_without_numba(tool: str, *args: str, stdin: str | bytes | None = None) -> Measured:
    """``memir`` on the numpy path (``MEMIR_NO_NUMBA``: numba is not loaded)."""
    return memir(tool, *args, stdin=stdin, env={"MEMIR_NO_NUMBA": "1"})


def other_checkout(python: str, tree: str | None = None):
    """``memir(tool, *args, stdin=)`` run by another checkout's interpreter, in its tree
    (default: the folder above its venv; ``python -m`` imports from the working folder
    first, which would otherwise load this checkout's memir)."""
    folder = tree or str(Path(python).absolute().parents[2])

    def tool(name: str, *args: str, stdin: str | None = None) -> Measured:
        return run([python, "-m", TOOLS[name], *args], stdin=stdin, cwd=folder)
    return tool


def self_rss_mb() -> float:
    """Peak RSS of this process so far, MiB (for benchmarks that call the library)."""
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def table(rows: list[list[str]], header: list[str]) -> str:
    """A Markdown table, columns padded to their widest cell."""
    widths = [max(len(h), *(len(r[k]) for r in rows)) for k, h in enumerate(header)]

    def line(cells):
        return "| " + " | ".join(c.ljust(w) for c, w in zip(cells, widths)) + " |"
    return "\n".join([line(header), "|" + "|".join("-" * (w + 2) for w in widths) + "|",
                      *map(line, rows)])


def to_csv(problem) -> str:
    """A ``memir.model.layout.Problem`` as the MiniMalloc CSV ``--import-minimalloc`` reads."""
    aligned = any(b.alignment > 1 for b in problem.buffers)
    rows = ["id,lower,upper,size" + (",alignment" if aligned else "")]
    rows += [f"{i},{b.lower},{b.upper},{b.size}" + (f",{b.alignment}" if aligned else "")
             for i, b in enumerate(problem.buffers)]
    return "\n".join(rows) + "\n"


def bufferized(text: str, name: str):
    """(context, module) of graph IR after ``bufferize``, as memir-opt's bridge reads it."""
    from memir.passes import Bufferize
    from memir.passes.support import analyses
    from memir.tools.driver import parse_chunk, verify
    from memir.tools.registry import make_context

    ctx = make_context()
    chunk = parse_chunk(ctx, text, name)
    verify(chunk)
    Bufferize().apply(ctx, chunk.module)
    analyses.manager(ctx).invalidate()
    return ctx, chunk.module


PLAN = re.compile(r'memir\.plan<arena (\d+), bound (\d+), strategy "([^"]*)"')
PASS_SECONDS = re.compile(r"assign-layout: ([0-9.]+) s")


def through_cli(name: str, csv_path: Path, time_limit: float | None, tool=memir,
                effort: int | None = None) -> tuple[list[str], float]:
    """One table row (and its ratio) for the trace in ``csv_path``: imported, laid out and
    exported by the tools, the exported plan checked by memir's independent checker."""
    from memir.io.minimalloc import read_csv
    from memir.model.layout import Plan, Problem
    from memir.verify.overlap import check_plan

    given = ([] if time_limit is None else [f"time-limit={time_limit:g}"]) + \
        ([] if effort is None else [f"effort={effort}"])
    options = f"{{{' '.join(given)}}}" if given else ""
    imported = tool("memir-translate", "--import-minimalloc", str(csv_path))
    if imported.returncode:
        raise SystemExit(f"{name}: import failed:\n{imported.stderr}")
    planned = tool("memir-opt", "-p", f"assign-layout{options},verify-layout",
                   "--time-passes", stdin=imported.stdout)
    if planned.returncode:
        raise SystemExit(f"{name}: memir-opt failed:\n{planned.stderr}")
    exported = tool("memir-translate", "--export-minimalloc", stdin=planned.stdout)
    if exported.returncode:
        raise SystemExit(f"{name}: export failed:\n{exported.stderr}")
    arena_ir, bound, strategy = PLAN.search(planned.stdout).groups()
    bound = int(bound)
    table_out = read_csv(exported.stdout, name)
    problem = Problem([b.__class__(b.size, b.lower, b.upper, b.alignment, None, b.name)
                       for b in table_out.problem.buffers])
    offsets = [b.offset for b in table_out.problem.buffers]
    arena = Plan.arena_of(problem, offsets)
    valid = "yes" if not check_plan(problem, Plan(offsets, arena)) and arena == int(arena_ir) \
        else "NO"
    ratio = arena / bound if bound else 1.0
    children = (imported, planned, exported)
    seconds = sum(c.seconds for c in children)
    cpu = sum(c.cpu_seconds for c in children)
    pass_s = float(PASS_SECONDS.search(planned.stderr).group(1))
    rss = max(c.rss_mb for c in children)
    return [name, str(len(problem)), f"{ratio:.5f}", strategy, f"{seconds:.1f}",
            f"{cpu:.1f}", f"{pass_s:.2f}", f"{rss:.0f}", valid], ratio
