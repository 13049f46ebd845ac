"""A plan's rewritten program ordered again by ``schedule``'s algorithms, so that a plan
made over one order is judged by the peak its program can reach.

Why: every rematerialisation strategy plans over a fixed order of the input program
(Checkmate's stages). Where a plan lowers the peak, the ops around the new peak were
ordered when that spot was not the peak, and a tie there is often a wasted buffer (a weight
gradient made while an activation's gradient is held); ordered again, the same program
peaks lower, and a plan fits for less added cost.

``runs_problem`` writes the played-out plan as a ``ScheduleProblem`` (one op per run, one
buffer per copy) with ``schedule``'s own dependencies (``deps.schedule_problem``), so every
run reads the copy, at the version, it read in the plan. ``reschedule`` keeps the new order
only when it lowers the peak; ``strategies._spend_slack`` then spends that slack.
"""

from __future__ import annotations

from dataclasses import dataclass

from memir.planning.budget import NO_DEADLINE, Deadline
from memir.planning.remat.stage_model import Evaluation, RematProblem
from memir.planning.schedule import (OrderGraph, ScheduleProblem, is_topological, schedule,
                                     schedule_problem)

RESCHEDULE_BUDGET = 20_000
"""``schedule``'s work budget for one rewritten program (search states and order scans).
Its list scheduling, update moves and peak windows are what lower a rewritten training
graph's peak; the budget is the smallest that reaches the same peak as ``schedule``'s
default one on a b1 training graph, in less time."""


@dataclass(frozen=True)
class _Access:
    role: str  # "read" or "write"
    buffer: int | None  # a copy
    other: int | None  # an external value


@dataclass(frozen=True)
class _Step:
    kernel: str
    accesses: list[_Access]


@dataclass
class Rescheduled:
    """The runs of an ``Evaluation`` in a new order (indices into ``evaluation.runs``),
    its peak and the first position where it is reached, and each copy's (first, last)
    position in it."""

    order: list[int]
    peak: int
    at: int
    lifetimes: list[tuple[int, int]]


def runs_problem(problem: RematProblem, evaluation: Evaluation) -> ScheduleProblem:
    """The played-out plan as a one-stream scheduling problem (module doc); copy c is
    buffer c, the update flags are the problem's."""
    made: dict[tuple[int, int], int] = {}  # (run, buffer) -> the copy the run makes
    for c, copy in enumerate(evaluation.copies):
        made.setdefault((copy.made, copy.buffer), c)
    externals: dict[int, int] = {}
    steps, items, updates = [], [], []
    for r, (_t, i) in enumerate(evaluation.runs):
        op = problem.ops[i]
        accesses = []
        for role, buffers in (("read", op.reads), ("write", (*op.writes, *op.produces))):
            for b in dict.fromkeys(buffers):
                if problem.planned[b]:
                    c = evaluation.served.get((r, b), made.get((r, b)))
                    if c is not None:
                        accesses.append(_Access(role, c, None))
                else:
                    accesses.append(_Access(role, None, externals.setdefault(b, len(externals))))
        steps.append(_Step("", accesses))
        items.append(("step", r, 0))
        updates.append(op.update)
    sizes = [problem.sizes[c.buffer] for c in evaluation.copies]
    found = schedule_problem(items, steps, sizes)
    found.is_update = updates
    return found


def lifetimes(evaluation: Evaluation, order: list[int]) -> list[tuple[int, int]]:
    """Each copy's first and last position in ``order`` (runs): where it is made to the
    last run that it serves."""
    position = [0] * len(order)
    for k, r in enumerate(order):
        position[r] = k
    spans = [[position[c.made], position[c.made]] for c in evaluation.copies]
    for (r, _b), c in evaluation.served.items():
        span = spans[c]
        span[0] = min(span[0], position[r])
        span[1] = max(span[1], position[r])
    return [(a, b) for a, b in spans]


def reschedule(problem: RematProblem, evaluation: Evaluation, budget: int = RESCHEDULE_BUDGET,
               deadline: Deadline = NO_DEADLINE) -> Rescheduled | None:
    """The plan's runs ordered again for a lower peak; None when the order found is no
    lower than the runs' own (or the plan does not play out)."""
    if not evaluation.valid or deadline.expired():
        return None
    runs = runs_problem(problem, evaluation)
    result = schedule(runs, "auto", budget, deadline=deadline)
    order = result.order
    if result.peak_after >= evaluation.peak or not is_topological(runs, order):
        return None
    profile = OrderGraph(runs).profile(order)  # schedule's model: a copy's first to last use
    return Rescheduled(order, int(profile.max()), int(profile.argmax()),
                       lifetimes(evaluation, order))
