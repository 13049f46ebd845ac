"""Write memir IR for the model corpus into cache/models/ (needs memir[torch], torchvision,
transformers; nothing is downloaded: random weights, default configs).

Usage: python benchmarks/torch_corpus.py [--models resnet50,bert] [--batches 1,32]
                                         [--modes infer,train] [--streams 1] [--force]

Why a cache: tracing the corpus takes about a minute and the benchmarks plan the same
graphs many times. One file per (model, batch, mode, streams), e.g.
``cache/models/resnet50.b32.train-adam.s1.mlir``; existing files are kept unless --force.
Prints the seconds each import took.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))
CACHE = REPO / "cache" / "models"
os.environ.setdefault("HF_HUB_OFFLINE", "1")


def torchvision_model(name: str):
    """A factory of torchvision's ``name`` with random weights (nothing is downloaded)."""
    def factory():
        from memir.io.torch import allow_torchvision_models

        allow_torchvision_models()
        import torchvision.models as models

        return getattr(models, name)(weights=None)

    return factory


def bert_base():
    from memir.io.torch import allow_torchvision_models

    allow_torchvision_models()  # transformers imports torchvision when it is installed
    from transformers import BertConfig, BertForMaskedLM

    return BertForMaskedLM(BertConfig())


def gpt2_small():
    from memir.io.torch import allow_torchvision_models

    allow_torchvision_models()  # transformers imports torchvision when it is installed
    from transformers import GPT2Config, GPT2LMHeadModel

    return GPT2LMHeadModel(GPT2Config())


# name -> (factory, input shape without batch)
MODELS = {
    "resnet50": (torchvision_model("resnet50"), "3x224x224"),
    "mobilenet_v2": (torchvision_model("mobilenet_v2"), "3x224x224"),
    "efficientnet_b0": (torchvision_model("efficientnet_b0"), "3x224x224"),
    "vit_b_16": (torchvision_model("vit_b_16"), "3x224x224"),
    "bert_base": (bert_base, "128"),
    "gpt2_small": (gpt2_small, "256"),
}


# Other inputs of the same models, for benchmarks that quote figures measured on them
# (not part of the 24-graph corpus): GPT-2 at 128 tokens, as the schedule targets are.
VARIANTS = {
    "gpt2_small_t128": (gpt2_small, "128"),
}


def graph_path(model: str, batch: int, mode: str, optimizer: str, streams: int) -> Path:
    kind = f"train-{optimizer}" if mode == "train" else "infer"
    return CACHE / f"{model}.b{batch}.{kind}.s{streams}.mlir"


def build(model: str, batch: int, mode: str, optimizer: str = "adam", streams: int = 1,
          force: bool = False) -> tuple[Path, float | None]:
    """Write one corpus graph; (path, import seconds) or (path, None) if it was cached."""
    from memir.files import write_atomically
    from memir.io.graph_ir import graph_to_ir
    from memir.io.torch import parse_shape, trace_model

    path = graph_path(model, batch, mode, optimizer, streams)
    if path.exists() and not force:
        return path, None
    factory, shape = {**MODELS, **VARIANTS}[model]
    imported = trace_model(factory, batch=batch, mode=mode, optimizer=optimizer,
                           input_shape=parse_shape(shape), streams=streams)
    path.parent.mkdir(parents=True, exist_ok=True)
    text = graph_to_ir(imported.graph, imported.outputs, mutated=imported.mutated)
    write_atomically(str(path), lambda tmp: Path(tmp).write_text(text))
    return path, imported.seconds


def models_named(names: str, known: dict) -> list[str]:
    """The comma-separated ``names``; an unknown one ends the benchmark, naming the known."""
    chosen = names.split(",")
    unknown = set(chosen) - set(known)
    if unknown:
        raise SystemExit(f"unknown models: {', '.join(sorted(unknown))}; known: "
                         f"{', '.join(known)}")
    return chosen


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--models", default=",".join(MODELS))
    parser.add_argument("--batches", default="1,32")
    parser.add_argument("--modes", default="infer,train")
    parser.add_argument("--optimizer", default="adam", choices=("adam", "sgd"))
    parser.add_argument("--streams", default="1")
    parser.add_argument("--force", action="store_true")
    args = parser.parse_args()
    for model in models_named(args.models, {**MODELS, **VARIANTS}):
        for batch in map(int, args.batches.split(",")):
            for mode in args.modes.split(","):
                for streams in map(int, args.streams.split(",")):
                    start = time.perf_counter()
                    path, seconds = build(model, batch, mode, args.optimizer, streams,
                                          args.force)
                    note = "cached" if seconds is None else f"{seconds:6.1f} s"
                    size = path.stat().st_size / 1e6
                    print(f"{path.name:<44} {note:>8}  {size:6.1f} MB  "
                          f"(wall {time.perf_counter() - start:.1f} s)", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
