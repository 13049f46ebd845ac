"""memref-to-memir: the ``memref.alloc``s of an upstream MLIR program become planned buffers.

Why: after bufferization an MLIR program allocates every temporary with ``memref.alloc``
and frees it with ``memref.dealloc``; upstream MLIR has no static planner for them. This
pass reads their lifetimes from the program and states them as a buffers-with-lifetimes
problem that ``assign-layout`` and ``verify-layout`` solve and check unchanged;
``memir-to-memref`` then turns the plan back into upstream MLIR (one arena per function).

For each planned ``memref.alloc`` the pass inserts ``memir.alloc SIZE align A live [l, u)
id "..."`` at the start of its function's entry block and links the two by the integer
handle of the memir.alloc (the bridge's numbering: non-external ``memir.alloc``s in walk
order) in the ``memir.buffer`` attribute of the memref.alloc. SIZE is element count x
element bytes (i1 is one byte, index eight); A is the alloc's ``alignment``, else 64.

Lifetimes. Every op of a block is one step in program order; an op with regions spans the
steps of its regions' blocks, laid one after another (``scf.if``'s two branches never run
together, nor do ``scf.while``'s two regions), and at least one step. A buffer lives from
the first to the last step of its uses, a use nested in a region counting as the whole
span of the enclosing op of the alloc's block; ``memref.dealloc`` is not a use. A buffer
allocated in a loop body is planned in that body's steps, which lie inside the loop op's
span in its parent: it conflicts with every parent buffer live during the loop and with
no buffer of a previous iteration (each iteration allocates afresh). Functions get
consecutive stretches of one timeline: each has its own arena, so theirs may share bytes.

Left untouched, with ``memir.remark = "not planned: ..."`` on the alloc saying why: dynamic
shapes, symbol operands, a non-identity layout or a memory space, an element type of no
known size, zero bytes, allocs in a region with several blocks or in a region that may run
concurrently (``scf.parallel``, ``scf.forall``), and escaping allocs: returned, yielded,
stored as a value, cast (``memref.cast``), passed to a ``func.call``, or used by any op
not in ``_ACCESS``/``_ALIAS`` below (memir cannot see what such an op keeps).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from xdsl.context import Context
from xdsl.dialects import func
from xdsl.dialects.builtin import IntegerAttr, ModuleOp, StringAttr, i64
from xdsl.ir import Block, Operation, SSAValue
from xdsl.passes import ModulePass
from xdsl.rewriter import InsertPoint, Rewriter

from memir.dialects import AllocOp, ComputeOp, PassError
from memir.passes.memref_allocs import BUFFER_ATTR, alloc_bytes

REMARK_ATTR = "memir.remark"
DEFAULT_ALIGN = 64

# Ops that read or write a memref operand and keep nothing of it.
_ACCESS = frozenset({"memref.load", "memref.copy", "memref.dim", "memref.rank",
                     "memref.prefetch"})
# Ops whose result aliases their memref operand: their uses are the root's uses.
_ALIAS = frozenset({"memref.subview", "memref.collapse_shape", "memref.expand_shape"})
# Region ops whose regions run one at a time, in order (a loop body once per iteration).
_SEQUENTIAL = frozenset({"func.func", "scf.for", "scf.if", "scf.while", "scf.execute_region",
                         "scf.index_switch", "memref.alloca_scope", "linalg.generic"})


def alignment_of(alloc) -> tuple[int | None, str]:
    if alloc.alignment is None:
        return DEFAULT_ALIGN, ""
    value = alloc.alignment.value.data if isinstance(alloc.alignment, IntegerAttr) else None
    if value is None or value <= 0 or value & (value - 1):
        return None, f"alignment {alloc.alignment} is not a positive power of two"
    return value, ""


def escape_reason(root: SSAValue) -> tuple[str, list[Operation]]:
    """("", the ops using the buffer) when memir sees every use, else (why it escapes, [])."""
    users: list[Operation] = []
    pending = [root]
    while pending:
        value = pending.pop()
        for use in value.uses:
            op, name = use.operation, use.operation.name
            if name == "memref.dealloc" and value is root:
                continue
            if name in _ACCESS or (name == "memref.store" and use.index == 1):
                users.append(op)
            elif name.startswith("linalg.") and name != "linalg.yield":
                users.append(op)
            elif name in _ALIAS:
                users.append(op)
                pending.extend(op.results)
            else:
                return _why(op, use.index), []
    return "", users


def _why(op: Operation, index: int) -> str:
    name = op.name
    if name == "func.return":
        return "returned by func.return"
    if name in ("scf.yield", "scf.condition"):
        return f"yielded out of its region by {name}"
    if name == "memref.store":
        return "stored as a value by memref.store"
    if name == "memref.cast":
        return f"cast to {op.results[0].type} by memref.cast"
    if name == "func.call":
        return f"passed to func.call {op.callee}"
    if name == "memref.dealloc":
        return "a view of it is deallocated"
    return f"used by '{name}' (operand {index}), which memir cannot see through"


def number_steps(block: Block, start: int, span: dict[int, tuple[int, int]]) -> tuple[int, bool]:
    """Steps of each op of ``block`` (by id) from ``start``: (the step after the last,
    whether the block holds a memref.alloc at any depth).

    An op whose regions hold allocs spans their blocks laid one after another, so that a
    nested block lies inside its span; any other op (``linalg.matmul``'s implicit body
    included) is one step.
    """
    t, found = start, False
    for op in block.ops:
        end, inner = t, False
        for region in op.regions:
            for nested in region.blocks:
                end, has = number_steps(nested, end, span)
                inner = inner or has
        end = max(end, t + 1) if inner else t + 1
        span[id(op)] = (t, end)
        t = end
        found = found or inner or op.name == "memref.alloc"
    return t, found


def _remark(alloc: Operation, why: str) -> None:
    alloc.attributes[REMARK_ATTR] = StringAttr(f"not planned: {why}")


def _placement_reason(alloc: Operation) -> str:
    """Why the alloc's block cannot be planned as straight-line code ("" if it can)."""
    op = alloc
    while not isinstance(op, func.FuncOp):
        block, parent = op.parent_block(), op.parent_op()
        if block is None or parent is None:
            return "not inside a func.func"
        if len(block.parent.blocks) > 1:
            return "its region has several blocks (control flow is not modelled)"
        if parent.name not in _SEQUENTIAL:
            return f"inside '{parent.name}', whose regions may run concurrently"
        op = parent
    return ""


@dataclass
class _Planned:
    alloc: Operation
    size: int
    align: int
    live: tuple[int, int]
    label: str


def plan_function(fn: func.FuncOp, start: int, span: dict) -> tuple[list[_Planned], int]:
    """The plannable allocs of ``fn`` with their lifetimes; remarks on the others."""
    end = number_steps(fn.body.blocks[0], start, span)[0] if fn.body.blocks else start
    planned: list[_Planned] = []
    for alloc in fn.walk():
        if alloc.name != "memref.alloc":
            continue
        size, why = alloc_bytes(alloc)
        align, why_align = alignment_of(alloc) if size is not None else (None, "")
        why = why or why_align or _placement_reason(alloc)
        users: list[Operation] = []
        if not why:
            why, users = escape_reason(alloc.memref)
        if why:
            _remark(alloc, why)
            continue
        block = alloc.parent_block()
        steps = [span[id(_ancestor_in(user, block))] for user in users]
        live = ((min(s for s, _ in steps), max(e for _, e in steps)) if steps
                else span[id(alloc)])
        hint = alloc.memref.name_hint or "alloc"
        planned.append(_Planned(alloc, size, align, live, f"@{fn.sym_name.data}:%{hint}"))
    return planned, end


def _ancestor_in(op: Operation, block: Block) -> Operation:
    while op.parent_block() is not block:
        op = op.parent_op()
    return op


@dataclass(frozen=True)
class MemrefToMemir(ModulePass):
    """memref.allocs with static shapes -> planned memir.allocs with program lifetimes."""

    name = "memref-to-memir"
    preserves: ClassVar = frozenset()  # adds planned buffers: the program changes

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        ops = list(op.walk())
        for inner in ops:
            if BUFFER_ATTR in inner.attributes:
                raise PassError(f"this alloc already has '{BUFFER_ATTR}': memref-to-memir "
                                "ran before", inner)
        for inner in ops:
            if isinstance(inner, AllocOp | ComputeOp):
                raise PassError("memref-to-memir expects upstream MLIR without memir "
                                "buffers or compute ops", inner)
        span: dict[int, tuple[int, int]] = {}
        start, links = 0, []
        for fn in [f for f in op.walk() if isinstance(f, func.FuncOp)]:
            planned, start = plan_function(fn, start, span)
            labels: set[str] = set()
            ids = [_unique(buffer.label, labels) for buffer in planned]
            for buffer, label in zip(reversed(planned), reversed(ids)):  # keep program order
                new = AllocOp(buffer.size, buffer.align, buffer.live, buffer_id=label)
                Rewriter.insert_op(new, InsertPoint.at_start(fn.body.blocks[0]))
                links.append((new, buffer.alloc))
        handle = {id(a): i for i, a in enumerate(
            a for a in op.walk() if isinstance(a, AllocOp) and a.external is None)}
        for new, alloc in links:
            alloc.attributes[BUFFER_ATTR] = IntegerAttr(handle[id(new)], i64)


def _unique(label: str, seen: set[str]) -> str:
    found, n = label, 1
    while found in seen:
        found, n = f"{label}#{n}", n + 1
    seen.add(found)
    return found
