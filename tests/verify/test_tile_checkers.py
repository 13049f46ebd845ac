"""The sweep checker and the Z3 checker against each other and against brute force."""

from hypothesis import given, settings
from hypothesis import strategies as st

from memir.model.layout import Plan
from memir.planning.tiles.allocate import tensor_allocate
from planning.tiles._brute import tile_bytes, violations  # puts benchmarks/ on the path
from planning.tiles.strategies import tiled_buffers, tile_views
from tile_workloads import mobilenet_like, squeezenet_table3
from memir.model.tiles import TiledBuffer, TileView
from memir.verify.tile_smt import PairResult, SmtReport, prove_tiles
from memir.verify.tile_sweep import check_tiles



def _pairs(vs) -> set[frozenset[str]]:
    return {frozenset((v.a, v.b)) for v in vs if v.kind == "overlap"}


@settings(max_examples=150)
@given(tiled_buffers(), st.data())
def test_sweep_and_z3_agree_with_brute_force(bufs, data):
    offs = [data.draw(st.integers(0, 24)) * b.alignment for b in bufs]
    plan = Plan(offs, 0)
    exp = violations(bufs, offs)
    got = check_tiles(bufs, plan)
    assert _pairs(got) == exp
    for v in got:  # the reported range is really shared
        assert v.lo < v.hi
    for shortcuts in (True, False):
        rep = prove_tiles(bufs, plan, shortcuts=shortcuts)
        assert not rep.unverified
        assert {frozenset((r.a, r.b)) for r in rep.overlaps} == exp
        assert rep.ok == (not exp)


@settings(max_examples=300)
@given(tile_views(max_rank=4), tile_views(max_rank=4), st.integers(0, 60), st.integers(0, 60))
def test_z3_and_sweep_agree_on_random_tile_pairs(t1, t2, o1, o2):
    if (t1.span() or (0, 0))[0] < 0 or (t2.span() or (0, 0))[0] < 0:
        return
    t1 = TileView(t1.offsets, t1.sizes, t1.strides, t1.elem_size, 0, 1, "x")
    t2 = TileView(t2.offsets, t2.sizes, t2.strides, t2.elem_size, 0, 1, "y")
    size = lambda t: max((t.span() or (0, 0))[1], 1)  # noqa: E731
    bufs = [TiledBuffer(size(t1), 1, 0, 0, (t1,), "A"), TiledBuffer(size(t2), 1, 0, 0, (t2,), "B")]
    plan = Plan([o1, o2], 0)
    overlap = bool({o1 + x for x in tile_bytes(t1)} & {o2 + x for x in tile_bytes(t2)})
    assert bool(check_tiles(bufs, plan)) == overlap
    for shortcuts in (True, False):
        rep = prove_tiles(bufs, plan, shortcuts=shortcuts)
        assert bool(rep.overlaps) == overlap
        for r in rep.overlaps:  # the witness byte belongs to both tiles
            assert r.witness - o1 in tile_bytes(t1) and r.witness - o2 in tile_bytes(t2)


def test_planted_overlap_is_reported_by_both():
    bufs = mobilenet_like(blocks=2, h=16, w=16, tiles=4, tiling="channel")
    plan = tensor_allocate(bufs, "last-use")
    assert check_tiles(bufs, plan) == [] and prove_tiles(bufs, plan).ok
    # plant one extra tile in a fresh buffer that hits exactly one live tile of block0/dw
    victim = next(b for b in bufs if b.name == "block0/dw")
    vi = bufs.index(victim)
    tile = next(t for t in victim.tiles if t.name == "p1")  # a channel plane, CHW
    start = tile.elem_size * sum(o * s for o, s in zip(tile.offsets, tile.strides))
    probe = TileView((0,), (4,), (3,), 1, tile.lower, tile.lower + 1, "probe")
    evil = TiledBuffer(16, 1, 0, 0, (probe,), "evil")
    bufs2 = bufs + [evil]
    plan2 = Plan(plan.offsets + [plan.offsets[vi] + start + 5], 0)
    sweep = check_tiles(bufs2, plan2)
    assert [(v.a, v.b) for v in sweep] == [("block0/dw/p1", "evil/probe")]
    v = sweep[0]
    assert (v.lo, v.hi) == (plan2.offsets[-1], plan2.offsets[-1] + 1)
    rep = prove_tiles(bufs2, plan2)
    assert [(r.a, r.b) for r in rep.overlaps] == [("block0/dw/p1", "evil/probe")]
    assert not rep.ok


def test_moving_one_buffer_breaks_table3():
    bufs = squeezenet_table3()
    plan = Plan([0, 1760 * 5, 0], 0)  # squeeze output moved down by one row tile
    sweep = check_tiles(bufs, plan)
    smt = prove_tiles(bufs, plan)
    assert sweep and smt.overlaps
    assert _pairs(sweep) == {frozenset((r.a, r.b)) for r in smt.overlaps}


def test_unknown_is_never_safe():
    rep = SmtReport([PairResult("a", "b", "unknown", "z3")])
    assert not rep.ok and rep.unverified


@settings(max_examples=100)
@given(tiled_buffers(max_buffers=5), st.sampled_from(["size", "lifetime", "peers", "last-use", "best"]),
       st.sampled_from([1, 8]))
def test_tensor_allocate_plans_pass_check_tiles(bufs, sort, align):
    plan = tensor_allocate(bufs, sort, alignment=align)
    assert check_tiles(bufs, plan) == []
    assert not violations(bufs, plan.offsets)
    assert all(o % align == 0 and o % b.alignment == 0 for o, b in zip(plan.offsets, bufs))
    assert plan.lower_bound <= plan.arena
