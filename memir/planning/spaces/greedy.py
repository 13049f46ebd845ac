"""The greedy: options by density, each kept if it fits and does not slow the program.

Why density: fast memory is the scarce thing, held for bytes x steps; an option's worth is
the step time it saves (``Priced.saving``, against all-default) per byte-step it holds
(Belady-like: the hottest bytes per unit of occupancy first). Options are tried in that
order, ties by value then option index; a value takes at most one, and a later option of a
value already placed replaces the earlier one only if it saves more on its own.

An option is kept when every bounded space stays within its capacity at every step (live
bytes; the layout is repaired afterwards, ``repair``) and the simulated total does not
grow. An option without copies that adds no traffic anywhere cannot make the total grow
(the simulation is monotone in step durations and in the copies present), so only options
that touch the copy stream or trade traffic between steps are simulated.
"""

from __future__ import annotations

import bisect

import numpy as np

from memir.planning.budget import NO_DEADLINE, Deadline
from memir.planning.spaces.cost import simulate, step_compute_ps, step_transfer_ps
from memir.planning.spaces.model import SpaceProblem, all_default
from memir.planning.spaces.pieces import bounded
from memir.planning.spaces.priced import Priced

DEADLINE_EVERY = 64  # trials between two looks at the optional wall clock


class _State:
    """The plan being built: choice per value, traffic and duration per step, the copy
    stream (sorted), live bytes per bounded space."""

    def __init__(self, problem: SpaceProblem, priced: list[list[Priced]]) -> None:
        self.problem, self.priced = problem, priced
        self.compute = step_compute_ps(problem)
        self.traffic = step_transfer_ps(problem, all_default(problem))
        self.steps = [max(c, t) for c, t in zip(self.compute, self.traffic)]
        self.copies: list[tuple] = []
        self.choice = [0] * len(priced)
        self.live = {s: np.zeros(problem.num_steps, np.int64) for s in bounded(problem)}
        self.cap = {s: problem.spaces[s].capacity for s in self.live}
        self._total: int | None = None

    @property
    def total(self) -> int:
        if self._total is None:
            self._total = simulate(self.steps, self.copies)[0]
        return self._total

    def _move(self, v: int, old: Priced, new: Priced) -> None:
        for (step, before), (_, after) in zip(old.uses, new.uses):
            self.traffic[step] += after - before
            self.steps[step] = max(self.compute[step], self.traffic[step])
        for c in old.copies:
            del self.copies[bisect.bisect_left(self.copies, c)]
        for c in new.copies:
            bisect.insort(self.copies, c)
        for s, lo, hi, b in old.pieces:
            self.live[s][lo:hi] -= b
        for s, lo, hi, b in new.pieces:
            self.live[s][lo:hi] += b

    def fits(self, v: int, new: Priced) -> bool:
        old = self.priced[v][self.choice[v]]
        for s, lo, hi, b in old.pieces:
            self.live[s][lo:hi] -= b
        try:
            return all(int(self.live[s][lo:hi].max()) + b <= self.cap[s]
                       for s, lo, hi, b in new.pieces if hi > lo)
        finally:
            for s, lo, hi, b in old.pieces:
                self.live[s][lo:hi] += b

    def try_option(self, v: int, o: int) -> bool:
        """Switch value v to option o if that does not make the total grow."""
        old, new = self.priced[v][self.choice[v]], self.priced[v][o]
        safe = not new.copies and all(a <= b for (_, a), (_, b) in zip(new.uses, old.uses))
        if safe:
            before = [self.steps[s] for s, _ in new.uses]
            self._move(v, old, new)
            if all(self.steps[s] == b for (s, _), b in zip(new.uses, before)):
                self._move(v, new, old)  # saves nothing: keep the fast memory free
                return False
            self._total, self.choice[v] = None, o
            return True
        total = self.total
        self._move(v, old, new)
        after = simulate(self.steps, self.copies)[0]
        if after < total:
            self._total, self.choice[v] = after, o
            return True
        self._move(v, new, old)
        return False


def greedy_choice(problem: SpaceProblem, priced: list[list[Priced]],
                  deadline: Deadline = NO_DEADLINE) -> list[int]:
    """One option per value (indices into ``priced``), by the rule above."""
    state = _State(problem, priced)
    order = sorted(((p.saving / max(1, p.byte_steps), v, o)
                    for v, opts in enumerate(priced) for o, p in enumerate(opts)
                    if o and p.saving > 0), key=lambda t: (-t[0], t[1], t[2]))
    for trial, (_, v, o) in enumerate(order):
        if trial % DEADLINE_EVERY == 0 and deadline.expired():
            break
        current = priced[v][state.choice[v]]
        if state.choice[v] and priced[v][o].saving <= current.saving:
            continue
        if state.fits(v, priced[v][o]):
            state.try_option(v, o)
    return state.choice
