"""A trace family of multi-stream transformer training steps, made with memir's own importer.

Why: the improvement stages were built on public traces (IOPDDL, SOMAS samples). The traces
users bring are SOMAS-style exports of large multi-stream training steps, which no stage
was tuned on. This family is made the same way a user would: a GPT-2, BERT or ViT of many
layers traced for one Adam training step (``memir.io.torch.trace_model``, ``--streams``
2-4, batch 1-32), read by the same bridge as ``memir-opt`` (``bufferize``, then the
stream-safety summaries of ``passes.support.analyses``), and written as a MiniMalloc CSV
whose intervals are safe for the streams
(``memir.analysis.summary_conflicts.safe_intervals``).

The split is fixed here: ``HELD_OUT`` were never run while choosing a constant; the others
(the tuning half) may be. Files go to ``cache/stream_traces/`` (gitignored), made once;
``benchmarks/large_traces.py`` plans them with every other family.

    python benchmarks/stream_traces.py [--only NAME,...]   # make the CSVs, print sizes

Needs memir[torch], transformers and torchvision (patched around as in
``torch_corpus.py``). Making all of them takes some minutes (tracing and bufferizing).
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

import numpy as np

from _measure import REPO, bufferized, to_csv

sys.path.insert(0, str(REPO))
from memir.files import write_atomically  # noqa: E402

CACHE = REPO / "cache" / "stream_traces"
os.environ.setdefault("HF_HUB_OFFLINE", "1")

# name -> (architecture, layers, width, heads, batch, tokens or image side, streams)
TRACES = {
    "gpt2 w768 l48 b1 s4": ("gpt2", 48, 768, 12, 1, 128, 4),
    "bert w768 l96 b8 s2": ("bert", 96, 768, 12, 8, 128, 2),
    "vit w768 l80 b4 s3": ("vit", 80, 768, 12, 4, 224, 3),
    "gpt2 w1024 l160 b2 s2": ("gpt2", 160, 1024, 16, 2, 256, 2),
    "bert w1024 l256 b16 s4": ("bert", 256, 1024, 16, 16, 128, 4),
    "vit w384 l320 b32 s2": ("vit", 320, 384, 6, 32, 224, 2),
    "gpt2 w768 l480 b4 s3": ("gpt2", 480, 768, 12, 4, 128, 3),
    # held out (HELD_OUT): never run while choosing a constant
    "gpt2 w768 l96 b8 s3": ("gpt2", 96, 768, 12, 8, 128, 3),
    "bert w768 l56 b32 s4": ("bert", 56, 768, 12, 32, 128, 4),
    "vit w1024 l96 b2 s4": ("vit", 96, 1024, 16, 2, 224, 4),
    "gpt2 w1280 l320 b1 s2": ("gpt2", 320, 1280, 20, 1, 128, 2),
    "bert w384 l192 b4 s3": ("bert", 192, 384, 6, 4, 256, 3),
    "vit w768 l200 b16 s3": ("vit", 200, 768, 12, 16, 224, 3),
    "bert w1024 l520 b2 s2": ("bert", 520, 1024, 16, 2, 128, 2),
}
HELD_OUT = tuple(list(TRACES)[7:])


def model_factory(arch: str, layers: int, width: int, heads: int, side: int):
    """A factory of the architecture at that depth and width (random weights)."""
    def make():
        from memir.io.torch import allow_torchvision_models

        allow_torchvision_models()  # transformers imports torchvision when it is installed
        if arch == "gpt2":
            from transformers import GPT2Config, GPT2LMHeadModel

            return GPT2LMHeadModel(GPT2Config(n_layer=layers, n_embd=width, n_head=heads,
                                              vocab_size=8192, n_positions=side))
        if arch == "bert":
            from transformers import BertConfig, BertForMaskedLM

            return BertForMaskedLM(BertConfig(num_hidden_layers=layers, hidden_size=width,
                                              num_attention_heads=heads,
                                              intermediate_size=4 * width, vocab_size=8192,
                                              max_position_embeddings=side))
        from torchvision.models import VisionTransformer

        return VisionTransformer(image_size=side, patch_size=16, num_layers=layers,
                                 num_heads=heads, hidden_dim=width, mlp_dim=4 * width)
    return make


def problem_of(ir_text: str, name: str):
    """The layout problem memir-opt's bridge reads after ``bufferize``, its conflicts
    replaced by the safe intervals (checked to cover every conflicting pair)."""
    from memir.passes.support import analyses

    from memir.analysis.summary_conflicts import conflict_pairs, safe_intervals
    from memir.model.layout import Buffer, Problem

    ctx, module = bufferized(ir_text, name)
    data = analyses.program(ctx, module).data
    conflicts = analyses.conflicts(ctx, module)
    streams = np.array([node.stream for node in data.graph.nodes], dtype=np.int64)
    lower, upper = safe_intervals(conflicts.start, conflicts.end, streams)
    a, b = conflict_pairs(conflicts.start, conflicts.end)
    missed = (upper[a] <= lower[b]) | (upper[b] <= lower[a])
    if missed.any():
        raise AssertionError(f"{name}: {int(missed.sum())} conflicting pairs not covered")
    return Problem([Buffer(max(1, buf.size), int(lo), int(up), buf.align)
                    for buf, lo, up in zip(data.buffers, lower, upper)])


def cached(name: str) -> Path:
    """Where the trace's CSV is made."""
    return CACHE / (name.replace(" ", "_") + ".csv")


def make(name: str) -> Path:
    """The trace's CSV, made (and cached) if missing."""
    from memir.io.graph_ir import graph_to_ir
    from memir.io.torch import trace_model

    path = cached(name)
    if path.exists():
        return path
    arch, layers, width, heads, batch, side, streams = TRACES[name]
    shape = (3, side, side) if arch == "vit" else (side,)
    imported = trace_model(model_factory(arch, layers, width, heads, side), batch=batch,
                           mode="train", input_shape=shape, streams=streams)
    ir = graph_to_ir(imported.graph, imported.outputs, mutated=imported.mutated)
    problem = problem_of(ir, name)
    path.parent.mkdir(parents=True, exist_ok=True)
    write_atomically(str(path), lambda tmp: Path(tmp).write_text(to_csv(problem)))
    return path


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--only", default="", help="comma-separated substrings of names")
    args = parser.parse_args()
    only = [o for o in args.only.split(",") if o]
    for name in TRACES:
        if only and not any(o in name for o in only):
            continue
        started = time.perf_counter()
        path = make(name)
        rows = path.read_text().count("\n") - 1
        half = "held out" if name in HELD_OUT else "tuning"
        print(f"{name:<26} {half:<9} {rows:>7} buffers  {time.perf_counter() - started:7.1f} s"
              f"  {path.relative_to(REPO)}", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
