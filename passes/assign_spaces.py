"""assign-spaces: which memory holds each buffer (or each span between its uses), and the
prefetch and eviction copies between memories, at least modelled time under every space's
capacity. Runs at buffer level, before ``assign-layout`` (which then lays out one arena per
space, each within its capacity).

Spaces come from the module (``memir.spaces``), or from the short form ``fast=BYTES
device=NAME`` (profiles in ``memir.planning.spaces.devices``, each number with its
source). The time model is ``memir.planning.spaces.cost``. Work budgets decide (``effort``
scales them); ``time-limit`` is only a cap. Options, the rewrite and ``memir.space_plan``:
docs/passes/assign-spaces.md.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import ClassVar, Literal

from xdsl.context import Context
from xdsl.dialects.builtin import ArrayAttr, ModuleOp
from xdsl.passes import ModulePass

from memir.dialects import PassError, SpaceAttr
from memir.dialects.limits import MAX_BYTES
from memir.dialects.spaces import SPACES_ATTR, module_spaces
from memir.passes.support import analyses
from memir.passes.support.options import SECONDS, Bound, check_bounds, check_types, option
from memir.planning.spaces import SPACE_DEVICES
from memir.planning.spaces.strategies import MAX_EFFORT, STRATEGIES

Strategy = Literal[STRATEGIES]
Device = Literal[tuple(SPACE_DEVICES)]


@dataclass(frozen=True)
class AssignSpaces(ModulePass):
    """Fast or slow memory per buffer span, with prefetch/evict copies (least modelled time)."""

    name = "assign-spaces"
    preserves: ClassVar = frozenset()  # new allocs, copies and events: the program changes

    strategy: Strategy = option("auto", "exact: CP-SAT; greedy: by access density; auto: "
                                "exact when small, else greedy")
    fast: int = option(0, "bytes of a fast space beside an unbounded slow one (0: the module "
                       "declares its spaces)",
                       Bound(0, MAX_BYTES - 1, "bytes below 2^62; 0: the module declares spaces"))
    device: Device = option("npu", "the device profile: the compute rate, and the short "
                                   "form's bandwidths")
    time_limit: float | int | None = option(None, "a wall-clock cap on the whole pass, in "
                                            "seconds (work budgets decide)", SECONDS)
    effort: int = option(1, "multiplies every work budget",
                         Bound(1, MAX_EFFORT, "every work budget scales with it"))

    def __post_init__(self) -> None:  # built in Python: bad values fail here, naming them
        self.check_options()

    def check_options(self) -> None:
        check_types(self)
        check_bounds(self)

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        self.check_options()
        from memir.passes.support import space_program, space_summary
        from memir.planning.spaces.strategies import assign_spaces

        started = time.perf_counter()
        device = SPACE_DEVICES[self.device]
        spaces = self._spaces(op, device)
        prog = analyses.program(ctx, op)
        problem, roots = space_program.read_space_problem(prog, spaces,
                                                          device.flops_per_second)
        try:
            plan = assign_spaces(problem, self.strategy, self.effort, self.time_limit)
        except ValueError as error:
            raise PassError(str(error), op) from None
        if SPACES_ATTR not in op.attributes:
            op.attributes[SPACES_ATTR] = ArrayAttr([
                SpaceAttr(s.name, s.capacity, s.read_bps, s.write_bps) for s in spaces])
        space_program.write_assignment(prog, problem, roots, plan.assignment)
        space_summary.write_summary(op, problem, plan, time.perf_counter() - started)

    def _spaces(self, op: ModuleOp, device):
        from memir.planning.spaces.devices import two_spaces
        from memir.planning.spaces.model import Space, with_unbounded_default

        declared = module_spaces(op)
        if declared and self.fast:
            raise PassError("fast= declares two spaces, but the module already declares "
                            f"{SPACES_ATTR}: give one or the other", op)
        if declared:
            if len(declared) < 2:
                raise PassError(f"{SPACES_ATTR} declares one space: nothing to choose", op)
            return with_unbounded_default([
                Space(s.space_name.data, s.capacity, s.read.data, s.write.data)
                for s in declared])
        if not self.fast:
            raise PassError(f"no memory spaces: declare {SPACES_ATTR} on the module or give "
                            "fast=BYTES (and device=NAME)", op)
        return two_spaces(self.fast, device)
