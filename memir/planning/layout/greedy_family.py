"""The classical greedy family: sort the blocks by one key, place each at its first or best fit.

Why: this is what every allocator paper compares against (greedy by size, lifetime, area,
start; first and best fit) and what a user checks a planner against first. ``strategy=auto``
takes the best of this family and of its own stages, so it is never worse than the best
member. A member is one run of the Single Object greedy (``heuristics``) over an explicit
order, so it handles groups, alignment, pre-placed buffers and conflicts as every run does;
its work is counted in placements, charged by ``run_family`` to the caller's count.
"""

from __future__ import annotations

import numpy as np

from memir.model.layout import Problem
from memir.planning.budget import NO_DEADLINE, Deadline
from memir.planning.layout.heuristics import Prepared, arena_of, run

# Keys, each descending: size (bytes), lifetime (live range length), area (bytes x length),
# start (first step). Fits: first (lowest start), best (smallest gap, ties to the lower).
# Ties go by the blocks' content (start ascending, end ascending, size descending), and only
# interchangeable blocks by index: renumbering the buffers does not change any member's arena.
KEYS = ("size", "lifetime", "area", "start")
FITS = ("best", "first")
# Size first: on the public traces it is the member that wins most often, so the members
# after it stop early (a run stops once its arena reaches the best so far).
MEMBERS = tuple((key, fit) for key in KEYS for fit in FITS)


def block_spans(prep: Prepared) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """(size, start, end, first buffer) of every block (a group spans its members)."""
    nb = len(prep.blocks)
    size = np.fromiter((b.size for b in prep.blocks), dtype=np.int64, count=nb)
    first = np.fromiter((b.members[0] for b in prep.blocks), dtype=np.int64, count=nb)
    start = np.full(nb, np.iinfo(np.int64).max, dtype=np.int64)
    end = np.full(nb, np.iinfo(np.int64).min, dtype=np.int64)
    np.minimum.at(start, prep.block_of, prep.lower)
    np.maximum.at(end, prep.block_of, prep.upper)
    end = np.maximum(end, start)
    return size, start, end, first


def family_order(prep: Prepared, key: str) -> np.ndarray:
    """The movable blocks in the member's order (see the module docstring)."""
    size, start, end, first = block_spans(prep)
    length = end - start
    primary = {"size": -size, "lifetime": -length,
               "area": -(size.astype(np.float64) * length), "start": -start}[key]
    order = np.lexsort((first, -size, end, start, primary))
    fixed = np.fromiter((b.fixed_start is not None for b in prep.blocks), dtype=bool,
                        count=len(prep.blocks))
    return order[~fixed[order]]


def run_member(prep: Prepared, key: str, fit: str, deadline: Deadline = NO_DEADLINE,
               cap: int | None = None) -> np.ndarray | None:
    """Offsets of one member (None: its arena reached ``cap``, so it cannot win)."""
    return run(prep, "single", "size", fit, family_order(prep, key), deadline, cap)


def run_family(prep: Prepared, best: int | None = None, deadline: Deadline = NO_DEADLINE
               ) -> tuple[int, str, np.ndarray] | None:
    """The best member (arena, name, offsets) if one beats ``best`` (None: none did).

    Without a deadline every member runs. Past one, the members not begun are skipped and a
    member the deadline cuts stacks what it has not placed, and loses: under a time limit
    the floor is the plain greedy that ``portfolio`` runs to its end first.
    """
    found = None
    for key, fit in MEMBERS:
        if deadline.expired():
            break
        cap = best if found is None else found[0]
        offsets = run_member(prep, key, fit, deadline, cap)
        if offsets is None:
            continue
        arena = arena_of(prep, offsets)
        if cap is None or arena < cap:
            found = (arena, f"greedy/{key}/{fit}", offsets)
    return found


def best_of_family(problem: Problem) -> tuple[int, str, np.ndarray] | None:
    """``run_family`` on a whole problem, every member run: (arena, name, offsets)."""
    return run_family(Prepared.of(problem))
