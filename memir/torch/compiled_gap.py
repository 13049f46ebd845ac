"""Where Inductor's compiled step holds more than memir's plan of it, op by op.

Why: with Inductor memir's predicted peak is below the measured one (docs/torch-compile.md),
while its own FX graphs, run as they are, measure what it predicts. The difference is what
Inductor's code does to the graphs, and a ratio of two peaks does not say what that is. The
ops Inductor does not generate (convolutions, matmuls and their backwards) run once per FX
node in its code: at each, the bytes the step held while it ran (``compiled_peak.step_ops``)
are compared with the bytes the plan holds at that run (``StepPlan.run_memory``), the k-th
call of an op with the plan's k-th run of it (Inductor may run a recomputed convolution
before another one's backward). An op called another number of times than the plan runs it
is not compared.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass


@dataclass(frozen=True)
class HeldAt:
    """One run of the plan met in the compiled step: what each held while it ran."""

    run: int  # index into the plan's runs
    op: str  # "aten::convolution_backward"
    measured: int
    planned: int

    @property
    def beyond(self) -> int:
        return self.measured - self.planned


def held_at_runs(program, plan, ops: list[tuple[str, int]]) -> list[HeldAt]:
    """The plan's runs met in the compiled step's ``ops`` ((ATen name, bytes held while it
    ran), in order), in the plan's order. ``program``/``plan``: what memir.torch.partition
    planned (``Partitioner.last_plan``)."""
    names = [_aten_name(program.source[run.node]) for run in plan.runs]
    planned = Counter(n for n in names if n is not None)
    called = Counter(name for name, _ in ops)
    measured = {n: iter([held for name, held in ops if name == n])
                for n in planned if planned[n] == called[n]}
    return [HeldAt(k, name, next(measured[name]), plan.run_memory[k])
            for k, name in enumerate(names) if name in measured]


def _aten_name(node) -> str | None:
    """The profiler's name of an FX node's ATen op ("aten::convolution"), or None."""
    schema = getattr(getattr(node, "target", None), "_schema", None)
    return None if schema is None else schema.name
