"""verify-layout: prove that no two buffers (or tiles) that may be live together share a byte.

The fast exact checker (memir.verify.overlap) runs on every plan; modules with tile views
are checked chunk by chunk (memir.verify.tile_sweep) and, with ``smt=true``, proven with
Z3 (memir.verify.tile_smt), where an unknown answer is an error, never "safe". A violation
names both buffers and the shared byte range and points at the first buffer's alloc.
"""

from __future__ import annotations

from dataclasses import dataclass

from xdsl.context import Context
from xdsl.dialects.builtin import ModuleOp
from xdsl.passes import ModulePass

from memir.passes.layout_common import read_problem
from memir.planning.problem import Plan
from memir.tools.diagnostics import OpError


@dataclass(frozen=True)
class VerifyLayout(ModulePass):
    """Check a plan exactly: unsafe pairs disjoint, groups back to back, alignment."""

    name = "verify-layout"

    smt: bool = False
    timeout_ms: int = 2000

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        model, problem = read_problem(op)
        missing = [i for i, a in enumerate(model.allocs) if a.offset is None]
        if missing:
            raise OpError(f"buffer {model.label(missing[0])} has no offset: run assign-layout "
                          "first", model.allocs[missing[0]])
        offsets = [a.offset.data for a in model.allocs]
        plan_attr = op.attributes.get("memir.plan")
        arena = plan_attr.arena.data if plan_attr is not None else Plan.arena_of(problem, offsets)
        plan = Plan(offsets, arena)
        if model.tiles:
            from memir.passes.tile_model import verify_tiles

            verify_tiles(model, problem, plan, self.smt, self.timeout_ms)
            return
        from memir.verify.overlap import check_plan

        violations = check_plan(problem, plan)
        if violations:
            first = violations[0]
            more = f" (and {len(violations) - 1} more)" if len(violations) > 1 else ""
            raise OpError(first.message + more, model.allocs[first.a])
