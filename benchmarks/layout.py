"""Layout benchmark through the CLI: arena vs lower bound, seconds and memory per trace.

Usage: python benchmarks/layout.py [--quick] [--data DIR] [--only NAME,...]
                                   [--time-limit SECONDS] [--scaling]
                                   [--compare PYTHON [--compare-tree DIR]]

One row per trace: every CSV under DIR (default ../shared/benchmarks/dsa) and the large
synthetic traces of ``benchmarks/large_traces.py`` (made from the public ones with a
seeded RNG). Each runs the path users run, in child processes:

    memir-translate --import-minimalloc T.csv
      | memir-opt -p 'assign-layout,verify-layout' --time-passes
      | memir-translate --export-minimalloc

and the row gives buffers, arena / bound (bound from the plan, arena and validity
recomputed from the exported CSV by the independent checker), end-to-end seconds (the
three children) and their CPU seconds (which grow far less than wall seconds when the
machine is shared), the assign-layout pass's own seconds, and the largest child peak RSS.
The last line is the WORST ratio over all traces, the figure to watch. Without
--time-limit the planner runs on its work budgets alone: ratios are the same on every
machine, seconds are not. --quick skips traces above 30k buffers. --scaling adds the
greedy's seconds on sub-samples of S_1 (library calls), to show how a run grows.
--compare PYTHON runs every trace also with another checkout's interpreter (e.g.
``/work/main/.venv/bin/python``; its tools are run from --compare-tree, by default the
directory above its venv), right after this one's, so that both rows see the same load.
"""

from __future__ import annotations

import argparse
import random
import re
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))
sys.path.insert(0, str(REPO / "benchmarks"))

from _measure import memir, run  # noqa: E402
from large_traces import DSA, problems, to_csv  # noqa: E402

from memir.io.minimalloc import read_csv  # noqa: E402
from memir.model.layout import Plan, Problem  # noqa: E402
from memir.verify.overlap import check_plan  # noqa: E402

PLAN = re.compile(r'memir\.plan<arena (\d+), bound (\d+), strategy "([^"]*)"')
PASS_SECONDS = re.compile(r"assign-layout: ([0-9.]+) s")


def table(rows: list[list[str]], header: list[str]) -> str:
    widths = [max(len(h), *(len(r[k]) for r in rows)) for k, h in enumerate(header)]
    line = lambda cells: "| " + " | ".join(c.ljust(w) for c, w in zip(cells, widths)) + " |"  # noqa: E731
    return "\n".join([line(header), "|" + "|".join("-" * (w + 2) for w in widths) + "|",
                      *map(line, rows)])


def tools_of(python: str, tree: str):
    """``memir(tool, *args, stdin=)`` run by another checkout's interpreter, in its tree
    (``python -m`` imports from the working directory first)."""
    modules = {"memir-opt": "memir.tools.memir_opt",
               "memir-translate": "memir.tools.memir_translate"}

    def tool(name: str, *args: str, stdin: str | None = None):
        return run([python, "-m", modules[name], *args], stdin=stdin, cwd=tree)
    return tool


def through_cli(name: str, csv_path: Path, time_limit: float | None, tool=memir,
                effort: int | None = None) -> tuple[list[str], float]:
    """One row (and its ratio) for the trace in ``csv_path``."""
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


def traces(data: Path, quick: bool, only: set[str] | None):
    for path in sorted(data.rglob("*.csv")):
        yield path.stem, path.read_text()
    for name, problem in problems(quick):
        yield name, to_csv(problem)


def scaling() -> str:
    from memir.planning.layout.heuristics import Prepared, arena_of, run
    from memir.planning.layout.portfolio import lower_bound

    problem = read_csv((DSA / "idealloc" / "S_1.csv").read_text()).problem
    rng = random.Random(0)
    rows = []
    for n in (1000, 3000, 10000, len(problem)):
        keep = sorted(rng.sample(range(len(problem)), n))
        sub = Problem([problem.buffers[i] for i in keep])
        prep = Prepared.of(sub)
        bound = lower_bound(sub)[0]
        started = time.perf_counter()
        offsets = run(prep, "single", "size", "best")
        seconds = time.perf_counter() - started
        rows.append([str(n), f"{seconds:.2f}", f"{seconds / n * 1e6:.0f}",
                     f"{arena_of(prep, offsets) / bound:.4f}"])
    return table(rows, ["S_1 sample", "single/size/best s", "us/buffer", "ratio"])


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="skip traces above 30k buffers")
    parser.add_argument("--data", default=str(DSA))
    parser.add_argument("--only", default=None, help="comma-separated trace names")
    parser.add_argument("--time-limit", type=float, default=None,
                        help="assign-layout's time-limit in seconds (default: none)")
    parser.add_argument("--scaling", action="store_true")
    parser.add_argument("--compare", default=None, metavar="PYTHON",
                        help="also run every trace with this interpreter's checkout")
    parser.add_argument("--compare-tree", default=None, metavar="DIR",
                        help="that checkout's directory (default: above its venv)")
    args = parser.parse_args()
    only = set(args.only.split(",")) if args.only else None
    trees = [("this", memir)]
    if args.compare:
        tree = args.compare_tree or str(Path(args.compare).parent.parent.parent)
        trees.append((Path(tree).name, tools_of(args.compare, tree)))
    rows, worst = [], (0.0, "")
    with tempfile.TemporaryDirectory() as tmp:
        for name, text in traces(Path(args.data), args.quick, only):
            if only is not None and name not in only:
                continue
            path = Path(tmp) / "trace.csv"
            path.write_text(text)
            for label, tool in trees:
                row, ratio = through_cli(name, path, args.time_limit, tool)
                if len(trees) > 1:
                    row.insert(1, label)
                rows.append(row)
                if label == "this":
                    worst = max(worst, (ratio, name))
                print("  " + " ".join(row), file=sys.stderr, flush=True)
    header = ["trace", "buffers", "arena/bound", "strategy", "end-to-end s", "CPU s",
              "assign-layout s", "peak RSS MiB", "valid"]
    if len(trees) > 1:
        header.insert(1, "tree")
    print(table(rows, header))
    print(f"\nworst arena/bound: {worst[0]:.5f} ({worst[1]})")
    if args.scaling:
        print()
        print(scaling())
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
