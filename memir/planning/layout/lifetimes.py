"""Interval primitives shared by the layout planners: lifetimes ``[lower, upper)`` as arrays,
the peak of bytes live at once (``memir.model.lifetimes``' sum, on a ``Problem``), and a
static index answering "which intervals meet [lo, hi)".

One home for them so that every planner reads lifetimes the same way (half-open, empty
lifetimes meet nothing). The checkers in ``memir.verify`` keep their own versions on
purpose: they must not share the planners' code.
"""

from __future__ import annotations

import numpy as np

from memir.model.layout import Problem
from memir.model.lifetimes import live_peak


def lifetimes(problem: Problem) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """(size, lower, upper) of every buffer as int64 arrays."""
    bufs = problem.buffers
    n = len(bufs)
    size = np.fromiter((b.size for b in bufs), dtype=np.int64, count=n)
    lower = np.fromiter((b.lower for b in bufs), dtype=np.int64, count=n)
    upper = np.fromiter((b.upper for b in bufs), dtype=np.int64, count=n)
    return size, lower, upper


def peak_live_bytes(problem: Problem) -> int:
    """Most bytes live at one instant under lifetime conflicts ``[lower, upper)``; with no
    lifetime live at all, the largest buffer (every plan holds it)."""
    if not problem.buffers:
        return 0
    size, lower, upper = lifetimes(problem)
    if not (lower < upper).any():
        return int(size.max())
    return live_peak(size, lower, upper)


class IntervalIndex:
    """Static index over intervals ``[lower, upper)`` for "which intervals meet [lo, hi)".

    Intervals are sorted by ``lower``.  A query binary-searches the window of intervals that
    start in ``[lo - longest + 1, hi)`` -- no other interval can meet ``[lo, hi)`` -- and
    filters that window by ``upper > lo`` in one vectorised pass: O(log n + w) with ``w`` the
    window size, which stays small when lifetimes are short compared with the whole schedule.
    ([NPU tiles]' augmented BST gives O(log n + k); in Python the vectorised window is faster.)
    """

    def __init__(self, lowers: list[int] | np.ndarray, uppers: list[int] | np.ndarray) -> None:
        lowers = np.asarray(lowers, np.int64)
        uppers = np.asarray(uppers, np.int64)
        self.order = np.argsort(lowers, kind="stable")
        self.lowers = lowers[self.order]
        self.uppers = uppers[self.order]
        self.longest = int((uppers - lowers).max()) if len(lowers) else 0

    def query(self, lo: int, hi: int) -> np.ndarray:
        """Indices (into the constructor's lists) of the intervals meeting ``[lo, hi)``."""
        a = int(np.searchsorted(self.lowers, lo - self.longest + 1, side="left"))
        b = int(np.searchsorted(self.lowers, hi, side="left"))
        if a >= b:
            return self.order[:0]
        return self.order[a:b][self.uppers[a:b] > lo]
