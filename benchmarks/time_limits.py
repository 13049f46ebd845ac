"""Do ``time-limit`` options hold? Every input of benchmarks/ under small limits.

Why: plans are decided by work budgets; ``time-limit`` is an extra wall-clock cap that, when
given, must hold for the whole pass (portfolio, bounds, pinning, search, checks inside the
pass). This runs each pass that takes a limit, through memir-opt as users run it, on every
input the other benchmarks use (MiniMalloc's instances, the idealloc traces, the
multi-stream training steps of ``stream_traces.py`` where made, the corpus graphs with one
and several streams), at limits of 1 and 5 s, and prints the limit beside
the seconds the pass spent (from ``report``), whether that is within max(1 s, 10%) of the
limit, the plan's arena/bound beside the plain greedy's (size, first fit, no limit: the
floor a limit must keep; ``assign-layout`` with the default strategy only), and the
process's peak RSS. The floor is kept at every limit: the pass runs the plain greedy to its
end first, however short the limit.

    python benchmarks/time_limits.py [--limits 1,5] [--only SUBSTRING] [--quick] [--large]

``--quick`` takes one input of each family; ``--large`` adds the synthetic traces of
``large_traces.py`` (10k-28k buffers: S_1 and its variants, ResNet-50 and G_1 stacked, the
held-out SOMAS variants). Exit status 1 if any pass overran or ended worse than the floor.
"""

from __future__ import annotations

import argparse
import re
import sys
import tempfile
from pathlib import Path

from _measure import DSA, memir, table, to_csv

ROOT = Path(__file__).resolve().parent.parent
CORPUS = ROOT / "cache" / "models"
HEADER = ["input", "pass", "limit s", "spent s", "held", "arena/bound", "plain greedy",
          "floor kept", "end to end s", "RSS MiB"]
PLAIN = "assign-layout{strategy=single sort=size fit=first},report"  # the floor to keep


LAYOUT = ("assign-layout", "assign-layout{{time-limit={L}}},report")


def large_inputs(workdir: Path, quick: bool) -> list[tuple[str, Path, list[tuple[str, str]]]]:
    """The synthetic large traces (``large_traces.problems``), written as CSV to ``workdir``."""
    from large_traces import problems

    found = []
    for name, problem in problems(quick=quick):
        path = workdir / (re.sub(r"[^\w]+", "_", name) + ".csv")
        path.write_text(to_csv(problem))
        found.append((f"large/{name}", path, [LAYOUT]))
    return found


def inputs(quick: bool) -> list[tuple[str, Path, list[tuple[str, str]]]]:
    """(name, IR file or CSV, [(pass name, pipeline with {L} for the limit)])."""
    found = []
    minimalloc = sorted((DSA / "minimalloc").glob("*.csv"))
    for path in minimalloc[:1] if quick else minimalloc:
        capacity = re.search(r"\.(\d+)\.csv$", path.name)
        runs = [("assign-layout", "assign-layout{{time-limit={L}}},report")]
        if capacity:
            exact = f"strategy=exact capacity={capacity[1]} time-limit={{L}}"
            runs.append(("assign-layout exact", "assign-layout{{" + exact + "}},report"))
        found.append((f"minimalloc/{path.stem}", path, runs))
    for family in ("idealloc", "somas"):
        for path in sorted((DSA / family).glob("*.csv")):
            found.append((f"{family}/{path.stem}", path,
                          [("assign-layout", "assign-layout{{time-limit={L}}},report")]))
    streams = sorted((ROOT / "cache" / "stream_traces").glob("*.csv"))  # stream_traces.py
    for path in streams[:1] if quick else streams:
        found.append((f"streams/{path.stem}", path,
                      [("assign-layout", "assign-layout{{time-limit={L}}},report")]))
    graphs = sorted(CORPUS.glob("*.mlir"))
    if quick:
        graphs = [g for g in graphs if ".b1.train" in g.name][:2]
    for path in graphs:
        found.append((path.stem, path, [
            ("schedule", "bufferize,schedule{{time-limit={L}}},report"),
            ("assign-layout", "bufferize,stream-safety,assign-layout{{time-limit={L}}},report"),
        ]))
    return found


def as_ir(path: Path, workdir: Path) -> Path:
    """CSV inputs are imported once; the limit applies to the pass, not the import."""
    if path.suffix != ".csv":
        return path
    out = workdir / f"{path.stem}.mlir"
    if not out.exists():
        done = memir("memir-translate", "--import-minimalloc", str(path), "-o", str(out))
        if done.returncode:
            raise RuntimeError(f"import of {path}: {done.stderr.strip()[-400:]}")
    return out


def ratio(stderr: str) -> float | None:
    found = re.findall(r"report: arena / bound:\s*([\d.]+)", stderr)
    return float(found[-1]) if found else None


def plain_ratio(ir: Path, cache: dict) -> tuple[float | None, float | None]:
    """arena/bound of the plain greedy (size, first fit), no limit: the floor a limit keeps;
    and the seconds its pass takes (a limit shorter than that cannot keep the floor)."""
    if ir not in cache:
        done = memir("memir-opt", str(ir), "-p", PLAIN, "-o", "/dev/null")
        cache[ir] = ratio(done.stderr), pass_seconds(done.stderr, "assign-layout")
    return cache[ir]


def _text(value: float | None) -> str:
    return "-" if value is None else f"{value:.4f}"


def pass_seconds(stderr: str, name: str) -> float | None:
    found = re.findall(rf"report: pass {re.escape(name)}:\s*([\d.]+) s", stderr)
    return float(found[-1]) if found else None


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--limits", default="1,5")
    parser.add_argument("--only", default="", help="comma-separated substrings of trace names")
    parser.add_argument("--quick", action="store_true")
    parser.add_argument("--large", action="store_true",
                        help="also the synthetic large traces of large_traces.py")
    args = parser.parse_args()
    limits = [float(x) for x in args.limits.split(",")]
    rows, overran, below, plain = [], 0, 0, {}
    only = [o for o in args.only.split(",") if o]
    with tempfile.TemporaryDirectory() as tmp:
        found = inputs(args.quick)
        if args.large:
            found += large_inputs(Path(tmp), args.quick)
        for name, path, runs in found:
            if only and not any(o in name for o in only):
                continue
            ir = as_ir(path, Path(tmp))
            for label, template in runs:
                pass_name = label.split()[0]
                for limit in limits:
                    pipeline = template.format(L=f"{limit:g}")
                    done = memir("memir-opt", str(ir), "-p", pipeline, "-o", "/dev/null")
                    spent = pass_seconds(done.stderr, pass_name)
                    if done.returncode and spent is None:
                        held = "error"  # e.g. no plan within the capacity in that time
                        spent_text = "-"
                    else:
                        ok = spent <= limit + max(1.0, 0.1 * limit)
                        held = "yes" if ok else "NO"
                        overran += not ok
                        spent_text = f"{spent:.2f}"
                    got = ratio(done.stderr)
                    floor, _ = plain_ratio(ir, plain) if label == "assign-layout" \
                        else (None, None)
                    kept = "-" if floor is None or got is None else (
                        "yes" if got <= floor else "NO")
                    below += kept == "NO"
                    rows.append([name, label, f"{limit:g}", spent_text, held, _text(got),
                                 _text(floor), kept, f"{done.seconds:.2f}",
                                 f"{done.rss_mb:.0f}"])
                    print(" ".join(rows[-1]), file=sys.stderr, flush=True)
    if not rows:
        print(f"time_limits: no trace name contains any of {args.only!r}", file=sys.stderr)
        return 1
    print(table(rows, HEADER))
    print(f"\n{overran} of {len(rows)} runs overran max(1 s, 10%) of their limit; "
          f"{below} ended worse than the plain greedy (size, first fit)")
    return 1 if overran or below else 0


if __name__ == "__main__":
    sys.exit(main())
