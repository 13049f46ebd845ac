"""Layout benchmark: heuristic arena vs lower bound on the public DSA instances, and scaling.

Usage: python benchmarks/layout.py [--quick] [--data DIR] [--exact-time SECONDS]
                                   [--time-limit SECONDS] [--no-exact]

Table 1, one row per CSV under DIR (default ../shared/benchmarks/dsa, relative to the repo):
buffers, lower bound, best heuristic arena (strategy=auto), arena / bound, winning strategy
and seconds. When memir.planning.exact exists, MiniMalloc files (capacity in the file name)
also get an exact column (strategy=exact, capacity from the name). Table 2: heuristic
seconds on sub-samples of the largest instance, to show near-linear growth.
--quick skips the largest instance in table 1, the exact column and the full-size point;
--no-exact only the exact column. Without --time-limit / --exact-time the planners run on
their work budgets alone, so the figures are the same on every machine (seconds aside).
"""

from __future__ import annotations

import argparse
import importlib.util
import random
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

from memir.io.minimalloc import capacity_from_filename, read_csv  # noqa: E402
from memir.planning.layout import LayoutError, assign_layout  # noqa: E402
from memir.planning.problem import Problem  # noqa: E402
from memir.verify.overlap import check_plan  # noqa: E402

LARGE = 10_000


def table(rows: list[list[str]], header: list[str]) -> str:
    widths = [max(len(h), *(len(r[k]) for r in rows)) for k, h in enumerate(header)]
    line = lambda cells: "| " + " | ".join(c.ljust(w) for c, w in zip(cells, widths)) + " |"  # noqa: E731
    return "\n".join([line(header), "|" + "|".join("-" * (w + 2) for w in widths) + "|",
                      *map(line, rows)])


def exact_cell(problem: Problem, capacity: int | None, seconds: float | None) -> str:
    try:
        plan = assign_layout(problem, strategy="exact", time_limit=seconds, capacity=capacity)
    except (LayoutError, ImportError) as e:
        return f"error: {e}"
    ok = "" if not check_plan(problem, plan) or plan.status == "infeasible" else " INVALID"
    return f"{plan.arena} {plan.status} {plan.seconds:.1f}s{ok}"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true")
    parser.add_argument("--data", default=str(REPO.parent / "shared" / "benchmarks" / "dsa"))
    parser.add_argument("--exact-time", type=float, default=None,
                        help="exact's wall-clock cap in seconds (default: none, budgets only)")
    parser.add_argument("--time-limit", type=float, default=None,
                        help="auto's wall-clock cap in seconds (default: none, budgets only)")
    parser.add_argument("--no-exact", action="store_true")
    args = parser.parse_args()
    files = sorted(Path(args.data).rglob("*.csv"))
    if not files:
        print(f"no CSV files under {args.data}", file=sys.stderr)
        return 1
    with_exact = not (args.quick or args.no_exact) and importlib.util.find_spec("memir.planning.exact") is not None

    rows, largest = [], None
    for path in files:
        problem = read_csv(path.read_text(), str(path)).problem
        if largest is None or len(problem) > len(largest[1]):
            largest = (path, problem)
        if args.quick and len(problem) > LARGE:
            continue
        plan = assign_layout(problem, time_limit=args.time_limit)
        valid = "yes" if not check_plan(problem, plan) else "NO"
        row = [path.name, str(len(problem)), str(plan.lower_bound), str(plan.arena),
               f"{plan.arena / plan.lower_bound:.5f}", plan.strategy, f"{plan.seconds:.2f}",
               valid]
        if with_exact:
            capacity = capacity_from_filename(path.name)
            row.append(exact_cell(problem, capacity, args.exact_time)
                       if capacity is not None and path.parent.name == "minimalloc" else "")
        rows.append(row)
        print(f"  {path.name}: {row[4]} in {row[6]} s", file=sys.stderr, flush=True)
    header = ["instance", "buffers", "lower bound", "auto arena", "arena/bound", "strategy",
              "auto s", "valid"]
    if with_exact:
        cap = "budget" if args.exact_time is None else f"{args.exact_time:g}s"
        header.append(f"exact (cap from name, {cap})")
    print(table(rows, header))

    path, problem = largest
    sizes = [1000, 3000, 10000] + ([] if args.quick else [len(problem)])
    scale_rows = []
    rng = random.Random(0)
    for n in sizes:
        if n > len(problem):
            continue
        keep = sorted(rng.sample(range(len(problem)), n))
        sub = Problem([problem.buffers[i] for i in keep])
        cells = [path.name, str(n)]
        for strategy, sort, fit in (("single", "size", "best"), ("many", "size", "first")):
            started = time.perf_counter()
            plan = assign_layout(sub, strategy=strategy, sort=sort, fit=fit)
            seconds = time.perf_counter() - started
            cells += [f"{seconds:.2f}", f"{seconds / n * 1e6:.0f}",
                      f"{plan.arena / plan.lower_bound:.4f}"]
        scale_rows.append(cells)
    print()
    print(table(scale_rows, ["instance", "buffers", "single s", "single us/buf",
                             "single ratio", "many s", "many us/buf", "many ratio"]))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
