"""Plan a joint graph with memir's passes: ``bufferize``, ``schedule``, ``rematerialize``.

Why the passes and not a copy of them: the plan a PyTorch step runs must be the one
``memir-opt`` makes and checks for the same program (the same order search, the same
recomputation planner with its forwarding, deferrals and re-ordering). The reader's Graph
is written as graph IR (memir.io.graph_ir), each compute op tagged with its graph node
(memir.passes.support.text_pipeline), and after the passes the block's compute ops, in
order, are the plan: a tagged op run where it stands, a recomputation marked as one.
Outputs are planned (``plan-outputs``): the gradients are allocated by the step too.
``rematerialize`` runs its greedy strategy (the exact one's CP-SAT rounds cost minutes on a
corpus model) with ``layout=false``: PyTorch's allocator, not an arena, holds the step.
"""

from __future__ import annotations

from dataclasses import dataclass

from memir.io.graph_ir import graph_to_ir
from memir.passes.bufferize import Bufferize
from memir.passes.rematerialize import Rematerialize
from memir.passes.schedule import Schedule
from memir.passes.support.remat_summary import REMAT_ATTR
from memir.passes.support.schedule_summary import SCHEDULE_ATTR
from memir.passes.support.text_pipeline import module_summary, parse_tagged, run_passes, tagged_runs

NODE_TAG = "memir.torch_node"  # the graph node a compute op runs


@dataclass(frozen=True)
class Run:
    node: int  # the graph node (memir.torch.joint.JointProgram.graph.nodes)
    recomputed: bool


@dataclass(frozen=True)
class StepPlan:
    runs: list[Run]  # the step in order
    peak: int  # the planned peak of live bytes (inputs not counted)
    peak_unplanned: int  # the peak in the joint graph's own order, nothing recomputed
    peak_scheduled: int  # the peak in memir's order, nothing recomputed
    strategy: str
    reused: int = 0  # results the plan writes over a dying operand (FX graphs cannot)


def plan_step(program, capacity: int | None, device: str) -> StepPlan:
    """memir's order for the joint program, and with ``capacity`` its recomputations."""
    ctx, module = parse_tagged(graph_to_ir(program.graph, program.outputs,
                                           mutated=program.mutated), NODE_TAG)
    passes = [Bufferize(plan_outputs=True), Schedule()]
    if capacity is not None:
        passes.append(Rematerialize(capacity=capacity, device=device, strategy="greedy",
                                    layout=False))
    run_passes(ctx, module, passes)
    runs = [Run(node, again) for node, again in tagged_runs(module, NODE_TAG)]
    scheduled = module_summary(module, SCHEDULE_ATTR)
    remat = module_summary(module, REMAT_ATTR)
    peak = (remat or scheduled)["peak_after"]
    return StepPlan(runs, peak, scheduled["peak_before"], scheduled["peak_after"],
                    remat["strategy"] if remat else "none",
                    remat.get("reused", 0) if remat else 0)
