"""Conflicts decided from stream-safety summaries, never listed pair by pair.

Why: on many streams the conflict graph is dense (20k buffers on 16 streams: 57M unsafe
pairs); as Python sets it takes gigabytes before the first buffer is placed. The summaries
that decide it are O(streams) ints per buffer, so the planners ask them instead.

Buffer i has two vectors over streams (``memir.analysis.stream_safety.BufferSummary``):
``start[i]`` (last position of a strict ancestor of its producer) and ``end[i]`` (last
position of a use, -1 on streams that do not use it). j may take i's bytes after i iff
``end[i, s] <= start[j, s]`` on every stream; i and j conflict iff neither may follow:

    conflict(i, j)  <=>  (some s: end[j, s] > start[i, s]) and (some s: end[i, s] > start[j, s])

A stream that does not use j never makes ``end[j, s] = -1 > start[i, s]`` true, so the
second test only needs the few streams that use i, and the first only the streams used
after ``start[i]``. A row query ("every buffer that conflicts with i") is a compare of
contiguous per-stream rows, all in numpy (no gather): O(n x streams) time, O(n x streams)
memory (positions in 16 bits when they fit), no pair stored.

``SummaryConflicts`` also reads as the list of sets it replaces (``conflicts[i]`` is a
set, ``len``, iteration), so code written for small explicit problems keeps working.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

import numpy as np


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
        self._last_end = self.end.max(axis=0, initial=-1)  # per stream

    @classmethod
    def of_summaries(cls, summaries: Sequence) -> SummaryConflicts:
        """From objects with ``start`` and ``end`` tuples (``BufferSummary``), padded with -1."""
        width = max((len(s.start) for s in summaries), default=0)
        start = np.full((len(summaries), width), -1, dtype=np.int64)
        end = np.full((len(summaries), width), -1, dtype=np.int64)
        for i, s in enumerate(summaries):
            start[i, : len(s.start)] = s.start
            end[i, : len(s.end)] = s.end
        return cls(start, end)

    # ------------------------------------------------------------------ the decision

    @property
    def streams(self) -> int:
        return self.start.shape[1]

    def conflict(self, i: int, j: int) -> bool:
        if i == j:
            return False
        return bool((self.end[j] > self.start[i]).any() and (self.end[i] > self.start[j]).any())

    def row(self, i: int) -> np.ndarray:
        """Boolean mask over all buffers: which conflict with ``i`` (never ``i`` itself)."""
        n = len(self.start)
        start_i, end_i = self.start[i], self.end[i]
        mine = np.flatnonzero(end_i >= 0)
        if len(mine) == 0:
            return np.zeros(n, dtype=bool)  # never used: conflicts with nothing
        reach = self._start_by_stream[mine[0]] < end_i[mine[0]]  # some end[i] > start[j]
        for s in mine[1:].tolist():
            reach |= self._start_by_stream[s] < end_i[s]
        mask = np.zeros(n, dtype=bool)  # some end[j] > start[i]: only streams used later
        for s in np.flatnonzero(self._last_end > start_i).tolist():
            mask |= self._end_by_stream[s] > start_i[s]
        mask &= reach
        mask[i] = False
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
