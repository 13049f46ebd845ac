"""The greedy: options by density, each kept if it fits and does not slow the program.

Why density: fast memory is the scarce thing, held for bytes x steps; an option's worth is
the step time it saves (``Priced.saving``) per byte-step it holds. Density alone packs many
small values and can shut out one large value that saves more, so a second run orders by
the saving itself, and the faster run wins (``ORDERS``). A value takes at most one option;
a later one replaces it only if it saves more. Last, each kept option's siblings (other
copy timings) are tried: the densest timing may leave a copy exposed that an earlier issue
would hide.

An option is kept when every bounded space stays within capacity at every step (live
bytes; the layout is repaired afterwards, ``repair``) and the simulated total drops
(``incremental``). Trials stop after ``budgets.GREEDY_SIMULATED_STEPS`` simulated steps,
or at the optional deadline.
"""

from __future__ import annotations

import numpy as np

from memir.planning.budget import NO_DEADLINE, Deadline
from memir.planning.spaces.budgets import GREEDY_SIMULATED_STEPS
from memir.planning.spaces.candidates import Option
from memir.planning.spaces.cost import step_compute_ps, step_transfer_ps
from memir.planning.spaces.incremental import Incremental
from memir.planning.spaces.model import SpaceProblem, all_default
from memir.planning.spaces.pieces import bounded
from memir.planning.spaces.priced import Priced

DEADLINE_EVERY = 64  # trials between two looks at the optional wall clock


class _State:
    """The plan being built: choice per value, traffic per step, live bytes per bounded
    space, and its simulation (``incremental``)."""

    def __init__(self, problem: SpaceProblem, priced: list[list[Priced]],
                 caps: dict[int, int]) -> None:
        self.problem, self.priced = problem, priced
        self.compute = step_compute_ps(problem)
        self.traffic = step_transfer_ps(problem, all_default(problem))
        self.sim = Incremental([max(c, t) for c, t in zip(self.compute, self.traffic)], [])
        self.choice = [0] * len(priced)
        self.live = {s: np.zeros(problem.num_steps, np.int64) for s in bounded(problem)}
        self.cap = {s: caps.get(s, problem.spaces[s].capacity) for s in self.live}

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
        """Switch value v to option o if the simulated total drops."""
        old, new = self.priced[v][self.choice[v]], self.priced[v][o]
        traffic = {s: self.traffic[s] + b - a for (s, a), (_, b) in zip(old.uses, new.uses)}
        steps = {s: max(self.compute[s], t) for s, t in traffic.items()
                 if max(self.compute[s], t) != self.sim.steps[s]}
        if not self.sim.try_change(steps, list(old.copies), list(new.copies)):
            return False
        for s, t in traffic.items():
            self.traffic[s] = t
        for s, lo, hi, b in old.pieces:
            self.live[s][lo:hi] -= b
        for s, lo, hi, b in new.pieces:
            self.live[s][lo:hi] += b
        self.choice[v] = o
        return True


ORDERS = ("density", "saving")


def greedy_choice(problem: SpaceProblem, priced: list[list[Priced]],
                  deadline: Deadline = NO_DEADLINE, caps: dict[int, int] | None = None,
                  options: list[list[Option]] | None = None) -> list[int]:
    """One option per value (indices into ``priced``): the faster of the greedy runs in
    each of ``ORDERS``; ``caps``: live-byte targets that replace some spaces' capacities;
    ``options`` (the candidates ``priced`` prices) lets a kept option be retimed among its
    siblings."""
    best: _State | None = None
    work = 0
    for order in ORDERS:
        state = _run(problem, priced, caps or {}, options, order, deadline, work)
        work = state.sim.work
        if best is None or state.sim.total < best.sim.total:
            best = state
    return best.choice


def _run(problem: SpaceProblem, priced: list[list[Priced]], caps: dict[int, int],
         options: list[list[Option]] | None, by: str, deadline: Deadline, spent: int
         ) -> _State:
    """One greedy run, options tried by ``density`` or by ``saving``; ``spent``: simulated
    steps the earlier runs took from the shared budget."""
    state = _State(problem, priced, caps)
    state.sim.work += spent
    worth = {(v, o): p.saving / max(1, p.byte_steps) if by == "density" else p.saving
             for v, opts in enumerate(priced) for o, p in enumerate(opts) if o and p.saving > 0}
    # Ties by value, then option index: the same input, the same order.
    order = sorted(worth, key=lambda vo: (-worth[vo], vo))
    siblings = _siblings(options, order) if options is not None else {}
    for trial, (v, o) in enumerate(order):
        if state.sim.work > GREEDY_SIMULATED_STEPS or (
                trial % DEADLINE_EVERY == 0 and deadline.expired()):
            break
        current = priced[v][state.choice[v]]
        if state.choice[v] and priced[v][o].saving <= current.saving:
            continue
        if state.fits(v, priced[v][o]):
            state.try_option(v, o)
    for v, o in enumerate(state.choice):  # retime the kept copies where memory allows
        for other in siblings.get((v, o), ()):
            if state.fits(v, priced[v][other]):
                state.try_option(v, other)
    return state


def _siblings(options: list[list[Option]], order: list[tuple[int, int]]
              ) -> dict[tuple[int, int], list[int]]:
    """Per option, the options of its value with the same spans, in ``order``."""
    groups: dict[tuple[int, tuple], list[int]] = {}
    for v, o in order:
        groups.setdefault((v, options[v][o].spans), []).append(o)
    return {(v, o): [x for x in groups[(v, options[v][o].spans)] if x != o] for v, o in order}
