"""rematerialize: free buffers after a use and recompute them before a later one, so that
the program's peak fits a capacity with the least added compute time.

Why a pass of its own: after ``schedule`` the peak sits at the order bound; only changing
the program goes lower, and here it is planned against the same memory model as the
layout. The pass is an adapter: it reads the IR into plain data (``remat_program``), the
planner decides everything on that data (``memir.planning.remat.plan_program``: which
clones to forward, which ops to write in place, which ops to re-run where, in which
order), and the pass writes the outcome back and records ``memir.remat`` for ``report``.
The planner numbers buffers and steps as reading the rewritten IR does, and the pass
checks that it does. An unreachable capacity is an error naming the smallest peak reached.
What may be recomputed and why: docs/passes/rematerialize.md.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar, Literal

from xdsl.context import Context
from xdsl.dialects.builtin import DictionaryAttr, IntAttr, ModuleOp, StringAttr, UnitAttr
from xdsl.ir import Attribute, Operation, SSAValue
from xdsl.passes import ModulePass
from xdsl.rewriter import InsertPoint, Rewriter

from memir.dialects import AllocOp, ComputeOp, CopyOp, DeallocOp, PassError
from memir.dialects.fast_path import walk_ops
from memir.dialects.limits import MAX_BYTES
from memir.dialects.program import Program
from memir.passes.support import analyses
from memir.passes.support.block_order import reorder_block, stuck_op
from memir.passes.support.bridge import op_count
from memir.passes.support.options import SECONDS, Bound, check_bounds, option
from memir.passes.support.remat_summary import RECOMPUTED_ATTR, REMAT_ATTR, CapacityUnreached
from memir.planning.remat import (DEVICES, Access, Buffer, RematOutcome, RematProgram, Step,
                                  plan_program)
from memir.planning.remat import remat_problem as plain_problem

Device = Literal[tuple(sorted(DEVICES, key=lambda name: name != "default"))]  # default first


def remat_program(prog: Program) -> RematProgram:
    """The program as the planner reads it: steps' operands, cost attributes and the
    planned allocs before each (in walk order), and each buffer's uses that are not
    compute ops or deallocs, by the steps before them in the compute block."""
    computes = prog.ir.computes
    position = {id(op): k for k, op in enumerate(computes)}
    allocs_before, count = [], 0
    for op in walk_ops(prog.ir.module):
        if isinstance(op, AllocOp) and op.external is None:
            count += 1
        elif id(op) in position:
            allocs_before.append(count)
    steps = tuple(
        Step(op.kernel.data, tuple(Access(a.role, a.buffer, a.other) for a in step.accesses),
             op_count(op, "flops"), op_count(op, "bytes"), op_count(op, "seed") is not None,
             before)
        for step, op, before in zip(prog.data.steps, computes, allocs_before))
    tiled = {t.buffer for t in prog.data.tiles if t.buffer is not None}
    escapes = _escapes(prog)
    buffers = tuple(Buffer(b.size, b.align, i in tiled, escapes[i])
                    for i, b in enumerate(prog.data.buffers))
    return RematProgram(buffers, steps, len(prog.data.others))


def _escapes(prog: Program) -> list[tuple[int, ...]]:
    """Per planned buffer, its uses by other than compute ops and deallocs, each as the
    number of compute ops before it in their block (-1: outside it)."""
    block = prog.ir.computes[0].parent_block() if prog.ir.computes else None
    before, seen = {}, 0
    for op in block.ops if block is not None else ():
        before[id(op)] = seen
        seen += isinstance(op, ComputeOp | CopyOp)
    return [tuple(sorted(before.get(id(use.operation), -1) for use in alloc.results[0].uses
                         if not isinstance(use.operation, ComputeOp | DeallocOp)))
            for alloc in prog.ir.allocs]


def remat_problem(prog: Program, device):
    """The plain problem of a program read from IR (``memir.planning.remat.remat_problem``)."""
    return plain_problem(remat_program(prog), device)


@dataclass(frozen=True)
class Rematerialize(ModulePass):
    """Recompute cheap buffers before later uses so that the peak fits ``capacity``."""

    name = "rematerialize"
    preserves: ClassVar = frozenset()  # the program changes

    capacity: int = option(0, "bytes the step's peak must fit (required)",
                           Bound(0, MAX_BYTES - 1, "bytes below 2^62"))
    strategy: Literal["auto", "greedy", "exact"] = option(
        "auto", "greedy: greedy and min-cut starts; exact: Checkmate's CP-SAT; auto: both")
    device: Device = option("default", "the device profile recomputations are priced on "
                                       "(a roofline)")
    time_limit: float | int | None = option(None, "a wall-clock cap on the whole pass, in "
                                            "seconds (work budgets decide)", SECONDS)
    reorder: bool = option(True, "order the program again after planning (auto, greedy)")
    layout: bool = option(True, "the laid-out arena must fit too (false: the peak only)")

    def check_options(self) -> None:
        check_bounds(self)
        if self.capacity <= 0:
            raise PassError("rematerialize needs capacity=BYTES (a positive byte count)")

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        from memir.planning.budget import Deadline

        self.check_options()
        prog = analyses.program(ctx, op)
        check_supported(prog)
        reorder = reorders(prog, self.strategy, self.reorder)
        outcome = plan_program(remat_program(prog), self.capacity, DEVICES[self.device],
                               self.strategy, Deadline.after(self.time_limit), reorder,
                               self.layout)
        prog = _write_rewrites(ctx, op, prog, outcome)
        self._check_reached(op, prog, outcome, reorder)
        recomputed, removed, saved = self._rewrite_program(ctx, op, prog, outcome)
        op.attributes[REMAT_ATTR] = DictionaryAttr(self._summary(outcome, recomputed,
                                                                 removed, saved))

    def _check_reached(self, op: ModuleOp, prog: Program, outcome: RematOutcome,
                       reorder: bool) -> None:
        """A capacity that cannot be reached is an error naming the smallest peak reached."""
        unreached, before = outcome.unreached, outcome.before
        if unreached is None:
            return
        if unreached.arena:
            planned = outcome.planned
            raise CapacityUnreached(
                f"capacity {self.capacity} cannot be reached once laid out: the smallest "
                f"arena reached is {planned.arena} bytes (peak {planned.peak}, peak without "
                f"recomputation {before.peak})", op, planned.arena, None, before.peak)
        computes, proven, at = prog.ir.computes, unreached.floor, unreached.at
        raise CapacityUnreached(
            f"capacity {self.capacity} cannot be reached by recomputation: the smallest "
            f"peak reached is {unreached.smallest} bytes (peak without it {before.peak}), "
            f"at op {at} ({computes[at].kernel.data}); no plan "
            f"{'in the orders planned (before ordering again) ' if reorder else ''}goes below "
            f"{proven.bytes} bytes (op {proven.op}, "
            f"{computes[proven.op].kernel.data})"
            + (f"; {len(outcome.reuses)} elementwise ops write their result over an operand "
               "that dies there" if outcome.reuses else ""), computes[at], unreached.smallest,
            proven.bytes, before.peak)

    def _rewrite_program(self, ctx: Context, op: ModuleOp, prog: Program,
                         outcome: RematOutcome):
        """The plan written: the program first put in the order the plan was made in, the
        recomputations added, the runs ordered again, the originals nothing reads removed.
        Returns (the recomputations, the originals removed, those originals' cost)."""
        planned = outcome.planned
        if planned is not None and planned.deferred:
            _defer(prog, planned.deferred)
            analyses.manager(ctx).invalidate()
            prog = analyses.program(ctx, op)  # the problem stays the plan's
        after = outcome.before if planned is None else planned.evaluation
        ops = outcome.problem.ops
        cost_of = {prog.ir.computes[i]: ops[planned.original_op(i)].cost or 0
                   for i in after.moved}  # the plan's moved ops, by their op here
        recomputed = _rewrite(prog, {} if planned is None else planned.plan)
        if planned is not None and planned.schedule is not None:
            block = prog.ir.computes[0].parent_block()
            runs = [o for o in block.ops if isinstance(o, ComputeOp)]  # in the plan's runs
            reorder_block(block, [runs[r] for r in planned.schedule.order], self.name)
        removed = _originals_nothing_reads(list(cost_of))
        for original in removed:  # later ops first: a moved op's readers go before it
            _erase_with_allocs(original)
        analyses.manager(ctx).invalidate()
        return recomputed, removed, sum(cost_of[c] for c in removed)

    def _summary(self, outcome: RematOutcome, recomputed: list[Operation],
                 removed: list[Operation], saved: int) -> dict[str, Attribute]:
        """``memir.remat``: the peak before and after, the added cost net of the moved runs
        and the clones removed, the input program's step, and what the plan changed."""
        planned, before, forwarded = outcome.planned, outcome.before, outcome.forwarded
        if planned is None:
            after, strategy, bound, peak_after = before, "none", 0, before.peak
        else:
            after, strategy = planned.evaluation, planned.strategy
            bound, peak_after = planned.bound, planned.peak
        step_flops, step_bytes, step_ns = outcome.step
        summary: dict[str, Attribute] = {
            "peak_before": IntAttr(before.peak), "peak_after": IntAttr(peak_after),
            "capacity": IntAttr(self.capacity), "recomputed": IntAttr(len(recomputed)),
            "added_ns": IntAttr(after.cost - saved - forwarded[0]),
            "step_ns": IntAttr(step_ns), "cost_bound_ns": IntAttr(bound),
            "added_flops": IntAttr(_total(recomputed, "flops") - _total(removed, "flops")
                                   - forwarded[1]),
            "added_bytes": IntAttr(_total(recomputed, "bytes") - _total(removed, "bytes")
                                   - forwarded[2]),
            "step_flops": IntAttr(step_flops), "step_bytes": IntAttr(step_bytes),
            "strategy": StringAttr(strategy)}
        if planned is not None and planned.deferred:  # the order the plan is made in
            summary["reordered"] = IntAttr(sum(map(len, planned.deferred.values())))
        if outcome.reuses:
            summary["reused"] = IntAttr(len(outcome.reuses))
        if outcome.forwards:  # clones removed, their cost netted out of the added cost
            summary["forwarded"] = IntAttr(len(outcome.forwards))
            summary["forwarded_ns"] = IntAttr(forwarded[0])
        if planned is not None and planned.schedule is not None:
            summary["rescheduled"] = IntAttr(after.peak)  # the runs' own order's peak
        if removed:  # ops that now run only where they are recomputed
            summary |= {"moved": IntAttr(len(removed)), "recomputed_ns": IntAttr(after.cost)}
        return summary


def _total(ops, name: str) -> int:
    """The sum of the ``name`` attribute (``flops``, ``bytes``) over ``ops``."""
    return sum(op_count(op, name) or 0 for op in ops)


def _write_rewrites(ctx: Context, op: ModuleOp, prog: Program,
                    outcome: RematOutcome) -> Program:
    """The program planned, in IR: the clones forwarded and the results written over their
    operands, then read again; it must read as the planner's program did."""
    if not outcome.forwards and not outcome.reuses:
        return prog
    if outcome.forwards:
        _forward(prog, outcome.forwards)
        analyses.manager(ctx).invalidate()
        prog = analyses.program(ctx, op)
    allocs = list(prog.ir.allocs)
    for operand, result in outcome.reuses:
        _reuse(allocs, operand, result)
    analyses.manager(ctx).invalidate()
    prog = analyses.program(ctx, op)
    if remat_program(prog) != outcome.program:
        raise PassError("rematerialize: internal error: the rewritten program does not read "
                        "as the one planned", op)
    return prog


def reorders(prog: Program, strategy: str, reorder: bool = True) -> bool:
    """Ordered again by auto and greedy, where the block holds nothing but computes and
    what follows them (allocs, deallocs, groups): records and waits would move too."""
    return (reorder and strategy != "exact"
            and len(prog.ir.sequence) == len(prog.ir.computes)
            and bool(prog.ir.computes)  # nothing to order in a program without computes
            and stuck_op(prog.ir.computes[0].parent_block(), prog.ir.computes) is None)


def check_supported(prog: Program) -> None:
    """A program the pass can rewrite: buffers without explicit lifetimes, one stream, every
    compute op in one block."""
    if prog.data.all_explicit:
        raise PassError("the buffers carry explicit lifetimes (live [l, u)): there is no "
                        "program to recompute", prog.ir.allocs[0])
    if prog.data.num_streams > 1:
        raise PassError("rematerialize supports programs on one stream", prog.ir.step_op(0))
    blocks = {id(c.parent_block()) for c in prog.ir.computes}
    if len(blocks) > 1:
        raise PassError("rematerialize needs every compute op in one block",
                        prog.ir.computes[-1])


def _reuse(allocs: list[AllocOp], operand: int, result: int) -> None:
    """The compute op that writes ``result`` writes over ``operand`` instead
    (``in_place_reuse.reuse``): every use of the result's alloc uses the operand's, and
    the result's alloc goes (from ``allocs`` too, so later handles stay right)."""
    kept, gone = allocs[operand], allocs.pop(result)
    gone.results[0].replace_all_uses_with(kept.results[0])
    gone.detach()
    gone.erase()


def _fresh_alloc(alloc: AllocOp) -> AllocOp:
    """A new buffer like ``alloc``: same size and alignment, no plan, no name."""
    copy = alloc.clone()
    for key in ("offset", "id", "lower", "upper", "safety", "external"):
        copy.properties.pop(key, None)
    return copy


def _forward(prog: Program, forwards) -> None:
    """Each ``forwarding.Forward``, in program order: the follower writes a fresh alloc
    (made right before it) and every op after it uses that alloc for the buffer; the
    clone's readers read the buffer; the clone and its alloc go."""
    allocs = prog.ir.allocs
    computes = list(prog.ir.computes)
    position = {id(o): k for k, o in enumerate(computes[0].parent_block().ops)}
    current = {}  # buffer handle -> the value that holds it from here on

    def value(b: int) -> SSAValue:
        return current.get(b, allocs[b].results[0])

    for forward in forwards:
        follower, clone = computes[forward.follower], computes[forward.clone]
        old, copy = value(forward.buffer), value(forward.copy)
        fresh = _fresh_alloc(allocs[forward.buffer])
        fresh.results[0].name_hint = old.name_hint
        Rewriter.insert_op(fresh, InsertPoint.before(follower))
        at = position[id(follower)]
        written = set(range(len(follower.operands) - len(follower.outputs)
                            - len(follower.workspaces),
                            len(follower.operands) - len(follower.workspaces)))
        old.replace_uses_with_if(fresh.results[0], lambda use: (
            position.get(id(use.operation), -1) > at
            or (use.operation is follower and use.index in written)))
        copy.replace_all_uses_with(old)
        for dead in (clone, copy.owner):
            dead.detach()
            dead.erase()
        current[forward.buffer] = fresh.results[0]
        current[forward.copy] = old


def _defer(prog: Program, after: dict[int, list[int]]) -> None:
    """Move ops: each list runs right after its anchor op (indices into the program as it
    was). They move only past ops that do not touch what they write nor write what they
    read (``deferred_updates.deferrals`` later, ``deferred_updates.hoists`` and
    ``hoisted_reads.hoisted_reads`` earlier), so values are kept; an alloc a hoisted op now
    uses before it moves up with it."""
    computes = list(prog.ir.computes)
    for j, ops in sorted(after.items()):
        anchor = computes[j]
        for u in ops:
            moving = computes[u]
            moving.detach()
            Rewriter.insert_op(moving, InsertPoint.after(anchor))
            anchor = moving
    block = computes[0].parent_block()
    seen: set[int] = set()
    for operation in list(block.ops):
        if isinstance(operation, AllocOp):
            seen.add(id(operation))
            continue
        for value in operation.operands:
            owner = value.owner
            if isinstance(owner, AllocOp) and id(owner) not in seen:
                owner.detach()
                Rewriter.insert_op(owner, InsertPoint.before(operation))
                seen.add(id(owner))


def _originals_nothing_reads(originals: list[Operation]) -> list[Operation]:
    """The ops of ``originals`` (the plan's moved ops, in program order) that, rewritten,
    write only allocs nothing uses but deallocs and other such ops: their recomputations
    made the values later reads use. Later ops first (so a chain of moved ops goes whole,
    and is erased in that order).
    The IR check keeps an op whose value the function returns or another op reads,
    whatever the plan said (its cost then stays counted)."""
    found: list[Operation] = []
    for original in reversed(originals):
        targets = [*original.outputs, *original.workspaces]
        if targets and all(isinstance(v.owner, AllocOp) and all(
                use.operation is original or use.operation in found
                or isinstance(use.operation, DeallocOp) for use in v.uses)
                for v in targets):
            found.append(original)
    return found


def _erase_with_allocs(op: Operation) -> None:
    """Erase ``op``, then the allocs it wrote that only deallocs use now (the moved ops
    reading them are erased first)."""
    allocs = {v.owner: None for v in (*op.outputs, *op.workspaces)}
    op.detach()
    op.erase()
    for alloc in allocs:
        users = [use.operation for use in alloc.results[0].uses]
        if all(isinstance(user, DeallocOp) for user in users):
            for user in users:
                user.detach()
                user.erase()
            alloc.detach()
            alloc.erase()


def _rewrite(prog: Program, plan: dict[int, list[int]]) -> list[Operation]:
    """Insert the recomputations of ``plan`` and point every read at the newest copy.
    An op re-run after its own stage has had its operands pointed at newer copies already,
    so every copy's value maps back to its buffer's handle too."""
    allocs = prog.ir.allocs
    handle_of = {a.results[0]: i for i, a in enumerate(allocs)}
    newest: dict[int, SSAValue] = {}  # buffer handle -> the value later reads use
    inserted: list[Operation] = []
    for t, op in enumerate(prog.ir.computes):
        for i in sorted(set(plan.get(t, ()))):
            original = prog.ir.computes[i]
            mapping: dict[SSAValue, SSAValue] = {}
            new_ops: list[Operation] = []
            for value in original.inputs:
                if (b := handle_of.get(value)) is not None and b in newest:
                    mapping[value] = newest[b]
            for value in (*original.outputs, *original.workspaces):
                if value in mapping:  # written in place: the copy its producer made
                    continue
                b = handle_of[value]
                fresh = _fresh_alloc(allocs[b])
                fresh.results[0].name_hint = value.name_hint
                handle_of[fresh.results[0]] = b
                new_ops.append(fresh)
                mapping[value] = fresh.results[0]
            clone = original.clone(value_mapper=mapping)
            clone.attributes[RECOMPUTED_ATTR] = UnitAttr()
            new_ops.append(clone)
            Rewriter.insert_op(new_ops, InsertPoint.before(op))
            inserted.append(clone)
            for value in (*original.outputs, *original.workspaces):
                newest[handle_of[value]] = mapping[value]
        for index, value in enumerate(op.operands):
            b = handle_of.get(value)
            if b is not None and b in newest:  # a read, or an in-place write
                op.operands[index] = newest[b]
    return inserted

