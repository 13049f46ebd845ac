"""The passes' side of the program: from the reader's plain data to the algorithms' problems
and back into the IR.

The program itself is read by ``memir.dialects.program.read_program`` (the one reader, at
the IR layer so that the module verifier can use it too). What stays here is what only
passes need: the layout problem and the tile planner's view built from that data, plan
rows for export, and the writers, the only code that puts algorithm results back into
the IR. A program whose sizes are symbolic (``memir.model.symbolic``) gets the symbolic
problem and plan here too.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from xdsl.dialects.builtin import DenseArrayBase, IntAttr, IntegerAttr, i64
from xdsl.ir import Operation

from memir.dialects import PassError, PlanAttr, SafetyAttr
from memir.dialects.program import IRHandles, ProgramData
from memir.dialects.symbols import SYMBOLIC_PLAN_ATTR, SymbolicPlanAttr
from memir.model.layout import Buffer, Plan, Problem
from memir.model.symbolic import (
    OffsetExpr,
    Poly,
    SymbolicBuffer,
    SymbolicPlan,
    SymbolicProblem,
)

if TYPE_CHECKING:
    from memir.model.tiles import TiledBuffer

PLAN_ATTR = "memir.plan"


def op_count(op: Operation, name: str) -> int | None:
    """An op's integer attribute ``name`` (``flops``, ``bytes``, ``seed``: the PyTorch
    importer writes them as ``i64`` or plain ints), or None without one."""
    attr = op.attributes.get(name)
    if isinstance(attr, IntegerAttr):
        return attr.value.data
    if isinstance(attr, IntAttr):
        return attr.data
    return None


def current_offsets(ir: IRHandles) -> list[int | None]:
    """The offsets the allocs carry now (read fresh: assign-layout changes them)."""
    return [a.offset.data if a.offset is not None else None for a in ir.allocs]


def layout_problem(data: ProgramData, conflicts,
                   capacity: int | None = None,
                   fixed: list[int | None] | None = None) -> Problem:
    """The layout problem: sizes, alignments, lifetimes, conflicts, groups, pinned offsets.

    ``conflicts``: None (lifetimes decide), sets, or a ``SummaryConflicts`` (analyses).
    """
    buffers = []
    for i, b in enumerate(data.buffers):
        lower, upper = data.lifetime(i)
        buffers.append(Buffer(b.size, lower, upper, b.align,
                              fixed[i] if fixed is not None else None, b.label))
    return Problem(buffers, conflicts, data.groups, capacity)


def symbolic_problem(data: ProgramData, conflicts, capacity: int | None = None
                     ) -> SymbolicProblem:
    """The layout problem of a program with symbolic sizes (a constant size is a constant
    polynomial); lifetimes and conflicts as ``layout_problem``'s."""
    buffers = []
    for i, b in enumerate(data.buffers):
        lower, upper = data.lifetime(i)
        size = b.sym_size if b.sym_size is not None else Poly.const(b.size)
        buffers.append(SymbolicBuffer(size, lower, upper, b.align, b.label))
    return SymbolicProblem(buffers, dict(data.symbols), conflicts, capacity)


def is_symbolic(data: ProgramData, ir: IRHandles) -> bool:
    """Whether a size or an offset in the program is symbolic."""
    return data.symbolic or any(a.symbolic_offset is not None for a in ir.allocs)


def current_symbolic_offsets(ir: IRHandles) -> list[OffsetExpr | None]:
    """The offsets the allocs carry now, as expressions (an integer one is a constant)."""
    found: list[OffsetExpr | None] = []
    for alloc in ir.allocs:
        if (expr := alloc.symbolic_offset) is not None:
            found.append(expr)
        elif alloc.offset is not None:
            value = alloc.offset.data
            found.append(OffsetExpr((Poly.const(value),) if value else ()))
        else:
            found.append(None)
    return found


def _span(steps: list[int]) -> tuple[int, int]:
    return (min(steps), max(steps) + 1) if steps else (0, 0)


def tile_lifetimes(data: ProgramData) -> tuple[list[tuple[int, int]], list[tuple[int, int]]]:
    """(lifetime of each buffer used whole, lifetime of each tile): explicit or from steps.

    A buffer's own lifetime covers the steps that use it whole (none: empty, [NPU tiles]'
    short tensor lifetime); a tile's covers the steps that use that tile.
    """
    direct: list[list[int]] = [[] for _ in data.buffers]
    tile_steps: list[list[int]] = [[] for _ in data.tiles]
    for s, step in enumerate(data.steps):
        for t in step.tiles:
            tile_steps[t].append(s)
        for b in step.whole:
            direct[b].append(s)
    buffer_life = [b.explicit or _span(direct[i]) for i, b in enumerate(data.buffers)]
    tile_life = [t.explicit or _span(tile_steps[i]) for i, t in enumerate(data.tiles)]
    return buffer_life, tile_life


def tiled_buffers(data: ProgramData, ir: IRHandles) -> list[TiledBuffer]:
    """The tile planner's view: each planned buffer with its tiles (one stream only)."""
    from memir.model.tiles import TiledBuffer, TileView

    if data.needs_stream_safety:
        raise PassError("tile-aware planning supports one stream only", ir.step_op(0))
    if data.groups:
        raise PassError("tile-aware planning does not support contiguous groups",
                        ir.groups[0])
    buffer_life, tile_life = tile_lifetimes(data)
    tiles: list[list[TileView]] = [[] for _ in data.buffers]
    for i, tile in enumerate(data.tiles):
        if tile.buffer is None:
            raise PassError("tile-aware planning needs tiles of planned memir.alloc buffers",
                            ir.tiles[i])
        lower, upper = tile_life[i]
        tiles[tile.buffer].append(TileView(tile.offsets, tile.sizes, tile.strides, tile.elem,
                                           lower, upper, tile.label))
    return [TiledBuffer(b.size, b.align, *buffer_life[i], tuple(tiles[i]), b.label)
            for i, b in enumerate(data.buffers)]


def plan_rows(data: ProgramData, ir: IRHandles) -> list[dict]:
    """One row per planned buffer for CSV / JSON export: id, lifetime, size, offset."""
    rows = []
    for i, (b, offset) in enumerate(zip(data.buffers, current_offsets(ir))):
        lower, upper = data.lifetime(i)
        rows.append({"id": b.buffer_id if b.buffer_id is not None else b.label,
                     "lower": lower, "upper": upper, "size": b.size, "alignment": b.align,
                     "offset": offset})
    return rows


# ----------------------------------------------------------------------------- writing


def write_offsets(ir: IRHandles, offsets) -> None:
    for alloc, offset in zip(ir.allocs, offsets):
        alloc.properties["offset"] = IntAttr(int(offset))


def write_plan(ir: IRHandles, plan: Plan) -> None:
    write_offsets(ir, plan.offsets)
    ir.module.attributes[PLAN_ATTR] = PlanAttr(plan.arena, plan.lower_bound, plan.strategy,
                                               str(plan.status), plan.seconds)


def write_symbolic_plan(ir: IRHandles, plan: SymbolicPlan) -> None:
    """Each alloc's offset expression (an integer where it is constant) and
    ``memir.symbolic_plan`` on the module (a static ``memir.plan`` goes)."""
    fallback = plan.fallback[0] if plan.fallback is not None else [None] * len(plan.offsets)
    for alloc, offset, other in zip(ir.allocs, plan.offsets, fallback):
        alloc.set_symbolic_offset(offset, other)
    ir.module.attributes.pop(PLAN_ATTR, None)
    ir.module.attributes[SYMBOLIC_PLAN_ATTR] = SymbolicPlanAttr(
        plan.arena, plan.strategy, plan.fallback[1] if plan.fallback is not None else None)


def read_symbolic_plan(ir: IRHandles) -> SymbolicPlan | None:
    """The plan the IR carries (None: no ``memir.symbolic_plan`` or an alloc without an
    offset); a fallback arena needs every alloc's ``else`` offset."""
    attr = read_symbolic_plan_attr(ir)
    offsets = current_symbolic_offsets(ir)
    if attr is None or None in offsets:
        return None
    fallback = None
    if attr.fallback is not None:
        others = [a.fallback for a in ir.allocs]
        if None in others:
            raise PassError("the plan has a fallback (else) arena, and this buffer has no "
                            "fallback offset", ir.allocs[others.index(None)])
        fallback = (others, attr.fallback)
    return SymbolicPlan(offsets, attr.arena, attr.strategy, None, fallback)


def read_symbolic_plan_attr(ir: IRHandles) -> SymbolicPlanAttr | None:
    attr = ir.module.attributes.get(SYMBOLIC_PLAN_ATTR)
    return attr if isinstance(attr, SymbolicPlanAttr) else None


def read_plan_attr(ir: IRHandles) -> PlanAttr | None:
    return ir.module.attributes.get(PLAN_ATTR)


def write_safety(ir: IRHandles, summaries: list[list[list[int]]]) -> None:
    """``safety <[start], [end]>`` on each planned alloc, in handle order."""
    for alloc, lists in zip(ir.allocs, summaries):
        alloc.properties["safety"] = SafetyAttr(tuple(tuple(v) for v in lists))


def read_safety(ir: IRHandles) -> list[tuple[tuple[int, ...], ...] | None]:
    return [a.safety.data if a.safety is not None else None for a in ir.allocs]


def write_tile(ir: IRHandles, tile: int, lifetime: tuple[int, int] | None,
               chunks: list[int] | None, pattern: list[int] | None) -> None:
    """A tile's lifetime (if it had none) and its chunks or compact pattern."""
    op = ir.tiles[tile]
    if lifetime is not None and op.lifetime is None and lifetime[0] < lifetime[1]:
        op.properties["lower"] = IntAttr(lifetime[0])
        op.properties["upper"] = IntAttr(lifetime[1])
    if pattern is not None:
        op.attributes["chunk_pattern"] = DenseArrayBase.from_list(i64, pattern)
    if chunks is not None:
        op.attributes["chunks"] = DenseArrayBase.from_list(i64, chunks)
