"""Occupied bytes over a tree of time buckets: the greedy's gaps for a long lifetime.

Why: ``IntervalObstacles`` answers a query from the rows of the one bucket that holds the
queried lifetime; a lifetime that crosses a quarter of the trace (a saved activation of a
training step) lands in the coarsest bucket, which holds every placed buffer. Its gaps
only need the union of the obstacles' bytes, and on a dense plan that union is small.
So each bucket of the same nesting keeps that union as sorted disjoint intervals, caught
up from the placement log when read; a query takes whole buckets' unions and reads rows
only in the at most two finest buckets it covers in part. The gaps are exact: every
obstacle overlaps one piece, and every byte read belongs to an obstacle.
"""

from __future__ import annotations

import numpy as np

EMPTY = np.zeros(0, dtype=np.int64)


def merged(flat: np.ndarray, lo: np.ndarray, hi: np.ndarray) -> np.ndarray:
    """The union ``flat`` (flattened disjoint intervals) with the intervals ``[lo, hi)``."""
    starts = np.concatenate((flat[0::2], lo))
    ends = np.concatenate((flat[1::2], hi))
    order = starts.argsort(kind="stable")
    starts, ends = starts[order], ends[order]
    reach = np.maximum.accumulate(ends)
    first = np.flatnonzero(np.concatenate(((True,), starts[1:] > reach[:-1])))
    out = np.empty(2 * len(first), dtype=np.int64)
    out[0::2] = starts[first]
    out[1::2] = reach[np.append(first[1:] - 1, len(starts) - 1)]
    return out


def with_interval(flat: np.ndarray, lo: int, hi: int) -> np.ndarray:
    """The union ``flat`` with ``[lo, hi)``: the bounds it falls between say which intervals
    it joins (an odd position is inside an interval, an even one between two)."""
    p = int(flat.searchsorted(lo, "left"))
    q = int(flat.searchsorted(hi, "right"))
    if p & 1:
        return np.concatenate((flat[:p], flat[q:]) if q & 1 else (flat[:p], (hi,), flat[q:]))
    if q & 1:
        return np.concatenate((flat[:p], (lo,), flat[q:]))
    return np.concatenate((flat[:p], (lo, hi), flat[q:]))


class _Bucket:
    """Time ranks ``[lo, hi)``: the union of the placed buffers overlapping it; at the
    finest level the union of those spanning it, and the other rows (a, b, offset, end),
    in placement order (a query sorts what it gathers). ``seen``: how much of the
    placement log is in."""

    __slots__ = ("hi", "lo", "rows", "seen", "union")

    def __init__(self, lo: int, hi: int, finest: bool) -> None:
        self.lo, self.hi, self.seen = lo, hi, 0
        self.union = EMPTY
        self.rows = np.zeros((4, 0), dtype=np.int64) if finest else None

    def take(self, index) -> None:  # the ``IntervalObstacles`` whose log it reads
        placed = index.placed_since(self.seen, self.lo, self.hi)
        self.seen = index.logged
        if len(placed) == 0:
            return
        if len(placed) == 1:  # the common case, in scalars
            j = placed[0]
            if self.rows is None or (index.a_list[j] <= self.lo and index.b_list[j] >= self.hi):
                self.union = with_interval(self.union, int(index.row[2, j]),
                                           int(index.row[3, j]))
            else:
                self.rows = np.concatenate((self.rows, index.row[:, j:j + 1]), axis=1)
            return
        new = index.row[:, placed]
        if self.rows is None:
            self.union = merged(self.union, new[2], new[3])
            return
        spanning = (new[0] <= self.lo) & (new[1] >= self.hi)
        if spanning.any():
            self.union = merged(self.union, new[2, spanning], new[3, spanning])
        if not spanning.all():
            self.rows = np.concatenate((self.rows, new[:, ~spanning]), axis=1)


# Unions are flattened to [lo0, hi0, lo1, hi1, ...], touching intervals merged. A query
# [a, b) takes at most fanout - 1 whole buckets at each end per level; in a partly covered
# finest bucket the rows spanning the bucket are kept as a union too, and only the others
# are read as rows and masked by lifetime. A bucket no query reads costs nothing.
class UnionTree:
    """The unions of the placed buffers over the nested time buckets of ``index``, the
    ``IntervalObstacles`` that owns the tree and passes itself to each query (whose
    widths, rows and log the tree reads; no reference back, so no cycle keeps a run's
    index alive)."""

    def __init__(self, index) -> None:
        self.fanout = index.FANOUT
        self.width = index.widths[-1]  # of a finest bucket
        ranks = index.ranks
        finest = len(index.widths) - 1
        self.levels = [[_Bucket(k * w, min((k + 1) * w, ranks), level == finest)
                        for k in range(-(-ranks // w))]
                       for level, w in enumerate(index.widths)]

    def pieces(self, index, a: int, b: int) -> list[tuple[np.ndarray, np.ndarray]]:
        """(offsets, ends) of byte ranges whose union is what the placed buffers
        overlapping ranks ``[a, b)`` (a < b) occupy."""
        out: list[tuple[np.ndarray, np.ndarray]] = []
        finest, w, logged = len(self.levels) - 1, self.width, index.logged

        def read(level: int, k: int) -> _Bucket:
            bucket = self.levels[level][k]
            if bucket.seen < logged:
                bucket.take(index)
            return bucket

        def partly(k: int) -> None:
            bucket = read(finest, k)
            out.append((bucket.union[0::2], bucket.union[1::2]))
            rows = bucket.rows
            if rows.shape[1]:
                keep = rows[0] < b
                keep &= rows[1] > a
                out.append((rows[2, keep], rows[3, keep]))

        def whole(level: int, k: int) -> None:
            bucket = read(level, k)
            out.append((bucket.union[0::2], bucket.union[1::2]))
            if level == finest and bucket.rows.shape[1]:
                out.append((bucket.rows[2], bucket.rows[3]))

        first, last = a // w, (b - 1) // w
        if first == last:
            partly(first)
            return out
        left, right = first, last + 1  # finest buckets [left, right) are covered whole
        if a > self.levels[finest][first].lo:
            partly(first)
            left += 1
        if b < self.levels[finest][last].hi:
            partly(last)
            right -= 1
        level, f = finest, self.fanout
        while left < right:
            while left < right and left % f:
                whole(level, left)
                left += 1
            while left < right and right % f:
                right -= 1
                whole(level, right)
            left, right, level = left // f, right // f, level - 1
        return out

    def gaps(self, index, a: int, b: int) -> tuple[np.ndarray, np.ndarray, int]:
        """Byte gaps ``[lo, hi)`` between what the buffers overlapping ranks ``[a, b)``
        occupy, in offset order (empty ones allowed), and where the top gap starts: what
        ``memir.planning.layout.fit.masked_gaps`` gives from their rows."""
        pieces = self.pieces(index, a, b)
        starts = np.concatenate([p[0] for p in pieces])
        if len(starts) == 0:
            return EMPTY, EMPTY, 0
        ends = np.concatenate([p[1] for p in pieces])
        order = starts.argsort(kind="stable")  # sorted runs: a merge
        starts, ends = starts[order], ends[order]
        reach = np.maximum.accumulate(ends)
        lo = np.empty(len(starts), dtype=np.int64)
        lo[0] = 0
        lo[1:] = reach[:-1]
        return lo, starts, int(reach[-1])
