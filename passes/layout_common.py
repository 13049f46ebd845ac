"""Reading a layout problem (and a plan) out of the IR, for assign-layout and verify-layout.

Conflicts come, in this order of preference, from explicit ``live [l, u)`` lifetimes,
from ``safety`` summaries left by stream-safety, from a stream-safety analysis run on the
spot when the module has several streams or events, and otherwise from sequential
lifetimes in program order (the one-stream case, where all three agree).
"""

from __future__ import annotations

from xdsl.dialects.builtin import ModuleOp

from memir.passes.ir_model import BufferModel, build_model, build_problem, needs_stream_safety
from memir.planning.problem import Problem
from memir.tools.diagnostics import OpError


def conflict_sets(model: BufferModel) -> list[set[int]] | None:
    allocs = model.allocs
    if allocs and all(a.lifetime is not None for a in allocs):
        return None
    if not needs_stream_safety(model):
        return None
    from memir.analysis.stream_safety import BufferSummary, conflicts_from_summaries

    if allocs and all(a.safety is not None for a in allocs):
        summaries = []
        for alloc in allocs:
            try:
                summaries.append(BufferSummary.from_lists(*alloc.safety.data))
            except ValueError as error:
                raise OpError(f"bad safety summary: {error}", alloc)
        return conflicts_from_summaries(summaries)
    from memir.passes.stream_safety import run_analysis

    result = run_analysis(model, "stream-graph")
    summaries = [result.summaries[t] for t in model.tensor_of_alloc]
    return conflicts_from_summaries(summaries)


def read_problem(module: ModuleOp, capacity: int | None = None,
                 keep_offsets: bool = False) -> tuple[BufferModel, Problem]:
    model = build_model(module)
    return model, build_problem(model, conflict_sets(model), capacity, keep_offsets)
