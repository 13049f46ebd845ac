"""materialize-arena: planned allocs become views of one arena (004's AllocateSlab/Tensor).

One ``memir.arena`` of the planned size (aligned to the largest buffer alignment) is
created at the top of the block holding the first planned alloc; each planned alloc is
replaced by ``memir.view %arena at OFFSET size N``; deallocs of planned buffers go away,
and so do ``memir.contiguous`` groups: their offsets already put the views back to back
(verify-layout checks it), and a group of views would say nothing more.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from xdsl.context import Context
from xdsl.dialects.builtin import ModuleOp
from xdsl.passes import ModulePass
from xdsl.rewriter import InsertPoint, Rewriter

from memir.dialects import ArenaOp, DeallocOp, PassError, ViewOp
from memir.passes.support import analyses
from memir.dialects.spaces import module_spaces
from memir.passes.support.bridge import current_offsets, read_plan_attr


@dataclass(frozen=True)
class MaterializeArena(ModulePass):
    """Replace planned allocs by views into one memir.arena."""

    name = "materialize-arena"
    preserves: ClassVar = frozenset()  # allocs become views: the program changes

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        if module_spaces(op):
            raise PassError("the module has memory spaces (memir.spaces): materialize-arena "
                            "makes one arena, and one arena per space is not supported yet", op)
        prog = analyses.program(ctx, op)
        allocs, data = prog.ir.allocs, prog.data
        if not allocs:
            return
        offsets = current_offsets(prog.ir)
        if None in offsets:
            missing = offsets.index(None)
            raise PassError(f"buffer {data.buffers[missing].label} has no offset: run "
                            "assign-layout first", allocs[missing])
        blocks = {id(a.parent_block()) for a in allocs}
        if len(blocks) > 1:
            raise PassError("planned buffers live in several blocks; one arena needs one block",
                            allocs[0])
        plan_attr = read_plan_attr(prog.ir)
        end = max(o + b.size for o, b in zip(offsets, data.buffers))
        size = max(end, plan_attr.arena.data) if plan_attr is not None else end
        arena = ArenaOp(size, max(b.align for b in data.buffers))
        arena.result.name_hint = "arena"
        Rewriter.insert_op(arena, InsertPoint.at_start(allocs[0].parent_block()))
        for group in prog.ir.groups:
            Rewriter.erase_op(group)
        planned = set()
        for alloc, offset, buffer in zip(allocs, offsets, data.buffers):
            view = ViewOp(arena.result, offset, buffer.size, buffer.buffer_id)
            view.result.name_hint = alloc.result.name_hint
            planned.add(view.result)
            Rewriter.replace_op(alloc, view)
        for dealloc in [d for d in op.walk() if isinstance(d, DeallocOp)]:
            if dealloc.buffer in planned:
                Rewriter.erase_op(dealloc)
