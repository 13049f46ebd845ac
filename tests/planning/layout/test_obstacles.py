"""The obstacle index and the fit against oracles that share no code with them.

``IntervalObstacles`` merges placements into its time buckets lazily, one row spliced in
at a time or many merged by a sort; whichever way a bucket catches up, a query must give
every placed buffer that overlaps the queried one in time, in offset order, ties in
placement order. Its gaps, read from rows or from the unions of ``UnionTree`` (forced
here on small problems: tiny buckets, unions from the first placement), must be the
complement of what those buffers occupy. The fit's alignment is checked gap by gap in
plain Python. Where numba is installed, the compiled merge and fit (``compiled``) are
held to the same oracles.
"""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from memir.model.layout import Buffer, Problem
from memir.planning.layout import compiled as compiled_loops
from memir.planning.layout.blocks import build_blocks
from memir.planning.layout.fit import (
    choose,
    first_fit_above,
    fit_gaps,
    fit_gaps_in_objects,
    masked_gaps,
)
from memir.planning.layout.obstacles import IntervalObstacles


@st.composite
def placements(draw, span: int = 40):
    """Buffers (size, lower, upper), the order they are placed in with an offset each, and
    after each placement how many queries follow (0 lets the log grow between reads).
    A short ``span`` of times makes lifetimes end and start on the buckets' bounds."""
    n = draw(st.integers(1, 60))
    buffers = []
    for _ in range(n):
        lower = draw(st.integers(0, span))
        buffers.append((draw(st.sampled_from([0, 1, 8, 64])), lower,
                        lower + draw(st.integers(0, 3 * span // 4))))
    order = draw(st.permutations(range(n)))
    offsets = draw(st.lists(st.integers(0, 6).map(lambda k: 64 * k), min_size=n, max_size=n))
    reads = draw(st.lists(st.sampled_from([0, 0, 0, 1, 2]), min_size=n, max_size=n))
    queried = draw(st.lists(st.integers(0, n - 1), min_size=2 * n, max_size=2 * n))
    return buffers, order, offsets, reads, queried


def replay(index, case):
    """Place the case's buffers into ``index``; after each placement, yield each queried
    buffer with what a plain scan says overlaps it: (offset, end) of the placed buffers
    occupying bytes and living at a rank the queried one lives at, sorted by offset, ties
    in placement order."""
    buffers, order, offsets, reads, queried = case
    placed: list[int] = []
    questions = iter(queried)
    for step, i in enumerate(order):
        index.place(i, offsets[step], buffers[i][0])
        placed.append(i)
        for _ in range(reads[step]):
            q = next(questions)
            _, lower, upper = buffers[q]
            yield q, sorted(
                ((offsets[k], offsets[k] + buffers[p][0]) for k, p in enumerate(placed)
                 if buffers[p][0] > 0 and buffers[p][1] < buffers[p][2]
                 and buffers[p][1] < upper and lower < buffers[p][2]
                 and lower < upper),  # an empty lifetime meets nothing
                key=lambda row: row[0])  # stable: ties stay in placement order


def free_below_top(busy: list[tuple[int, int]]) -> tuple[list[tuple[int, int]], int]:
    """The free byte ranges between the busy ones (in offset order), and their top."""
    free, reach = [], 0
    for o, e in busy:
        if o > reach:
            free.append((reach, o))
        reach = max(reach, e)
    return free, reach


def problem_of(case) -> Problem:
    return Problem([Buffer(s, lo, hi) for s, lo, hi in case[0]])


def compiled_or_skip(compiled: bool, patch: pytest.MonkeyPatch) -> None:
    """With ``compiled``, make the indexes built next use numba's loops (skip without it)."""
    if compiled:
        pytest.importorskip("numba")
        patch.setattr(compiled_loops, "COMPILED_FROM", 0)


@pytest.mark.parametrize("compiled", [False, True])
@pytest.mark.parametrize("per_bucket", [1, 4, 128])
@settings(max_examples=120, deadline=None)
@given(case=placements())
def test_a_query_gives_the_placed_buffers_overlapping_in_time_in_offset_order(case,
                                                                              per_bucket,
                                                                              compiled):
    """Also with the buckets caught up by the compiled merge (``compiled.catch_up``)."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(IntervalObstacles, "PER_BUCKET", per_bucket)  # more levels, small n
        compiled_or_skip(compiled, patch)
        index = IntervalObstacles(problem_of(case))
    assert (index.kernels is not None) == compiled
    for q, expected in replay(index, case):
        off, end = index.obstacles(q)
        assert list(zip(off.tolist(), end.tolist())) == expected


@pytest.mark.parametrize("per_bucket", [1, 2, 4])
@settings(max_examples=150, deadline=None)
@given(case=st.one_of(placements(), placements(span=12)))
def test_gaps_are_the_complement_of_what_the_overlapping_buffers_occupy(case, per_bucket):
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(IntervalObstacles, "PER_BUCKET", per_bucket)  # several levels
        patch.setattr(IntervalObstacles, "UNIONS_ABOVE", 0)  # unions whenever homed at 0
        index = IntervalObstacles(problem_of(case))
        for q, busy in replay(index, case):
            lo, hi, top = index.gaps(q)
            got = [(g, h) for g, h in zip(lo.tolist(), hi.tolist()) if h > g]
            assert (got, top) == free_below_top(busy)


def align_up(x: int, period: int, residues: list[int]) -> int:
    """Smallest start >= x whose residue modulo period is one of ``residues`` (a scan)."""
    while x % period not in residues:
        x += 1
    return x


@st.composite
def gap_lists(draw):
    """Byte gaps [lo, hi) in increasing order (some empty), a size, a block's alignment."""
    count = draw(st.integers(1, 12))
    lo, hi, at = [], [], 0
    for _ in range(count):
        at += draw(st.integers(0, 40))
        lo.append(at)
        at += draw(st.integers(-3, 50))
        hi.append(at)
        at = max(at, lo[-1])
    size = draw(st.integers(1, 30))
    align = draw(st.sampled_from([1, 2, 8, 16]))
    return lo, hi, size, align


@settings(max_examples=300, deadline=None)
@given(gap_lists(), st.sampled_from(["first", "best"]))
def test_choose_takes_the_gap_a_scan_would(case, fit):
    """In start space: a gap admits the block when its aligned start lies below its end;
    first fit takes the lowest such gap, best fit the shortest (before alignment), lowest
    on ties."""
    lo, hi, size, align = case
    block = build_blocks(Problem([Buffer(size, 0, 1, align)]))[0][0]
    fitting = [(align_up(g, align, [0]), h - g, k) for k, (g, h) in enumerate(zip(lo, hi))
               if align_up(g, align, [0]) < h]
    if fit == "best":
        fitting.sort(key=lambda f: (f[1], f[2]))
    expected = (fitting[0][0], fitting[0][2]) if fitting else None
    got = choose(block, np.array(lo, dtype=np.int64), np.array(hi, dtype=np.int64), fit)
    assert got == expected


@settings(max_examples=300, deadline=None)
@given(st.lists(st.tuples(st.integers(0, 200), st.integers(1, 40), st.booleans()),
                min_size=1, max_size=15),
       st.integers(1, 30), st.sampled_from([1, 4, 16]), st.booleans())
def test_the_fit_takes_the_gap_a_scan_would(rows, size, align, best):
    """Between the masked-in rows (byte ranges, in offset order): the lowest aligned start
    in a gap with room (first) or in the shortest such gap (best), else above them all."""
    rows = sorted(rows, key=lambda r: r[0])
    gaps, top = free_below_top([(o, o + s) for o, s, on in rows if on])
    fitting = [(align_up(g, align, [0]), h - g) for g, h in gaps
               if align_up(g, align, [0]) + size <= h]
    if best:
        fitting.sort(key=lambda f: f[1])  # stable: lowest on ties
    expected = fitting[0][0] if fitting else align_up(top, align, [0])
    block = build_blocks(Problem([Buffer(size, 0, 1, align)]))[0][0]
    off = np.array([o for o, _, _ in rows], dtype=np.int64)
    end = np.array([o + s for o, s, _ in rows], dtype=np.int64)
    mask = np.array([on for _, _, on in rows], dtype=bool)
    lo, hi, top = masked_gaps(off, end, mask, np.zeros(len(rows) + 1, np.int64))
    got = fit_gaps(lo, hi, top, size, block, best)
    assert got == expected
    # The compiled loop, and its Python source, on the same rows: the masked-in rows live
    # at ranks [0, 2), the others at [5, 6), the buffer at [1, 3).
    table = np.stack((np.where(mask, 0, 5), np.where(mask, 2, 6), off, end))
    table = np.concatenate((table, np.full((4, 3), -1)), axis=1)  # spare columns: unread
    fits = [compiled_loops.fit_rows]
    if (loaded := compiled_loops.kernels()) is not None:
        fits.append(loaded.fit_rows)
    for fit_rows in fits:
        assert fit_rows(table, len(rows), 1, 3, size, align, 0, best) == expected


def eights(low: int, high: int):
    """Multiples of 8: gaps and pieces of equal length, ties for best fit."""
    return st.integers(low, high).map(lambda k: 8 * k)


@settings(max_examples=400, deadline=None)
@given(st.lists(st.tuples(eights(0, 25), eights(1, 5), st.booleans()), max_size=15),
       st.lists(eights(0, 33), max_size=8, unique=True),
       st.integers(1, 24), st.sampled_from([1, 4, 16]), st.booleans())
def test_many_objects_fit_by_the_compiled_loop_is_the_numpy_paths(rows, bounds, size, align,
                                                                   best):
    """Many Objects' fit over the same rows and objects (disjoint byte ranges, in order):
    the start and whether it opens an object, as ``fit_gaps_in_objects`` then
    ``first_fit_above`` (above the last object) give them."""
    rows = sorted(rows, key=lambda r: r[0])
    bounds = sorted(bounds)[: len(bounds) // 2 * 2]
    obj_lo = np.array(bounds[0::2], dtype=np.int64)
    obj_hi = np.array(bounds[1::2], dtype=np.int64)
    floor = int(obj_hi[-1]) if len(obj_hi) else 0
    block = build_blocks(Problem([Buffer(size, 0, 1, align)]))[0][0]
    off = np.array([o for o, _, _ in rows], dtype=np.int64)
    end = np.array([o + s for o, s, _ in rows], dtype=np.int64)
    mask = np.array([on for _, _, on in rows], dtype=bool)
    lo, hi, top = masked_gaps(off, end, mask, np.zeros(len(rows) + 1, np.int64))
    chosen = fit_gaps_in_objects(lo, hi, top, size, block, best, obj_lo, obj_hi) \
        if len(obj_lo) else None
    expected = (chosen, False) if chosen is not None else \
        (first_fit_above(lo, hi, top, size, block, floor), True)
    table = np.stack((np.where(mask, 0, 5), np.where(mask, 2, 6), off, end)).reshape(4, -1)
    fits = [compiled_loops.fit_rows_in_objects]
    if (loaded := compiled_loops.kernels()) is not None:
        fits.append(loaded.fit_rows_in_objects)
    for fit in fits:
        assert fit(table, len(rows), 1, 3, size, align, 0, best, obj_lo, obj_hi,
                   floor) == expected


def test_the_compiled_loops_are_optional():
    """Without numba (``MEMIR_NO_NUMBA`` stands in for it), or within ``numpy_only``, the
    indexes run the numpy path; loaded and used once, the loops are warm."""
    problem = Problem([Buffer(8, 0, 2), Buffer(8, 1, 3)])
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(compiled_loops, "COMPILED_FROM", 0)
        patch.setattr(compiled_loops, "_loaded", [])
        patch.setenv("MEMIR_NO_NUMBA", "1")
        assert compiled_loops.kernels() is None and not compiled_loops.warm()
        assert IntervalObstacles(problem).kernels is None
    if compiled_loops.kernels() is None:
        pytest.skip("numba is not installed")
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(compiled_loops, "COMPILED_FROM", 0)
        with compiled_loops.numpy_only():
            assert IntervalObstacles(problem).kernels is None
        index = IntervalObstacles(problem)
        index.place(0, 0, 8)
        rows, m = index.home_rows(1)
        assert index.kernels.fit_rows(rows, m, 1, 3, 8, 1, 0, True) == 8
    assert compiled_loops.precompile() and compiled_loops.warm()
    assert compiled_loops.warm(compiled_loops.INTERVAL_LOOPS)
    assert compiled_loops.warm(compiled_loops.SUMMARY_LOOPS)


def test_the_loops_compile_without_a_cache_where_numba_has_no_place_for_one():
    numba = pytest.importorskip("numba")
    real = numba.njit

    def no_locator(**options):
        if options.get("cache"):
            raise RuntimeError("cannot cache function 'fit_rows': no locator available")
        return real(**options)

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(numba, "njit", no_locator)
        fit = compiled_loops._compiled(compiled_loops.fit_rows)
    rows = np.array([[0], [2], [0], [8]], dtype=np.int64)  # one obstacle at [0, 8)
    assert fit(rows, 1, 1, 3, 8, 1, 0, True) == 8
