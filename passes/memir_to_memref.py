"""memir-to-memref: a planned upstream program back to upstream MLIR, with one arena.

Why: ``memref-to-memir`` states an MLIR program's allocs as planned ``memir.alloc``s so
that the planners can place them; the user wants MLIR back that any ``mlir-opt`` reads.
Per function with planned buffers this pass emits, at the function entry,

    %arena = memref.alloc() {alignment = A : i64} : memref<Nxi8>

(N: the end of the function's last buffer in the plan; A: the largest alignment of its
buffers), and replaces each linked ``memref.alloc`` in place by

    %c = arith.constant OFFSET : index
    %t = memref.view %arena[%c][] : memref<Nxi8> to memref<...>

The planned buffers' ``memref.dealloc``s go, a ``memref.dealloc %arena`` goes before each
``func.return`` of the function, and the ``memir.alloc``s, the ``memir.buffer`` links and
the module's ``memir.plan`` go too: the output names no memir attribute or op (remarks on
unplanned allocs stay: plain string attributes that explain them).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from xdsl.context import Context
from xdsl.dialects import func
from xdsl.dialects.builtin import IndexType, IntegerAttr, MemRefType, ModuleOp, i8, i64
from xdsl.ir import Operation
from xdsl.passes import ModulePass
from xdsl.rewriter import InsertPoint, Rewriter

from memir.dialects import AllocOp, PassError
from memir.passes import analyses
from memir.passes.bridge import PLAN_ATTR, current_offsets
from memir.passes.memref_allocs import BUFFER_ATTR, alloc_bytes


@dataclass(frozen=True)
class MemirToMemref(ModulePass):
    """Planned memref.allocs -> memref.views of one i8 arena per function (upstream MLIR)."""

    name = "memir-to-memref"
    preserves: ClassVar = frozenset()  # the memir buffers go: the program changes

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        allocs = analyses.program(ctx, op).ir.allocs
        offsets = current_offsets(analyses.program(ctx, op).ir)
        for fn in [f for f in op.walk() if isinstance(f, func.FuncOp)]:
            linked = [a for a in fn.walk() if BUFFER_ATTR in a.attributes]
            if linked:
                _lower_function(fn, [_target(a, allocs, offsets) for a in linked])
        for alloc in allocs:
            if alloc.result.uses:
                raise PassError("a planned memir.alloc is still used: memir-to-memref "
                                "lowers only the buffers of memref-to-memir", alloc)
            Rewriter.erase_op(alloc)
        op.attributes.pop(PLAN_ATTR, None)


def _target(alloc: Operation, allocs: list[AllocOp], offsets) -> tuple[Operation, int, AllocOp]:
    """(the memref.alloc, its offset, its memir.alloc), checked against each other."""
    handle = alloc.attributes[BUFFER_ATTR]
    if not (isinstance(handle, IntegerAttr) and 0 <= handle.value.data < len(allocs)):
        have = f"0 to {len(allocs) - 1}" if allocs else "the module has none"
        raise PassError(f"'{BUFFER_ATTR}' must be the integer handle of a memir.alloc; "
                        f"{have}", alloc)
    planned = allocs[handle.value.data]
    if alloc.name != "memref.alloc" or alloc_bytes(alloc)[0] != planned.size.data:
        raise PassError(f"'{BUFFER_ATTR}' links this op to a memir.alloc of "
                        f"{planned.size.data} bytes, which it does not allocate", alloc)
    offset = offsets[handle.value.data]
    if offset is None:
        raise PassError("this buffer has no offset: run assign-layout first", alloc)
    return alloc, offset, planned


def _lower_function(fn: func.FuncOp, targets: list[tuple[Operation, int, AllocOp]]) -> None:
    from xdsl.dialects import arith, memref  # loaded on use: start-up stays light

    size = max(offset + planned.size.data for _, offset, planned in targets)
    align = max(planned.align for _, _, planned in targets)
    arena = memref.AllocOp([], [], MemRefType(i8, [size]), IntegerAttr(align, i64))
    arena.memref.name_hint = "arena"
    entry = fn.body.blocks[0]
    Rewriter.insert_op(arena, InsertPoint.at_start(entry))
    for alloc, offset, _ in targets:
        result = alloc.results[0]
        for use in list(result.uses):
            if use.operation.name == "memref.dealloc":
                Rewriter.erase_op(use.operation)
        const = arith.ConstantOp(IntegerAttr(offset, IndexType()))
        view = memref.ViewOp(arena.memref, const.result, [], result.type)
        view.result.name_hint = result.name_hint
        const.result.name_hint = f"c{offset}"
        Rewriter.insert_op(const, InsertPoint.before(alloc))
        Rewriter.replace_op(alloc, view)
    for block in fn.body.blocks:
        last = block.last_op
        if isinstance(last, func.ReturnOp):
            Rewriter.insert_op(memref.DeallocOp.get(arena.memref), InsertPoint.before(last))
