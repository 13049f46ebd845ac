"""Peak repair: re-place the buffers around the arena's highest point, keep the rest.

Why: on long traces (thousands of buffers) a greedy plan is a few tenths of a percent above
the bound because of a handful of places where a buffer was put high when the buffers
around it in time could have packed lower; rerunning the whole greedy in another order
moves every buffer and costs a full run per try. This stage works where the peak is: it
takes one buffer that ends at the arena top, frees every buffer living during its lifetime
(what it rests on and what rests beside it) whose own lifetime stays near that window,
keeps every other buffer where it is as an obstacle, and places the freed ones again
greedily in a few orders, the top buffer first. A try is kept only when no freed buffer
reaches the old top any more, so each kept try removes one buffer from the top, and when
none is left there the arena has gone down. A buffer whose tries fail is tried again with
a window twice as wide (more buffers freed), then left alone.

Cost: a try places the freed buffers and the obstacles near them, not the whole problem
(a window's worth: about the number of buffers one buffer conflicts with); it is charged
in placements (one per buffer of the sub-problem per order) to a budget, which decides
when the stage stops, so the plan is the same on every machine.

It applies to interval problems (conflicts from lifetimes) without contiguous groups.
Pre-placed buffers are never freed.
"""

from __future__ import annotations

import numpy as np

from memir.planning.budget import NO_DEADLINE, Deadline
from memir.planning.heuristics import Prepared, run
from memir.planning.problem import Buffer, Problem

# Orders tried on the freed buffers, after the top buffer: (sort of heuristics, fit).
ORDERS = (("size", "first"), ("size", "best"), ("lifetime", "best"))
# Window widths tried for one top buffer: its lifetime widened on each side by this many
# times its length (freed buffers must live inside the widened window).
WIDENINGS = (1, 2, 4)


def applies(problem: Problem) -> bool:
    return problem.conflicts is None and not any(len(g) > 1 for g in problem.groups)


class _Trace:
    """The problem as arrays, and the plan being repaired."""

    def __init__(self, problem: Problem, offsets: np.ndarray) -> None:
        bufs = problem.buffers
        n = len(bufs)
        self.problem = problem
        self.size = np.fromiter((b.size for b in bufs), dtype=np.int64, count=n)
        self.lower = np.fromiter((b.lower for b in bufs), dtype=np.int64, count=n)
        self.upper = np.fromiter((b.upper for b in bufs), dtype=np.int64, count=n)
        self.movable = np.fromiter((b.offset is None for b in bufs), dtype=bool, count=n)
        self.movable &= (self.size > 0) & (self.upper > self.lower)
        self.offsets = offsets.copy()

    def tops(self, top: int) -> list[int]:
        """Movable buffers ending at ``top``, by content (start, end, size, offset)."""
        at = np.flatnonzero((self.offsets + self.size == top) & self.movable)
        keys = np.lexsort((self.offsets[at], self.size[at], self.upper[at], self.lower[at]))
        return at[keys].tolist()

    def window(self, t: int, widen: int) -> tuple[np.ndarray, np.ndarray]:
        """(freed, obstacles): buffers living during t's lifetime and inside the widened
        window, and the others that overlap any freed one in time."""
        lo, hi = int(self.lower[t]), int(self.upper[t])
        reach = (hi - lo) * widen
        live = (self.lower < hi) & (self.upper > lo)
        inside = (self.lower >= lo - reach) & (self.upper <= hi + reach)
        freed = live & inside & self.movable
        freed[t] = True
        f = np.flatnonzero(freed)
        span_lo, span_hi = int(self.lower[f].min()), int(self.upper[f].max())
        near = (self.lower < span_hi) & (self.upper > span_lo) & ~freed
        near &= self.size > 0
        return f, np.flatnonzero(near)


def repair_peaks(problem: Problem, offsets: np.ndarray, budget: int,
                 deadline: Deadline = NO_DEADLINE) -> tuple[np.ndarray, int, int]:
    """(offsets, tries kept, placements spent): the plan with its peaks re-placed while
    ``budget`` placements last (the offsets given when nothing was gained)."""
    trace = _Trace(problem, np.asarray(offsets, dtype=np.int64))
    spent = kept = 0
    top = int((trace.offsets + trace.size).max()) if len(trace.size) else 0
    stuck: set[int] = set()  # top buffers no try could lower, at this arena
    while spent < budget and not deadline.expired():
        candidates = [t for t in trace.tops(top) if t not in stuck]
        if not candidates:
            break  # every buffer at the top resisted: a local optimum for this stage
        t = candidates[0]
        lowered = False
        for widen in WIDENINGS:
            freed, obstacles = trace.window(t, widen)
            gained, cost = _retry(trace, t, freed, obstacles, top, budget - spent, deadline)
            spent += cost
            if gained:
                lowered = True
                break
            if spent >= budget:
                break
        if lowered:
            kept += 1
            new_top = int((trace.offsets + trace.size).max())
            if new_top < top:
                top = new_top
                stuck.clear()
        else:
            stuck.add(t)
    return trace.offsets, kept, spent


def _retry(trace: _Trace, t: int, freed: np.ndarray, obstacles: np.ndarray, top: int,
           left: int, deadline: Deadline) -> tuple[bool, int]:
    """Place ``freed`` again around the fixed ``obstacles`` (``t`` first); keep the first
    order whose freed buffers all end below ``top``. Returns (kept, placements spent)."""
    members = np.concatenate((freed, obstacles))
    bufs = trace.problem.buffers
    sub = Problem([Buffer(b.size, b.lower, b.upper, b.alignment,
                          None if k < len(freed) else int(trace.offsets[i]), b.name)
                   for k, i in enumerate(members.tolist()) for b in (bufs[i],)])
    prep = Prepared.of(sub)
    first = int(np.searchsorted(freed, t))  # freed is sorted: t's place in the sub-problem
    spent = 0
    for sort, fit in ORDERS:
        if spent >= left or deadline.expired():
            break
        order = prep.sort_keys()[sort]
        order = order[(order < len(freed)) & (order != first)]  # movable blocks: freed ones
        offsets = run(prep, "single", sort, fit, np.concatenate(([first], order)), deadline)
        spent += len(members)
        placed = offsets[:len(freed)]
        if int((placed + prep.sizes[:len(freed)]).max()) >= top:
            continue  # a freed buffer still reaches the old top
        trace.offsets[freed] = placed
        return True, spent
    return False, spent
