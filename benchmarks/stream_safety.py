"""Stream safety ([Multi-stream reuse] §3, Table 1): seconds and peak memory per algorithm.

    python benchmarks/stream_safety.py [--quick] [--sizes 1000,5000,20000] [--streams 4,16]

Synthetic training steps shaped like the paper's workloads: a chain of layers whose
forward and backward run on the compute streams (a main stream plus side branches on the
other compute streams, joined by data), saved activations living from forward to backward,
weight gradients gathered into buckets that an all-reduce on a communication stream
(round robin) takes after an event, and optimizer updates that wait for the reduced
buckets. A quarter of the streams compute, the rest communicate.

Each algorithm decides every pair (``analyze(..., decide_pairs=True)``: one bit per pair)
in a forked process of its own, best of --repeat runs (more for small graphs); "MB" is
that process's peak resident set, the graph (column "graph MB", the parent's resident set
at the fork) included. "speedup" is
1-opt's seconds over Algorithm 2's. The last columns work from the summaries alone, as
assign-layout does: seconds to find every unsafe pair as numpy arrays (``conflict_pairs``),
seconds to turn them into the Python sets ``conflicts_from_summaries`` returns (skipped
above --max-conflict-sets tensors: hundreds of millions of set entries), seconds to decide
every row from the summaries with ``SummaryConflicts`` (what assign-layout now uses: no
pair is stored; "rows s" counts every buffer's conflicts), and the number of unsafe
pairs. Algorithm 1 can be skipped above --max-ancestors tensors.
"""

from __future__ import annotations

import argparse
import gc
import multiprocessing
import os
import random
import resource
import time

import numpy as np

from memir.analysis.graph import Graph
from memir.analysis.stream_safety import analyze
from memir.analysis.summary_conflicts import conflict_pairs, conflict_sets
from memir.analysis.summary_conflicts import SummaryConflicts

ALGORITHMS = ("stream-graph", "ancestors-opt", "ancestors")


def training_graph(num_tensors: int, num_streams: int, seed: int = 0,
                   bucket: int = 4) -> Graph:
    """A data-parallel training step with about ``num_tensors`` tensors."""
    rng = random.Random(seed)
    compute = max(1, num_streams // 4)
    comm = list(range(compute, num_streams)) or [0]
    g = Graph()

    def tensor(name: str, planned: bool = True) -> int:
        return g.add_tensor(name, rng.choice((1, 2, 4, 8)) << 16, planned=planned)

    def op(name, ins, outs, stream, workspace=False):
        if workspace:
            ws = tensor(f"{name}.ws")
            outs, ins = [*outs, ws], [*ins, ws]
        return g.add_node(name, name.split(".")[0], ins, outs, stream)

    layers = max(2, num_tensors // 13)
    x = tensor("input", planned=False)
    weights = [tensor(f"w{i}", planned=False) for i in range(layers)]
    saved = []
    for i in range(layers):  # forward
        side = 1 + i % (compute - 1) if compute > 1 else 0
        y = tensor(f"y{i}")
        op(f"matmul.{i}", [x, weights[i]], [y], 0, workspace=True)
        z = tensor(f"z{i}")
        op(f"bias.{i}", [y], [z], 0)
        a = tensor(f"a{i}")
        op(f"act.{i}", [z], [a], 0)
        n = tensor(f"n{i}")
        op(f"norm.{i}", [a], [n], side, workspace=rng.random() < 0.3)
        out = tensor(f"out{i}")
        op(f"add.{i}", [a, n], [out], 0)
        saved.append((x, a))
        x = out
    grad = tensor("loss_grad")
    op("loss", [x], [grad], 0)
    pending, reduced, buckets = [], [], 0
    for i in reversed(range(layers)):  # backward, gradients bucketed for all-reduce
        side = 1 + i % (compute - 1) if compute > 1 else 0
        layer_in, a = saved[i]
        dn = tensor(f"dn{i}")
        op(f"dnorm.{i}", [grad, a], [dn], side)
        dz = tensor(f"dz{i}")
        op(f"dact.{i}", [grad, a, dn], [dz], 0)
        dx, dw = tensor(f"dx{i}"), tensor(f"dw{i}")
        last = op(f"dmatmul.{i}", [dz, layer_in, weights[i]], [dx, dw], 0, workspace=True)
        pending.append(dw)
        grad = dx
        if len(pending) == bucket or i == 0:
            stream = comm[buckets % len(comm)]
            r = tensor(f"reduced{buckets}")
            ar = op(f"allreduce.{buckets}", pending, [r], stream)
            g.deps.append((last, ar))  # record on compute, wait on comm
            reduced.append((ar, r))
            pending, buckets = [], buckets + 1
    for k, (ar, r) in enumerate(reduced):  # optimizer waits for each reduced bucket
        upd = op(f"adam.{k}", [r], [], compute - 1 if compute > 1 else 0)
        g.deps.append((ar, upd))
    return g


def current_mb() -> float:
    with open("/proc/self/statm") as f:
        return int(f.read().split()[1]) * os.sysconf("SC_PAGE_SIZE") / 2**20


def _child(job, pipe) -> None:
    try:
        pipe.send(job())
    except BaseException as error:  # report, do not hang the parent
        pipe.send(error)


def isolated(job):
    """Run ``job`` in a forked process; return (its result, its peak resident set in MB)."""
    context = multiprocessing.get_context("fork")
    receive, send = context.Pipe(duplex=False)

    def wrapped():
        result = job()
        return result, resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024

    child = context.Process(target=_child, args=(wrapped, send))
    child.start()
    answer = receive.recv()
    child.join()
    if isinstance(answer, BaseException):
        raise answer
    return answer


def timed(f):
    t0 = time.perf_counter()
    result = f()
    return result, time.perf_counter() - t0


def decide(graph: Graph, algorithm: str, repeat: int):
    """(best seconds of ``repeat`` runs, fingerprint of the decisions) for one algorithm."""
    best = float("inf")
    for _ in range(repeat):
        result, seconds = timed(lambda: analyze(graph, algorithm))
        best = min(best, seconds)
    return best, result.decisions.fingerprint()


def conflicts(graph: Graph, build_sets: bool):
    """(unsafe pairs, seconds for the pair arrays, seconds for the Python sets or None,
    seconds to decide every row with SummaryConflicts), from the summaries alone."""
    summaries = analyze(graph, decide_pairs=False)
    (a, _), pair_seconds = timed(lambda: conflict_pairs(summaries.starts, summaries.ends))
    count, set_seconds = len(a), None
    del a
    degrees, row_seconds = timed(
        lambda: SummaryConflicts(summaries.starts, summaries.ends).degrees())
    assert int(degrees.sum()) == 2 * count, "rows and pairs disagree"
    if build_sets:
        _, set_seconds = timed(lambda: conflict_sets(summaries.starts, summaries.ends))
    return count, pair_seconds, set_seconds, row_seconds


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--quick", action="store_true", help="1k and 5k tensors only")
    ap.add_argument("--sizes", default="1000,5000,20000")
    ap.add_argument("--streams", default="4,16")
    ap.add_argument("--max-ancestors", type=int, default=50000,
                    help="largest graph (tensors) to run Algorithm 1 on")
    ap.add_argument("--repeat", type=int, default=3, help="runs per algorithm (best is shown)")
    ap.add_argument("--max-conflict-sets", type=int, default=5000,
                    help="largest graph to build conflict sets (Python sets) for")
    args = ap.parse_args()
    sizes = [int(s) for s in args.sizes.split(",")]
    if args.quick:
        sizes = [s for s in sizes if s <= 5000]
    head = (f"{'tensors':>7} {'ops':>6} {'streams':>7} {'graph MB':>8} | {'stream-graph':>15} | "
            f"{'ancestors-opt':>15} | {'ancestors':>15} | {'speedup':>9} | "
            f"{'pairs s':>7} {'sets s':>7} {'rows s':>7} {'unsafe pairs':>12}")
    print(head)
    print(f"{'':>7} {'':>6} {'':>7} {'':>8} | {'s':>6} {'MB':>8} | {'s':>6} {'MB':>8} | "
          f"{'s':>6} {'MB':>8} | {'2 vs 1opt':>9} |")
    print("-" * len(head))
    for streams in (int(s) for s in args.streams.split(",")):
        for size in sizes:
            graph = training_graph(size, streams)
            gc.collect()
            base = current_mb()
            cells, decided = [], {}
            for algorithm in ALGORITHMS:
                if algorithm == "ancestors" and len(graph.tensors) > args.max_ancestors:
                    cells.append(f"{'-':>6} {'-':>8}")
                    continue
                repeat = args.repeat * (1 if size > 5000 else 5)
                (seconds, digest), peak = isolated(lambda: decide(graph, algorithm, repeat))
                decided[algorithm] = (seconds, digest)
                cells.append(f"{seconds:6.3f} {peak:8.0f}")
            assert len({d for _, d in decided.values()}) == 1, "the algorithms disagree"
            speedup = decided["ancestors-opt"][0] / decided["stream-graph"][0]
            build_sets = len(graph.tensors) <= args.max_conflict_sets
            (pairs, pair_seconds, set_seconds, row_seconds), _ = isolated(
                lambda: conflicts(graph, build_sets))
            sets = "-" if set_seconds is None else f"{set_seconds:7.2f}"
            print(f"{len(graph.tensors):7d} {len(graph.nodes):6d} {streams:7d} {base:8.0f} | "
                  + " | ".join(cells)
                  + f" | {speedup:8.1f}x | {pair_seconds:7.2f} {sets:>7} {row_seconds:7.2f} "
                  f"{pairs:12d}",
                  flush=True)
    print("'-' in 'sets s': not built above --max-conflict-sets tensors (Python sets holding "
          "every unsafe pair twice, what assign-layout takes, run to gigabytes)."
          + (f" '-' for ancestors: Algorithm 1 not run above {args.max_ancestors} tensors."
             if any(size > args.max_ancestors for size in sizes) else ""))


if __name__ == "__main__":
    main()
