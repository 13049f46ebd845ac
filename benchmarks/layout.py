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
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

from _measure import DSA, memir, other_checkout, table, through_cli, to_csv  # noqa: E402
from large_traces import problems  # noqa: E402

from memir.io.minimalloc import read_csv  # noqa: E402
from memir.model.layout import Problem  # noqa: E402


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
        tree = args.compare_tree or str(Path(args.compare).absolute().parents[2])
        trees.append((Path(tree).name, other_checkout(args.compare, tree)))
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
