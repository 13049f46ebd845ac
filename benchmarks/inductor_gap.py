"""Where Inductor's compiled step holds more than memir predicts: per model and budget.

Three measurements of memir's ``budget=B`` plan of one training step (the same partition):
* "graphs as they are": memir's two FX graphs run without Inductor's code (Inductor's
  ``compile_fx`` with ``boxed_nop`` as its graph compiler: its decompositions and joint-graph
  passes, memir's partition, then the graphs run op by op, each saved tensor freed after its
  last use). This is what memir's model describes;
* "Inductor's step": the graphs compiled by Inductor, as ``torch.compile`` runs them;
* per op Inductor does not generate (convolutions, matmuls, their backwards), the bytes the
  step held while it ran against the plan's bytes at that run (memir.torch.compiled_gap):
  how many runs were met, the most held beyond the plan in the forward and in the backward,
  and at the op where the step held most (the op, "fw"/"bw", what the step held there and
  how much of it the plan does not hold).

Peaks are the profiler's running sum of live bytes (``torch.cuda.max_memory_allocated`` with
``--device cuda``); fallbacks (graphs memir did not plan) are counted on every row.
"""

from __future__ import annotations

import argparse
import sys
import warnings
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))
sys.path.insert(0, str(REPO / "benchmarks"))

import torch
from torch_compile import Side, example, memir_backend, print_head
from torch_corpus import MODELS

MiB = 2**20
HEADER = ("model | budget | predicted MiB | graphs as they are MiB (predicted/measured) | "
          "Inductor's step MiB (predicted/measured) | runs met | most beyond the plan, fw "
          "MiB | bw MiB | where the step held most: op | held there MiB | beyond the plan "
          "there MiB | fallbacks")


def graphs_as_they_are(partitioner):
    """A ``torch.compile`` backend: Inductor's entry with memir's partition, the two graphs
    then run as they are (not compiled by Inductor)."""
    from torch._dynamo.backends.debugging import boxed_nop
    from torch._inductor.compile_fx import compile_fx

    from memir.torch.inductor import InductorPartition

    patches = {"custom_partitioner_fn": InductorPartition(partitioner)}

    def compile_step(model, example_inputs):
        with torch._functorch.config.patch(enable_autograd_cache=False):
            return compile_fx(model, example_inputs, config_patches=patches,
                              inner_compile=lambda gm, inputs, **_: boxed_nop(gm, inputs))

    return compile_step


def row(name: str, budget: float, device: str) -> str:
    from memir.torch.compiled_gap import held_at_runs
    from memir.torch.measure import ops_live
    from memir.torch.partition import Partitioner, PlanWarning

    base, x, labels = example(name, 1, device)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always", PlanWarning)
        torch._dynamo.reset()
        backend = memir_backend("inductor", budget=budget)
        step = Side(base, backend, (x, labels), device)
        if backend.partitioner.last_plan is None:  # a fallback: no plan of memir's to compare
            return " | ".join([name, f"{budget:g}"] + ["-"] * 9 + ["1/1"])
        program, plan = backend.partitioner.last_plan
        step.optimizer.zero_grad(set_to_none=True)
        held = held_at_runs(program, plan, ops_live(step.forward_backward, device))
        torch._dynamo.reset()  # the next compile's code, not this one's
        own = Partitioner(budget=budget, fused=True)
        plain = Side(base, graphs_as_they_are(own), (x, labels), device)
    fallbacks = sum(issubclass(w.category, PlanWarning) for w in caught)
    partitions = len(backend.partitioner.reports) + len(own.reports)
    tangents = next(k for k, run in enumerate(plan.runs) if run.node == program.boundary)
    fw = max((h.beyond for h in held if h.run < tangents), default=0)
    bw = max((h.beyond for h in held if h.run > tangents), default=0)
    cells = [name, f"{budget:g}", _mib(plan.peak),
             f"{_mib(plain.peak_measured)} ({plan.peak / plain.peak_measured:.3f})",
             f"{_mib(step.peak_measured)} ({plan.peak / step.peak_measured:.3f})",
             f"{len(held)}/{len(plan.runs)}", _mib(fw), _mib(bw)]
    if not held:  # no op of the plan met in Inductor's code: nothing to place
        return " | ".join(cells + ["-", "-", "-", f"{fallbacks}/{partitions}"])
    most = max(held, key=lambda h: h.measured)
    cells += [f"{most.op} ({'fw' if most.run < tangents else 'bw'})", _mib(most.measured),
              _mib(most.beyond), f"{fallbacks}/{partitions}"]
    return " | ".join(cells)


def _mib(value: int) -> str:
    return f"{value / MiB:.1f}"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--models", default=",".join(MODELS))
    parser.add_argument("--budgets", default="1,0.2")
    parser.add_argument("--device", default="cpu")
    args = parser.parse_args()
    from memir.io.torch import allow_torchvision_models

    allow_torchvision_models()
    print(f"# device {args.device}; torch {torch.__version__}; "
          f"{torch.get_num_threads()} threads; batch 1")
    print_head(HEADER)
    for name in args.models.split(","):
        for budget in (float(b) for b in args.budgets.split(",")):
            print(row(name, budget, args.device), flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
