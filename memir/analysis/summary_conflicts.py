"""Conflicts decided from per-buffer stream-safety summaries: the one home of the test.

A summary is two vectors over streams (``stream_safety.BufferSummary``): ``start`` (the last
position of a strict ancestor of the producer, -1 if none) and ``end`` (the last position of
a use, -1 on streams that do not use it). ``b`` may take ``a``'s bytes iff
``end_a <= start_b`` on every stream; a pair conflicts iff neither may follow the other.

Why three forms of the one test: one pair (``summaries_conflict``); a row at a time for the
planners (``SummaryConflicts``), because on many streams the conflict graph is too dense to
hold as sets (tens of millions of pairs) while the summaries are O(streams) ints per buffer;
and every pair at once for the checkers (``conflict_pairs``, ``conflict_sets``), which read
only the summaries left in the IR, in numpy since a Python double loop is far too slow.
``SummaryConflicts`` also reads as the list of sets it replaces, so code written for small
explicit problems keeps working.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

import numpy as np

BLOCK_CELLS = 1 << 22


def may_follow(later_start: Sequence[int], earlier_end: Sequence[int]) -> bool:
    """A buffer whose summary starts ``later_start`` may take the bytes of one whose summary
    ends ``earlier_end``: the earlier is dead before the later is born (shorter vectors are
    padded with -1)."""
    width = max(len(later_start), len(earlier_end))
    mine = tuple(later_start) + (-1,) * (width - len(later_start))
    theirs = tuple(earlier_end) + (-1,) * (width - len(earlier_end))
    return all(e <= s for e, s in zip(theirs, mine))


def summaries_conflict(start_a: Sequence[int], end_a: Sequence[int],
                       start_b: Sequence[int], end_b: Sequence[int]) -> bool:
    """Two buffers conflict: neither may take the other's bytes."""
    return not (may_follow(start_b, end_a) or may_follow(start_a, end_b))


def summary_arrays(summaries: Sequence) -> tuple[np.ndarray, np.ndarray]:
    """(T, S) start and end arrays of objects with ``start`` and ``end`` tuples
    (``BufferSummary``), shorter vectors padded with -1."""
    widths = {len(s.start) for s in summaries}
    if len(widths) == 1:
        return (np.array([s.start for s in summaries], dtype=np.int64),
                np.array([s.end for s in summaries], dtype=np.int64))
    width = max(widths, default=0)
    starts = np.full((len(summaries), width), -1, dtype=np.int64)
    ends = np.full((len(summaries), width), -1, dtype=np.int64)
    for i, s in enumerate(summaries):
        starts[i, : len(s.start)] = s.start
        ends[i, : len(s.end)] = s.end
    return starts, ends


def conflict_pairs(start: np.ndarray, end: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Conflicting pairs (a, b) of rows, each pair once, as two int32 index arrays."""
    # If b may follow a (both live), a's producer is an ancestor of b's, so start_a <= start_b
    # everywhere and strictly on the stream of a's producer: sum(start) strictly grows along
    # "may follow" (for summaries of one graph). Sorted by that key, a row can only be followed
    # by later rows, so one direction per pair suffices. Only the streams a row uses matter
    # (elsewhere end_a = -1 <= start_b): rows are grouped by used streams and compared with
    # all later rows in numpy blocks.
    start = np.asarray(start, dtype=np.int64)
    end = np.asarray(end, dtype=np.int64)
    used_rows = np.flatnonzero((end >= 0).any(axis=1))  # never live: no conflicts
    order = used_rows[np.argsort(start[used_rows].sum(axis=1), kind="stable")]
    order = order.astype(np.int32)
    m = len(order)
    starts, ends = start[order].astype(np.int32), end[order].astype(np.int32)
    uses_stream = ends >= 0
    found_a, found_b = [], []
    if m:
        _, group_of = np.unique(np.packbits(uses_stream, axis=1), axis=0, return_inverse=True)
        group_of = group_of.reshape(-1)
        for g in range(int(group_of.max()) + 1):
            members = np.flatnonzero(group_of == g)
            streams = np.flatnonzero(uses_stream[members[0]])
            i = 0
            while i < len(members):
                p0 = members[i]
                rows = members[i : i + max(1, BLOCK_CELLS // (m - p0))]
                i += len(rows)
                clash = ends[rows, streams[0], None] > starts[None, p0:, streams[0]]
                for s in streams[1:]:
                    clash |= ends[rows, s, None] > starts[None, p0:, s]
                diagonal = rows[-1] - p0 + 1  # each pair once: only later rows count
                clash[:, :diagonal] &= np.arange(p0, p0 + diagonal)[None, :] > rows[:, None]
                r, c = np.nonzero(clash)
                found_a.append(order[rows[r]])
                found_b.append(order[p0 + c])
    if not found_a:
        return np.zeros(0, np.int32), np.zeros(0, np.int32)
    return np.concatenate(found_a), np.concatenate(found_b)


def conflict_sets(start: np.ndarray, end: np.ndarray) -> list[set[int]]:
    """``sets[i]`` = rows conflicting with row i (symmetric, no self loops)."""
    n = len(start)
    a, b = conflict_pairs(start, end)
    src = np.concatenate([a, b])
    dst = np.concatenate([b, a])
    neighbours = dst[np.argsort(src, kind="stable")].tolist()
    bounds = np.concatenate([[0], np.cumsum(np.bincount(src, minlength=n))]).tolist()
    return [set(neighbours[bounds[i] : bounds[i + 1]]) for i in range(n)]


def safe_intervals(start: np.ndarray, end: np.ndarray, step_streams: np.ndarray
                   ) -> tuple[np.ndarray, np.ndarray]:
    """[lower, upper) per buffer in program order (step k at time k), wide enough that any
    two buffers that conflict by their summaries overlap in time.

    ``step_streams``: the stream of each step, in program order (a step's position in its
    stream counts the steps of that stream before it). A buffer lives from the first step,
    on any stream, that is not a strict ancestor of its producer (a stream runs in order,
    so its ancestors are a prefix of it) to its last use on any stream. If ``a``'s
    interval ends before ``b``'s begins, every use ``u`` of ``a`` comes before ``b``'s
    lower, so ``u`` is an ancestor of ``b``'s producer on its stream: ``end_a <= start_b``
    everywhere, and ``b`` may take ``a``'s bytes. Why: so that a multi-stream program can be
    written as an interval trace (a MiniMalloc CSV, ``benchmarks/stream_traces.py``) that
    is still safe for its streams.
    A buffer never used gets [0, 1) (it conflicts with nothing).
    """
    start = np.asarray(start, dtype=np.int64)
    end = np.asarray(end, dtype=np.int64)
    step_streams = np.asarray(step_streams, dtype=np.int64)
    n = len(start)
    never = len(step_streams)
    lower = np.full(n, never, dtype=np.int64)
    upper = np.zeros(n, dtype=np.int64)
    for s in range(start.shape[1] if start.ndim == 2 else 0):
        steps = np.flatnonzero(step_streams == s)
        at = np.append(steps, never)  # position in s -> program step (past the end: never)
        lower = np.minimum(lower, at[np.minimum(start[:, s] + 1, len(steps))])
        used = end[:, s] >= 0
        upper[used] = np.maximum(upper[used], at[end[used, s]] + 1)
    unused = upper == 0
    lower[unused], upper[unused] = 0, 1
    return np.minimum(lower, upper - 1), upper


class SummaryConflicts(Sequence):
    """The conflict relation of ``len(start)`` buffers, decided from their summaries."""

    def __init__(self, start: np.ndarray | Sequence, end: np.ndarray | Sequence) -> None:
        start = np.asarray(start, dtype=np.int64)
        end = np.asarray(end, dtype=np.int64)
        if start.ndim == 1:
            start = start.reshape(len(start), 0 if len(start) == 0 else -1)
            end = end.reshape(start.shape)
        if start.shape != end.shape:
            raise ValueError(f"summary shapes differ: {start.shape} and {end.shape}")
        top = max(int(start.max()), int(end.max())) if start.size else 0
        kind = np.int16 if top < (1 << 15) - 1 else np.int32 if top < (1 << 31) - 1 else np.int64
        self.start = np.ascontiguousarray(start, dtype=kind)  # (n, S)
        self.end = np.ascontiguousarray(end, dtype=kind)  # (n, S)
        # One contiguous row per stream: a query compares whole streams, no gather.
        self._start_by_stream = np.ascontiguousarray(self.start.T)
        self._end_by_stream = np.ascontiguousarray(self.end.T)
        self.last_end = self.end.max(axis=0, initial=-1)  # per stream

    @classmethod
    def of_summaries(cls, summaries: Sequence) -> SummaryConflicts:
        """From objects with ``start`` and ``end`` tuples (``BufferSummary``), padded with -1."""
        return cls(*summary_arrays(summaries))

    # ------------------------------------------------------------------ the decision

    @property
    def streams(self) -> int:
        return self.start.shape[1]

    def conflict(self, i: int, j: int) -> bool:
        if i == j:
            return False
        return summaries_conflict(self.start[i].tolist(), self.end[i].tolist(),
                                  self.start[j].tolist(), self.end[j].tolist())

    def row(self, i: int) -> np.ndarray:
        """Boolean mask over all buffers: which conflict with ``i`` (never ``i`` itself)."""
        # O(n x streams) time and memory, no pair stored: only the streams that use i (and
        # those used after start[i]) can make a test true, compared as contiguous rows.
        mask = self.row_among(i, self._start_by_stream, self._end_by_stream)
        mask[i] = False
        return mask

    def row_among(self, i: int, start_by_stream: np.ndarray, end_by_stream: np.ndarray
                  ) -> np.ndarray:
        """Which of the buffers whose summaries are the columns of ``start_by_stream`` and
        ``end_by_stream`` (streams x buffers, e.g. a subset, in any order) conflict with
        ``i`` by the summaries (``i`` itself, if among them, is not excluded)."""
        m = start_by_stream.shape[1]
        start_i, end_i = self.start[i], self.end[i]
        mine = np.flatnonzero(end_i >= 0)
        if len(mine) == 0:
            return np.zeros(m, dtype=bool)  # never used: conflicts with nothing
        reach = start_by_stream[mine[0]] < end_i[mine[0]]  # some end[i] > start[j]
        for s in mine[1:].tolist():
            reach |= start_by_stream[s] < end_i[s]
        mask = np.zeros(m, dtype=bool)  # some end[j] > start[i]: only streams used later
        for s in np.flatnonzero(self.last_end > start_i).tolist():
            mask |= end_by_stream[s] > start_i[s]
        mask &= reach
        return mask

    def neighbours(self, i: int) -> np.ndarray:
        """Indices of the buffers that conflict with ``i``, ascending."""
        return np.flatnonzero(self.row(i))

    def degrees(self) -> np.ndarray:
        """Number of buffers each buffer conflicts with."""
        return np.fromiter((int(np.count_nonzero(self.row(i))) for i in range(len(self))),
                           dtype=np.int64, count=len(self))

    def pairs(self) -> Iterator[tuple[int, int]]:
        """Conflicting pairs (a, b), a < b, in sorted order (quadratic output)."""
        for a in range(len(self)):
            row = self.row(a)
            row[: a + 1] = False
            for b in np.flatnonzero(row).tolist():
                yield a, b

    def subset(self, indices: Sequence[int]) -> SummaryConflicts:
        """The relation among ``indices`` (renumbered 0..k-1 in that order)."""
        ix = np.asarray(indices, dtype=np.int64)
        return SummaryConflicts(self.start[ix], self.end[ix])

    def to_sets(self) -> list[set[int]]:
        """The explicit list of sets (quadratic: small problems and tests)."""
        return [set(self.neighbours(i).tolist()) for i in range(len(self.start))]

    # ------------------------------------------------------- reads as list[set[int]]

    def __len__(self) -> int:
        return len(self.start)

    def __getitem__(self, i):  # type: ignore[override]
        if isinstance(i, slice):
            return [self[k] for k in range(*i.indices(len(self)))]
        return set(self.neighbours(int(i)).tolist())

    def __iter__(self) -> Iterator[set[int]]:
        for i in range(len(self.start)):
            yield self[i]

    def __repr__(self) -> str:
        return f"SummaryConflicts({len(self.start)} buffers, {self.streams} streams)"
