"""materialize-arena: planned allocs become views of one arena (004's AllocateSlab/Tensor).

One ``memir.arena`` of the planned size (aligned to the largest buffer alignment) is
created at the top of the block holding the first planned alloc; each planned alloc is
replaced by ``memir.view %arena at OFFSET size N``; deallocs of planned buffers go away.
"""

from __future__ import annotations

from dataclasses import dataclass

from xdsl.context import Context
from xdsl.dialects.builtin import ModuleOp
from xdsl.passes import ModulePass
from xdsl.rewriter import InsertPoint, Rewriter

from memir.dialects import AllocOp, ArenaOp, DeallocOp, ViewOp
from memir.tools.diagnostics import OpError


@dataclass(frozen=True)
class MaterializeArena(ModulePass):
    """Replace planned allocs by views into one memir.arena."""

    name = "materialize-arena"

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        allocs = [a for a in op.walk() if isinstance(a, AllocOp) and a.external is None]
        if not allocs:
            return
        for alloc in allocs:
            if alloc.offset is None:
                raise OpError("buffer has no offset: run assign-layout first", alloc)
        blocks = {id(a.parent_block()) for a in allocs}
        if len(blocks) > 1:
            raise OpError("planned buffers live in several blocks; one arena needs one block",
                          allocs[0])
        plan_attr = op.attributes.get("memir.plan")
        end = max(a.offset.data + a.size.data for a in allocs)
        size = max(end, plan_attr.arena.data) if plan_attr is not None else end
        arena = ArenaOp(size, max(a.align for a in allocs))
        arena.result.name_hint = "arena"
        block = allocs[0].parent_block()
        Rewriter.insert_op(arena, InsertPoint.at_start(block))
        planned = set()
        for alloc in allocs:
            buffer_id = alloc.buffer_id.data if alloc.buffer_id is not None else None
            view = ViewOp(arena.result, alloc.offset.data, alloc.size.data, buffer_id)
            view.result.name_hint = alloc.result.name_hint
            planned.add(view.result)
            Rewriter.replace_op(alloc, view)
        for dealloc in [d for d in op.walk() if isinstance(d, DeallocOp)]:
            if dealloc.buffer in planned:
                Rewriter.erase_op(dealloc)
