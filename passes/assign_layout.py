"""assign-layout: give every planned alloc a byte offset in one arena (seed 000 §4).

Reads the problem from the IR (passes/layout_common.py), calls
``memir.planning.layout.assign_layout`` (or the tile-aware planner when the module has
tile views), writes ``offset`` on each alloc and ``memir.plan = #memir.plan<...>`` on the
module: arena size, proven lower bound, the strategy that won, its status and seconds.
"""

from __future__ import annotations

from dataclasses import dataclass

from xdsl.context import Context
from xdsl.dialects.builtin import IntAttr, ModuleOp
from xdsl.passes import ModulePass

from memir.dialects import PlanAttr
from memir.passes.layout_common import read_problem
from memir.planning.problem import Plan
from memir.tools.diagnostics import OpError

PLAN_ATTR = "memir.plan"


def write_plan(module: ModuleOp, allocs, plan: Plan) -> None:
    for alloc, offset in zip(allocs, plan.offsets):
        alloc.properties["offset"] = IntAttr(int(offset))
    module.attributes[PLAN_ATTR] = PlanAttr(
        plan.arena, plan.lower_bound, plan.strategy, plan.status, plan.seconds
    )


@dataclass(frozen=True)
class AssignLayout(ModulePass):
    """Place buffers: heuristics portfolio (auto), single/many objects, exact, tile-aware."""

    name = "assign-layout"

    strategy: str = "auto"
    sort: str = "size"
    fit: str = "best"
    time_limit: float | int = 10.0
    capacity: int = 0
    keep_offsets: bool = False

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        if self.time_limit <= 0:
            raise OpError("time-limit must be positive")
        capacity = self.capacity or None
        model, problem = read_problem(op, capacity, self.keep_offsets)
        if model.tiles and self.strategy in ("tile-aware", "auto"):
            plan = self._plan_tiles(model, problem)
        elif self.strategy == "tile-aware":
            raise OpError("strategy=tile-aware needs memir.tile_view ops in the input")
        else:
            plan = self._plan_buffers(problem, capacity, op)
        if capacity is not None and plan.status == "infeasible":
            raise OpError(
                f"the buffers do not fit in capacity {capacity} (proven; the lower bound is "
                f"{plan.lower_bound})", op)
        if capacity is not None and plan.arena > capacity:
            raise OpError(
                f"no plan within capacity {capacity} found in {self.time_limit:g} s (best arena "
                f"{plan.arena}, lower bound {plan.lower_bound}, status {plan.status})", op)
        write_plan(op, model.allocs, plan)

    def _plan_tiles(self, model, problem) -> Plan:
        from memir.passes.tile_model import plan_tiles
        from memir.planning.tile_allocate import SORTS as TILE_SORTS

        sort = "best" if self.strategy == "auto" else self.sort
        if sort not in (*TILE_SORTS, "best"):
            raise OpError(f"unknown sort '{sort}' for tile-aware; choose from "
                          f"{', '.join(TILE_SORTS)}")
        return plan_tiles(model, problem, sort)

    def _plan_buffers(self, problem, capacity: int | None, op: ModuleOp) -> Plan:
        from memir.planning.layout import FITS, SORTS, STRATEGIES, LayoutError, assign_layout

        for option, value, allowed in (("strategy", self.strategy, STRATEGIES),
                                       ("sort", self.sort, SORTS), ("fit", self.fit, FITS)):
            if value not in allowed:
                raise OpError(f"unknown {option} '{value}'; choose from {', '.join(allowed)}")
        try:
            return assign_layout(problem, strategy=self.strategy, sort=self.sort, fit=self.fit,
                                 time_limit=self.time_limit, capacity=capacity)
        except LayoutError as error:
            raise OpError(str(error), op)
