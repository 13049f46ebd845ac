"""The worked examples of [NPU tiles] (§III-C) and its Table 3 case, exactly."""

from memir.planning.tiles.allocate import (
    TILE_SORTS,
    oblivious_buffers,
    tensor_allocate,
    tile_oblivious_plan,
)
from tile_workloads import (
    paper_allocate_example,
    paper_collision_example,
    paper_render_tile,
    squeezenet_table3,
)
from memir.planning.tiles.overlap import collision_size, tile_offset
from memir.planning.tiles.chunks import render_chunks
from memir.verify.tile_smt import prove_tiles
from memir.verify.tile_sweep import check_tiles
from memir.model.layout import Plan


def test_render_chunks_example():
    c = render_chunks(paper_render_tile())
    assert c.offsets.tolist() == [0, 16384, 32768, 49152]
    assert c.sizes.tolist() == [8192] * 4
    assert c.span == (0, 57344)  # the paper's "span of t1 and t2 is 57344 bytes"


def test_render_chunks_algorithm3_elem_size():
    # the same tile with 4-byte elements: chunk sizes and offsets scale with esize
    t = paper_render_tile()
    from memir.model.tiles import TileView

    c = render_chunks(TileView(t.offsets, t.sizes, t.strides, 4))
    assert c.offsets.tolist() == [0, 65536, 131072, 196608]
    assert c.sizes.tolist() == [32768] * 4


def test_collision_size_example():
    t1, b1, t2, b2 = paper_collision_example()
    assert tile_offset(t1) == tile_offset(t2) == 0
    assert collision_size(t1, b1, t2, b2) == 8064
    assert collision_size(t1, 0, t2, 57344) == 0  # completely to the right
    assert collision_size(t1, 0, t2, 8192) == 0  # interleaves in the gaps


def test_tensor_allocate_example_places_o_at_zero():
    bufs = paper_allocate_example()
    for sort in TILE_SORTS:
        plan = tensor_allocate(bufs, sort)
        assert plan.offsets == [0, 0], sort
        assert check_tiles(bufs, plan) == []
    # without tile lifetimes O must move out of I's way
    assert tile_oblivious_plan(bufs).offsets == [0, 65536]


def test_squeezenet_table3_all_at_offset_zero():
    bufs = squeezenet_table3()
    hulls = [b.hull for b in bufs]
    assert hulls == [(150, 193), (183, 226), (204, 255)]  # Table 3, closed -> half-open
    for sort in TILE_SORTS:
        plan = tensor_allocate(bufs, sort)
        assert plan.offsets == [0, 0, 0], sort
        assert plan.arena == plan.lower_bound == 4 * 96800
        assert check_tiles(bufs, plan) == []
        assert prove_tiles(bufs, plan).ok
    base = tile_oblivious_plan(bufs)
    assert base.arena == 4 * 96800 + 96800


def test_squeezenet_table3_needs_tile_lifetimes():
    # the same offsets are wrong once each tensor lives as a whole over its hull
    whole = oblivious_buffers(squeezenet_table3())
    bad = check_tiles(whole, Plan([0, 0, 0], 387200))
    assert {(v.a, v.b) for v in bad} == {
        ("fire3/concat", "fire4/squeeze/relu"),
        ("fire4/squeeze/relu", "fire4/concat"),
    }
