"""assign-spaces' side of the program: the reader's data as a ``SpaceProblem``, and a chosen
``Assignment`` written back as spaces on allocs, new allocs, copies and events.

Why values are planned buffers and sized arguments: a planned buffer's space is ours to
choose (its home); an argument (a weight, an input) lives in the default space, but a copy
of it may serve its reads from a faster one, which needs its size (bufferize keeps it as
``{memir.bytes = N}``). Each use's traffic is the whole value, read or written.

Why each copy is a record/wait pair after its issue step, the copy on the copies stream,
and a record waited for before its due step (docs/passes/assign-spaces.md draws it): the
copy stream then runs the copies in the model's order, and the events are exactly the
model's issue and deadline, so stream safety derives the lifetimes the planner counted
and ``check-execution{strict-events=true}`` finds no unsynchronised edge.
"""

from __future__ import annotations

from dataclasses import dataclass

from xdsl.dialects.builtin import IntAttr, StringAttr
from xdsl.dialects.func import ReturnOp
from xdsl.ir import Block, Operation, SSAValue
from xdsl.rewriter import InsertPoint, Rewriter

from memir.dialects import AllocOp, PassError, RecordOp, StreamOp, WaitOp
from memir.dialects.program import Program, root_value
from memir.dialects.spaces import CopyOp
from memir.passes.support.bridge import op_count
from memir.planning.spaces.model import Assignment, SpaceProblem, Space, Use, Value


@dataclass(frozen=True)
class ValueRoot:
    """What a value of the problem is in the IR: a planned buffer or another root."""

    value: SSAValue
    alloc: AllocOp | None


def read_space_problem(prog: Program, spaces: list[Space], flops_per_second: float
                       ) -> tuple[SpaceProblem, list[ValueRoot]]:
    data, ir = prog.data, prog.ir
    _check_supported(prog)
    returned = _returned_roots(ir.module)
    n = len(data.buffers)
    uses: dict[int, dict[int, list[int]]] = {}  # value key -> step -> [read, write]
    for s, step in enumerate(data.steps):
        for a in step.accesses:
            key = a.buffer if a.buffer is not None else n + a.other
            traffic = uses.setdefault(key, {}).setdefault(s, [0, 0])
            traffic[0 if a.role == "read" else 1] = 1
    values, roots = [], []
    for key in sorted(uses):
        if key < n:
            b = data.buffers[key]
            size, align, label = b.size, b.align, b.label
            alloc = ir.allocs[key]
            root, movable = alloc.result, alloc.result not in returned
        else:
            other = data.others[key - n]
            if other.size is None or other.view is not None:
                continue  # no size (an argument bufferize did not size), or already placed
            size, align, label, alloc = other.size, 1, other.label, None
            root, movable = ir.others[key - n], False
        steps = uses[key]
        values.append(Value(size, tuple(Use(s, size * r, size * w) for s, (r, w)
                                        in sorted(steps.items())), align, movable, label))
        roots.append(ValueRoot(root, alloc))
    flops = [op_count(op, "flops") or 0 for op in ir.computes]
    return SpaceProblem(spaces, values, flops, flops_per_second), roots


def _check_supported(prog: Program) -> None:
    data, ir = prog.data, prog.ir
    if not data.steps:
        raise PassError("assign-spaces needs compute ops: nothing runs, nothing to place")
    if data.tiles:
        raise PassError("assign-spaces does not support tile views yet", ir.tiles[0])
    if data.num_streams > 1 or data.graph.deps:
        raise PassError("assign-spaces plans one compute stream; this program has several "
                        "streams or events", ir.step_op(0))
    if any(isinstance(op, CopyOp) for op in ir.computes):
        raise PassError("the program already has memir.copy ops: assign-spaces runs once",
                        next(op for op in ir.computes if isinstance(op, CopyOp)))
    if any(a.space is not None for a in ir.allocs):
        alloc = next(a for a in ir.allocs if a.space is not None)
        raise PassError("buffers already have spaces: assign-spaces runs once", alloc)
    blocks = {id(op.parent_block()) for op in ir.computes}
    if len(blocks) > 1:
        raise PassError("assign-spaces plans one block of compute ops (one function)",
                        ir.computes[0])


def _returned_roots(module) -> set[SSAValue]:
    return {root_value(v) for op in module.walk() if isinstance(op, ReturnOp)
            for v in op.operands}


# ----------------------------------------------------------------------------- writing


def write_assignment(prog: Program, problem: SpaceProblem, roots: list[ValueRoot],
                     assignment: Assignment) -> None:
    """Spaces on the allocs, one new alloc per span not held by the value itself, the
    copies with their events, each use reading its span's buffer, and in every space with
    a capacity the offsets of the layout that proved the plan fits (``assign-layout``
    keeps them unless it finds a smaller arena)."""
    ir = prog.ir
    names = [s.name for s in problem.spaces]
    block = ir.computes[0].parent_block()
    holders = [_span_buffers(problem, k, roots[k], assignment, names, block)
               for k in range(len(roots))]
    for k, spans in enumerate(assignment.spans):
        for j, span in enumerate(spans):
            for u in range(span.first, span.last + 1):
                op = ir.computes[problem.values[k].uses[u].step]
                _replace_operand(op, roots[k].value, holders[k][j])
    _write_copies(prog, problem, assignment, roots, holders, block)
    _write_fitting_offsets(problem, assignment, holders)


def _write_fitting_offsets(problem: SpaceProblem, assignment: Assignment,
                           holders: list[list[SSAValue]]) -> None:
    from memir.planning.spaces.pieces import bounded, lay_out, pieces

    made = pieces(problem, assignment)
    for space in bounded(problem):
        mine = [p for p in made if p.space == space]
        for piece, offset in zip(mine, lay_out(mine, problem.spaces[space].capacity)):
            alloc = holders[piece.value][piece.span].owner
            alloc.properties["offset"] = IntAttr(int(offset))


def _span_buffers(problem: SpaceProblem, k: int, root: ValueRoot, assignment: Assignment,
                  names: list[str], block: Block) -> list[SSAValue]:
    """The buffer serving each span of value ``k``: the value itself for a movable value's
    first span (its alloc gets the span's space) and for a home-space span of another
    value; a new alloc for every other span."""
    value, default = problem.values[k], problem.default
    held: list[SSAValue] = []
    for j, span in enumerate(assignment.spans[k]):
        if value.movable and j == 0:
            root.alloc.properties["space"] = StringAttr(names[span.space])
            held.append(root.value)
        elif not value.movable and span.space == default:
            held.append(root.value)
        else:
            alloc = AllocOp(value.size, value.align)
            alloc.properties["space"] = StringAttr(names[span.space])
            hint = root.value.name_hint or "v"
            alloc.result.name_hint = f"{hint}_{names[span.space]}"
            where = (InsertPoint.after(root.alloc) if root.alloc is not None
                     else InsertPoint.at_start(block))
            Rewriter.insert_op(alloc, where)
            held.append(alloc.result)
    return held


def _replace_operand(op: Operation, old: SSAValue, new: SSAValue) -> None:
    if old is not new:
        op.operands = tuple(new if v is old else v for v in op.operands)


def _write_copies(prog: Program, problem: SpaceProblem, assignment: Assignment,
                  roots: list[ValueRoot], holders: list[list[SSAValue]], block: Block) -> None:
    ir = prog.ir
    if not assignment.copies:
        return
    copy_stream = StreamOp(prog.data.num_streams)
    copy_stream.result.name_hint = "copies"
    Rewriter.insert_op(copy_stream, InsertPoint.at_start(block))
    after: dict[int, Operation] = {}  # step -> the last op inserted after it
    for copy in sorted(assignment.copies, key=lambda c: c.stream_key()):
        source = (roots[copy.value].value if copy.src_span is None
                  else holders[copy.value][copy.src_span])
        target = holders[copy.value][copy.dst_span]
        ops: list[Operation] = []
        if copy.issue >= 0:
            ready = RecordOp(ir.computes[copy.issue].stream)
            ready.event.name_hint = "ready"
            ops += [ready, WaitOp(ready.event, copy_stream.result)]
        done = RecordOp(copy_stream.result)
        done.event.name_hint = "landed"
        ops += [CopyOp(source, target, copy_stream.result), done]
        anchor = after.get(copy.issue, ir.computes[copy.issue] if copy.issue >= 0 else None)
        for new in ops:
            where = (InsertPoint.after(anchor) if anchor is not None
                     else InsertPoint.before(ir.computes[0]))
            Rewriter.insert_op(new, where)
            anchor = new
        after[copy.issue] = anchor
        if copy.deadline < len(ir.computes):
            deadline_op = ir.computes[copy.deadline]
            Rewriter.insert_op(WaitOp(done.event, deadline_op.stream),
                               InsertPoint.before(deadline_op))
        else:  # due at the end of the program: before the block's last op
            last = ir.computes[-1]
            Rewriter.insert_op(WaitOp(done.event, last.stream),
                               InsertPoint.before(block.last_op) if block.last_op is not last
                               else InsertPoint.after(last))
