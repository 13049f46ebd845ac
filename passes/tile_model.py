"""Tiles in the IR -> the tile planner's plain data (memir.planning.tiles), and back.

A planned alloc becomes a ``TiledBuffer``: its own lifetime covers the compute steps that use
the whole buffer (none: an empty lifetime, the seed's short tensor lifetime), and each
``memir.tile_view`` of it becomes a ``TileView`` living over the steps that use that tile, or
its explicit ``live [l, u)``. Only one-stream programs are planned tile-aware.
"""

from __future__ import annotations

from memir.dialects import TileViewOp, value_label
from memir.passes.ir_model import BufferModel, needs_stream_safety
from memir.planning.problem import Plan, Problem
from memir.planning.tiles import TiledBuffer, TileView
from memir.tools.diagnostics import OpError


def _span(steps: list[int]) -> tuple[int, int]:
    return (min(steps), max(steps) + 1) if steps else (0, 0)


def tiled_buffers(model: BufferModel) -> list[TiledBuffer]:
    if needs_stream_safety(model):
        raise OpError("tile-aware planning supports one stream only", model.computes[0])
    if model.groups:
        raise OpError("tile-aware planning does not support contiguous groups",
                      model.group_ops[0])
    direct: list[list[int]] = [[] for _ in model.allocs]
    tile_steps: dict[TileViewOp, list[int]] = {t: [] for t in model.tiles}
    for step, op in enumerate(model.computes):
        for value in (*op.inputs, *op.outputs, *op.workspaces):
            if isinstance(value.owner, TileViewOp):
                tile_steps[value.owner].append(step)
            elif (i := model.index.get(value)) is not None:
                direct[i].append(step)
    tiles: list[list[TileView]] = [[] for _ in model.allocs]
    for tile in model.tiles:
        i = model.index.get(tile.source)
        if i is None:
            raise OpError("tile-aware planning needs tiles of planned memir.alloc buffers", tile)
        lower, upper = tile.lifetime or _span(tile_steps[tile])
        tiles[i].append(TileView(tile.offsets, tile.sizes, tile.strides, tile.elem.data,
                                 lower, upper, value_label(tile.result)))
    buffers = []
    for i, alloc in enumerate(model.allocs):
        lower, upper = alloc.lifetime or _span(direct[i])
        buffers.append(TiledBuffer(alloc.size.data, alloc.align, lower, upper, tuple(tiles[i]),
                                   model.label(i)))
    return buffers


def plan_tiles(model: BufferModel, problem: Problem, sort: str) -> Plan:
    from memir.planning.tile_allocate import tensor_allocate

    return tensor_allocate(tiled_buffers(model), sort=sort)


def verify_tiles(model: BufferModel, problem: Problem, plan: Plan, smt: bool,
                 timeout_ms: int) -> None:
    """Chunk sweep by default; with ``smt`` a Z3 proof, where "unknown" is a failure."""
    buffers = tiled_buffers(model)
    by_name = {b.name: i for i, b in enumerate(buffers)}

    def alloc_of(item_name: str):
        return model.allocs[by_name.get(item_name.split("/")[0], 0)]

    if not smt:
        from memir.verify.tile_sweep import check_tiles

        violations = check_tiles(buffers, plan)
        if violations:
            more = f" (and {len(violations) - 1} more)" if len(violations) > 1 else ""
            raise OpError(str(violations[0]) + more, alloc_of(violations[0].a))
        return
    from memir.verify.tile_smt import prove_tiles

    report = prove_tiles(buffers, plan, timeout_ms=timeout_ms)
    for result in report.overlaps + report.unverified:
        if result.status == "overlap":
            what = f"are live at the same time and share byte {result.witness} (Z3 witness)"
        else:
            what = f"could not be proven disjoint within {timeout_ms} ms: unverified"
        raise OpError(f"{result.a} and {result.b} {what}", alloc_of(result.a))
