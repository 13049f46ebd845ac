"""The order search's moves against plain-Python oracles, and the search's promises.

``promote_column``: the blocks live at the instant with the most bytes live, among the
instants the buffers at the arena top live at, go to the front in their order; the rest
keep theirs. The oracle scans every instant of every top buffer's lifetime in plain
Python. The search itself: resumable (two budgets in a row give what their sum gives), and
never worse than its start.
"""

from __future__ import annotations

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from memir.model.layout import Buffer, Problem
from memir.planning.layout.heuristics import Prepared, arena_of, run
from memir.planning.layout.order_search import LiveProfile, OrderSearch, promote_top


@st.composite
def interval_problems(draw, max_buffers: int = 30) -> Problem:
    n = draw(st.integers(1, max_buffers))
    out = []
    for _ in range(n):
        lower = draw(st.integers(0, 15))
        out.append(Buffer(draw(st.sampled_from([1, 2, 3, 5, 8, 13])), lower,
                          lower + draw(st.integers(1, 7))))
    return Problem(out)


def oracle_instant(problem: Problem, offsets: list[int]) -> int:
    ends = [o + b.size for o, b in zip(offsets, problem.buffers)]
    top = max(ends)
    best = None  # (live bytes, -instant)
    for i, b in enumerate(problem.buffers):
        if ends[i] != top:
            continue
        for t in range(b.lower, b.upper):
            live = sum(c.size for c in problem.buffers if c.lower <= t < c.upper)
            if best is None or (live, -t) > best:
                best = (live, -t)
    return -best[1]


@settings(max_examples=150, deadline=None)
@given(interval_problems(), st.sampled_from(["size", "conflicts", "lifetime", "source"]))
def test_the_column_move_matches_the_oracle(problem, sort):
    prep = Prepared.of(problem)
    order = prep.sort_keys()[sort]
    offsets = run(prep, "single", sort, "best")
    profile = LiveProfile(prep)
    t = oracle_instant(problem, offsets.tolist())
    # Bytes live are the same at every instant between two lifetime bounds: the profile
    # may name the first bound of that stretch, never a busier or a later one.
    assert profile.peak_instant(prep, offsets) <= t
    live = lambda s: sum(b.size for b in problem.buffers if b.lower <= s < b.upper)  # noqa: E731
    assert live(profile.peak_instant(prep, offsets)) == live(t)
    moved = profile.promote_column(prep, order, offsets)
    s = profile.peak_instant(prep, offsets)
    inside = [k for k in order.tolist()
              if problem.buffers[k].lower <= s < problem.buffers[k].upper]
    outside = [k for k in order.tolist() if k not in inside]
    assert moved.tolist() == inside + outside


@settings(max_examples=100, deadline=None)
@given(interval_problems())
def test_the_top_move_puts_the_latest_top_block_first(problem):
    prep = Prepared.of(problem)
    order = prep.sort_keys()["size"]
    offsets = run(prep, "single", "size", "best")
    ends = offsets + prep.sizes
    tops = [k for k in order.tolist() if ends[k] == ends.max()]
    moved = promote_top(prep, order, offsets).tolist()
    assert moved[0] == tops[-1]
    assert sorted(moved) == sorted(order.tolist())
    assert [k for k in moved if k != tops[-1]] == [k for k in order.tolist() if k != tops[-1]]


@settings(max_examples=60, deadline=None)
@given(interval_problems(), st.integers(1, 6), st.integers(1, 6))
def test_the_search_resumes_and_never_loses_its_start(problem, first, second):
    prep = Prepared.of(problem)
    n = len(problem.buffers)
    order = prep.sort_keys()["conflicts"]
    offsets = run(prep, "single", "conflicts", "best")
    split = OrderSearch(prep, "single", "best", order, offsets)
    split.advance(first * n)
    split.advance(second * n)
    whole = OrderSearch(prep, "single", "best", order, offsets)
    whole.advance((first + second) * n)
    assert split.best == whole.best and split.rounds == whole.rounds
    assert np.array_equal(split.best_offsets, whole.best_offsets)
    assert whole.best <= arena_of(prep, offsets)
    assert arena_of(prep, whole.best_offsets) == whole.best
