"""MiniMalloc's challenging instances through ``solve_exact``.

Why: these 11 instances are where sort-then-fit heuristics and a plain CP-SAT model fail,
so they measure the exact layer.  Each is run as MiniMalloc runs it (does everything fit
in the capacity in the file name?), or with ``--minimise`` as an arena minimisation, or with
``--auto`` through ``assign_layout(strategy="auto")`` (is the plan at the lower bound?).
Without ``--time-limit`` the planners run on their work budgets alone (deterministic).

    python benchmarks/minimalloc.py [--time-limit S] [--only A,B] [--data DIR]
                                    [--minimise | --auto]
"""

from __future__ import annotations

import argparse
import re
import sys
import time
from pathlib import Path

from memir.io.minimalloc import read_csv
from memir.planning.bounds import lower_bound
from memir.planning.exact import solve_exact
from memir.planning.layout import assign_layout
from memir.planning.problem import Problem

ROOT = Path(__file__).resolve().parent.parent


def valid(problem: Problem, offsets: list[int], capacity: int | None) -> bool:
    """Independent O(n^2) check of the returned plan."""
    bufs = problem.buffers
    for i, a in enumerate(bufs):
        if capacity is not None and offsets[i] + a.size > capacity:
            return False
        for j in range(i):
            b = bufs[j]
            if a.lower < b.upper and b.lower < a.upper:
                if offsets[i] < offsets[j] + b.size and offsets[j] < offsets[i] + a.size:
                    return False
    return True


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--time-limit", type=float, default=None,
                    help="wall-clock cap in seconds (default: none, budgets only)")
    ap.add_argument("--only", default="", help="comma-separated instance names, e.g. A,B")
    ap.add_argument("--data", type=Path, default=ROOT.parent / "shared" / "benchmarks" / "dsa")
    ap.add_argument("--minimise", action="store_true", help="minimise the arena instead")
    ap.add_argument("--auto", action="store_true", help="strategy=auto: at the bound?")
    ap.add_argument("--workers", type=int, default=2)
    args = ap.parse_args(argv)
    folder = args.data / "minimalloc" if (args.data / "minimalloc").is_dir() else args.data
    files = sorted(p for p in folder.glob("*.csv") if re.fullmatch(r"[A-Z]\.\d+\.csv", p.name))
    only = {s.strip() for s in args.only.split(",") if s.strip()}
    if only:
        files = [p for p in files if p.name.split(".")[0] in only]
    if not files:
        print(f"no instances found in {folder}", file=sys.stderr)
        return 1
    head = f"{'inst':5}{'bufs':>6}{'max-live':>10}{'capacity':>10}  {'status':11}"
    head += f"{'arena':>10}{'bound':>10}{'seconds':>9}  method  ok"
    print(head)
    total_s, fits, n_ok = 0.0, 0, 0
    for path in files:
        name, cap_s, _ = path.name.split(".")
        capacity = int(cap_s)
        problem = read_csv(path.read_text(), str(path)).problem
        bound = lower_bound(problem)[0]
        t = time.monotonic()
        if args.auto:
            plan = assign_layout(problem, time_limit=args.time_limit)
            fits += plan.arena <= bound
        elif args.minimise:
            plan = solve_exact(problem, args.time_limit, None, workers=args.workers)
        else:
            plan = solve_exact(problem, args.time_limit, capacity, workers=args.workers)
        seconds = time.monotonic() - t
        ok = valid(problem, plan.offsets, None) if plan.offsets else False
        fits += not args.auto and ok and plan.arena <= capacity
        n_ok += ok
        total_s += seconds
        print(
            f"{name:5}{len(problem.buffers):>6}{bound:>10}{capacity:>10}  {plan.status:11}"
            f"{plan.arena:>10}{plan.lower_bound:>10}{seconds:>9.2f}  {plan.strategy:7}"
            f" {'yes' if ok else 'NO'}",
            flush=True,
        )
    what = "at the lower bound" if args.auto else "fit the capacity"
    print(f"total: {fits}/{len(files)} {what}, {n_ok} valid plans, {total_s:.2f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
