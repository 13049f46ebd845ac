"""render-tile-chunks: each tile view's contiguous byte chunks and its lifetime (seed 002 §III).

RenderChunks (Algorithm 3) turns a strided tile into sorted, merged byte chunks relative to
its buffer; they are written as ``chunks = array<i64: start0, size0, start1, size1, ...>``.
Past ``limit`` chunks the tile keeps its compact strided description instead,
``chunk_pattern = array<i64: base, run, count0, stride0, ...>`` (bytes ``base + sum x_k *
stride_k + [0, run)``), so no tile ever expands into millions of records. A tile without an
explicit lifetime gets ``live [first use, last use + 1)``.
"""

from __future__ import annotations

from dataclasses import dataclass

from xdsl.context import Context
from xdsl.dialects.builtin import DenseArrayBase, IntAttr, ModuleOp, i64
from xdsl.passes import ModulePass

from memir.passes.ir_model import build_model
from memir.passes.tile_model import tiled_buffers
from memir.planning.tiles import render_chunks
from memir.tools.diagnostics import OpError


@dataclass(frozen=True)
class RenderTileChunks(ModulePass):
    """Annotate tile views with their byte chunks (or a compact pattern) and lifetimes."""

    name = "render-tile-chunks"

    limit: int = 4096

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        if self.limit <= 0:
            raise OpError(f"limit must be positive, got {self.limit}")
        model = build_model(op)
        buffers = tiled_buffers(model)
        views = {}
        for buffer in buffers:
            for tile in buffer.tiles:
                views[tile.name] = tile
        for tile_op in model.tiles:
            tile = views[f"{_label(model, tile_op)}"]
            if tile_op.lifetime is None and tile.lower < tile.upper:
                tile_op.properties["lower"] = IntAttr(tile.lower)
                tile_op.properties["upper"] = IntAttr(tile.upper)
            chunks = render_chunks(tile, self.limit)
            if chunks.compact:
                p = chunks.pattern
                values = [p.base, p.run] + [v for count, stride in p.dims for v in (count, stride)]
                tile_op.attributes["chunk_pattern"] = DenseArrayBase.from_list(i64, values)
            else:
                flat = [int(v) for pair in zip(chunks.offsets, chunks.sizes) for v in pair]
                tile_op.attributes["chunks"] = DenseArrayBase.from_list(i64, flat)


def _label(model, tile_op) -> str:
    from memir.dialects import value_label

    return value_label(tile_op.result)
