"""Hypothesis strategies: random strided tiles (rank 1-4, odd, zero, negative and
self-overlapping strides) and small tiled buffers."""

from __future__ import annotations

from hypothesis import strategies as st

from memir.model.tiles import TiledBuffer, TileView

from memir.planning.tiles.chunks import Strided


@st.composite
def tile_views(draw, lifetimes: bool = False, max_rank: int = 4) -> TileView:
    rank = draw(st.integers(1, max_rank))
    sizes = tuple(draw(st.lists(st.integers(1, 4), min_size=rank, max_size=rank)))
    strides = tuple(draw(st.lists(st.integers(-6, 12), min_size=rank, max_size=rank)))
    offsets = tuple(draw(st.lists(st.integers(0, 3), min_size=rank, max_size=rank)))
    elem = draw(st.sampled_from([1, 2, 4]))
    # shift offsets of negative-stride dims so that every address is >= 0
    offs = tuple(o + (n - 1 if s < 0 else 0) for o, n, s in zip(offsets, sizes, strides))
    first = Strided.of_view(offs, sizes, strides, elem).base
    if first < 0:  # push along a positive-stride dim, or give up on it
        offs = tuple(o + (-first // (s * elem) + 1 if s > 0 else 0) for o, s in zip(offs, strides))
    lo = draw(st.integers(0, 6)) if lifetimes else 0
    hi = lo + draw(st.integers(0, 5)) if lifetimes else 1
    return TileView(offs, sizes, strides, elem, lo, hi, name=draw(st.text("abc", min_size=1, max_size=3)))


def _fits(t: TileView) -> bool:
    return (t.span() or (0, 0))[0] >= 0


@st.composite
def tiled_buffers(draw, max_buffers: int = 4, max_tiles: int = 3) -> list[TiledBuffer]:
    out = []
    for bi in range(draw(st.integers(1, max_buffers))):
        tiles = [t for t in draw(st.lists(tile_views(lifetimes=True), max_size=max_tiles)) if _fits(t)]
        tiles = [TileView(t.offsets, t.sizes, t.strides, t.elem_size, t.lower, t.upper, f"t{k}")
                 for k, t in enumerate(tiles)]
        need = max([t.span()[1] for t in tiles if t.span() is not None] + [1])
        size = need + draw(st.integers(0, 8))
        lo = draw(st.integers(0, 8))
        hi = lo + draw(st.integers(0, 4))
        out.append(TiledBuffer(size, draw(st.sampled_from([1, 1, 2, 4])), lo, hi, tiles, f"b{bi}"))
    return out
