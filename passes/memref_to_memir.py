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
element bytes (i1 is one byte, index eight; an empty buffer takes one byte, so that it has
an address of its own); A is the alloc's ``alignment``, else 64.

Lifetimes come from the program (``memir.analysis.liveness`` over
``passes/upstream_program.py``'s reading of each function), not from its deallocs: a
buffer lives from the first to the last use of any value that may point into it (views,
casts, reshapes, ``scf`` yields and iteration arguments, ``arith.select``, call results,
unknown ops' results), a use inside a loop the buffer was not allocated in counting as the
whole loop. ``memref.dealloc`` and ``memref.extract_aligned_pointer_as_index`` (the
deallocation pipeline's bookkeeping) are not uses. Steps: one per op in walk order, an op
with regions spans its regions' ops; functions get consecutive stretches of one timeline,
each with its own arena (so theirs may share bytes).

Left untouched, with ``memir.remark = "not planned: ..."`` on the alloc saying why: dynamic
shapes (a size operand that is no ``arith.constant``), symbol operands, a non-identity layout or a memory space, an element type of no
known size, allocs in a region that may run concurrently or that has several
blocks, and allocs whose value leaves the function (returned, stored as data) or is carried
out of a loop iteration.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from xdsl.context import Context
from xdsl.dialects import func
from xdsl.dialects.builtin import (
    AnyFloat, ComplexType, IndexType, IntegerAttr, IntegerType, MemRefType, ModuleOp,
    NoneAttr, StringAttr, i64,
)
from xdsl.ir import Attribute, Operation
from xdsl.passes import ModulePass
from xdsl.rewriter import InsertPoint, Rewriter

from memir.analysis.liveness import analyze
from memir.dialects import AllocOp, ComputeOp, PassError
from memir.passes.upstream_program import read_function

BUFFER_ATTR = "memir.buffer"
"""On a planned memref.alloc: the integer handle of its memir.alloc."""
REMARK_ATTR = "memir.remark"
DEFAULT_ALIGN = 64

def element_bytes(element: Attribute) -> int | None:
    """Bytes per element as the arena stores it (i1 is a byte; index is 64 bits)."""
    if isinstance(element, IndexType):
        return 8
    if isinstance(element, IntegerType):
        return (element.width.data + 7) // 8
    if isinstance(element, AnyFloat):
        return (element.bitwidth + 7) // 8
    if isinstance(element, ComplexType):
        inner = element_bytes(element.element_type)
        return None if inner is None else 2 * inner
    return None


def alloc_bytes(alloc) -> tuple[int | None, str]:
    """(byte size, "") of a plannable alloc, or (None, why it is not plannable)."""
    kind = alloc.memref.type
    if not isinstance(kind, MemRefType):
        return None, f"result type {kind} is not a ranked memref"
    shape = static_shape(alloc)
    if shape is None:
        return None, "dynamic shape"
    if alloc.symbol_operands:
        return None, "symbol operands"
    if not isinstance(kind.layout, NoneAttr):
        return None, f"non-identity layout {kind.layout}"
    if not isinstance(kind.memory_space, NoneAttr):
        return None, f"memory space {kind.memory_space}"
    width = element_bytes(kind.element_type)
    if width is None:
        return None, f"element type {kind.element_type} has no known byte size"
    count = 1
    for dim in shape:
        count *= dim
    if count * width == 0:  # one byte gives it an address of its own, as malloc would
        return 1, ""
    if count * width >= 2**62:
        return None, "larger than 2^62 bytes"
    return count * width, ""


def static_shape(alloc) -> list[int] | None:
    """The alloc's shape, its dynamic sizes taken from ``arith.constant`` operands (as
    ``memref.alloc(%c5, %c3) : memref<?x?xf32>``); None if a size is not a constant."""
    sizes = iter(alloc.dynamic_sizes)
    shape = []
    for dim in alloc.memref.type.get_shape():
        if dim >= 0:
            shape.append(dim)
            continue
        value = next(sizes, None)
        owner = getattr(value, "owner", None)
        attr = owner.properties.get("value") if getattr(owner, "name", "") == \
            "arith.constant" else None
        if not isinstance(attr, IntegerAttr) or attr.value.data < 0:
            return None
        shape.append(attr.value.data)
    return shape


def alignment_of(alloc) -> tuple[int | None, str]:
    if alloc.alignment is None:
        return DEFAULT_ALIGN, ""
    value = alloc.alignment.value.data if isinstance(alloc.alignment, IntegerAttr) else None
    if value is None or value <= 0 or value & (value - 1):
        return None, f"alignment {alloc.alignment} is not a positive power of two"
    return value, ""


def _remark(alloc: Operation, why: str) -> None:
    alloc.attributes[REMARK_ATTR] = StringAttr(f"not planned: {why}")


@dataclass
class _Planned:
    alloc: Operation
    size: int
    align: int
    live: tuple[int, int]
    label: str


def plan_function(fn: func.FuncOp, start: int) -> tuple[list[_Planned], int]:
    """The plannable allocs of ``fn`` with their lifetimes from ``start``; remarks on the
    others. Returns them and the step after the function's last."""
    read = read_function(fn)
    live = analyze(read.data)
    reasons: dict[int, str] = {}
    for value, alloc in read.allocs.items():
        size, why = alloc_bytes(alloc)
        align, why_align = alignment_of(alloc) if size is not None else (None, "")
        reasons[value] = why or why_align or live.reasons.get(value, "")
    planned: list[_Planned] = []
    for value, alloc in read.allocs.items():
        if reasons[value]:
            _remark(alloc, reasons[value])
            continue
        size, align = alloc_bytes(alloc)[0], alignment_of(alloc)[0]
        lo, hi = live.intervals[value]
        hint = alloc.memref.name_hint or "alloc"
        planned.append(_Planned(alloc, size, align, (start + lo, start + hi),
                                f"@{fn.sym_name.data}:%{hint}"))
    return planned, start + live.steps


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
        start, links = 0, []
        for fn in [f for f in op.walk() if isinstance(f, func.FuncOp)]:
            planned, start = plan_function(fn, start)
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
