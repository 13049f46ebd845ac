"""Plan a joint graph with memir's passes: ``bufferize``, ``schedule``, ``rematerialize``.

Why the passes and not a copy of them: the plan a PyTorch step runs must be the one
``memir-opt`` makes and checks for the same program. The reader's Graph is written as graph
IR (memir.io.graph_ir), each compute op tagged with its graph node
(memir.passes.support.text_pipeline), and after the passes the block's compute ops, in
order, are the plan. Outputs are planned (``plan-outputs``): the step allocates the
gradients too. ``rematerialize`` runs greedy (the exact strategy costs minutes on a corpus
model) with ``layout=false``: PyTorch's allocator, not an arena, holds the step.

One graph is planned once (``StepPlanner``): read, bufferized and scheduled once; each
capacity then runs the planner on the plain data (``memir.planning.remat.plan_program``),
keeping the greedy's descents across capacities (``memir.planning.remat.descent_memo``).
``plan_for_limits`` is the partition's choice of plan for a capacity or a budget.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field, replace

from memir.io.graph_ir import graph_to_ir
from memir.passes.bufferize import Bufferize
from memir.passes.rematerialize import Rematerialize, check_supported, remat_program, reorders
from memir.passes.schedule import Schedule
from memir.passes.support import analyses
from memir.passes.support.remat_summary import REMAT_ATTR
from memir.passes.support.schedule_summary import SCHEDULE_ATTR
from memir.passes.support.text_pipeline import module_summary, parse_tagged, run_passes, tagged_runs
from memir.planning.budget import Deadline
from memir.planning.remat import (DEVICES, Apart, DescentMemo, evaluate, outcome_run_memory,
                                  outcome_runs, plan_program, remat_problem, using,
                                  worth_forking)

NODE_TAG = "memir.torch_node"  # the graph node a compute op runs
BUDGET_TRIES = 4  # plans toward a budget's capacity, each asking for what the last reached
LOWEST = 1  # the capacity whose plan reaches the lowest peak (none meets it)
CONVOLUTION_KERNEL = "aten.convolution"


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
    # the planned live bytes at each run (derived: plans compare without them)
    run_memory: tuple[int, ...] = field(default=(), compare=False)
    net_cost: int = field(default=0, compare=False)  # what its recomputations add to the step


def plan_step(program, capacity: int | None, device: str) -> StepPlan:
    """memir's order for the joint program, and with ``capacity`` its recomputations, from
    scratch (``StepPlanner`` plans one program at several capacities); a planning error is
    the pass's ``PassError``."""
    ctx, module = parse_tagged(graph_to_ir(program.graph, program.outputs,
                                           mutated=program.mutated), NODE_TAG)
    passes = [Bufferize(plan_outputs=True), Schedule()]
    if capacity is not None:
        passes.append(Rematerialize(capacity=capacity, device=device, strategy="greedy",
                                    layout=False))
    run_passes(ctx, module, passes)
    return _read_plan(module)


@dataclass(frozen=True)
class Unreached:
    """No plan meets ``capacity``: the lowest peak the plans reached (``smallest_peak``),
    the peak no plan goes under (``floor``, None when not proven) and the program's peak in
    memir's order, nothing recomputed (``peak_scheduled``)."""

    capacity: int
    smallest_peak: int
    floor: int | None
    peak_scheduled: int


class UnreachableCapacity(ValueError):
    """The capacity asked for is below every plan memir can make."""

    def __init__(self, smallest_peak: int, message: str) -> None:
        super().__init__(message)
        self.smallest_peak = smallest_peak


class StepPlanner:
    """One joint program's plans: read, bufferized and scheduled once; ``plan(capacity)``
    runs ``rematerialize``'s planner on the scheduled program's plain data, each capacity
    once.

    Why one object per graph: the partition plans a graph at up to six capacities (its
    order, the smallest peak, a budget's tries); each used to write, parse and schedule
    the graph again and descend from scratch. A planning error other than an unreached
    capacity is a graph memir does not plan (``UnplannableGraph``)."""

    def __init__(self, program, device: str, held: dict[int, int] | None = None) -> None:
        self.device = device
        self._memo = DescentMemo()
        self._plans: dict[int, StepPlan | Unreached] = {}
        self._smallest: int | None = None
        text = graph_to_ir(program.graph, program.outputs, mutated=program.mutated)
        ctx, module = _planned_passes(
            lambda: parse_tagged(text, NODE_TAG), [Bufferize(plan_outputs=True), Schedule()])
        self.kept = _read_plan(module)  # memir's order, nothing recomputed
        self._nodes = [run.node for run in self.kept.runs]  # per step
        self._program, self._reorders = _plain(ctx, module)
        if held:
            self._program = _with_held(self._program, self._nodes, held, program.boundary)
        # Inductor's backward lays its operands out as the FX graph does unless it runs a
        # convolution: the plain model beside the laid-out one, each plan in its own (_remat)
        self._laid_out = None
        plain = getattr(program, "plain_scratch", None)
        if plain:
            self._laid_out = self._program
            self._program = _plain_backward(self._program, self._nodes, plain)
            self.kept = _with_peak(self.kept, self._program, device)
            self._spared = {node: program.graph.nodes[node].workspace - scratch
                            for node, scratch in plain.items()}
            self._convolutions = {node for step, node in zip(self._laid_out.steps, self._nodes,
                                                             strict=True)
                                  if step.kernel == CONVOLUTION_KERNEL}
        # a fusing compiler writes results only for the backward: plans may spare that
        self.holds = any(step.held for step in self._program.steps)

    def plan(self, capacity: int) -> StepPlan | Unreached:
        """The plan whose peak fits ``capacity`` bytes, or what the search reached."""
        if capacity not in self._plans:
            self._plans[capacity] = self._remat(capacity)
        return self._plans[capacity]

    def smallest_peak(self) -> int:
        """The lowest peak ``rematerialize`` reaches (what it names for a capacity of
        ``LOWEST`` bytes); where the backward's scratch depends on its layout, of the plans
        that may recompute convolutions (``_remat``). Plans that recompute none may reach
        lower where the laid-out scratch is large, and a capacity there is still planned;
        a budget's range leaves them out, which spares a descent (seconds on a corpus model)."""
        if self._smallest is None:
            self._smallest = self._lowest()
        return self._smallest

    def meanwhile(self, call):
        """``call()``, with ``smallest_peak`` found meanwhile in a fork where
        ``order_pool.worth_forking`` allows (the same peak, and the same descents kept for
        later capacities, as found here: ``order_pool.Apart``)."""
        with using(self._memo):
            if self._smallest is not None or not worth_forking(Deadline.after(None)):
                return call()
            fork = Apart(self._lowest)
            try:
                value = call()
            except BaseException:
                fork.cancel()
                raise
            self._smallest = fork.result()
        return value

    def _lowest(self) -> int:
        found = self.plan(LOWEST) if self._laid_out is None \
            else self._remat_on(self._laid_out, LOWEST)
        return found.smallest_peak if isinstance(found, Unreached) else found.peak

    def _remat(self, capacity: int) -> StepPlan | Unreached:
        """What ``Rematerialize(capacity, device, strategy="greedy", layout=False)`` plans.
        Where the backward's scratch depends on its layout (``_laid_out``), a plan is
        planned in the model its layout makes exact: one that recomputes a convolution
        with the laid-out scratch, one that recomputes none with the plain. So: within the
        order's plain peak, the plain model alone (the order fits without recomputing one);
        below it, the laid-out model's plan where it recomputes a convolution or where the
        laid-out scratch does not set its peak, else the cheaper of it and the plain
        model's (the plain scratch leaves it room)."""
        if self._laid_out is None or capacity >= self.kept.peak:
            return self._remat_on(self._program, capacity)
        laid_out = self._remat_on(self._laid_out, capacity)
        if isinstance(laid_out, StepPlan) and (self._convolving(laid_out)
                                               or self._plain_peak(laid_out) == laid_out.peak):
            return laid_out
        return _cheaper(self._remat_on(self._program, capacity), laid_out)

    def _convolving(self, plan: StepPlan) -> bool:
        return any(run.recomputed and run.node in self._convolutions for run in plan.runs)

    def _plain_peak(self, plan: StepPlan) -> int:
        """The plan's peak with each backward's plain scratch (a workspace is live at its
        run alone)."""
        return max((held - self._spared.get(run.node, 0)
                    for run, held in zip(plan.runs, plan.run_memory, strict=True)),
                   default=plan.peak)

    def _remat_on(self, program, capacity: int) -> StepPlan | Unreached:
        options = Rematerialize(capacity=capacity, device=self.device, strategy="greedy",
                                layout=False)
        _refused(options.check_options)
        with using(self._memo):
            outcome = plan_program(program, capacity, DEVICES[self.device], "greedy",
                                   Deadline.after(None), self._reorders, layout=False)
        if outcome.unreached is not None:
            return Unreached(capacity, outcome.unreached.smallest, outcome.unreached.floor.bytes,
                             self.kept.peak_scheduled)
        planned = outcome.planned
        runs = [Run(self._nodes[step], again) for step, again in outcome_runs(outcome)]
        return StepPlan(runs, outcome.before.peak if planned is None else planned.peak,
                        self.kept.peak_unplanned, self.kept.peak_scheduled,
                        "none" if planned is None else planned.strategy, len(outcome.reuses),
                        tuple(outcome_run_memory(outcome)),
                        0 if planned is None else planned.evaluation.net_cost)


def _cheaper(plain: StepPlan | Unreached, laid_out: StepPlan | Unreached) -> StepPlan | Unreached:
    """Of two plans for one capacity that recompute no convolution, the one that adds
    less to the step (the plain model's on a tie: its peak is the exact one); the lower of
    two unreached."""
    if isinstance(plain, StepPlan) or isinstance(laid_out, StepPlan):
        reached = [p for p in (plain, laid_out) if isinstance(p, StepPlan)]
        return min(reached, key=lambda p: p.net_cost)
    floors = (plain.floor, laid_out.floor)
    return Unreached(plain.capacity, min(plain.smallest_peak, laid_out.smallest_peak),
                     None if None in floors else min(floors), plain.peak_scheduled)


def _with_held(plain, nodes: list[int], held: dict[int, int], boundary: int):
    """``plain`` with each step's held bytes (per graph node: ``fusion.price_fused``) and
    its part: the forward runs the steps before the tangents node's (``boundary``), as
    ``memir.torch.graphs`` splits memir's order."""
    tangents = nodes.index(boundary)
    steps = tuple(replace(step, held=held.get(node, 0), part=int(k > tangents))
                  for k, (step, node) in enumerate(zip(plain.steps, nodes, strict=True)))
    return replace(plain, steps=steps)


def _plain_backward(plain, nodes: list[int], scratch: dict[int, int]):
    """``plain`` as Inductor runs a backward that computes no convolution: each workspace
    of a graph node in ``scratch`` that size (its operands in the FX graph's layout), and
    every convolution kept from recomputation (``memir.torch.joint.JointProgram``)."""
    buffers, steps = list(plain.buffers), []
    for step, node in zip(plain.steps, nodes, strict=True):
        for access in step.accesses:
            if node in scratch and access.role == "workspace" and access.buffer is not None:
                buffers[access.buffer] = replace(buffers[access.buffer], size=scratch[node])
        fixed = step.kernel == CONVOLUTION_KERNEL  # cost unknown: never recomputed
        steps.append(replace(step, flops=None, traffic=None) if fixed else step)
    return replace(plain, buffers=tuple(buffers), steps=tuple(steps))


def _with_peak(kept: StepPlan, plain, device: str) -> StepPlan:
    """``kept`` (memir's order, nothing recomputed) with its peak on ``plain``."""
    peak = evaluate(remat_problem(plain, DEVICES[device]), {}).peak
    return replace(kept, peak=peak, peak_scheduled=peak)


def _plain(ctx, module):
    """The scheduled program as ``rematerialize``'s planner reads it, and whether its runs
    may be ordered again; a program the pass refuses is a graph memir does not plan."""
    prog = analyses.program(ctx, module)
    _refused(lambda: check_supported(prog))
    return remat_program(prog), reorders(prog, "greedy")


def plan_for_limits(planner: StepPlanner, capacity: int | None,
                    budget: float | None) -> tuple[StepPlan, int | None]:
    """The partition's plan and the capacity it was made for: for ``capacity``, memir's
    order when it fits, else a plan for it; for a budget below 1, a plan for the budget's
    capacity (``budget_capacity``, from the budget-1 plan's peak), asking again for what a
    try reached when the greedy stopped a few bytes above it (``BUDGET_TRIES`` in all);
    else the budget-1 plan. That is memir's order, except where the order writes results
    only for the backward (``StepPlanner.holds``): then the order is never taken as it is,
    and the plan within ``capacity``, or within the order's peak, may spare those writes.
    A capacity no plan reaches raises ``UnreachableCapacity``."""
    kept = planner.kept
    if capacity is not None:
        if kept.peak <= capacity and not planner.holds:
            return kept, capacity
        return _fitting(planner, capacity), capacity
    if budget is None or budget >= 1:
        return (_fitting(planner, kept.peak) if planner.holds else kept), None
    # the budget-1 plan, the lowest peak planned meanwhile
    top = planner.meanwhile(lambda: _fitting(planner, kept.peak)) if planner.holds else kept
    capacity = budget_capacity(budget, top.peak, planner.smallest_peak())
    for _ in range(BUDGET_TRIES - 1):
        found = planner.plan(capacity)
        if not isinstance(found, Unreached):
            return found, capacity
        # the greedy descent toward another target stopped a few bytes higher: ask for
        # what it reached
        capacity = max(capacity + 1, found.smallest_peak)
    return _fitting(planner, capacity), capacity


def budget_capacity(budget: float, top_peak: int, lowest_peak: int) -> int:
    """A budget as PyTorch's ``activation_memory_budget`` reads it: 1 keeps what the
    backward needs (nothing recomputed; with a fusing compiler, only what spares a write
    for the backward: ``top_peak``), 0 recomputes as much as helps, and between them the
    memory goes linearly (PyTorch interpolates the saved bytes between those two ends;
    memir the step's peak, which is what it plans)."""
    return lowest_peak + math.ceil(budget * (top_peak - lowest_peak))


def _fitting(planner: StepPlanner, capacity: int) -> StepPlan:
    """The plan for ``capacity``; a capacity no plan reaches is the user's error."""
    found = planner.plan(capacity)
    if isinstance(found, Unreached):
        raise UnreachableCapacity(found.smallest_peak,
            f"capacity {capacity} bytes cannot be reached: the smallest peak memir's "
            f"plans reach for this graph is {found.smallest_peak} bytes (without "
            f"recomputation {planner.kept.peak})")
    return found


def _planned_passes(read, passes):
    """(context, module) from ``read()`` after ``passes``."""
    def run():
        ctx, module = read()
        run_passes(ctx, module, passes)
        return ctx, module

    return _refused(run)


def _refused(call):
    """``call()``; a planning error is a graph memir does not plan (``UnplannableGraph``)."""
    from memir.dialects import PassError
    from memir.torch.joint import UnplannableGraph

    try:
        return call()
    except PassError as error:
        raise UnplannableGraph(str(error).splitlines()[0]) from None


def _read_plan(module) -> StepPlan:
    """The plan the passes left on ``module``: its compute ops in order, and the peaks."""
    runs = [Run(node, again) for node, again in tagged_runs(module, NODE_TAG)]
    scheduled = module_summary(module, SCHEDULE_ATTR)
    remat = module_summary(module, REMAT_ATTR)
    peak = (remat or scheduled)["peak_after"]
    return StepPlan(runs, peak, scheduled["peak_before"], scheduled["peak_after"],
                    remat["strategy"] if remat else "none",
                    remat.get("reused", 0) if remat else 0)
