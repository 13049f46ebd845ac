"""RenderChunks, the canonical strided pattern and pairwise overlap against brute force."""

from hypothesis import given, settings
from hypothesis import strategies as st

from memir.planning.tiles.overlap import explicit_overlap, pattern_overlap, shared_range
from memir.model.tiles import TileView
from memir.planning.tiles.chunks import Strided, pattern_of, render_chunks, render_pattern

from ._brute import tile_bytes
from .strategies import tile_views


def _chunk_bytes(c) -> set[int]:
    return {b for o, s in c.as_list() for b in range(o, o + s)}


@settings(max_examples=300)
@given(tile_views())
def test_render_matches_brute_force(t):
    c = render_chunks(t)
    exp = tile_bytes(t)
    assert _chunk_bytes(c) == exp
    pairs = c.as_list()
    # sorted, disjoint and merged: a gap between consecutive chunks
    assert all(o1 + s1 < o2 for (o1, s1), (o2, _) in zip(pairs, pairs[1:]))
    if exp:
        assert c.span == (min(exp), max(exp) + 1)


@settings(max_examples=300)
@given(tile_views(), tile_views(), st.integers(0, 40), st.integers(0, 40))
def test_pair_overlap_agrees_with_brute_force(t1, t2, b1, b2):
    a = {b1 + x for x in tile_bytes(t1)}
    b = {b2 + x for x in tile_bytes(t2)}
    shared = a & b
    c1, c2 = render_chunks(t1), render_chunks(t2)
    ex = explicit_overlap(c1, b1, c2, b2)
    an = pattern_overlap(pattern_of(t1), b1, pattern_of(t2), b2)
    compact = shared_range(render_pattern(pattern_of(t1), 0), b1, render_pattern(pattern_of(t2), 0), b2)
    assert (ex is not None) == (an is not None) == (compact is not None) == bool(shared)
    if shared:
        assert ex[0] == min(shared) and set(range(*ex)) <= shared
        assert set(range(*an)) <= shared and set(range(*compact)) <= shared


def test_compact_beyond_limit_is_not_rendered():
    # a 2048x2048 int8 column tile: 2048 chunks of 16 bytes; limit 1000 -> compact
    t = TileView((0, 64), (2048, 16), (2048, 1), 1)
    c = render_chunks(t, limit=1000)
    assert c.compact and c.offsets is None
    assert c.pattern == Strided(64, 16, ((2048, 2048),))
    assert len(c) == 2048
    assert render_chunks(t, limit=4096).offsets.tolist()[:2] == [64, 2048 + 64]


def test_self_overlapping_strides_merge():
    # strides count elements: stride 1 with 4-byte elements is contiguous
    assert render_chunks(TileView((0,), (4,), (1,), 4)).as_list() == [(0, 16)]
    # two dims over the same elements (i + j): elements 0..4 once each
    assert render_chunks(TileView((0, 0), (3, 3), (1, 1), 2)).as_list() == [(0, 10)]
    # strides 3 and 4 interleave: elements {0,3,4,6,7,8,10,11,14} merge into runs
    assert render_chunks(TileView((0, 0), (3, 3), (3, 4), 1)).as_list() == [
        (0, 1), (3, 2), (6, 3), (10, 2), (14, 1)]
    # zero stride (broadcast): one element
    assert render_chunks(TileView((0, 0), (5, 3), (0, 2), 1)).as_list() == [(0, 1), (2, 1), (4, 1)]
    # negative stride walks the same bytes
    # negative stride walks the same bytes backwards: 8, 6, 4, 2
    assert render_chunks(TileView((1, 0), (1, 4), (8, -2), 1)).as_list() == [
        (2, 1), (4, 1), (6, 1), (8, 1)]


def test_huge_compact_pairs_are_analytic():
    # two million-row interleaved tiles: decided without rendering a single chunk
    a = pattern_of(TileView((0, 0), (1 << 20, 64), (128, 1), 1))
    b = pattern_of(TileView((0, 64), (1 << 20, 64), (128, 1), 1))
    assert pattern_overlap(a, 0, b, 0) is None
    assert pattern_overlap(a, 0, b, 1) == (128, 129)  # b's row 0 now reaches a's row 1
    assert pattern_overlap(a, 0, b, -64) is not None
    assert pattern_overlap(a, 0, b, 128 << 20) is None  # completely to the right
