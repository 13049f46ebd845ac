"""The greedy's descents kept across capacities: a plan for a lower capacity goes on from
where the last one stopped, a plan for a higher one starts from the round it would have
stopped in.

Why: memir.torch plans one program at several capacities, and on a training graph each
descent of the greedy (``descent.descend``) from each start costs seconds to tens of
seconds. With lookahead 1, no tabu and no deadline, a descent's rounds do not depend on the
capacity, which only decides when to stop; so the descent for a capacity C is the descent
for any lower one up to the first round that ends at or below C, and replaying that round
from its kept starting plan gives exactly the plan, work count and finishes a fresh
descent gives. Nor do they depend on the start's name: starts whose first plans are equal
(min-cut starts that cut alike) share one descent, and what the min-cut fits from it. A memo
is active only inside ``using(memo)``; elsewhere (memir-opt, tests, benchmarks) every
descent runs from scratch.
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


# Keys are the problem's content (ops, sizes, planned flags), so programs read again from
# IR, reordered (stage_model.reordered) or without random kernels (without_random) share
# the descents of equal problems. A PlanState is a function of its plan (incremental), so
# a state rebuilt from a kept starting plan is the state the descent had.
class DescentMemo:
    """Descents by (problem content, start, first work count, budget)."""

    def __init__(self) -> None:
        self._descents: dict[tuple, Descent] = {}
        self._keys: dict[int, tuple] = {}  # id(problem) -> its content key, while held
        self._held: list = []  # the problems keyed by id: alive, so ids stay theirs
        self.hits = 0  # descents resumed rather than run from their start
        # what a min-cut start makes of a descended plan (mincut._fitted), by its inputs
        self.fitted: dict[tuple, tuple] = {}
        # the orders planned besides a program's own (strategies.moved_orders), by problem
        self.orders: dict[tuple, list] = {}

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

    def from_plan(self, problem, start, plan: dict[int, list[int]], work: int,
                  budget: int) -> Descent:
        """The descent of ``start``, whose first plan is ``plan``: the descent of any
        start with an equal first plan (min-cut starts often cut alike), which a descent
        from it repeats round for round."""
        first = ("from", plan_key(plan))
        descent = self._descents.setdefault((self.problem_key(problem), first, work, budget),
                                            Descent())
        self._descents[self.problem_key(problem), start, work, budget] = descent
        return descent

    def snapshot(self) -> tuple[dict, set]:
        """What the memo holds now: each descent's rounds, the fittings (``changes``)."""
        return {k: len(d.rounds) for k, d in self._descents.items()}, set(self.fitted)

    def changes(self, since: tuple[dict, set]) -> tuple[dict, dict]:
        """The entries added or grown since ``snapshot`` gave ``since``: what a process
        forked then sends back to be ``merge``d (``order_pool``)."""
        rounds, fitted = since
        return ({k: d for k, d in self._descents.items() if rounds.get(k, -1) < len(d.rounds)},
                {k: f for k, f in self.fitted.items() if k not in fitted})

    def merge(self, changes: tuple[dict, dict]) -> None:
        """Another process's ``changes``, kept as this memo's own (its problems are keyed by
        content, so equal problems here find them)."""
        self._descents.update(changes[0])
        self.fitted.update(changes[1])


def plan_key(plan: dict[int, list[int]]) -> tuple:
    """A plan (stage -> ops) as a key: equal plans, equal keys."""
    return tuple((t, tuple(ops)) for t, ops in sorted(plan.items()))


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
