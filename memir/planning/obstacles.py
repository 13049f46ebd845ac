"""Which placed buffers a new buffer must avoid: the query behind Avoid (seed 000, Alg. 8).

Greedy planners ask, once per buffer, for the byte ranges of already placed buffers that
conflict with it. Scanning every placed buffer is quadratic; these indexes keep the query
proportional to the number of candidates:

* ``IntervalObstacles`` (conflicts from lifetimes): placed buffers sorted by offset, masked by
  lifetime overlap in C.
* ``GraphObstacles`` (explicit conflict sets): CSR neighbour lists, filtered to placed ones.
* ``SummaryObstacles`` (``SummaryConflicts``): the conflict row decided from the summaries
  (numpy, O(n x slots)), masked by the placed buffers; no pair list is ever built.

Both return obstacles sorted by offset, which Merge relies on.

Zero-size buffers occupy no byte and are never reported.
"""

from __future__ import annotations

import numpy as np

from memir.planning.conflicts import SummaryConflicts
from memir.planning.intervals import lifetimes
from memir.planning.problem import Problem

EMPTY = np.zeros(0, dtype=np.int64)  # no obstacles (read-only by convention)


class IntervalObstacles:
    """Placed buffers of an interval problem, kept sorted by offset.

    A query masks the placed buffers by lifetime overlap (two vectorised comparisons) and
    returns them already in offset order, so Merge needs no sort; an insertion shifts the
    tail of four preallocated arrays (a memmove). Both are O(placed) in C, with a small
    constant: about 2 s for the 28k-buffer S_1 instance where a bucketed window plus a
    per-query argsort took 8 s.
    """

    def __init__(self, problem: Problem) -> None:
        _, lower, upper = lifetimes(problem)
        n = len(lower)
        small = n == 0 or (lower.min() > -(1 << 30) and upper.max() < (1 << 30))
        time_type = np.int32 if small else np.int64
        self.lower = lower.astype(time_type)
        self.upper = upper.astype(time_type)
        self.k = 0
        self.times = np.zeros((2, n), dtype=time_type)  # lower, upper of placed, by offset
        self.spans = np.zeros((2, n), dtype=np.int64)  # offset, end of placed, by offset

    def place(self, i: int, offset: int, size: int) -> None:
        if size <= 0:
            return
        k = self.k
        p = int(self.spans[0, :k].searchsorted(offset, "right"))
        times, spans = self.times, self.spans
        if p < k:
            times[:, p + 1:k + 1] = times[:, p:k]
            spans[:, p + 1:k + 1] = spans[:, p:k]
        times[0, p] = self.lower[i]
        times[1, p] = self.upper[i]
        spans[0, p] = offset
        spans[1, p] = offset + size
        self.k = k + 1

    def obstacles(self, i: int) -> tuple[np.ndarray, np.ndarray]:
        """(offsets, ends), in offset order, of placed buffers overlapping buffer i in time."""
        k = self.k
        mask = self.times[0, :k] < self.upper[i]
        mask &= self.times[1, :k] > self.lower[i]
        found = self.spans[:, :k][:, mask]
        return found[0], found[1]


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
    """Placed buffers kept sorted by (offset, index), masked by one conflict row per query.

    As in ``IntervalObstacles``, a query returns obstacles already in offset order (the
    mask is read through the placed buffers' order, no sort); an insertion shifts the tail
    of three preallocated arrays. The row is decided from the summaries (numpy).
    """

    def __init__(self, conflicts: SummaryConflicts) -> None:
        n = len(conflicts)
        self.conflicts = conflicts
        self.k = 0
        self.ids = np.zeros(n, dtype=np.int64)  # placed buffers, by (offset, index)
        self.spans = np.zeros((2, n), dtype=np.int64)  # their offset, end

    def place(self, i: int, offset: int, size: int) -> None:
        if size <= 0:
            return
        k, ids, spans = self.k, self.ids, self.spans
        p = int(spans[0, :k].searchsorted(offset, "left"))
        q = int(spans[0, p:k].searchsorted(offset, "right")) + p
        if q > p:  # equal offsets: by index, as a sort of the neighbours would give
            p += int(ids[p:q].searchsorted(i))
        if p < k:
            ids[p + 1:k + 1] = ids[p:k]
            spans[:, p + 1:k + 1] = spans[:, p:k]
        ids[p] = i
        spans[0, p] = offset
        spans[1, p] = offset + size
        self.k = k + 1

    def obstacles(self, i: int) -> tuple[np.ndarray, np.ndarray]:
        """(offsets, ends), in offset order (ties by index), of placed conflicting buffers."""
        k = self.k
        if k == 0:
            return EMPTY, EMPTY
        hit = self.conflicts.row(i)[self.ids[:k]]
        found = self.spans[:, :k][:, hit]
        return found[0], found[1]


def make_index(problem: Problem, csr: tuple[np.ndarray, np.ndarray] | None = None
               ) -> IntervalObstacles | GraphObstacles | SummaryObstacles:
    if problem.conflicts is None:
        return IntervalObstacles(problem)
    if isinstance(problem.conflicts, SummaryConflicts):
        return SummaryObstacles(problem.conflicts)
    return GraphObstacles(problem, csr)
