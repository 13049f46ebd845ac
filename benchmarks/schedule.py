"""The schedule pass on the model corpus, through memir-opt as users run it.

Usage: python benchmarks/schedule.py [--models resnet50,bert_base] [--batches 1,32]
                                     [--modes infer,train] [--streams 1,2,4]
                                     [--strategy auto] [--time-limit S]

For each corpus graph (benchmarks/torch_corpus.py builds it into cache/models/ when missing;
that needs memir[torch], torchvision and transformers) it runs, in a fresh process,

    memir-opt G -p 'bufferize,schedule{strategy=...},stream-safety,assign-layout,report'

and reads the report: the peak of live bytes in the imported order and after scheduling,
the reduction, the proven lower bound on any order's peak, the seconds spent in schedule,
and the arena that layout reaches after scheduling against the new bound (one stream: the
sequential peak of the new order; several: the heaviest clique). With several streams the
unscheduled program is planned too ("arena before"), since there the arena, not the
sequential peak, is what scheduling must lower. Wall seconds and peak RSS are the whole
memir-opt process (parse, every pass, print) of the scheduled run.
"""

from __future__ import annotations

import argparse
import re
import sys
from itertools import product
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO / "benchmarks"))

from _measure import memir, table  # noqa: E402
from torch_corpus import MODELS, VARIANTS, build, graph_path, models_named  # noqa: E402

MIB = 1 << 20
HEADER = ["graph", "streams", "ops", "peak before MiB", "peak after MiB", "reduction",
          "order bound MiB", "schedule s", "arena before MiB", "arena MiB", "arena reduction",
          "arena/bound", "wall s", "RSS MB"]


def run(path: Path, options: str) -> tuple[dict[str, str], float, float]:
    """memir-opt's report lines, its wall seconds and its peak RSS (MiB)."""
    pipeline = f"bufferize,schedule{{{options}}},stream-safety,assign-layout,report"
    done = memir("memir-opt", str(path), "-p", pipeline, "-o", "/dev/null")
    if done.returncode != 0:
        raise RuntimeError(f"{path.name}: {done.stderr.strip()[-800:]}")
    report = {}
    for line in done.stderr.splitlines():
        if m := re.match(r"report: ([\w /]+?):\s+(.*)$", line):
            report[m.group(1).strip()] = m.group(2)
        elif m := re.match(r"report: pass (\S+):\s*([\d.]+) s", line):
            report[f"pass {m.group(1)}"] = m.group(2)
    return report, done.seconds, done.rss_mb


def row(path: Path, streams: int, options: str) -> list[str]:
    report, wall, rss = run(path, options)
    # With several streams the arena is set by the heaviest clique, not the sequential peak:
    # plan the unscheduled program too, to show what scheduling buys there.
    arena_before = int(run(path, "strategy=keep")[0]["arena"]) if streams > 1 else None
    m = re.match(r"peak (\d+) -> (\d+) \(([-+\d.]+)%\), any order >= (\d+)", report["schedule"])
    before, after, change, bound = int(m[1]), int(m[2]), float(m[3]), int(m[4])
    ops = path.read_text().count("memir.compute")
    arena, layout_bound = int(report["arena"]), int(report["lower bound"])
    return [path.name.removesuffix(".mlir"), str(streams), str(ops), f"{before / MIB:.1f}",
            f"{after / MIB:.1f}", f"{0.0 - change:.1f}%", f"{bound / MIB:.1f}",
            report.get("pass schedule:", report.get("pass schedule", "?")),
            f"{(arena_before if arena_before is not None else before) / MIB:.1f}",
            f"{arena / MIB:.1f}",
            f"{1 - arena / (arena_before if arena_before is not None else before):.1%}", f"{arena / layout_bound:.4f}" if layout_bound else "n/a",
            f"{wall:.1f}", f"{rss:.0f}"]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--models", default=",".join([*MODELS, *VARIANTS]))
    parser.add_argument("--batches", default="1,32")
    parser.add_argument("--modes", default="train,infer")
    parser.add_argument("--streams", default="1")
    parser.add_argument("--strategy", default="auto")
    parser.add_argument("--parallelism", default="keep", choices=("keep", "compute", "events"))
    parser.add_argument("--time-limit", default=None)
    args = parser.parse_args()
    options = f"strategy={args.strategy} parallelism={args.parallelism}" + (f" time-limit={args.time_limit}"
                                               if args.time_limit else "")
    rows, reductions = [], []
    for model, batch, mode, streams in product(
            models_named(args.models, {**MODELS, **VARIANTS}), map(int, args.batches.split(",")),
            args.modes.split(","), map(int, args.streams.split(","))):
        path = graph_path(model, batch, mode, "adam", streams)
        if not path.exists():
            build(model, batch, mode, "adam", streams)
        rows.append(row(path, streams, options))
        print(" | ".join(rows[-1]), file=sys.stderr, flush=True)
        if batch == 1 and mode == "train":
            reductions.append(float(rows[-1][5].rstrip("%")))
    print(table(rows, HEADER))
    if reductions:
        print(f"\nbatch-1 training: average reduction {sum(reductions) / len(reductions):.1f}% "
              f"over {len(reductions)} graphs")
    return 0


if __name__ == "__main__":
    sys.exit(main())
