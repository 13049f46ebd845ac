"""Which placed buffers a new buffer must avoid: the query behind Avoid
([Multi-stream reuse], Alg. 8).

Greedy planners ask, once per buffer, for the byte ranges of already placed buffers that
conflict with it. Scanning every placed buffer is quadratic; these indexes keep the query
proportional to the number of candidates: ``IntervalObstacles`` (lifetimes: placed buffers
sorted by offset, masked by lifetime overlap in C), ``GraphObstacles`` (explicit conflict
sets: CSR neighbour lists) and ``SummaryObstacles`` (``SummaryConflicts``: the conflict
row decided from the summaries in numpy; no pair list is ever built).

All return obstacles sorted by offset, which Merge relies on. Zero-size buffers occupy no
byte and are never reported.
"""

from __future__ import annotations

import numpy as np

from memir.analysis.summary_conflicts import SummaryConflicts
from memir.planning.layout.compiled import INTERVAL_LOOPS, SUMMARY_LOOPS, kernels_for
from memir.planning.layout.fit import masked_gaps
from memir.planning.layout.interval_unions import UnionTree
from memir.planning.layout.lifetimes import lifetimes
from memir.model.layout import Problem

EMPTY = np.zeros(0, dtype=np.int64)  # no obstacles (read-only by convention)
EMPTY_MASK = np.zeros(0, dtype=bool)
EMPTY_ROWS = np.zeros((4, 0), dtype=np.int64)  # no rows (a, b, offset, end)


class IntervalObstacles:
    """Placed buffers of an interval problem, in time buckets, each kept sorted by offset.

    Time is compressed to the ranks of the distinct lifetime bounds and cut into levels of
    1, 4, 16, ... equal buckets (finer levels only while a bucket would still hold about
    ``PER_BUCKET`` buffers on average). A placed buffer belongs to every bucket it overlaps
    at every level; a query reads the bucket of the finest level that holds the queried
    buffer's whole lifetime, whose rows are in offset order, and a lifetime-overlap mask
    says which of them are obstacles (``candidates``; ``gaps`` reads the rows through the
    mask without compressing them, ``memir.planning.layout.fit.masked_gaps``). A query
    therefore costs about the number of placed buffers that live near the queried one in
    time, not the number placed: on long traces (S_1, 28k buffers, ~1.5k conflicts each)
    that is what keeps a greedy run near-linear. The exception is a lifetime that crosses
    a quarter of the trace: its bucket, the coarsest, holds every placed buffer, and
    ``gaps`` answers it from ``memir.planning.layout.interval_unions`` instead.

    Placing only appends to a log; a bucket takes the logged buffers that overlap its time
    range when it is next read (a bucket is read far less often than written) and merges
    them in, after existing rows of equal offset, in placement order (what inserting them
    one by one would give).

    With numba (``kernels``, ``memir.planning.layout.compiled``) a bucket merges in place
    and the greedy reads its rows in one compiled pass (``home_rows``), never the unions.
    """

    FANOUT = 4
    PER_BUCKET = 128
    LOOPS = INTERVAL_LOOPS  # the compiled loops it runs, where loaded
    # The coarsest bucket's rows are every placed buffer; past this many, a query homed
    # there reads the unions of ``UnionTree`` (up to a few dozen bucket reads, each
    # catching up on the log) instead. Chosen on the tuning half of the stream family;
    # either way the gaps are the same.
    UNIONS_ABOVE = 16384

    def __init__(self, problem: Problem) -> None:
        _, lower, upper = lifetimes(problem)
        n = len(lower)
        times = np.unique(np.concatenate((lower, upper)))
        self.a = np.searchsorted(times, lower)  # lifetimes as rank intervals [a, b)
        self.b = np.searchsorted(times, upper)
        self.ranks = ranks = max(len(times), 1)
        count, depth = 1, 0  # finest buckets, levels below the first
        while count * self.FANOUT * self.PER_BUCKET <= n and \
                -(-ranks // (count * self.FANOUT)) >= 2:
            count, depth = count * self.FANOUT, depth + 1
        # Nested levels: a bucket is FANOUT buckets of the next level (``UnionTree``).
        finest = -(-ranks // count)
        self.widths = [finest * self.FANOUT ** (depth - k) for k in range(depth + 1)]
        # Home level of each buffer: the finest one whose bucket holds all its lifetime.
        home = np.zeros(n, dtype=np.int64)
        last = np.maximum(self.b - 1, self.a)
        for level, w in enumerate(self.widths):
            home[self.a // w == last // w] = level
        self.home = home.tolist()
        self.a_list, self.b_list = self.a.tolist(), self.b.tolist()
        self.buckets = [[_Bucket(k * w, (k + 1) * w) for k in range(-(-ranks // w))]
                        for w in self.widths]
        # (a, b, offset, end) of every buffer; offset and end are set when it is placed
        self.row = np.stack((self.a, self.b, np.zeros(n, np.int64), np.zeros(n, np.int64)))
        self.log = np.zeros(n, dtype=np.int64)  # placed buffers, in placement order
        self.logged = 0
        self.last = -1  # the buffer placed last
        self.scratch = np.zeros(n + 1, dtype=np.int64)  # work array of ``masked_gaps``
        self.unions: UnionTree | None = None  # made on the first query that needs it
        self.kernels = kernels_for(n)  # the compiled loops, where numba pays (or None)

    def place(self, i: int, offset: int, size: int) -> None:
        if size <= 0 or self.b_list[i] <= self.a_list[i]:
            return  # occupies no byte, or lives at no instant: never an obstacle
        self.row[2, i] = offset
        self.row[3, i] = offset + size
        self.log[self.logged] = i
        self.logged += 1
        self.last = i

    def placed_since(self, seen: int, lo: int, hi: int) -> list[int] | np.ndarray:
        """Buffers placed after the first ``seen`` of the log that live in ranks
        ``[lo, hi)``, in placement order: what a bucket (here or in ``UnionTree``) takes
        in when read. One new placement, the common case, is tested in scalars."""
        if self.logged - seen == 1:
            j = self.last
            return [j] if self.a_list[j] < hi and self.b_list[j] > lo else []
        logged = self.log[seen:self.logged]
        return logged[(self.a[logged] < hi) & (self.b[logged] > lo)]

    def candidates(self, i: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """(offsets, ends, is_obstacle) of the rows of buffer i's bucket, in offset order;
        the obstacles are the placed buffers overlapping buffer i in time."""
        a, b = self.a_list[i], self.b_list[i]
        if b <= a:
            return EMPTY, EMPTY, EMPTY_MASK
        rows, m = self.home_rows(i)
        rows = rows[:, :m]
        mask = rows[0] < b
        mask &= rows[1] > a
        return rows[2], rows[3], mask

    def home_rows(self, i: int) -> tuple[np.ndarray, int]:
        """(rows, m) of buffer i's bucket, caught up: the first ``m`` rows (a, b, offset,
        end), in offset order, are every placed buffer that can overlap buffer i in time
        (and others); none for a lifetime of no instant."""
        if self.b_list[i] <= self.a_list[i]:
            return EMPTY_ROWS, 0
        level = self.home[i]
        bucket = self.buckets[level][self.a_list[i] // self.widths[level]]
        if bucket.seen < self.logged:
            bucket.take(self)
        return bucket.rows, bucket.m

    def gaps(self, i: int) -> tuple[np.ndarray, np.ndarray, int]:
        """Byte gaps between the obstacles of buffer i and where the top gap starts, as
        ``masked_gaps`` gives them (what the greedy's fit for single buffers reads).

        A lifetime homed in the coarsest of several levels (it crosses a quarter of the
        trace; that bucket holds every placed buffer) is answered from the unions of
        ``UnionTree`` instead of rows."""
        a, b = self.a_list[i], self.b_list[i]
        if b <= a:
            return EMPTY, EMPTY, 0
        if self.home[i] == 0 and self.logged > self.UNIONS_ABOVE and len(self.widths) > 1:
            if self.unions is None:
                self.unions = UnionTree(self)
            return self.unions.gaps(self, a, b)
        return masked_gaps(*self.candidates(i), self.scratch)

    def obstacles(self, i: int) -> tuple[np.ndarray, np.ndarray]:
        """(offsets, ends), in offset order, of placed buffers overlapping buffer i in time."""
        off, end, mask = self.candidates(i)
        if not len(off):
            return EMPTY, EMPTY
        keep = np.flatnonzero(mask)
        return off.take(keep), end.take(keep)


class _Bucket:
    """Placed buffers living in time ranks [lo, hi) as rows (a, b, offset, end), sorted by
    offset; ``seen``: how much of the placement log they include."""

    __slots__ = ("hi", "lo", "m", "rows", "seen")
    # A splice costs a Python step per new row, a sort a pass or two over all the rows:
    # past this many new rows the sort is the cheaper (measured on 3k-27k-row buckets).
    SPLICE_AT_MOST = 16

    def __init__(self, lo: int, hi: int) -> None:
        self.lo, self.hi = lo, hi
        self.rows = np.zeros((4, 0), dtype=np.int64)  # the first m columns are the rows
        self.m = 0
        self.seen = 0

    def take(self, index: IntervalObstacles) -> None:
        """Merge in the buffers placed since the last read that overlap this bucket.

        New rows go after existing rows of equal offset, in placement order, as inserting
        them one by one would put them. With the compiled loops they are merged in place
        (``compiled.catch_up``) into spare columns, doubled when short. Else a few are
        spliced in, one piece per row (one pass); many are merged by a stable sort of old
        and new, old first."""
        if index.kernels is not None:
            want = self.m + index.logged - self.seen
            if want > self.rows.shape[1]:
                grown = np.empty((4, max(want, 2 * self.rows.shape[1])), dtype=np.int64)
                grown[:, :self.m] = self.rows[:, :self.m]
                self.rows = grown
            self.m = index.kernels.catch_up(self.rows, self.m, index.log, self.seen,
                                            index.logged, index.row, self.lo, self.hi)
            self.seen = index.logged
            return
        placed = index.placed_since(self.seen, self.lo, self.hi)
        self.seen = index.logged
        if len(placed) == 0:
            return
        rows = self.rows
        if len(placed) == 1:  # the common case, in scalars
            new = index.row[:, placed[0]:placed[0] + 1]
            ats = [int(rows[2].searchsorted(new[2, 0], "right"))]
        elif len(placed) > self.SPLICE_AT_MOST:
            merged = np.concatenate((rows, index.row[:, placed]), axis=1)
            self.rows = merged.take(merged[2].argsort(kind="stable"), axis=1)
            self.m = self.rows.shape[1]
            return
        else:
            new = index.row[:, placed]
            new = new[:, new[2].argsort(kind="stable")]
            ats = rows[2].searchsorted(new[2], "right").tolist()
        pieces, cut = [], 0
        for j, at in enumerate(ats):
            pieces += (rows[:, cut:at], new[:, j:j + 1])
            cut = at
        pieces.append(rows[:, cut:])
        self.rows = np.concatenate(pieces, axis=1)
        self.m = self.rows.shape[1]


def neighbour_csr(problem: Problem) -> tuple[np.ndarray, np.ndarray]:
    """(indptr, indices): the explicit conflict sets as CSR rows, each sorted."""
    assert problem.conflicts is not None
    if isinstance(problem.conflicts, SummaryConflicts):
        raise TypeError("summary conflicts are queried row by row, never listed as CSR")
    n = len(problem.buffers)
    degree = np.fromiter((len(c) for c in problem.conflicts), dtype=np.int64, count=n)
    indptr = np.zeros(n + 1, dtype=np.int64)
    np.cumsum(degree, out=indptr[1:])
    flat = np.fromiter((j for c in problem.conflicts for j in c), dtype=np.int64,
                       count=int(indptr[-1]))
    for i in range(n):  # sort each row in place (C speed per row)
        flat[indptr[i]:indptr[i + 1]].sort()
    return indptr, flat


class GraphObstacles:
    """Placed neighbours of explicit conflict sets; the CSR rows are shared between runs."""

    LOOPS = ()  # no compiled loop

    def __init__(self, problem: Problem, csr: tuple[np.ndarray, np.ndarray] | None = None
                 ) -> None:
        n = len(problem.buffers)
        self.indptr, self.indices = csr if csr is not None else neighbour_csr(problem)
        self.off = np.full(n, -1, dtype=np.int64)
        self.end = np.full(n, -1, dtype=np.int64)

    def place(self, i: int, offset: int, size: int) -> None:
        if size <= 0:
            return
        self.off[i] = offset
        self.end[i] = offset + size

    def obstacles(self, i: int) -> tuple[np.ndarray, np.ndarray]:
        """(offsets, ends), in offset order, of placed neighbours of buffer i."""
        nbrs = self.indices[self.indptr[i]:self.indptr[i + 1]]
        if len(nbrs) == 0:
            return EMPTY, EMPTY
        nbrs = nbrs[self.off[nbrs] >= 0]
        off = self.off[nbrs]
        order = off.argsort(kind="stable")
        return off[order], self.end[nbrs[order]]


class SummaryObstacles:
    """Placed buffers kept sorted by (offset, index), masked by their conflicts with the
    query, decided from the summaries.

    As in ``IntervalObstacles``, a query returns obstacles already in offset order (the
    mask is computed over the placed buffers in that order, no sort). The placed buffers
    sit in a window ``[lo, lo + k)`` of arrays with room on both sides, and an insertion
    shifts the shorter side of the window: on the greedy's runs most buffers land low in
    the arena, so this moves far less than shifting the tail (docs/planning-figures.md).
    Without the compiled loop the arrays
    hold the placed buffers' summaries, one contiguous row per stream, so that numpy's
    compares read only the k placed buffers. The compiled loop reads each placed buffer's
    summary in the problem's own arrays instead, and only for the few that two numbers per
    buffer do not rule out (``compiled.fit_summaries``), so an insertion shifts those two
    numbers, not a summary.
    """

    LOOPS = SUMMARY_LOOPS  # the compiled loops it runs, where loaded

    def __init__(self, conflicts: SummaryConflicts) -> None:
        n = len(conflicts)
        room = 2 * n + 1  # the window starts in the middle: n insertions fit on each side
        self.conflicts = conflicts
        self.k, self.lo = 0, n
        self.ids = np.zeros(room, dtype=np.int64)  # placed buffers, by (offset, index)
        self.spans = np.zeros((room, 2), dtype=np.int64)  # their offset, end
        self.placed = np.zeros(n, dtype=bool)
        self.kernels = kernels_for(n)  # the compiled loops, where numba pays (or None)
        start, end = conflicts.start, conflicts.end
        if self.kernels is not None:  # per placed buffer: min(start), max(end)
            self.low_of = start.min(axis=1, initial=np.iinfo(start.dtype).max)
            self.high_of = end.max(axis=1, initial=-1)
            self.lows = np.zeros(room, dtype=start.dtype)
            self.highs = np.zeros(room, dtype=end.dtype)
            self.columns = (self.lows, self.highs)
        else:  # the placed buffers' summaries, one contiguous row per stream
            self.starts = np.zeros((start.shape[1], room), dtype=start.dtype)
            self.ends = np.zeros((end.shape[1], room), dtype=end.dtype)
            self.columns = (self.starts.T, self.ends.T)

    def place(self, i: int, offset: int, size: int) -> None:
        if size <= 0:
            return
        k, lo, ids, spans = self.k, self.lo, self.ids, self.spans
        p = int(spans[lo:lo + k, 0].searchsorted(offset, "left"))
        q = int(spans[lo + p:lo + k, 0].searchsorted(offset, "right")) + p
        if q > p:  # equal offsets: by index, as a sort of the neighbours would give
            p += int(ids[lo + p:lo + q].searchsorted(i))
        first, second = self.columns
        if p < k - p:  # the part below moves down one
            for a in (ids, spans, first, second):
                a[lo - 1:lo - 1 + p] = a[lo:lo + p]
            lo = self.lo = lo - 1
        elif p < k:  # the part above moves up one
            for a in (ids, spans, first, second):
                a[lo + p + 1:lo + k + 1] = a[lo + p:lo + k]
        at = lo + p
        ids[at] = i
        spans[at, 0] = offset
        spans[at, 1] = offset + size
        if self.kernels is not None:
            first[at], second[at] = self.low_of[i], self.high_of[i]
        else:
            first[at], second[at] = self.conflicts.start[i], self.conflicts.end[i]
        self.placed[i] = True
        self.k = k + 1

    def fit(self, i: int, size: int, period: int, residue: int, best: bool) -> int:
        """The greedy's start for single buffer i by the compiled loop (``kernels`` set):
        the choice ``gaps`` then ``choose`` make over ``obstacles(i)``."""
        conflicts, lo = self.conflicts, self.lo
        return self.kernels.fit_summaries(
            self.ids[lo:], self.spans[lo:], self.lows[lo:], self.highs[lo:], conflicts.start,
            conflicts.end, self.k, i, conflicts.start[i], conflicts.end[i],
            conflicts.last_end, size, period, residue, best)

    def obstacles(self, i: int) -> tuple[np.ndarray, np.ndarray]:
        """(offsets, ends), in offset order (ties by index), of placed conflicting buffers."""
        k, lo = self.k, self.lo
        if k == 0:
            return EMPTY, EMPTY
        ids = self.ids[lo:lo + k]
        if self.kernels is not None:  # the placed buffers' summaries, gathered
            starts = self.conflicts.start[ids].T
            ends = self.conflicts.end[ids].T
        else:
            starts, ends = self.starts[:, lo:lo + k], self.ends[:, lo:lo + k]
        hit = self.conflicts.row_among(i, starts, ends)
        if self.placed[i]:  # a buffer is no obstacle to itself
            hit &= ids != i
        found = np.compress(hit, self.spans[lo:lo + k], axis=0)
        return found[:, 0], found[:, 1]


def index_class(problem: Problem) -> type:
    """The index for the problem's kind of conflicts: lifetimes, summaries or sets."""
    if problem.conflicts is None:
        return IntervalObstacles
    if isinstance(problem.conflicts, SummaryConflicts):
        return SummaryObstacles
    return GraphObstacles


def make_index(problem: Problem, csr: tuple[np.ndarray, np.ndarray] | None = None
               ) -> IntervalObstacles | GraphObstacles | SummaryObstacles:
    kind = index_class(problem)
    if kind is IntervalObstacles:
        return IntervalObstacles(problem)
    if kind is SummaryObstacles:
        return SummaryObstacles(problem.conflicts)
    return GraphObstacles(problem, csr)
