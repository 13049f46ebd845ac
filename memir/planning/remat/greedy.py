"""Greedy rematerialisation: at the peak stage, drop the cheapest bytes per unit of cost.

Why this rule: it is the approximation XLA's rematerialisation pass and Checkmate's
baselines use: while the peak is above the capacity, look at the stage where it is
reached, take the buffer copies that are live there without being used there, and for
the one whose producer is cheapest to re-run per byte, re-run the producer in the stage of
the copy's next use. The copy then dies at its last use before the peak. A candidate is
played out exactly (``evaluate``) before it is kept: it must lower the peak or the number
of stages at the peak, and it must be valid (nothing it reads has changed since).

Each round evaluates at most ``TRIES_PER_ROUND`` candidates; the budget counts evaluated
plans, so the same input gives the same plan on every machine.
"""

from __future__ import annotations

from dataclasses import dataclass

from memir.planning.budget import NO_DEADLINE, Deadline
from memir.planning.remat.problem import Evaluation, RematProblem, evaluate

TRIES_PER_ROUND = 8


@dataclass
class GreedyResult:
    plan: dict[int, list[int]]
    evaluation: Evaluation
    work: int


def _pressure(ev: Evaluation) -> tuple[int, int]:
    peak = ev.peak
    return peak, sum(1 for m in ev.memory if m == peak)


def _candidates(problem: RematProblem, ev: Evaluation, stage: int) -> list[tuple[float, int, int]]:
    """(cost per byte, producer, stage of the next use) for each copy live across ``stage``
    and not used in it, whose producer may re-run there."""
    used_here = {c for (t, _k, _b), c in ev.uses_served.items() if t == stage}
    next_use: dict[int, int] = {}
    for (t, _k, _b), c in ev.uses_served.items():
        if t > stage and (c not in next_use or t < next_use[c]):
            next_use[c] = t
    found: dict[tuple[int, int], int] = {}
    for index, copy in enumerate(ev.copies):
        if not (copy.made < stage < copy.last + 1) or index in used_here:
            continue
        producer = problem.producer[copy.buffer]
        use = next_use.get(index)
        if producer is None or use is None or not problem.can_recompute(producer, use):
            continue
        key = (producer, use)
        found[key] = found.get(key, 0) + problem.sizes[copy.buffer]
    ranked = [((problem.ops[p].cost or 0) / max(freed, 1), p, use)
              for (p, use), freed in found.items()]
    ranked.sort()
    return ranked


def greedy_remat(problem: RematProblem, capacity: int, budget: int = 20_000,
                 deadline: Deadline = NO_DEADLINE) -> GreedyResult:
    """Recompute until every stage fits ``capacity`` or no candidate helps any more.

    The result may still be above the capacity: the caller reports the peak it reached.
    """
    plan: dict[int, list[int]] = {}
    ev = evaluate(problem, plan)
    work = 1
    while ev.peak > capacity and work < budget and not deadline.expired():
        stage = ev.memory.index(ev.peak)
        best = None
        for _score, producer, use in _candidates(problem, ev, stage)[:TRIES_PER_ROUND]:
            trial = {t: list(ops) for t, ops in plan.items()}
            trial.setdefault(use, []).append(producer)
            trial[use].sort()
            tried = evaluate(problem, trial)
            work += 1
            if tried.valid and _pressure(tried) < _pressure(ev):
                best = (trial, tried)
                break
        if best is None:
            break
        plan, ev = best
    return GreedyResult(plan, ev, work)
