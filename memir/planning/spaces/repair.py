"""Layout repair: make a plan that fits by live bytes fit the real layout too.

Why: the strategies keep each space's live bytes under its capacity, which no layout can
beat but fragmentation can exceed. When a space's laid-out arena overflows, the pieces
placed above the capacity mark the overflowing steps; of the pieces live at those steps,
the one saving the least step time per byte goes back to the default space (its value
takes its default placement: a movable value moves home, a non-movable one loses its
prefetch), and the space is laid out again. After ``REPAIR_SINGLE_ROUNDS`` such rounds
every piece live at the overflowing steps goes at once; past the optional deadline, every
piece of an overflowing space. Each round removes a value's pieces, so it ends, and with
no pieces left a space fits.
"""

from __future__ import annotations

import numpy as np

from memir.planning.budget import NO_DEADLINE, Deadline
from memir.planning.spaces.budgets import REPAIR_SINGLE_ROUNDS
from memir.planning.spaces.cost import step_compute_ps, step_transfer_ps, value_saving_ps
from memir.planning.spaces.model import Assignment, SpaceProblem, Span, all_default
from memir.planning.spaces.pieces import Piece, align_up, bounded, lay_out, pieces


def without(problem: SpaceProblem, assignment: Assignment, values: set[int]) -> Assignment:
    """``assignment`` with ``values`` back in their default placement."""
    d = problem.default
    spans = [((Span(d, 0, len(problem.values[v].uses) - 1),) if v in values else s)
             for v, s in enumerate(assignment.spans)]
    return Assignment(spans, [c for c in assignment.copies if c.value not in values])


class _Layouts:
    """Each bounded space's layout, recomputed only when its pieces change."""

    def __init__(self) -> None:
        self.cache: dict[tuple[Piece, ...], list[int]] = {}

    def offsets(self, mine: tuple[Piece, ...]) -> list[int]:
        if mine not in self.cache:
            self.cache[mine] = lay_out(mine)
        return self.cache[mine]


def repair_layout(problem: SpaceProblem, assignment: Assignment,
                  deadline: Deadline = NO_DEADLINE) -> tuple[Assignment, dict[int, int]]:
    """(an assignment whose every bounded space lays out within capacity, the arenas)."""
    layouts, rounds = _Layouts(), 0
    base = step_transfer_ps(problem, all_default(problem))
    compute = step_compute_ps(problem)
    while True:
        arenas, drop = {}, set()
        everything = pieces(problem, assignment)
        for s in bounded(problem):
            mine = tuple(p for p in everything if p.space == s and p.size > 0)
            offsets = layouts.offsets(mine)
            arenas[s] = max((o + p.size for o, p in zip(offsets, mine)), default=0)
            if arenas[s] <= problem.spaces[s].capacity:
                continue
            if deadline.expired():
                drop |= {p.value for p in mine}
                continue
            hit = _at_overflow(problem, s, mine, offsets)
            if rounds < REPAIR_SINGLE_ROUNDS:
                worth = {p.value: value_saving_ps(problem, p.value, assignment.spans[p.value],
                                                  base, compute) / align_up(p.size, p.align)
                         for p in hit}
                hit = [min(hit, key=lambda p: (worth[p.value], p.value))]
            drop |= {p.value for p in hit}
        if not drop:
            return assignment, arenas
        assignment = without(problem, assignment, drop)
        rounds += 1


def _at_overflow(problem: SpaceProblem, space: int, mine: tuple[Piece, ...],
                 offsets: list[int]) -> list[Piece]:
    """The pieces live at a step where some piece lies above the capacity."""
    cap = problem.spaces[space].capacity
    over = np.zeros(problem.num_steps + 1, bool)
    for p, o in zip(mine, offsets):
        if o + p.size > cap:
            over[p.lower:p.upper] = True
    return [p for p in mine if over[p.lower:p.upper].any()]
