"""Re-place a window of time around the arena top, every other buffer held where it is.

Why: on large interval traces a whole greedy run is the unit of every other stage, and
the order search's reruns move the whole plan to change a few blocks near the top. When
the top is one short-lived buffer resting on a hole it nearly fits in, re-placing the few
dozen buffers that live around it, with the rest fixed, moves it into the hole.

The top buffer's lifetime is widened until ``size`` buffers live wholly inside the window;
those are re-placed by every greedy order among the buffers crossing its edges, held as
obstacles, so any result leaves the rest of the plan valid. The lowest top wins and is kept
only below the arena top: every accepted move lowers the arena or the number of buffers
reaching it. Window sizes grow (``WINDOW_SIZES``) until a move is kept. Work is counted in
placements, not time, and ``advance`` resumes where the last call stopped, so more effort
never ends on a worse plan. Interval problems without groups only; pre-placed buffers stay.
"""

from __future__ import annotations

import numpy as np

from memir import progress
from memir.model.layout import Buffer, Problem
from memir.planning.budget import NO_DEADLINE, Deadline
from memir.planning.layout.heuristics import FITS, SORTS, Prepared, arena_of, run

# Buffers per window, smallest first: each size is tried only when the smaller ones gave
# nothing. The first size is the smallest that gained somewhere and lost nowhere on the
# layout benchmarks.
WINDOW_SIZES = (16, 64, 256, 1024, 4096, 16384)
# The greedy orders a window is re-placed by (the winners differ from window to window:
# size/first, source/best and breadth/first each won a move above).
FILL_ORDERS = tuple((sort, fit) for sort in SORTS for fit in FITS)


def applies(prep: Prepared) -> bool:
    return prep.problem.conflicts is None and len(prep.blocks) == len(prep.sizes)


def window_around(prep: Prepared, i: int, size: int, movable: np.ndarray
                  ) -> tuple[np.ndarray, np.ndarray, int, int]:
    """(inside, crossing, a, b): the movable buffers living wholly in the narrowest window
    ``[a, b) = [lower_i - d, upper_i + d)`` holding at least ``size`` of them (or all there
    are), and every other buffer whose lifetime meets that window."""
    lower, upper = prep.lower, prep.upper
    lo_i, hi_i = int(lower[i]), int(upper[i])
    low, high = 0, max(int(upper.max()) - int(lower.min()), 0)
    while low < high:  # the smallest widening that holds ``size`` movable buffers
        d = (low + high) // 2
        if np.count_nonzero(movable & (lower >= lo_i - d) & (upper <= hi_i + d)) >= size:
            high = d
        else:
            low = d + 1
    a, b = lo_i - low, hi_i + low
    contained = (lower >= a) & (upper <= b)
    inside = movable & contained
    meets = (lower < b) & (upper > a) & (lower < upper)
    return np.flatnonzero(inside), np.flatnonzero(meets & ~inside), a, b


def held_obstacles(prep: Prepared, offsets: np.ndarray, crossing: np.ndarray, a: int,
                   b: int) -> list[Buffer]:
    """The crossing buffers as pre-placed obstacles, their lifetimes cut to the window
    ``[a, b)`` (what a buffer inside it can meet of them) and those with the same cut
    lifetime that touch in bytes merged into one: thousands of long-lived buffers
    crossing the window become a few hundred obstacles that block the same bytes at the
    same instants."""
    lo = np.maximum(prep.lower[crossing], a)
    hi = np.minimum(prep.upper[crossing], b)
    keep = (prep.sizes[crossing] > 0) & (lo < hi)  # what blocks a cell of the window
    lo, hi, keep = lo[keep], hi[keep], crossing[keep]
    off = offsets[keep]
    end = off + prep.sizes[keep]
    order = np.lexsort((off, hi, lo))
    out: list[Buffer] = []
    run_lo = run_hi = run_off = run_end = None
    for k in order.tolist():
        x, y, o, e = int(lo[k]), int(hi[k]), int(off[k]), int(end[k])
        if x == run_lo and y == run_hi and o <= run_end:
            run_end = max(run_end, e)
            continue
        if run_lo is not None:
            out.append(Buffer(run_end - run_off, run_lo, run_hi, 1, run_off))
        run_lo, run_hi, run_off, run_end = x, y, o, e
    if run_lo is not None:
        out.append(Buffer(run_end - run_off, run_lo, run_hi, 1, run_off))
    return out


def replace_window(prep: Prepared, inside: np.ndarray, obstacles: list[Buffer], below: int,
                   deadline: Deadline = NO_DEADLINE) -> np.ndarray | None:
    """New offsets of the ``inside`` buffers among the pre-placed ``obstacles``, whose
    highest end is the lowest the fill orders give and lies below ``below``; None if no
    order gets there."""
    bufs = prep.problem.buffers
    sub_prep = Prepared.of(Problem(obstacles + [bufs[j] for j in inside.tolist()]))
    held = max((o.offset + o.size for o in obstacles), default=0)
    sizes = prep.sizes[inside]
    # Each sort's order of the whole problem, restricted to the window (the window's own
    # keys would count the merged obstacles' conflicts and breadth instead of the plan's).
    position = np.full(len(prep.sizes), -1, dtype=np.int64)
    position[inside] = np.arange(len(obstacles), len(obstacles) + len(inside))
    restricted: dict[str, np.ndarray] = {}  # sort -> the window's order (shared by fits)
    best, best_top = None, below
    for sort, fit in FILL_ORDERS:
        if deadline.expired():
            break
        if sort not in restricted:
            order = position[prep.sort_keys()[sort]]
            restricted[sort] = order[order >= 0]
        # Held buffers below the best top: a run reaching it cannot win, so it stops there.
        placed = run(sub_prep, "single", sort, fit, restricted[sort], deadline,
                     cap=best_top if held < best_top else None)
        if placed is None:
            continue
        placed = placed[len(obstacles):]
        top = int((placed + sizes).max()) if len(placed) else 0
        if top < best_top:
            best, best_top = placed, top
    return best


class WindowSearch:
    """Window moves from one plan (see the module docstring); ``best_offsets`` and
    ``best`` (its arena) are the plan so far, ``name`` its strategy name."""

    def __init__(self, prep: Prepared, offsets: np.ndarray, name: str) -> None:
        self.prep = prep
        self.best_offsets = np.array(offsets, dtype=np.int64, copy=True)
        self.best = arena_of(prep, self.best_offsets)
        self.start = self.best
        self.base = name
        self.movable = np.array([b.fixed_start is None for b in prep.blocks], dtype=bool)
        self.step = 0  # the window size to try next, for the current top buffer
        self.moves = 0

    @property
    def name(self) -> str:
        return f"{self.base}+window" if self.best < self.start else self.base

    def advance(self, placements: int, largest: int, target: int = 0,
                deadline: Deadline = NO_DEADLINE) -> int:
        """Window moves while ``placements`` last, with windows of at most ``largest``
        buffers; returns the placements spent. Stops at ``target``, or when the top
        buffer's windows up to ``largest`` give nothing (a later call with a larger
        ``largest`` goes on from there)."""
        if not applies(self.prep) or len(self.prep.sizes) == 0:
            return 0
        prep, spent = self.prep, 0
        runs = len(FILL_ORDERS)
        while self.best > target and not deadline.expired():
            if self.step >= len(WINDOW_SIZES) or WINDOW_SIZES[self.step] > largest:
                break
            progress.note("moving windows at the arena top", spent, placements, self.best)
            ends = self.best_offsets + prep.sizes
            top = int(ends.max())
            i = int(np.flatnonzero(ends == top)[0])
            if not self.movable[i]:
                self.step = len(WINDOW_SIZES)  # a pin holds the top
                break
            inside, crossing, a, b = window_around(prep, i, WINDOW_SIZES[self.step],
                                                   self.movable)
            if len(inside) > largest:  # the top buffer's lifetime alone holds more
                break
            obstacles = held_obstacles(prep, self.best_offsets, crossing, a, b)
            cost = runs * (len(inside) + len(obstacles))
            if spent + cost > placements:
                break
            spent += cost
            placed = replace_window(prep, inside, obstacles, top, deadline)
            if placed is None:
                # The next size that gives a larger window (none once it holds every
                # movable buffer).
                grows = len(inside) >= WINDOW_SIZES[self.step]
                self.step = (int(np.searchsorted(WINDOW_SIZES, len(inside), "right"))
                             if grows else len(WINDOW_SIZES))
                continue
            self.best_offsets[inside] = placed
            self.best = arena_of(prep, self.best_offsets)
            self.moves += 1
            self.step = 0
        return spent
