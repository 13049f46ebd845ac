"""Interval index, lower bound, baseline and the synthetic workloads."""

from hypothesis import given, settings
from hypothesis import strategies as st

from memir.planning.tiles.allocate import (
    IntervalIndex,
    tensor_allocate,
    tile_lower_bound,
    tile_oblivious_plan,
)
from tile_workloads import WORKLOADS, fsrcnn_like, mobilenet_like, squeezenet_like, workload
from memir.model.tiles import TiledBuffer, TileView
from memir.verify.tile_smt import prove_tiles
from memir.verify.tile_sweep import check_tiles

from ._brute import peak
from .strategies import tiled_buffers


@settings(max_examples=200)
@given(st.lists(st.tuples(st.integers(0, 30), st.integers(1, 10)), min_size=1, max_size=40),
       st.integers(0, 40), st.integers(1, 10))
def test_interval_index_matches_scan(ivs, lo, ln):
    lows = [a for a, _ in ivs]
    ups = [a + n for a, n in ivs]
    idx = IntervalIndex(lows, ups)
    exp = {i for i, (a, b) in enumerate(zip(lows, ups)) if a < lo + ln and lo < b}
    assert set(idx.query(lo, lo + ln).tolist()) == exp


@settings(max_examples=100)
@given(tiled_buffers(max_buffers=4))
def test_lower_bound_is_exact_peak(bufs):
    assert tile_lower_bound(bufs) == peak(bufs)


@settings(max_examples=60)
@given(tiled_buffers(max_buffers=4))
def test_oblivious_plan_is_valid_and_not_better_than_its_bound(bufs):
    plan = tile_oblivious_plan(bufs)
    assert check_tiles(bufs, plan) == []
    assert plan.arena >= plan.lower_bound


def test_alignment_of_buffers():
    t = TileView((0,), (8,), (1,), 1, 0, 4, "t")
    bufs = [TiledBuffer(10, 1, 0, 4, (t,), "a"), TiledBuffer(10, 64, 0, 4, (t,), "b")]
    plan = tensor_allocate(bufs)
    assert plan.offsets == [0, 64]
    assert tensor_allocate(bufs, alignment=128).offsets == [0, 128]


def test_tile_view_must_stay_inside_its_buffer():
    import pytest

    with pytest.raises(ValueError, match="leave the buffer"):
        TiledBuffer(9, 1, 0, 1, (TileView((0,), (4,), (3,), 1),), "b")


def test_workloads_tile_aware_beats_oblivious_and_verifies():
    for name in WORKLOADS:
        bufs = workload(name, "1k")
        aware = tensor_allocate(bufs, "best")
        blind = tile_oblivious_plan(bufs, "best")
        assert aware.lower_bound <= aware.arena < blind.arena, name
        assert check_tiles(bufs, aware) == [], name
        assert prove_tiles(bufs, aware).ok, name


def test_small_workloads_match_brute_force():
    from ._brute import violations

    for bufs in (
        fsrcnn_like(h=8, w=4, tiles=4, mapping=1, d=4, s_=2),
        squeezenet_like(fires=2, h=6, w=3, tiles=3, block=2),
        mobilenet_like(blocks=2, h=6, w=4, tiles=3, tiling="row"),
        mobilenet_like(blocks=2, h=6, w=4, tiles=3, tiling="channel"),
    ):
        plan = tensor_allocate(bufs, "best")
        assert not violations(bufs, plan.offsets)
        assert plan.lower_bound == peak(bufs)
