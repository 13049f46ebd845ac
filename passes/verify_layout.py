"""verify-layout: prove that no two buffers (or tiles) that may be live together share a byte.

Safety is decided from the program itself (the analysis cache, computed from the ops), not
from the ``safety`` summaries in the IR: a stale or edited summary is reported as such.
The fast exact checker (memir.verify.overlap) runs on every plan; modules with tile views
are checked chunk by chunk (memir.verify.tile_sweep) and, with ``smt=true``, proven with
Z3 (memir.verify.tile_smt), where an unknown answer is an error, never "safe". A violation
names both buffers and the shared byte range and points at the first buffer's alloc. A
plan of symbolic sizes is proven over the symbols' whole ranges (``memir.verify.symbolic_smt``):
what a corner test decides exactly is settled so, the rest by Z3 (``smt=true``: all by Z3);
a violation names the pair and a witness point.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from xdsl.context import Context
from xdsl.dialects.builtin import ModuleOp
from xdsl.passes import ModulePass

from memir.dialects import PassError
from memir.dialects.limits import MAX_TIMEOUT_MS
from memir.passes.support import analyses, space_layout
from memir.passes.support.bridge import (
    current_offsets,
    current_symbolic_offsets,
    is_symbolic,
    layout_problem,
    read_plan_attr,
    read_safety,
    read_symbolic_plan,
    read_symbolic_plan_attr,
    symbolic_problem,
    tiled_buffers,
)
from memir.model.layout import Plan
from memir.model.symbolic import OffsetExpr
from memir.passes.support.options import Bound, check_bounds, option


@dataclass(frozen=True)
class VerifyLayout(ModulePass):
    """Check a plan exactly: unsafe pairs disjoint, groups back to back, alignment."""

    name = "verify-layout"
    preserves: ClassVar = analyses.ALL

    smt: bool = option(False, "prove tile overlaps with Z3 as well; symbolic plans: every "
                       "rule by Z3")
    timeout_ms: int = option(2000, "Z3's limit for each proof, in milliseconds",
                             Bound(1, MAX_TIMEOUT_MS, "one day"))

    def check_options(self) -> None:
        check_bounds(self)

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        self.check_options()
        prog = analyses.program(ctx, op, symbolic=True)
        data, ir = prog.data, prog.ir
        if is_symbolic(data, ir):
            self._check_summaries(ctx, op, prog)
            self._verify_symbolic(ctx, op, prog)
            return
        offsets = current_offsets(ir)
        if None in offsets:
            missing = offsets.index(None)
            raise PassError(f"buffer {data.buffers[missing].label} has no offset: run "
                            "assign-layout first", ir.allocs[missing])
        self._check_summaries(ctx, op, prog)
        problem = layout_problem(data, analyses.conflicts(ctx, op))
        if space_layout.has_spaces(op):
            self._verify_spaces(op, prog, problem, offsets)
            return
        plan_attr = read_plan_attr(ir)
        arena = plan_attr.arena.data if plan_attr is not None else Plan.arena_of(problem, offsets)
        plan = Plan(offsets, arena)
        if data.tiles:
            self._verify_tiles(prog, plan)
            return
        from memir.verify.overlap import check_plan

        _raise_first(check_plan(problem, plan), ir.allocs)

    def _verify_symbolic(self, ctx, op: ModuleOp, prog) -> None:
        """Z3 over the whole range: sizes non-negative, alignment, conflicting pairs apart,
        every buffer inside the arena ``memir.symbolic_plan`` declares."""
        from memir.verify.symbolic_smt import prove_symbolic

        data, ir = prog.data, prog.ir
        if data.tiles or space_layout.has_spaces(op) or data.groups:
            raise PassError("symbolic sizes with tile views, memory spaces or contiguous "
                            "groups are not supported", op)
        offsets = current_symbolic_offsets(ir)
        if None in offsets:
            missing = offsets.index(None)
            raise PassError(f"buffer {data.buffers[missing].label} has no offset: run "
                            "assign-layout first", ir.allocs[missing])
        plan_attr = read_symbolic_plan_attr(ir)
        if plan_attr is None:
            raise PassError("symbolic offsets without 'memir.symbolic_plan' on the module: "
                            "run assign-layout first", op)
        problem = symbolic_problem(data, analyses.conflicts(ctx, op))
        point = {name: s.first for name, s in problem.symbols.items()}
        neighbours = problem.at(point).adjacency()  # conflicts do not depend on sizes
        plans = [(offsets, plan_attr.arena, "")]
        if (plan := read_symbolic_plan(ir)) is not None and plan.fallback is not None:
            others, arena = plan.fallback  # taken at run time: valid everywhere too
            plans.append(([OffsetExpr.of(o).simplified() for o in others],
                          OffsetExpr.of(arena), "the fallback (else) plan: "))
        violations, where = [], ""
        for offsets, arena, where in plans:
            violations = prove_symbolic(problem.buffers, problem.symbols, neighbours, offsets,
                                        arena, timeout_ms=self.timeout_ms,
                                        decide_first=not self.smt)
            if violations:
                break
        if violations:
            first = violations[0]
            more = f" (and {len(violations) - 1} more)" if len(violations) > 1 else ""
            at = ir.allocs[first.buffers[0]] if first.buffers else op
            raise PassError(f"{where}{first.kind}: {first.message}{more}", at)

    def _verify_spaces(self, op: ModuleOp, prog, problem, offsets: list[int]) -> None:
        """Each space on its own: its buffers disjoint where they conflict, within its
        capacity and within the arena its plan declares."""
        from memir.verify.overlap import check_plan

        if prog.data.tiles:
            raise PassError("tile views with memory spaces are not supported", op)
        declared = space_layout.read_space_plans(op)
        for part in space_layout.split_by_space(op, prog.data, prog.ir, problem):
            mine = [offsets[h] for h in part.buffers]
            plan_attr = declared.get(part.name)
            arena = (plan_attr.arena.data if plan_attr is not None
                     else Plan.arena_of(part.problem, mine))
            violations = check_plan(part.problem, Plan(mine, arena))
            _raise_first(violations, [prog.ir.allocs[h] for h in part.buffers],
                         f'space "{part.name}": ')

    def _check_summaries(self, ctx, op: ModuleOp, prog) -> None:
        """Summaries in the IR must be what the program gives now."""
        found = read_safety(prog.ir)
        if all(s is None for s in found) or not prog.data.graph.nodes:
            return
        result = analyses.stream_safety(ctx, op)
        for i, (summary, t) in enumerate(zip(found, prog.data.tensor_of_buffer)):
            if summary is None:
                continue
            expected = tuple(tuple(v) for v in result.summaries[t].to_lists())
            if tuple(tuple(v) for v in summary) != expected:
                raise PassError(f"the safety summary of {prog.data.buffers[i].label} does not "
                                "match the program (stale or edited): rerun stream-safety",
                                prog.ir.allocs[i])

    def _verify_tiles(self, prog, plan: Plan) -> None:
        """Chunk sweep by default; with ``smt`` a Z3 proof, where "unknown" is a failure."""
        data, ir = prog.data, prog.ir
        buffers = tiled_buffers(data, ir)  # in handle order: a result's buffer is a handle
        if not self.smt:
            from memir.verify.tile_sweep import check_tiles

            violations = check_tiles(buffers, plan)
            if violations:
                more = f" (and {len(violations) - 1} more)" if len(violations) > 1 else ""
                raise PassError(str(violations[0]) + more, ir.alloc_op(violations[0].buffer))
            return
        from memir.verify.tile_smt import prove_tiles

        report = prove_tiles(buffers, plan, timeout_ms=self.timeout_ms)
        for result in report.overlaps + report.unverified:
            if result.status == "overlap":
                what = f"are live at the same time and share byte {result.witness} (Z3 witness)"
            else:
                what = f"could not be proven disjoint within {self.timeout_ms} ms: unverified"
            raise PassError(f"{result.a} and {result.b} {what}", ir.alloc_op(result.buffer))


def _raise_first(violations, allocs, where: str = "") -> None:
    if violations:
        first = violations[0]
        more = f" (and {len(violations) - 1} more)" if len(violations) > 1 else ""
        allocs_at = allocs[first.a] if first.a >= 0 else None
        raise PassError(where + first.message + more, allocs_at)
