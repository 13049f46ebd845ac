"""The window moves against plain-Python oracles, and their promises.

``window_around``: the narrowest symmetric widening of the top buffer's lifetime holding
the asked number of movable buffers, checked by trying every widening in turn.
``held_obstacles``: the merged, cut obstacles block exactly the (byte, instant) cells the
crossing buffers block inside the window. ``WindowSearch``: from any plan (random orders
give poor ones), its plan is valid by the independent checker, keeps every pre-placed
buffer, never has a larger arena than its start, and a search continued with more
placements and larger windows never ends worse than a shorter one.
"""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from memir.model.layout import Buffer, Plan, Problem
from memir.planning.layout import window
from memir.planning.layout.heuristics import Prepared, arena_of, run
from memir.planning.layout.window import WindowSearch, held_obstacles, window_around
from memir.verify.overlap import check_plan

SMALL_SIZES = (2, 3, 5, 8, 13, 40)


@st.composite
def interval_problems(draw, max_buffers: int = 30, pins: bool = True) -> Problem:
    n = draw(st.integers(1, max_buffers))
    out = []
    for _ in range(n):
        lower = draw(st.integers(0, 20))
        out.append(Buffer(draw(st.sampled_from([0, 1, 2, 3, 5, 8, 13])), lower,
                          lower + draw(st.integers(1, 7)),
                          draw(st.sampled_from([1, 1, 1, 2, 4]))))
    if pins and n > 1 and draw(st.booleans()):  # a pre-placed buffer at the bottom
        b = out[0]
        out[0] = Buffer(b.size, b.lower, b.upper, 1, 0)
    return Problem(out)


def start_plan(problem: Problem, seed: int) -> tuple[Prepared, np.ndarray]:
    """A greedy plan from a random order (usually far above the bound: room to move)."""
    prep = Prepared.of(problem)
    order = prep.sort_keys()["size"]
    movable = np.array([b.fixed_start is None for b in prep.blocks])
    order = order[movable[order]]
    order = np.random.default_rng(seed).permutation(order)
    return prep, run(prep, "single", "size", "first", order)


@settings(max_examples=150, deadline=None)
@given(interval_problems(), st.integers(1, 12), st.data())
def test_the_window_is_the_narrowest_holding_the_asked_count(problem, size, data):
    prep = Prepared.of(problem)
    movable = np.array([b.offset is None for b in problem.buffers])
    i = data.draw(st.integers(0, len(problem.buffers) - 1))
    inside, crossing, a, b = window_around(prep, i, size, movable)
    bufs = problem.buffers
    held = lambda d: [k for k, c in enumerate(bufs)  # noqa: E731
                      if movable[k] and c.lower >= bufs[i].lower - d
                      and c.upper <= bufs[i].upper + d]
    span = max(c.upper for c in bufs) - min(c.lower for c in bufs)
    d = next((d for d in range(span + 1) if len(held(d)) >= size), max(span, 0))
    assert (a, b) == (bufs[i].lower - d, bufs[i].upper + d)
    assert inside.tolist() == held(d)
    assert crossing.tolist() == [k for k, c in enumerate(bufs) if k not in held(d)
                                 and c.lower < c.upper and c.lower < b and c.upper > a]


@settings(max_examples=150, deadline=None)
@given(interval_problems(), st.integers(1, 10), st.integers(0, 99), st.data())
def test_the_merged_obstacles_block_the_same_cells(problem, size, seed, data):
    prep, offsets = start_plan(problem, seed)
    movable = np.array([b.offset is None for b in problem.buffers])
    i = data.draw(st.integers(0, len(problem.buffers) - 1))
    _, crossing, a, b = window_around(prep, i, size, movable)

    def cells(spans):
        return {(t, x) for lo, hi, off, s in spans for t in range(max(lo, a), min(hi, b))
                for x in range(off, off + s)}

    want = cells([(problem.buffers[k].lower, problem.buffers[k].upper, int(offsets[k]),
                   problem.buffers[k].size) for k in crossing.tolist()])
    merged = held_obstacles(prep, offsets, crossing, a, b)
    assert cells([(o.lower, o.upper, o.offset, o.size) for o in merged]) == want
    assert all(a <= o.lower < o.upper <= b for o in merged)


@pytest.mark.parametrize("sizes", [(2, 4, 8), (1, 3, 64)])
@settings(max_examples=80, deadline=None)
@given(problem=interval_problems(), seed=st.integers(0, 99), budget=st.integers(0, 400),
       largest=st.sampled_from([1, 2, 4, 8, 64]))
def test_window_moves_keep_the_plan_valid_and_never_worsen_it(sizes, problem, seed, budget,
                                                              largest):
    prep, offsets = start_plan(problem, seed)
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(window, "WINDOW_SIZES", sizes)
        search = WindowSearch(prep, offsets, "start")
        search.advance(budget, largest)
        short = search.best
        search.advance(budget, 2 * largest)  # continued: more work, larger windows
    assert search.best <= short <= arena_of(prep, offsets)
    out = [int(o) for o in search.best_offsets]
    assert arena_of(prep, search.best_offsets) == search.best
    assert not check_plan(problem, Plan(out, Plan.arena_of(problem, out)))
    assert all(out[k] == b.offset for k, b in enumerate(problem.buffers)
               if b.offset is not None)
    # A move lowers the top buffer; the arena only when no other buffer ends as high.
    improved = search.best < arena_of(prep, offsets)
    assert search.name == ("start+window" if improved else "start")
    assert search.moves > 0 or not improved


@settings(max_examples=60, deadline=None)
@given(interval_problems(pins=False), st.integers(0, 99))
def test_a_window_holding_everything_is_a_full_replacement(problem, seed):
    """With one window as large as the problem, a move is kept exactly when some fill
    order's whole-problem greedy run beats the start (the window holds every buffer)."""
    prep, offsets = start_plan(problem, seed)
    n = len(problem.buffers)
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(window, "WINDOW_SIZES", (n,))
        search = WindowSearch(prep, offsets, "start")
        search.advance(10**6, n)
    start = arena_of(prep, offsets)
    best = min(arena_of(prep, run(prep, "single", s, f)) for s, f in window.FILL_ORDERS)
    assert search.best <= start
    assert (search.moves > 0) == (best < start)
