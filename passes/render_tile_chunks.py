"""render-tile-chunks: each tile view's contiguous byte chunks and its lifetime ([NPU tiles] §III).

RenderChunks (Algorithm 3) turns a strided tile into sorted, merged byte chunks relative to
its buffer; they are written as ``chunks = array<i64: start0, size0, start1, size1, ...>``.
Past ``limit`` chunks the tile keeps its compact strided description instead,
``chunk_pattern = array<i64: base, run, count0, stride0, ...>`` (bytes ``base + sum x_k *
stride_k + [0, run)``), so no tile ever expands into millions of records. A tile without an
explicit lifetime gets ``live [first use, last use + 1)``. Tiles are matched to their ops by
handle (dialects/program.py), so two functions with the same SSA names cannot mix them up.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from xdsl.context import Context
from xdsl.dialects.builtin import ModuleOp
from xdsl.passes import ModulePass

from memir.dialects import PassError
from memir.dialects.limits import MAX_CHUNKS
from memir.passes.support import analyses
from memir.passes.support.bridge import tile_lifetimes, tiled_buffers, write_tile
from memir.passes.support.options import Bound, check_bounds, option


@dataclass(frozen=True)
class RenderTileChunks(ModulePass):
    """Annotate tile views with their byte chunks (or a compact pattern) and lifetimes."""

    name = "render-tile-chunks"
    preserves: ClassVar = analyses.ALL  # lifetimes written are the ones the program gives

    limit: int = option(4096, "chunks listed per tile; past it, a compact pattern",
                        Bound(1, MAX_CHUNKS, "chunks listed per tile"))

    def check_options(self) -> None:
        check_bounds(self)

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        from memir.model.tiles import TileView
        from memir.planning.tiles.chunks import render_chunks

        self.check_options()
        prog = analyses.program(ctx, op)
        data = prog.data
        tiled_buffers(data, prog.ir)  # the same preconditions as tile-aware planning
        _, tile_life = tile_lifetimes(data)
        for i, tile in enumerate(data.tiles):
            lower, upper = tile_life[i]
            view = TileView(tile.offsets, tile.sizes, tile.strides, tile.elem, lower, upper,
                            tile.label)
            chunks = render_chunks(view, self.limit)
            if chunks.compact:
                p = chunks.pattern
                pattern = [p.base, p.run] + [v for count, stride in p.dims
                                             for v in (count, stride)]
                write_tile(prog.ir, i, (lower, upper), None, pattern)
            else:
                flat = [int(v) for pair in zip(chunks.offsets, chunks.sizes) for v in pair]
                write_tile(prog.ir, i, (lower, upper), flat, None)
