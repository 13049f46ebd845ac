"""The greedy's descents kept across capacities: a plan for a lower capacity goes on from
where the last one stopped, a plan for a higher one starts from the round it would have
stopped in.

Why: memir.torch plans one program at several capacities (the lowest peak, then up to
``BUDGET_TRIES`` capacities toward a budget; ``rematerialize``'s slack rounds add more
targets), and on a training graph each descent of the greedy (``descent.descend``) from
each start (the greedy's own, the min-cut starts) costs seconds to tens of seconds. With
lookahead 1, without tabu and without a deadline, a descent's rounds do not depend on the
capacity: each keeps the first candidate that lowers the pressure (peak, runs at the peak),
and the capacity only decides when to stop (and, in the last round, which cheaper finish
``mincut`` also records). So the descent for a capacity C is the descent for any lower
capacity up to the first round that ends at or below C: replaying that round from its
starting plan gives exactly the plan, the work count and the finishes a fresh descent
gives. The starting plans are kept per round (a ``PlanState`` is a function of its plan:
``incremental``); a state rebuilt from one is the state the descent had.

A memo is active only inside ``using(memo)``: outside it (memir-opt, the tests, the
benchmarks) every descent runs from scratch, as before. Keys are the problem's content
(its ops, sizes and planned flags), so that programs read again from IR, reordered
(``stage_model.reordered``) or without random kernels (``without_random``) share the
descents of equal problems.
"""

from __future__ import annotations

from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass, field

_ACTIVE: ContextVar[DescentMemo | None] = ContextVar("remat_descent_memo", default=None)


@dataclass
class Round:
    """A round's start: the plan (stage -> ops, in the state's own order), the work spent
    so far, and the pressure (peak, runs at the peak)."""

    plan: dict[int, list[int]]
    work: int
    pressure: tuple[int, int]


@dataclass
class Descent:
    """The rounds one descent has started, in order; the pressure falls from each to the next."""

    rounds: list[Round] = field(default_factory=list)

    def resume_at(self, capacity: int) -> int | None:
        """The round a descent to ``capacity`` ends in (the last whose pressure is above it),
        None when none is above it (the start already fits)."""
        found = None
        for k, round_ in enumerate(self.rounds):
            if round_.pressure[0] <= capacity:
                break
            found = k
        return found


class DescentMemo:
    """Descents by (problem content, start, first work count, budget)."""

    def __init__(self) -> None:
        self._descents: dict[tuple, Descent] = {}
        self._keys: dict[int, tuple] = {}  # id(problem) -> its content key, while held
        self._held: list = []  # the problems keyed by id: alive, so ids stay theirs
        self.hits = 0  # descents resumed rather than run from their start

    def problem_key(self, problem) -> tuple:
        """The problem's content, computed once per problem object."""
        key = self._keys.get(id(problem))
        if key is None:
            key = (tuple(problem.ops), tuple(problem.sizes), tuple(problem.planned))
            self._keys[id(problem)] = key
            self._held.append(problem)
        return key

    def descent(self, problem, start, work: int, budget: int) -> Descent:
        """The descent of ``start`` on ``problem`` (empty when none has run yet)."""
        return self._descents.setdefault((self.problem_key(problem), start, work, budget),
                                         Descent())


def active() -> DescentMemo | None:
    """The memo descents use now, if any."""
    return _ACTIVE.get()


@contextmanager
def using(memo: DescentMemo):
    """Descents inside the block read and fill ``memo``."""
    token = _ACTIVE.set(memo)
    try:
        yield memo
    finally:
        _ACTIVE.reset(token)
