"""rematerialize on the corpus' training graphs, beside PyTorch's min-cut partitioner.

Usage: python benchmarks/remat.py [--models resnet50,bert_base] [--batches 1,32]
                                  [--fractions 0.9,0.7,0.5] [--no-torch] [--exact]

For each training graph (benchmarks/torch_corpus.py builds it into cache/models/ when
missing; it needs memir[torch], torchvision and transformers) it first asks memir for the
smallest peak it reaches (``rematerialize{capacity=1}`` fails naming it, and the peak of the
scheduled program), then runs, in a fresh process, as users do,

    memir-opt G -p 'bufferize,schedule,rematerialize{capacity=C},stream-safety,
                    assign-layout,verify-layout,report'

at C = 90%, 70%, 50% of the scheduled peak and at that smallest peak, and reads the report:
the peak after, the arena layout reaches, the added FLOPs in % of the step's FLOPs, the added
roofline time in % of the step's, and the wall seconds of the whole process.

Beside it, PyTorch's own answer on the same model and batch: AOTAutograd's
``min_cut_rematerialization_partition`` with ``torch._functorch.config.
activation_memory_budget`` at the same fractions (and 0, its smallest), traced with a
backend that compiles nothing. Its figures: the bytes of activations saved for the backward
(saved tensors that are not inputs or parameters) and the FLOPs it recomputes (the backward
graph's FLOPs, counted by ``torch.utils.flop_counter`` on meta tensors, minus those of the
backward graph ``default_partition`` gives, which saves everything and recomputes nothing),
in % of that step's forward + backward FLOPs. Its budget is a fraction of saved activation
memory, memir's capacity a fraction of the whole step's peak (weights, gradients, optimizer
state included): the rows put the same fraction side by side, not the same byte count.

``--exact`` also runs ``strategy=exact`` (CP-SAT) at each capacity and prints its proven
bound; on these graphs the model has millions of variables, so auto never builds it.
"""

from __future__ import annotations

import argparse
import re
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO / "benchmarks"))

from _measure import memir  # noqa: E402
from torch_corpus import MODELS, build  # noqa: E402

MIB = 1 << 20
PIPELINE = ("bufferize,schedule,rematerialize{{capacity={c}{extra}}},stream-safety,"
            "assign-layout,verify-layout,report")
HEADER = ["graph", "target", "capacity MiB", "peak MiB", "arena MiB", "+FLOPs %",
          "+time %", "s", "| torch budget", "saved act MiB", "recomp FLOPs %", "torch s"]


def floor_and_peak(graph: Path) -> tuple[int, int, float]:
    """(scheduled peak, smallest peak memir reaches, seconds) from the capacity=1 error."""
    measured = memir("memir-opt", str(graph), "-p",
                     "bufferize,schedule,rematerialize{capacity=1}")
    found = re.search(r"smallest peak reached is (\d+) bytes \(peak without it (\d+)\)",
                      measured.stderr)
    if found is None:
        raise RuntimeError(f"{graph.name}: no floor in\n{measured.stderr[-2000:]}")
    return int(found.group(2)), int(found.group(1)), measured.seconds


def memir_row(graph: Path, capacity: int, extra: str = "") -> dict:
    measured = memir("memir-opt", str(graph), "-p",
                     PIPELINE.format(c=capacity, extra=extra), "-o", "/dev/null")
    err = measured.stderr
    if measured.returncode != 0:
        first = err.strip().splitlines()[0] if err.strip() else "failed"
        found = re.search(r"smallest peak reached is (\d+)", first)
        short = f"unreachable (floor {int(found.group(1)) / MIB:.1f})" if found else first[:160]
        return {"error": short, "s": measured.seconds}
    peak = re.search(r"remat:\s+peak (\d+) -> (\d+)", err)
    added = re.search(r"remat added:\s+\d+ FLOPs \(([\d.]+)% of the step\).*?ns roofline "
                      r"\(([\d.]+)%; proven >= (\d+) ns\)", err)
    arena = re.search(r"arena:\s+(\d+)", err)
    return {"peak": int(peak.group(2)) if peak else None,
            "flops": float(added.group(1)) if added else 0.0,
            "time": float(added.group(2)) if added else 0.0,
            "bound_ns": int(added.group(3)) if added else 0,
            "arena": int(arena.group(1)) if arena else None,
            "s": measured.seconds, "err": err}


# ----------------------------------------------------------------------------- PyTorch

def _graph_flops(gm) -> int:
    import torch
    from torch.utils.flop_counter import FlopCounterMode

    args = []
    for node in gm.graph.nodes:
        if node.op == "placeholder":
            v = node.meta.get("val")
            args.append(torch.empty_strided(v.shape, v.stride(), dtype=v.dtype, device="meta")
                        if isinstance(v, torch.Tensor) else v)
    with FlopCounterMode(display=False) as counter:
        gm(*args)
    return counter.get_total_flops()


def _saved_activation_bytes(fw, bw) -> int:
    """Bytes of the forward graph's outputs the backward reads that are computed (not the
    inputs or parameters passed through, nor views of them)."""
    import torch

    saved = [n for n in bw.graph.nodes
             if n.op == "placeholder" and not n.name.startswith("tangents")]
    outputs = list(next(n for n in fw.graph.nodes if n.op == "output").args[0])
    def of_input(node) -> bool:  # an input, or a view of one (a transposed weight)
        while getattr(node, "op", "") == "call_function" and getattr(
                node.target, "is_view", False) and node.args:
            node = node.args[0]
        return getattr(node, "op", "") == "placeholder"

    total = 0
    for node in outputs[len(outputs) - len(saved):]:
        v = getattr(node, "meta", {}).get("val")
        if not of_input(node) and isinstance(v, torch.Tensor):
            total += v.numel() * v.element_size()
    return total


def torch_partition(model: str, batch: int, budget: float | None) -> tuple[int, int, int]:
    """(saved activation bytes, forward FLOPs, backward FLOPs) of the partition at
    ``budget`` (None: ``default_partition``, nothing recomputed): traced on meta tensors,
    or on CPU tensors for a model that makes real tensors inside (GPT-2's causal mask)."""
    try:
        return _torch_partition(model, batch, budget, "meta")
    except AssertionError:  # FakeTensor met a real tensor made in forward
        return _torch_partition(model, batch, budget, "cpu")


def _torch_partition(model: str, batch: int, budget: float | None, device: str):
    import torch
    import torch._functorch.config as functorch_config
    from functorch.compile import (aot_module, default_partition, make_boxed_func,
                                   min_cut_rematerialization_partition)

    from memir.io.torch import allow_torchvision_models, parse_shape

    allow_torchvision_models()
    factory, shape = MODELS[model]
    torch.manual_seed(0)
    net = factory().train().to(device)  # meta: traced and run without arithmetic
    if hasattr(getattr(net, "config", None), "use_cache"):
        net.config.use_cache = False  # a KV cache in the output is not a tensor
        net.config._attn_implementation = "eager"  # SDPA's mask checks read data
        import transformers.masking_utils as masking  # its packed-sequence check reads a
        masking.find_packed_sequence_indices = lambda _ids: None  # value: none here
    dims = parse_shape(shape)
    x = (torch.randint(0, 1000, (batch, *dims), device=device) if len(dims) == 1
         else torch.randn(batch, *dims, device=device))
    got = {}
    chosen = default_partition if budget is None else min_cut_rematerialization_partition

    def partition(*args, **kwargs):
        got["fw"], got["bw"] = chosen(*args, **kwargs)
        return got["fw"], got["bw"]

    def no_compiler(gm, _inputs):
        return make_boxed_func(gm.forward)

    with functorch_config.patch(activation_memory_budget=1.0 if budget is None else budget):
        aot_module(net, fw_compiler=no_compiler, bw_compiler=no_compiler,
                   partition_fn=partition)(x)
    return (_saved_activation_bytes(got["fw"], got["bw"]), _graph_flops(got["fw"]),
            _graph_flops(got["bw"]))


def torch_rows(model: str, batch: int, budgets: list[float]) -> dict:
    """budget -> (saved MiB, recomputed FLOPs in % of the step, seconds) or an error."""
    import time

    out = {}
    try:
        _saved, fw, bw_reference = torch_partition(model, batch, None)
    except Exception as error:  # noqa: BLE001 -- reported in the table, not hidden
        return {b: f"{type(error).__name__}: {str(error)[:80]}" for b in budgets}
    for budget in budgets:
        start = time.perf_counter()
        try:
            saved, _fw, bw = torch_partition(model, batch, budget)
        except Exception as error:  # noqa: BLE001
            out[budget] = f"{type(error).__name__}: {str(error)[:80]}"
            continue
        out[budget] = (saved / MIB, 100 * (bw - bw_reference) / (fw + bw_reference),
                       time.perf_counter() - start)
    return out


# ----------------------------------------------------------------------------- table

def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--models", default=",".join(MODELS))
    parser.add_argument("--batches", default="1,32")
    parser.add_argument("--fractions", default="0.9,0.7,0.5")
    parser.add_argument("--no-torch", action="store_true")
    parser.add_argument("--exact", action="store_true")
    args = parser.parse_args()
    fractions = [float(f) for f in args.fractions.split(",")]
    print("| " + " | ".join(HEADER) + " |")
    print("|" + "---|" * len(HEADER))
    for model in args.models.split(","):
        for batch in map(int, args.batches.split(",")):
            graph, _seconds = build(model, batch, "train")
            peak, floor, floor_s = floor_and_peak(graph)
            budgets = [*fractions, 0.0]
            theirs = {} if args.no_torch else torch_rows(model, batch, budgets)
            targets = [(f"{f:.0%}", int(peak * f), f) for f in fractions]
            targets.append(("floor", floor, 0.0))
            name = f"{model} b{batch}"
            for label, capacity, budget in targets:
                row = memir_row(graph, capacity)
                if "error" in row:
                    mine = [f"{capacity / MIB:.1f}", row["error"], "", "", "", f"{row['s']:.1f}"]
                else:
                    mine = [f"{capacity / MIB:.1f}", f"{row['peak'] / MIB:.1f}",
                            f"{row['arena'] / MIB:.1f}" if row["arena"] else "-",
                            f"{row['flops']:.2f}", f"{row['time']:.2f}", f"{row['s']:.1f}"]
                t = theirs.get(budget)
                if t is None:
                    other = [f"{budget:g}", "-", "-", "-"]
                elif isinstance(t, str):
                    other = [f"{budget:g}", t, "", ""]
                else:
                    other = [f"{budget:g}", f"{t[0]:.1f}", f"{t[1]:.2f}", f"{t[2]:.1f}"]
                print(f"| {name} | {label} | " + " | ".join(mine + other) + " |", flush=True)
                if args.exact:
                    exact = memir_row(graph, capacity, " strategy=exact")
                    note = exact.get("error") or (f"peak {exact['peak']}, +{exact['time']:.2f}% "
                                                  f"time, bound {exact['bound_ns']} ns")
                    print(f"|   exact | {label} | {note} |", flush=True)
            print(f"| {name} | (scheduled peak {peak / MIB:.1f} MiB, floor found in "
                  f"{floor_s:.1f} s) |", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
