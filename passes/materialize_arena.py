"""materialize-arena: planned allocs become views of one arena (004's AllocateSlab/Tensor).

One ``memir.arena`` of the planned size (aligned to the largest buffer alignment) is
created at the top of the block holding the first planned alloc (with memory spaces, one
``memir.arena ... space "name"`` per space that holds buffers, sized to its plan in
``memir.plans``); each planned alloc is
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
from memir.passes.support.space_layout import read_space_plans, space_of_buffers


@dataclass(frozen=True)
class MaterializeArena(ModulePass):
    """Replace planned allocs by views into one memir.arena."""

    name = "materialize-arena"
    preserves: ClassVar = frozenset()  # allocs become views: the program changes

    def apply(self, ctx: Context, op: ModuleOp) -> None:
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
        arenas = _arenas(op, prog, offsets)
        for arena in reversed(arenas):
            if arena is not None:
                Rewriter.insert_op(arena, InsertPoint.at_start(allocs[0].parent_block()))
        where = (space_of_buffers(data, module_spaces(op)) if module_spaces(op)
                 else [0] * len(allocs))
        for group in prog.ir.groups:
            Rewriter.erase_op(group)
        planned = set()
        for alloc, offset, buffer, k in zip(allocs, offsets, data.buffers, where):
            view = ViewOp(arenas[k].result, offset, buffer.size, buffer.buffer_id)
            view.result.name_hint = alloc.result.name_hint
            planned.add(view.result)
            Rewriter.replace_op(alloc, view)
        for dealloc in [d for d in op.walk() if isinstance(d, DeallocOp)]:
            if dealloc.buffer in planned:
                Rewriter.erase_op(dealloc)


def _arenas(module: ModuleOp, prog, offsets: list[int]) -> list[ArenaOp | None]:
    """One arena (none: one per declared space that holds buffers, in declaration order),
    sized to its plan's arena or its buffers' end, aligned to its largest alignment."""
    data = prog.data
    spaces = module_spaces(module)
    if not spaces:
        plan_attr = read_plan_attr(prog.ir)
        plans = {None: plan_attr.arena.data} if plan_attr is not None else {}
        names, where = [None], [0] * len(data.buffers)
    else:
        plans = {n: p.arena.data for n, p in read_space_plans(module).items()}
        names, where = [s.space_name.data for s in spaces], space_of_buffers(data, spaces)
    arenas: list[ArenaOp | None] = []
    for k, name in enumerate(names):
        mine = [(o, b) for o, b, w in zip(offsets, data.buffers, where) if w == k]
        if not mine:
            arenas.append(None)
            continue
        end = max(o + b.size for o, b in mine)
        arena = ArenaOp(max(end, plans.get(name, 0)), max(b.align for _, b in mine), name)
        arena.result.name_hint = "arena" if name is None else f"arena_{name}"
        arenas.append(arena)
    return arenas
