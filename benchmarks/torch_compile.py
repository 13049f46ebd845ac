"""memir's partition in real PyTorch training steps, beside PyTorch's min-cut partitioner:
measured peak memory and step time, not a model.

Per corpus model (benchmarks/torch_corpus.py: random weights, nothing downloaded) and
batch, one training step (forward with the loss inside the compiled module, backward,
``optimizer.step()``) is compiled with ``torch.compile`` through AOTAutograd with the eager
compilers (``boxed_nop``, as ``aot_eager``), once per side:

* PyTorch: ``min_cut_rematerialization_partition`` at each ``activation_memory_budget``;
* memir: ``memir.torch.backend(capacity=P)`` where P is the peak PyTorch's step measured at
  that budget (where PyTorch's step fails, ``budget=b`` instead).

Each row gives the step's measured peak (the profiler's memory events as a running sum of
live bytes over forward and backward, or ``torch.cuda.max_memory_allocated`` with
``--device cuda``), memir's predicted peak, the step's seconds (median and spread over
``--steps`` steps after a warm-up, the two sides interleaved), the loss and gradients'
max abs difference from eager, and compile seconds (planning included).
"""

from __future__ import annotations

import argparse
import copy
import statistics
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))
sys.path.insert(0, str(REPO / "benchmarks"))

import torch
from torch import nn
from torch_corpus import MODELS

BUDGETS = (1.0, 0.7, 0.5, 0.3, 0.1)
MiB = 2**20


class WithLoss(nn.Module):
    """The model and its loss as one module: the compiled graph's output is the loss."""

    def __init__(self, model: nn.Module):
        super().__init__()
        self.model = model

    def forward(self, x, labels):
        from memir.io.torch import main_output

        logits = main_output(self.model(x))
        if labels is None:
            return logits.float().square().mean()
        return nn.functional.cross_entropy(logits.flatten(0, -2), labels.flatten())


def _torchvision(name: str):
    """Another torchvision model by name (``--models densenet121``): images, 3x224x224."""
    def factory():
        from torchvision import models

        return getattr(models, name)(weights=None)

    return factory, "3x224x224"


def example(name: str, batch: int, device: str):
    factory, shape = MODELS[name] if name in MODELS else _torchvision(name)
    torch.manual_seed(0)
    model = WithLoss(factory()).to(device)
    dims = tuple(int(d) for d in shape.split("x"))
    if len(dims) == 1:  # tokens: language-model labels
        x = torch.randint(0, 1000, (batch, *dims), device=device)
        return model, x, x.clone()
    return model, torch.randn(batch, *dims, device=device), \
        torch.randint(0, 1000, (batch,), device=device)


def _decompositions(name: str) -> dict:
    """``--decompositions inductor``: both sides trace with Inductor's decomposition table
    (``aot_eager_decomp_partition``'s graphs: batch norm in primitive ops, where PyTorch's
    min-cut partitioner's step does not fail)."""
    if name == "none":
        return {}
    from torch._inductor.decomposition import select_decomp_table

    return {"decompositions": select_decomp_table()}


def pytorch_backend(budget: float, decompositions: str):
    from functorch.compile import min_cut_rematerialization_partition
    from torch._dynamo.backends.common import aot_autograd
    from torch._dynamo.backends.debugging import boxed_nop

    def partition(*args, **kwargs):
        with torch._functorch.config.patch(activation_memory_budget=budget):
            return min_cut_rematerialization_partition(*args, **kwargs)

    return aot_autograd(fw_compiler=boxed_nop, bw_compiler=boxed_nop, partition_fn=partition,
                        **_decompositions(decompositions))


def memir_backend(decompositions: str, **limits):
    """``memir.torch.backend(**limits)``, or with ``--decompositions`` the same partition
    through an ``aot_autograd`` of the benchmark's own (the backend takes Inductor's table
    only with ``compiler="inductor"``)."""
    import memir.torch as mt

    if decompositions == "none":
        return mt.backend(**limits)
    from torch._dynamo.backends.common import aot_autograd
    from torch._dynamo.backends.debugging import boxed_nop

    partitioner = mt.Partitioner(**limits)
    made = aot_autograd(fw_compiler=boxed_nop, bw_compiler=boxed_nop,
                        partition_fn=partitioner, **_decompositions(decompositions))
    made.partitioner = partitioner
    return made


class Side:
    """One compiled copy of the model with its optimizer."""

    def __init__(self, base, backend, inputs, device: str):
        self.model = copy.deepcopy(base)
        self.compiled = torch.compile(self.model, backend=backend)
        self.optimizer = torch.optim.Adam(self.model.parameters(), lr=0)  # lr 0: same weights
        self.inputs, self.device = inputs, device
        self.error = None
        start = time.perf_counter()
        try:
            self.loss, self.grads = self.forward_backward()
            self.optimizer.step()
        except Exception as error:  # noqa: BLE001 - PyTorch's partitioner may fail: a row
            self.error = f"{type(error).__name__}: {str(error).splitlines()[0][:60]}"
        self.compile_seconds = time.perf_counter() - start

    def forward_backward(self):
        self.optimizer.zero_grad(set_to_none=True)
        torch.manual_seed(1)
        loss = self.compiled(*self.inputs)
        loss.backward()
        return loss.detach(), [p.grad for p in self.model.parameters()]

    def peak(self) -> int:
        from memir.torch.measure import peak_bytes

        self.optimizer.zero_grad(set_to_none=True)
        return peak_bytes(self.forward_backward, self.device)

    def timed_step(self) -> float:
        if self.device.startswith("cuda"):
            torch.cuda.synchronize()
        start = time.perf_counter()
        self.forward_backward()
        self.optimizer.step()
        if self.device.startswith("cuda"):
            torch.cuda.synchronize()
        return time.perf_counter() - start

    def difference(self, reference) -> float:
        loss, grads = reference
        diffs = [float((self.loss - loss).abs())]
        diffs += [float((a - b).abs().max()) for a, b in zip(self.grads, grads)
                  if a is not None and b is not None]
        return max(diffs)


def eager_reference(base, inputs):
    model = copy.deepcopy(base)
    torch.manual_seed(1)
    loss = model(*inputs)
    loss.backward()
    return loss.detach(), [p.grad for p in model.parameters()]


WARM_UP = 3  # a recomputed kernel's first runs build oneDNN primitives: seconds, not a step


def interleaved_times(sides, steps: int) -> list[list[float]]:
    for _ in range(WARM_UP):
        for side in sides:
            side.timed_step()
    times = [[] for _ in sides]
    for _ in range(steps):
        for k, side in enumerate(sides):
            times[k].append(side.timed_step())
    return times


def spread(values: list[float]) -> str:
    return f"{statistics.median(values):.3f} ({min(values):.3f}-{max(values):.3f})"


def rows_for(name: str, batch: int, budgets, steps: int, device: str, decompositions: str):
    base, x, labels = example(name, batch, device)
    inputs = (x, labels)
    reference = eager_reference(base, inputs)
    for budget in budgets:
        torch._dynamo.reset()
        theirs = Side(base, pytorch_backend(budget, decompositions), inputs, device)
        their_peak = None if theirs.error else theirs.peak()
        torch._dynamo.reset()
        backend = memir_backend(decompositions, budget=budget) if their_peak is None else \
            memir_backend(decompositions, capacity=their_peak)
        ours = Side(base, backend, inputs, device)
        reports = backend.partitioner.reports
        predicted = sum(r.peak for r in reports)
        our_peak = None if ours.error else ours.peak()
        live = [s for s in (theirs, ours) if s.error is None]
        times = interleaved_times(live, steps)
        timing = dict(zip(map(id, live), times))
        yield {
            "model": name, "batch": batch, "budget": budget,
            "torch_peak": their_peak, "torch_time": timing.get(id(theirs)),
            "torch_diff": None if theirs.error else theirs.difference(reference),
            "torch_compile": theirs.compile_seconds, "torch_error": theirs.error,
            "memir_peak": our_peak, "memir_predicted": predicted,
            "memir_time": timing.get(id(ours)),
            "memir_diff": None if ours.error else ours.difference(reference),
            "memir_compile": ours.compile_seconds, "memir_error": ours.error,
            "memir_plan": sum(r.seconds for r in reports),
            "recomputed": sum(r.recomputed for r in reports),
            "fallbacks": sum(r.fallback is not None for r in reports),
            "graphs": len(reports)}


def show(row) -> str:
    def mib(v):
        return "fails" if v is None else f"{v / MiB:.1f}"

    ratio = "-" if not (row["memir_peak"] and row["memir_predicted"]) else \
        f"{row['memir_predicted'] / row['memir_peak']:.3f}"
    time_ratio = "-"
    if row["torch_time"] and row["memir_time"]:
        ratio_of_times = statistics.median(row["memir_time"]) / statistics.median(row["torch_time"])
        time_ratio = f"{ratio_of_times:.3f}"
    return " | ".join([
        row["model"], str(row["batch"]), f"{row['budget']:g}",
        mib(row["torch_peak"]) if not row["torch_error"] else "fails",
        spread(row["torch_time"]) if row["torch_time"] else "-",
        mib(row["memir_peak"]), mib(row["memir_predicted"]), ratio,
        spread(row["memir_time"]) if row["memir_time"] else "-", time_ratio,
        "-" if row["torch_diff"] is None else f"{row['torch_diff']:.1e}",
        "-" if row["memir_diff"] is None else f"{row['memir_diff']:.1e}",
        f"{row['torch_compile']:.1f}", f"{row['memir_compile']:.1f} ({row['memir_plan']:.1f})",
        str(row["recomputed"]), f"{row['fallbacks']}/{row['graphs']}"])


HEADER = ("model | batch | budget | torch peak MiB | torch step s | memir peak MiB | "
          "memir predicted MiB | predicted/measured | memir step s | memir/torch time | "
          "torch max diff | memir max diff | torch compile s | memir compile s (plan) | "
          "memir recomputed runs | fallbacks")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--models", default=",".join(MODELS))
    parser.add_argument("--batches", default="1")
    parser.add_argument("--budgets", default=",".join(map(str, BUDGETS)))
    parser.add_argument("--steps", type=int, default=7)
    parser.add_argument("--device", default="cpu")
    parser.add_argument("--decompositions", default="none", choices=("none", "inductor"))
    args = parser.parse_args()
    from memir.io.torch import allow_torchvision_models

    allow_torchvision_models()
    torch.set_num_threads(max(1, torch.get_num_threads()))
    budgets = [float(b) for b in args.budgets.split(",")]
    print(f"# device {args.device}; torch {torch.__version__}; {torch.get_num_threads()} "
          f"threads; decompositions {args.decompositions}")
    print(HEADER)
    print(" | ".join(["---"] * len(HEADER.split(" | "))))
    for name in args.models.split(","):
        for batch in (int(b) for b in args.batches.split(",")):
            for row in rows_for(name, batch, budgets, args.steps, args.device,
                                args.decompositions):
                print(show(row), flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
