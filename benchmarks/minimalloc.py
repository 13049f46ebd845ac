"""MiniMalloc's challenging instances: memir's exact layout side by side with MiniMalloc.

Why: these 11 instances are where sort-then-fit heuristics and a plain CP-SAT model fail,
and MiniMalloc's own C++ solver is the reference for deciding them.  The benchmark builds
MiniMalloc (``shared/peers/minimalloc/build.sh``, cached in ``--build``), then for each
sweep runs, instance by instance and interleaved so both see the same machine load:

* MiniMalloc: ``minimalloc --capacity=C --input=X.csv --output=...``;
* memir as users run it: ``memir-opt -p 'assign-layout{strategy=exact capacity=C
  time-limit=T}' X.mlir`` in a child process (start-up included; the CSV is translated to
  IR once beforehand with ``memir-translate --import-minimalloc``, not timed).

Every plan, memir's and MiniMalloc's, is checked here, independently of both planners,
against the CSV rows: every buffer placed, inside the capacity, and no two buffers that
are live together overlapping in memory.  The table gives seconds and peak RSS of each
child, memir/MiniMalloc ratios, and per sweep the summed times over the instances both
solved.  ``--library`` instead times ``solve_exact`` in this process (no start-up).

``--baseline PYTHON`` also runs another checkout's memir-opt (that interpreter's
``-m memir.tools.memir_opt``, e.g. main's ``.venv/bin/python``) right after this one's on
each instance, for a before/after comparison under the same load.

    python benchmarks/minimalloc.py [--sweeps 3] [--time-limit 60] [--only A,B]
                                    [--data DIR] [--build DIR] [--library]
                                    [--baseline PYTHON]
"""

from __future__ import annotations

import argparse
import re
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from _measure import DSA, SHARED, memir, other_checkout, run, self_rss_mb

PEER = SHARED / "peers" / "minimalloc"
OFFSET = re.compile(r'memir\.alloc \d+ live \[\d+, \d+\) offset (\d+) id "([^"]*)"')
STATUS = re.compile(r'status "(\w+)"')


def read_rows(path: Path) -> list[tuple[str, int, int, int]]:
    """(id, lower, upper, size) per CSV row; our own reader, not memir's."""
    lines = path.read_text().split("\n")
    head = [c.strip() for c in lines[0].split(",")]
    at = {c: head.index(c) for c in ("id", "lower", "upper", "size")}
    rows = []
    for line in lines[1:]:
        if line.strip():
            cells = [c.strip() for c in line.split(",")]
            rows.append((cells[at["id"]], int(cells[at["lower"]]), int(cells[at["upper"]]),
                         int(cells[at["size"]])))
    return rows


def check(rows: list[tuple[str, int, int, int]], offsets: dict[str, int], capacity: int) -> str:
    """'' when the plan is valid, else what is wrong (missing, over capacity, overlap)."""
    for name, _, _, size in rows:
        if name not in offsets:
            return f"{name} unplaced"
        if offsets[name] < 0 or offsets[name] + size > capacity:
            return f"{name} outside [0, {capacity})"
    for i, (a, la, ua, sa) in enumerate(rows):
        oa = offsets[a]
        for b, lb, ub, sb in rows[:i]:
            ob = offsets[b]
            if la < ub and lb < ua and oa < ob + sb and ob < oa + sa:
                return f"{a} overlaps {b}"
    return ""


def minimalloc_offsets(out_csv: Path) -> dict[str, int]:
    lines = out_csv.read_text().split("\n")
    head = [c.strip() for c in lines[0].split(",")]
    i, o = head.index("id"), head.index("offset")
    return {c[i]: int(c[o]) for c in (ln.split(",") for ln in lines[1:] if ln.strip())}


def build_minimalloc(build: Path) -> Path:
    binary = build / "minimalloc"
    if not binary.exists():
        print(f"building MiniMalloc into {build} ...", file=sys.stderr, flush=True)
        subprocess.run(["bash", str(PEER / "build.sh"), str(build)], check=True,
                       stdout=subprocess.DEVNULL)
    return binary


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--sweeps", type=int, default=3)
    ap.add_argument("--time-limit", type=float, default=60.0,
                    help="memir's time-limit option, seconds (0: none, budgets only)")
    ap.add_argument("--only", default="", help="comma-separated instance names, e.g. A,B")
    ap.add_argument("--data", type=Path, default=DSA)
    ap.add_argument("--build", type=Path, default=Path(tempfile.gettempdir()) / "minimalloc-build")
    ap.add_argument("--library", action="store_true",
                    help="time memir's solve_exact in this process instead of memir-opt")
    ap.add_argument("--baseline", default="",
                    help="python of another checkout whose memir-opt runs as a 'before' column")
    args = ap.parse_args(argv)
    folder = args.data / "minimalloc" if (args.data / "minimalloc").is_dir() else args.data
    files = sorted(p for p in folder.glob("*.csv") if re.fullmatch(r"[A-Z]\.\d+\.csv", p.name))
    only = {s.strip() for s in args.only.split(",") if s.strip()}
    if only:
        files = [p for p in files if p.name.split(".")[0] in only]
    if not files:
        print(f"no instances found in {folder}", file=sys.stderr)
        return 1
    binary = build_minimalloc(args.build)
    work = Path(tempfile.mkdtemp(prefix="memir-minimalloc-"))
    irs = {}
    for path in files:
        ir = work / (path.stem + ".mlir")
        m = memir("memir-translate", "--import-minimalloc", str(path), "-o", str(ir))
        if m.returncode:
            print(m.stderr, file=sys.stderr)
            return 1
        irs[path] = ir
    how = "library solve_exact" if args.library else "memir-opt"
    print(f"MiniMalloc {binary} vs memir ({how}), {args.sweeps} sweeps, interleaved")
    head = (f"{'sweep':>5} {'inst':4}{'bufs':>6}{'MiniMalloc s':>13}{'memir s':>9}{'ratio':>7}"
            f"  {'fit':4}{'status':10}{'MM MiB':>7}{'memir MiB':>10}")
    if args.baseline:
        head += f"{'before s':>9}{'ratio':>7}{'fit':>4}"
    print(head)
    all_fit = True
    limit = f" time-limit={args.time_limit:g}" if args.time_limit > 0 else ""
    for sweep in range(1, args.sweeps + 1):
        sum_mm = sum_me = sum_base = 0.0
        both = 0
        for path in files:
            name, cap_s, _ = path.name.split(".")
            capacity = int(cap_s)
            rows = read_rows(path)
            out_csv = work / f"{name}.out.csv"
            mm = run([str(binary), f"--capacity={capacity}", f"--input={path}",
                      f"--output={out_csv}"])
            mm_ok = mm.returncode == 0 and out_csv.exists() and not check(
                rows, minimalloc_offsets(out_csv), capacity)
            out_csv.unlink(missing_ok=True)
            if args.library:
                me_s, me_rss, offsets, status = _library(path, capacity, args.time_limit)
            else:
                pipe = f"assign-layout{{strategy=exact capacity={capacity}{limit}}}"
                me = memir("memir-opt", "-p", pipe, str(irs[path]))
                me_s, me_rss = me.seconds, me.rss_mb
                offsets = {k: int(o) for o, k in OFFSET.findall(me.stdout)}
                st = STATUS.search(me.stdout)
                status = st.group(1) if st else f"exit {me.returncode}"
            base = ""
            if args.baseline:
                pipe = f"assign-layout{{strategy=exact capacity={capacity}{limit}}}"
                b = other_checkout(args.baseline)("memir-opt", "-p", pipe, str(irs[path]))
                b_fit = not check(rows, {k: int(o) for o, k in OFFSET.findall(b.stdout)},
                                  capacity)
                sum_base += b.seconds
                base = f"{b.seconds:>9.2f}{b.seconds / mm.seconds:>7.2f}{'yes' if b_fit else 'NO':>4}"
            problem = check(rows, offsets, capacity)
            fit = not problem
            all_fit &= fit
            if fit and mm_ok:
                sum_mm += mm.seconds
                sum_me += me_s
                both += 1
            print(f"{sweep:>5} {name:4}{len(rows):>6}{mm.seconds:>13.2f}{me_s:>9.2f}"
                  f"{me_s / mm.seconds:>7.2f}  {'yes' if fit else 'NO':4}{status:10}"
                  f"{mm.rss_mb:>7.1f}{me_rss:>10.1f}{base}"
                  + ("" if mm_ok else "  (MiniMalloc failed)") + (f"  ({problem})" if problem else ""),
                  flush=True)
        ratio = sum_me / sum_mm if sum_mm else float("nan")
        print(f"sweep {sweep}: both fit {both}/{len(files)}; summed MiniMalloc {sum_mm:.2f} s, "
              f"memir {sum_me:.2f} s, ratio {ratio:.2f}"
              + (f"; before (all instances) {sum_base:.2f} s, ratio {sum_base / sum_mm:.2f}"
                 if args.baseline and sum_mm else ""), flush=True)
    print("every memir plan fit" if all_fit else "SOME memir plans did not fit")
    return 0 if all_fit else 2


def _library(path: Path, capacity: int, time_limit: float) -> tuple[float, float, dict, str]:
    from memir.io.minimalloc import read_csv
    from memir.planning.layout.exact.solver import solve_exact

    parsed = read_csv(path.read_text(), str(path))
    problem = parsed.problem
    t = time.perf_counter()
    plan = solve_exact(problem, time_limit or None, capacity)
    seconds = time.perf_counter() - t
    names = [r[0] for r in read_rows(path)]
    offsets = dict(zip(names, plan.offsets)) if plan.offsets else {}
    return seconds, self_rss_mb(), offsets, str(plan.status)


if __name__ == "__main__":
    sys.exit(main())
