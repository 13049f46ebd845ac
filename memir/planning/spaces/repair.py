"""Layout repair: make a plan that fits by live bytes fit the real layout too.

Why: the strategies keep each space's live bytes under its capacity, which no layout can
beat but fragmentation can exceed. When a space's laid-out arena overflows, the pieces
placed above the capacity mark the overflowing steps. While the space is small (at most
``REPAIR_SMALL_SPACE`` pieces, where a layout is cheap) and for at most
``REPAIR_SINGLE_ROUNDS`` rounds, of the pieces live at those steps the one saving the least
step time per byte goes back to the default space (its value takes its default placement:
a movable value moves home, a non-movable one loses its prefetch) and the space is laid out
again. Otherwise every piece placed above the capacity goes at once: the rest of that
layout then lies within the capacity, so a round or two settles it. Each round removes a
value's pieces, so the repair ends, and with no pieces left a space fits.
"""

from __future__ import annotations

import numpy as np

from memir.planning.budget import NO_DEADLINE, Deadline
from memir.planning.spaces.budgets import REPAIR_SINGLE_ROUNDS, REPAIR_SMALL_SPACE
from memir.planning.spaces.cost import step_compute_ps, step_transfer_ps, value_saving_ps
from memir.planning.spaces.model import Assignment, SpaceProblem, Span, all_default
from memir.planning.spaces.pieces import Piece, align_up, bounded, lay_out, live_bytes, pieces


def without(problem: SpaceProblem, assignment: Assignment, values: set[int]) -> Assignment:
    """``assignment`` with ``values`` back in their default placement."""
    d = problem.default
    spans = [((Span(d, 0, len(problem.values[v].uses) - 1),) if v in values else s)
             for v, s in enumerate(assignment.spans)]
    return Assignment(spans, [c for c in assignment.copies if c.value not in values])


class Layouts:
    """Each bounded space's layout (``pieces.lay_out``: a greedy one when that fits, else
    the portfolio's), computed once per set of pieces."""

    def __init__(self, problem: SpaceProblem) -> None:
        self.problem = problem
        self.cache: dict[tuple[Piece, ...], list[int]] = {}

    def space(self, assignment: Assignment, s: int) -> tuple[tuple[Piece, ...], list[int]]:
        """(space s's non-empty pieces, their offsets)."""
        mine = tuple(p for p in pieces(self.problem, assignment) if p.space == s and p.size)
        if mine not in self.cache:
            self.cache[mine] = lay_out(mine, self.problem.spaces[s].capacity)
        return mine, self.cache[mine]

    def overflowing(self, assignment: Assignment) -> dict[int, tuple[int, int]]:
        """Bounded spaces whose arena exceeds the capacity: space -> (arena, live peak)."""
        out = {}
        for s in bounded(self.problem):
            mine, offsets = self.space(assignment, s)
            arena = _arena(mine, offsets)
            if arena > self.problem.spaces[s].capacity:
                live = live_bytes(self.problem, list(mine))[s]
                out[s] = (arena, int(live.max()))
        return out


def _arena(mine: tuple[Piece, ...], offsets: list[int]) -> int:
    return max((o + p.size for o, p in zip(offsets, mine)), default=0)


def repair_layout(problem: SpaceProblem, assignment: Assignment,
                  layouts: Layouts | None = None, deadline: Deadline = NO_DEADLINE
                  ) -> tuple[Assignment, dict[int, int]]:
    """(an assignment whose every bounded space lays out within capacity, the arenas)."""
    layouts = layouts or Layouts(problem)
    worth = _Worth(problem)
    for rounds in range(len(problem.values) + 1):
        arenas, drop = {}, set()
        for s in bounded(problem):
            mine, offsets = layouts.space(assignment, s)
            arenas[s] = _arena(mine, offsets)
            cap = problem.spaces[s].capacity
            if arenas[s] <= cap:
                continue
            if deadline.expired():
                drop |= {p.value for p in mine}
            elif rounds < REPAIR_SINGLE_ROUNDS and len(mine) <= REPAIR_SMALL_SPACE:
                hit = _at_overflow(problem, cap, mine, offsets)
                drop.add(min(hit, key=lambda p: (worth(assignment, p), p.value)).value)
            else:
                drop |= {p.value for p, o in zip(mine, offsets) if o + p.size > cap}
        if not drop:
            return assignment, arenas
        assignment = without(problem, assignment, drop)
    raise AssertionError("layout repair did not settle")  # each round drops a value


class _Worth:
    """Step time a piece's value saves per byte of the piece."""

    def __init__(self, problem: SpaceProblem) -> None:
        self.problem = problem
        self.base = step_transfer_ps(problem, all_default(problem))
        self.compute = step_compute_ps(problem)

    def __call__(self, assignment: Assignment, p: Piece) -> float:
        saved = value_saving_ps(self.problem, p.value, assignment.spans[p.value], self.base,
                                self.compute)
        return saved / align_up(p.size, p.align)


def _at_overflow(problem: SpaceProblem, cap: int, mine: tuple[Piece, ...],
                 offsets: list[int]) -> list[Piece]:
    """The pieces live at a step where some piece lies above the capacity."""
    over = np.zeros(problem.num_steps + 1, bool)
    for p, o in zip(mine, offsets):
        if o + p.size > cap:
            over[p.lower:p.upper] = True
    return [p for p in mine if over[p.lower:p.upper].any()]
