"""All conflicting pairs from per-buffer safety summaries, without the graph.

Why: assign-layout and verify-layout read only the ``safety`` summaries left in the IR and
need every conflict; a Python double loop over 20k buffers is 200M iterations.

A summary is two vectors over streams (see ``stream_safety.BufferSummary``): ``start`` (the
last position of a strict ancestor of the producer) and ``end`` (the last position of a
use). ``b`` may follow ``a`` iff ``end_a <= start_b`` in every stream; a pair conflicts iff
neither may follow the other.

The trick: if ``b`` may follow ``a`` (both live), the producer of ``a`` is an ancestor of the
producer of ``b``, so ``start_a <= start_b`` everywhere and strictly in the stream of ``a``'s
producer (a graph input has all -1, and ``b`` then has an ancestor); so ``sum(start)``
strictly grows along "may follow". Sorted by that key, a buffer can only be followed by
later ones, and one direction per pair is enough. This relies on the summaries describing
one graph, as those stream-safety writes do. For a row ``a`` only the
streams where ``a`` is used matter (elsewhere ``end_a = -1 <= start_b``), so rows are
grouped by the streams they use and compared against all later rows with numpy, in blocks.
"""

from __future__ import annotations

import numpy as np

BLOCK_CELLS = 1 << 22


def conflict_pairs(start: np.ndarray, end: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Conflicting pairs (a, b) of rows, each pair once, as two int32 index arrays."""
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
