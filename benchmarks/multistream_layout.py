"""Multi-stream layout end to end: seconds, peak RSS, arena / bound.

    python benchmarks/multistream_layout.py [--quick] [--graphs synthetic,gpt2]
                                            [--time-limit S]

Runs ``memir-opt -p bufferize,stream-safety,assign-layout,verify-layout`` in a child
process (``benchmarks/_measure.py``: wall seconds and the child's own peak RSS) on

* the synthetic training steps of ``benchmarks/stream_safety.py`` (``training_graph``:
  20k tensors on 4 and 16 streams; --quick: 5k), written as graph IR;
* a deep GPT-2 training step (``GPT2Config(n_layer=200, n_embd=256, n_head=8,
  vocab_size=1000)``, 128 tokens, batch 1, Adam) imported with ``--streams 4`` and 16
  (--quick: 48 layers). Needs torch and transformers
  (a broken torchvision is patched around as in ``torch_corpus.py``).

Inputs are generated once into ``cache/multistream/`` (gitignored). The table prints the
planned buffers, the unsafe pairs are never listed, the arena, the lower bound and their
ratio as ``memir.plan`` records them. ``--time-limit`` adds ``time-limit=S`` to
assign-layout and prints the seconds the pass itself reported (the limit must hold).
"""

from __future__ import annotations

import argparse
import os
import re
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))
sys.path.insert(0, str(REPO / "benchmarks"))
CACHE = REPO / "cache" / "multistream"
os.environ.setdefault("HF_HUB_OFFLINE", "1")

from _measure import memir  # noqa: E402

PIPELINE = "bufferize,stream-safety,assign-layout{opts},verify-layout"
PLAN = re.compile(r'#memir\.plan<arena (\d+), bound (\d+), strategy "([^"]*)", '
                  r'status "(\w+)", seconds ([0-9.e+-]+)>')


def synthetic(tensors: int, streams: int) -> Path:
    from stream_safety import training_graph

    from memir.io.graph_ir import graph_to_ir

    path = CACHE / f"training.t{tensors}.s{streams}.mlir"
    if not path.exists():
        path.parent.mkdir(parents=True, exist_ok=True)
        graph = training_graph(tensors, streams)
        for node in graph.nodes:  # a workspace is read by its producer: in IR, written only
            node.inputs = [t for t in node.inputs if t not in node.outputs]
        path.write_text(graph_to_ir(graph))
    return path


def deep_gpt2(layers: int):
    from memir.io.torch import allow_torchvision_models

    allow_torchvision_models()  # transformers imports torchvision when it is installed
    from transformers import GPT2Config, GPT2LMHeadModel

    return GPT2LMHeadModel(GPT2Config(n_layer=layers, n_embd=256, n_head=8, vocab_size=1000))


def gpt2(layers: int, streams: int) -> Path:
    from memir.io.graph_ir import graph_to_ir
    from memir.io.torch import trace_model

    path = CACHE / f"gpt2_l{layers}.t128.train-adam.s{streams}.mlir"
    if not path.exists():
        path.parent.mkdir(parents=True, exist_ok=True)
        imported = trace_model(lambda: deep_gpt2(layers), batch=1, mode="train",
                               input_shape=(128,), streams=streams)
        path.write_text(graph_to_ir(imported.graph, imported.outputs,
                                    mutated=imported.mutated))
    return path


def measure(path: Path, time_limit: float | None) -> str:
    opts = f"{{time-limit={time_limit:g}}}" if time_limit else ""
    m = memir("memir-opt", str(path), "-p", PIPELINE.format(opts=opts))
    if m.returncode != 0:
        return f"{m.seconds:7.1f} {m.rss_mb:7.0f}  FAILED: {m.stderr.strip()[:120]}"
    found = PLAN.search(m.stdout)
    buffers = m.stdout.count("memir.alloc")
    if found is None:
        return f"{m.seconds:7.1f} {m.rss_mb:7.0f}  (no plan attribute)"
    arena, bound, strategy, status, seconds = found.groups()
    ratio = int(arena) / int(bound) if int(bound) else float("nan")
    return (f"{buffers:7d} {m.seconds:7.1f} {m.rss_mb:7.0f} {float(seconds):8.1f} "
            f"{int(arena):>13} {int(bound):>13} {ratio:7.4f}  {strategy} ({status})")


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--quick", action="store_true", help="5k tensors, 48 GPT-2 layers")
    ap.add_argument("--graphs", default="synthetic,gpt2")
    ap.add_argument("--streams", default="4,16")
    ap.add_argument("--tensors", type=int, default=20000)
    ap.add_argument("--layers", type=int, default=200)
    ap.add_argument("--time-limit", type=float, default=None)
    ap.add_argument("--generate-only", action="store_true")
    args = ap.parse_args()
    tensors, layers = (5000, 48) if args.quick else (args.tensors, args.layers)
    jobs = []
    for kind in args.graphs.split(","):
        for streams in map(int, args.streams.split(",")):
            if kind == "synthetic":
                jobs.append((f"training {tensors} tensors", streams,
                             lambda s=streams: synthetic(tensors, s)))
            elif kind == "gpt2":
                jobs.append((f"gpt2 {layers} layers", streams, lambda s=streams: gpt2(layers, s)))
            else:
                print(f"unknown graph kind {kind!r}: synthetic or gpt2", file=sys.stderr)
                return 1
    head = (f"{'graph':<24} {'streams':>7} {'buffers':>7} {'s':>7} {'RSS MB':>7} "
            f"{'layout s':>8} {'arena':>13} {'bound':>13} {'ratio':>7}  strategy")
    if not args.generate_only:
        print(head)
        print("-" * len(head))
    for name, streams, make in jobs:
        path = make()
        if args.generate_only:
            print(path, flush=True)
            continue
        print(f"{name:<24} {streams:7d} {measure(path, args.time_limit)}", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
