"""Pin the largest buffers exactly, then fill the rest greedily around them.

Why: on large interval traces (IOPDDL's S_1, 28k buffers) every sort x fit greedy stops
well above the bound, and reruns with reordered blocks do
not move it: the waste comes from a few very large buffers placed where the small ones leave them
room. A handful of the largest buffers carry half of the peak, and that subset is small enough for
the exact search to pack at its own peak in milliseconds (it is cut off after a fixed number of
search work, ``budget.CORE_WORK_PER_BUFFER``, so the outcome does not depend on the machine). With
those pinned, a greedy fill of the other buffers lands much closer to the bound.

This is one more candidate for ``strategy=auto``; the caller keeps whichever plan is
smaller. It applies to interval problems without contiguous groups (what the exact search
handles) with at least four times as many buffers as it pins; elsewhere, or when the
core does not pack at its own peak, it returns None.
"""

from __future__ import annotations

import numpy as np

from memir.planning.layout.lower_bound import peak_live_bytes
from memir.planning.budget import CORE_WORK_PER_BUFFER, NO_DEADLINE, Deadline
from memir.planning.layout.heuristics import Prepared, arena_of, run
from memir.model.layout import Buffer, Problem

# How many of the largest buffers are pinned: half, a quarter and an eighth of them, and
# PINNED, smallest core first (the search's cost grows fast with the core; on real training
# graphs half is what reaches the bound), until a plan reaches ``target``; on
# large problems only the small cores, since each costs a full greedy fill. The core is
# packed by the exact interval search at its own peak within a work budget, so whether it
# succeeds is the same on every machine (the caller's deadline, when it has one, still
# rules).
PINNED = 32
LARGE_PIN_COUNTS = (32, 64)
# Each fill is a full greedy run: keep the ones that win after pinning on the MiniMalloc,
# idealloc and PyTorch-corpus traces; large problems get the first one only (each costs
# seconds there).
FILLS = (("conflicts", "best"), ("lifetime", "best"), ("source", "best"), ("size", "first"),
         ("area", "best"), ("area", "first"), ("source", "first"))
LARGE_FILLS = FILLS[:1]


def applies(problem: Problem) -> bool:
    return (problem.conflicts is None and len(problem.buffers) >= 4 * PINNED
            and not any(len(g) > 1 for g in problem.groups))


def pin_and_fill(problem: Problem, large: bool, deadline: Deadline = NO_DEADLINE,
                 target: int = 0, effort: int = 1, session=None, fills: dict | None = None
                 ) -> tuple[np.ndarray, str] | None:
    """Best plan (offsets, name) over pin counts x fills, or None when none applies;
    ``effort`` multiplies the core's search work. With a ``session``
    (``memir.planning.layout.exact.solver.SearchSession``) and a ``fills`` dict kept by the caller,
    a later call continues the cores' searches and reuses the fills of cores already
    packed (``effort`` is then the total work in units)."""
    # the exact layer loads only when used
    from memir.planning.layout.exact.solver import fit_by_search

    if not applies(problem):
        return None
    sizes = np.fromiter((b.size for b in problem.buffers), dtype=np.int64,
                        count=len(problem.buffers))
    by_size = np.argsort(-sizes, kind="stable").tolist()
    user_pins = {i for i, b in enumerate(problem.buffers) if b.offset is not None}
    fill_orders = LARGE_FILLS if large else FILLS
    best: tuple[int, str, np.ndarray] | None = None
    for count in pin_counts(len(problem.buffers), large):
        if deadline.expired() or (best is not None and best[0] <= target):
            break
        if fills is not None and count in fills:
            for found in fills[count]:
                if best is None or found[0] < best[0]:
                    best = found
            continue
        # Buffers pre-placed by the user join the core, so the exact search sees every pin.
        pinned = sorted(set(by_size[:count]) | user_pins)
        core = Problem([problem.buffers[i] for i in pinned])
        work = CORE_WORK_PER_BUFFER * len(pinned) * effort
        offsets = fit_by_search(core, peak_live_bytes(core), work, deadline, session,
                                ("pin", count))
        if offsets is None:
            continue  # the core does not pack at its peak (alignment, or out of budget)
        offset_of = dict(zip(pinned, offsets))
        fixed = Problem([Buffer(b.size, b.lower, b.upper, b.alignment,
                                offset_of.get(i, b.offset), b.name)
                         for i, b in enumerate(problem.buffers)], None, problem.groups)
        prep = Prepared.of(fixed)
        filled = []
        for sort, fit in fill_orders:
            if best is not None and deadline.expired():
                break
            offsets = run(prep, "single", sort, fit, deadline=deadline)
            filled.append((arena_of(prep, offsets), f"pin{count}+single/{sort}/{fit}", offsets))
            if best is None or filled[-1][0] < best[0]:
                best = filled[-1]
        if fills is not None and not deadline.expired():
            fills[count] = filled
    return None if best is None else (best[2], best[1])


def pin_counts(n: int, large: bool) -> list[int]:
    if large:
        return list(LARGE_PIN_COUNTS)  # large means thousands of buffers: all apply
    return sorted({c for c in (n // 2, n // 4, n // 8, PINNED) if c >= PINNED})
