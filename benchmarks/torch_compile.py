"""memir's partition in real PyTorch training steps, beside PyTorch's min-cut partitioner:
measured peak memory and step time, not a model.

Per corpus model (benchmarks/torch_corpus.py: random weights, nothing downloaded; other
torchvision names too) and batch, one training step (forward with the loss inside the
compiled module, backward, ``optimizer.step()``) is compiled with ``torch.compile`` through
``--compiler``'s path: ``eager`` (AOTAutograd with ``boxed_nop``, as ``aot_eager``) or
``inductor`` (Inductor's ``compile_fx``, the default backend). Per budget B, three sides:

* torch: PyTorch's ``min_cut_rematerialization_partition`` at ``activation_memory_budget=B``;
* memir: ``memir.torch.backend(budget=B)``;
* memir@cap: ``memir.torch.backend(capacity=P)``, P the peak the torch side measured at B
  (left out where the torch side fails).

With Inductor, "compiled MiB (compiles)" is the peak of Inductor's compiled step as memir
measured it while compiling (memir.torch.compiled_peak), and how many compiles keeping a
capacity took.

Each row gives a side's measured peak (the profiler's memory events as a running sum of
live bytes over forward and backward, or ``torch.cuda.max_memory_allocated`` with
``--device cuda``), memir's predicted peak, the step's seconds (median and spread over
``--steps`` rounds after a warm-up; each round runs every side once, from a different
side each round, and time/torch is the median over rounds of the round's ratio), the loss
and gradients' max abs difference from eager, compile seconds (planning in brackets) and
the fallbacks: graphs memir did not plan (a loss, counted on every row).
"""

from __future__ import annotations

import argparse
import copy
import gc
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

BUDGETS = (1.0, 0.5, 0.2)
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


def pytorch_backend(budget: float, compiler: str):
    """``torch.compile``'s own path at ``activation_memory_budget=budget``."""
    def patched(compile_step):
        def compile_at_budget(model, example_inputs):
            with torch._functorch.config.patch(activation_memory_budget=budget):
                return compile_step(model, example_inputs)
        return compile_at_budget

    if compiler == "inductor":
        from torch._inductor.compile_fx import compile_fx

        return patched(compile_fx)
    from functorch.compile import min_cut_rematerialization_partition
    from torch._dynamo.backends.common import aot_autograd
    from torch._dynamo.backends.debugging import boxed_nop

    def partition(*args, **kwargs):
        with torch._functorch.config.patch(activation_memory_budget=budget):
            return min_cut_rematerialization_partition(*args, **kwargs)

    return aot_autograd(fw_compiler=boxed_nop, bw_compiler=boxed_nop, partition_fn=partition)


def memir_backend(compiler: str, **limits):
    import memir.torch as mt

    return mt.backend(compiler=compiler, **limits)


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
        self.peak_measured = None if self.error else self.peak()

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
        """One step's seconds, with Python's collector held off as ``timeit`` does: a
        collection falls on whichever side's step it happens to, not on the plan."""
        if self.device.startswith("cuda"):
            torch.cuda.synchronize()
        gc.collect()
        gc.disable()
        try:
            start = time.perf_counter()
            self.forward_backward()
            self.optimizer.step()
            if self.device.startswith("cuda"):
                torch.cuda.synchronize()
            return time.perf_counter() - start
        finally:
            gc.enable()

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
    """Each side's step times, one per round. Every round runs each side once, starting
    from a different side each round, so that a slow spell of the machine, or following
    another side's step, falls on every side alike; ``paired_ratio`` then compares the
    sides round by round."""
    for _ in range(WARM_UP):
        for side in sides:
            side.timed_step()
    times = [[] for _ in sides]
    for round_ in range(steps):
        for offset in range(len(sides)):
            k = (offset + round_) % len(sides)
            times[k].append(sides[k].timed_step())
    return times


def paired_ratio(times: list[float], torch_times: list[float]) -> float:
    """The median over rounds of a side's step time over the torch side's in that round."""
    return statistics.median(a / b for a, b in zip(times, torch_times))


def spread(values: list[float]) -> str:
    return f"{statistics.median(values):.3f} ({min(values):.3f}-{max(values):.3f})"


def _side_row(side: Side, label: str, reports, timing, reference, torch_side) -> dict:
    peak = None if side.error else side.peak_measured
    return {
        "side": label, "peak": peak, "error": side.error,
        "predicted": sum(r.peak for r in reports) if reports is not None else None,
        "time": timing.get(id(side)), "torch_time": timing.get(id(torch_side)),
        "torch_peak": None if torch_side.error else torch_side.peak_measured,
        "diff": None if side.error else side.difference(reference),
        "compile": side.compile_seconds,
        "plan": sum(r.seconds for r in reports) if reports is not None else None,
        "recomputed": sum(r.recomputed for r in reports) if reports is not None else None,
        "compiled": _compiled(reports),
        "fallbacks": (sum(r.fallback is not None for r in reports), len(reports))
        if reports is not None else None}


def _compiled(reports):
    """Inductor's compiled step as memir measured it when compiling (its peak; the compiles
    it took to keep a capacity), where every graph was measured."""
    if not reports or any(r.compiled_peak is None for r in reports):
        return None
    return sum(r.compiled_peak for r in reports), sum(max(len(r.tries), 1) for r in reports)


def rows_for(name: str, batch: int, budgets, steps: int, device: str, compiler: str):
    """Per budget: the torch side, memir at the budget, memir at the torch side's peak."""
    base, x, labels = example(name, batch, device)
    inputs = (x, labels)
    reference = eager_reference(base, inputs)
    for budget in budgets:
        # one reset per budget: dynamo keeps each side's graphs apart (by backend), and a
        # reset between sides would recompile them in the timed steps
        torch._dynamo.reset()
        theirs = Side(base, pytorch_backend(budget, compiler), inputs, device)
        sides = [(theirs, "torch", None)]
        limits = [("memir", {"budget": budget})]
        if theirs.error is None:
            limits.append(("memir@cap", {"capacity": theirs.peak_measured}))
        for label, limit in limits:
            backend = memir_backend(compiler, **limit)
            sides.append((Side(base, backend, inputs, device), label,
                          backend.partitioner.reports))
        live = [side for side, _, _ in sides if side.error is None]
        timing = dict(zip(map(id, live), interleaved_times(live, steps)))
        for side, label, reports in sides:
            row = _side_row(side, label, reports, timing, reference, theirs)
            yield {"model": name, "batch": batch, "budget": budget, **row}


def show(row) -> str:
    def mib(v):
        return "fails" if v is None else f"{v / MiB:.1f}"

    def ratio(a, b, digits=3):
        return "-" if not (a and b) else f"{a / b:.{digits}f}"

    time_ratio = (f"{paired_ratio(row['time'], row['torch_time']):.3f}"
                  if row["time"] and row["torch_time"] else "-")
    fallbacks = "-" if row["fallbacks"] is None else "{}/{}".format(*row["fallbacks"])
    return " | ".join([
        row["model"], str(row["batch"]), f"{row['budget']:g}", row["side"],
        mib(row["peak"]) if not row["error"] else f"fails ({row['error']})",
        "-" if row["predicted"] is None else mib(row["predicted"]),
        ratio(row["predicted"], row["peak"]), ratio(row["peak"], row["torch_peak"]),
        spread(row["time"]) if row["time"] else "-", time_ratio,
        "-" if row["diff"] is None else f"{row['diff']:.1e}",
        f"{row['compile']:.1f}" + ("" if row["plan"] is None else f" ({row['plan']:.1f})"),
        "-" if row["recomputed"] is None else str(row["recomputed"]),
        "-" if row["compiled"] is None else f"{mib(row['compiled'][0])} ({row['compiled'][1]})",
        fallbacks])


HEADER = ("model | batch | budget | side | peak MiB | predicted MiB | predicted/measured | "
          "peak/torch | step s | time/torch | max diff | compile s (plan) | recomputed runs | "
          "compiled MiB (compiles) | fallbacks")


def print_head(header: str) -> None:
    """A markdown table's header and its rule."""
    print(header)
    print(" | ".join(["---"] * len(header.split(" | "))))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--models", default=",".join(MODELS))
    parser.add_argument("--batches", default="1")
    parser.add_argument("--budgets", default=",".join(map(str, BUDGETS)))
    parser.add_argument("--steps", type=int, default=7)
    parser.add_argument("--device", default="cpu")
    parser.add_argument("--compiler", default="eager", choices=("eager", "inductor"))
    args = parser.parse_args()
    from memir.io.torch import allow_torchvision_models

    allow_torchvision_models()
    budgets = [float(b) for b in args.budgets.split(",")]
    name = torch.cuda.get_device_name() if args.device.startswith("cuda") else "cpu"
    print(f"# device {args.device} ({name}); torch {torch.__version__}; "
          f"{torch.get_num_threads()} threads; compiler {args.compiler}")
    print_head(HEADER)
    for model in args.models.split(","):
        for batch in (int(b) for b in args.batches.split(",")):
            for row in rows_for(model, batch, budgets, args.steps, args.device, args.compiler):
                print(show(row), flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
