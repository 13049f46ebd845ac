"""assign-layout: give every planned alloc a byte offset in one arena ([Multi-stream reuse] §4).

Reads the layout problem through the bridge (sizes, lifetimes, contiguous groups) and the
conflicts from the analysis cache (computed from the program, never from summaries in
the IR), calls ``memir.planning.layout.portfolio.assign_layout`` (or the tile-aware planner when the
module has tile views), and writes ``offset`` on each alloc and ``memir.plan =
#memir.plan<...>`` on the module: arena, proven lower bound, the strategy that won, its
status and seconds.

Work budgets decide what the planners do, so the same input gives the same plan on every
machine; ``time-limit`` (seconds, default none) is an extra wall-clock cap on the whole pass,
reading the program and computing the conflicts included. ``effort`` (1..64, default 1)
multiplies every work budget of ``auto``: more search, never a worse plan. Symbolic sizes
get one plan for their whole range (``memir.planning.layout.symbolic``).
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import ClassVar, Literal

from xdsl.context import Context
from xdsl.dialects.builtin import ModuleOp
from xdsl.passes import ModulePass

from memir.dialects import PassError
from memir.dialects.limits import MAX_BYTES
from memir.passes.support import analyses, space_layout
from memir.passes.support.bridge import (
    current_offsets,
    is_symbolic,
    layout_problem,
    symbolic_problem,
    tiled_buffers,
    write_plan,
    write_symbolic_plan,
)
from memir.model.layout import Plan
from memir.passes.support.options import SECONDS, Bound, check_bounds, option
from memir.planning.layout import MAX_EFFORT, STRATEGIES
from memir.planning.layout.heuristics import FITS, SORTS
from memir.planning.tiles import TILE_SORTS

# The planners' own names: the portfolio's strategies and sorts, and the tile planner's.
Strategy = Literal[(*STRATEGIES, "tile-aware")]
Sort = Literal[tuple(dict.fromkeys((*SORTS, *TILE_SORTS)))]
Fit = Literal[FITS]
TILE_ONLY_SORTS = tuple(s for s in TILE_SORTS if s not in SORTS)
# When reading the program used up the limit, the planners still get this long to place
# every buffer (past their deadline they stack what is left: a valid plan, not a good one).
MIN_PLANNING_SECONDS = 0.05


@dataclass(frozen=True)
class AssignLayout(ModulePass):
    """Place buffers: heuristics portfolio (auto), single/many objects, exact, tile-aware."""

    name = "assign-layout"
    preserves: ClassVar = analyses.ALL  # offsets are read fresh, never cached

    strategy: Strategy = option("auto", "auto: a portfolio; single, many: Single or Many "
                                "Objects; exact: CP-SAT; tile-aware")
    sort: Sort = option("size", "the order single and many place buffers in")
    fit: Fit = option("best", "the gap single and many place a buffer in")
    time_limit: float | int | None = option(None, "a wall-clock cap on the whole pass, in "
                                            "seconds (work budgets decide)", SECONDS)
    capacity: int = option(0, "bytes the arena may take; a plan above it is an error (0: none)",
                           Bound(0, MAX_BYTES - 1, "bytes below 2^62; 0: no capacity"))
    keep_offsets: bool = option(False, "keep the offsets allocs carry, place the others "
                                "around them")
    effort: int = option(1, "multiplies every work budget: more search, never a worse plan",
                         Bound(1, MAX_EFFORT, "every work budget scales with it"))

    def check_options(self) -> None:
        check_bounds(self)

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        self.check_options()
        started = time.perf_counter()  # the limit covers reading the program and conflicts
        prog = analyses.program(ctx, op, symbolic=True)
        capacity = self.capacity or None
        if is_symbolic(prog.data, prog.ir):
            self._plan_symbolic(ctx, op, prog, capacity)
            return
        if space_layout.has_spaces(op):
            self._plan_spaces(ctx, op, prog, started)
            return
        if prog.data.tiles and self.strategy in ("tile-aware", "auto"):
            plan = self._plan_tiles(prog)
        elif self.strategy == "tile-aware":
            raise PassError("strategy=tile-aware needs memir.tile_view ops in the input")
        else:
            plan = self._plan_buffers(ctx, op, prog, capacity, started)
        status = str(plan.status)
        if capacity is not None and status == "infeasible":
            raise PassError(
                f"the buffers do not fit in capacity {capacity} (proven; the lower bound is "
                f"{plan.lower_bound})", op)
        if capacity is not None and plan.arena > capacity:
            limit = f"in {self.time_limit:g} s" if self.time_limit else "within the work budget"
            raise PassError(
                f"no plan within capacity {capacity} found {limit} (best arena "
                f"{plan.arena}, lower bound {plan.lower_bound}, status {status})", op)
        write_plan(prog.ir, plan)

    def _plan_symbolic(self, ctx, op: ModuleOp, prog, capacity: int | None) -> None:
        """One plan for every point of the symbols' ranges; each offset an expression."""
        from memir.planning.layout.symbolic import SymbolicLayoutError, plan_symbolic

        refused = [what for what, on in (
            (f"strategy={self.strategy} (only auto)", self.strategy != "auto"),
            ("keep-offsets", self.keep_offsets), ("tile views", bool(prog.data.tiles)),
            ("memory spaces (memir.spaces)", space_layout.has_spaces(op)),
            ("contiguous groups", bool(prog.data.groups))) if on]
        if refused:
            raise PassError(f"symbolic sizes are planned for their whole range by one "
                            f"strategy; not supported with them: {', '.join(refused)}", op)
        problem = symbolic_problem(prog.data, analyses.conflicts(ctx, op), capacity)
        try:
            plan = plan_symbolic(problem, effort=self.effort)
        except SymbolicLayoutError as error:
            raise PassError(error.message, op) from None
        write_symbolic_plan(prog.ir, plan)

    def _plan_spaces(self, ctx, op: ModuleOp, prog, started: float) -> None:
        """One arena per memory space, each within its space's capacity."""
        if prog.data.tiles or self.keep_offsets or self.capacity or \
                self.sort in TILE_ONLY_SORTS or self.strategy == "tile-aware":
            raise PassError("with memory spaces (memir.spaces), tile views, tile-aware "
                            "planning, keep-offsets, tile-only sorts and capacity= are not "
                            "supported: each space's capacity applies", op)
        problem = layout_problem(prog.data, analyses.conflicts(ctx, op))
        parts = space_layout.split_by_space(op, prog.data, prog.ir, problem)
        plans = []
        offsets = current_offsets(prog.ir)
        for part in parts:
            kept = space_layout.valid_offsets(part, offsets)
            try:
                plan = self._plan_problem(op, part.problem, part.space.capacity, started,
                                          f'space "{part.name}": ')
            except PassError:
                if kept is None:
                    raise
                plan = kept
            if kept is not None and kept.arena < plan.arena:
                plan = kept
            capacity = part.space.capacity
            if capacity is not None and (plan.status == "infeasible" or plan.arena > capacity):
                raise PassError(
                    f'the buffers of space "{part.name}" do not fit its capacity {capacity} '
                    f"(arena {plan.arena}, lower bound {plan.lower_bound})", op)
            plans.append(plan)
        space_layout.write_space_plans(prog.ir, parts, plans)

    def _plan_tiles(self, prog) -> Plan:
        from memir.planning.tiles.allocate import tensor_allocate

        sort = "best" if self.strategy == "auto" else self.sort
        if sort not in (*TILE_SORTS, "best"):
            raise PassError(f"unknown sort '{sort}' for tile-aware; choose from "
                            f"{', '.join(TILE_SORTS)}")
        return tensor_allocate(tiled_buffers(prog.data, prog.ir), sort=sort)

    def _plan_buffers(self, ctx, op: ModuleOp, prog, capacity: int | None,
                      started: float) -> Plan:
        if self.sort in TILE_ONLY_SORTS:
            raise PassError(f"sort={self.sort} is for tile-aware planning only")
        fixed = current_offsets(prog.ir) if self.keep_offsets else None
        problem = layout_problem(prog.data, analyses.conflicts(ctx, op), capacity, fixed)
        return self._plan_problem(op, problem, capacity, started)

    def _plan_problem(self, op: ModuleOp, problem, capacity: int | None,
                      started: float, where: str = "") -> Plan:
        from memir.planning.layout.portfolio import LayoutError, assign_layout

        limit = self.time_limit
        if limit is not None:  # what reading took comes off the planners' share
            limit = max(MIN_PLANNING_SECONDS, limit - (time.perf_counter() - started))
        try:
            return assign_layout(problem, strategy=self.strategy, sort=self.sort, fit=self.fit,
                                 time_limit=limit, capacity=capacity, effort=self.effort)
        except LayoutError as error:
            raise PassError(where + str(error), op)
