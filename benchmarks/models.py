"""Plan real models: arena vs lower bound and seconds per pass, for 1, 2 and 4 streams.

Usage: python benchmarks/models.py [--models resnet50,bert_base] [--batches 1,32]
                                   [--modes infer,train] [--streams 1,2,4] [--quick]

For each corpus graph (benchmarks/torch_corpus.py; built into cache/models/ when missing,
which needs memir[torch], torchvision and transformers) it runs bufferize -> stream-safety ->
assign-layout -> verify-layout in process and prints one row for strategy=auto and one for
the best single heuristic (every single/many x sort x fit tried alone; the winner rerun as a
pass): buffers, lower bound, arena, arena / bound and seconds per pass. With more streams
the imported graph runs independent branches, weight gradients and optimizer updates in
parallel, so buffers that were disjoint in time may now overlap: the rows show what that
parallelism costs in memory. --quick: batch 1, one stream.
"""

from __future__ import annotations

import argparse
import importlib.util
import sys
import time
from itertools import product
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))
sys.path.insert(0, str(REPO / "benchmarks"))

from _measure import table  # noqa: E402
from torch_corpus import MODELS, build, graph_path, models_named  # noqa: E402

from memir.passes import AssignLayout, Bufferize, StreamSafety, VerifyLayout  # noqa: E402
from memir.passes.support import analyses  # noqa: E402
from memir.passes.support.bridge import layout_problem  # noqa: E402
from memir.planning.layout.heuristics import ALGORITHMS, FITS, SORTS  # noqa: E402
from memir.planning.layout.portfolio import assign_layout  # noqa: E402
from memir.tools.driver import parse_chunk, verify  # noqa: E402
from memir.tools.registry import make_context  # noqa: E402

MIB = 1 << 20
HEADER = ["graph", "streams", "planner", "buffers", "bound MiB", "arena MiB", "arena/bound",
          "parse s", "bufferize s", "stream-safety s", "assign-layout s", "verify-layout s"]


def timed(pass_, ctx, module) -> float:
    start = time.perf_counter()
    pass_.apply(ctx, module)
    return time.perf_counter() - start


def best_single_heuristic(module) -> str:
    """The single heuristic (algorithm/sort/fit) with the smallest arena on this problem."""
    ctx = make_context()
    problem = layout_problem(analyses.program(ctx, module).data, analyses.conflicts(ctx, module))
    results = []
    for algorithm, sort, fit in product(ALGORITHMS, SORTS, FITS):
        plan = assign_layout(problem, strategy=algorithm, sort=sort, fit=fit)
        results.append((plan.arena, plan.seconds, f"{algorithm}/{sort}/{fit}"))
    return min(results)[2]


def plan_graph(path: Path, streams: int) -> list[list[str]]:
    ctx = make_context()
    start = time.perf_counter()
    chunk = parse_chunk(ctx, path.read_text(), str(path))
    verify(chunk)
    parse_s = time.perf_counter() - start
    module = chunk.module
    bufferize_s = timed(Bufferize(), ctx, module)
    analyses.manager(ctx).invalidate()  # the program changed (memir-opt does this itself)
    safety_s = timed(StreamSafety(), ctx, module)
    single = best_single_heuristic(module)
    algorithm, sort, fit = single.split("/")
    rows = []
    for planner, pass_ in (("auto", AssignLayout()),
                           (single, AssignLayout(strategy=algorithm, sort=sort, fit=fit))):
        planned = module.clone()
        assign_s = timed(pass_, ctx, planned)
        verify_s = timed(VerifyLayout(), ctx, planned)
        result = planned.attributes["memir.plan"]
        arena, bound = result.arena.data, result.bound.data
        if planner == "auto":
            planner = f"auto: {result.strategy.data}"
        buffers = len(analyses.program(ctx, planned).data.buffers)
        rows.append([path.name.split(".s")[0], str(streams), planner, str(buffers),
                     f"{bound / MIB:.1f}", f"{arena / MIB:.1f}",
                     f"{arena / bound:.4f}" if bound else "n/a", f"{parse_s:.2f}",
                     f"{bufferize_s:.2f}", f"{safety_s:.2f}", f"{assign_s:.2f}",
                     f"{verify_s:.2f}"])
    return rows


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--models", default=",".join(MODELS))
    parser.add_argument("--batches", default="1,32")
    parser.add_argument("--modes", default="infer,train")
    parser.add_argument("--streams", default="1,2,4")
    parser.add_argument("--quick", action="store_true", help="batch 1, one stream")
    args = parser.parse_args()
    if args.quick:
        args.batches, args.streams = "1", "1"
    has_torch = importlib.util.find_spec("torch") is not None
    rows = []
    for model, batch, mode, streams in product(
            models_named(args.models, MODELS), map(int, args.batches.split(",")),
            args.modes.split(","), map(int, args.streams.split(","))):
        if model not in MODELS:
            print(f"unknown model {model}; known: {', '.join(MODELS)}", file=sys.stderr)
            return 1
        path = graph_path(model, batch, mode, "adam", streams)
        if not path.exists():
            if not has_torch:
                print(f"skip {path.name}: not cached and torch is not installed",
                      file=sys.stderr)
                continue
            _, seconds = build(model, batch, mode, "adam", streams)
            print(f"imported {path.name} in {seconds:.1f} s", file=sys.stderr, flush=True)
        rows += plan_graph(path, streams)
        print("\n".join(table(rows[-2:], HEADER).splitlines()[-2:]), file=sys.stderr, flush=True)
    if rows:
        print(table(rows, HEADER))
    return 0


if __name__ == "__main__":
    sys.exit(main())
