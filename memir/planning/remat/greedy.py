"""Greedy rematerialisation: at the peak stage, drop the cheapest bytes per unit of cost.

Why this rule: it is the approximation XLA's rematerialisation pass and Checkmate's
baselines use: while the peak is above the capacity, look at the run where it is
reached, take the buffer copies that are live there without being read there, and for
the one whose producer is cheapest to re-run per byte, re-run the producer in the stage of
the copy's next read. The copy then dies at its last read before the peak. A candidate is
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
    return peak, sum(1 for m in ev.run_memory if m == peak)


def _candidates(problem: RematProblem, ev: Evaluation, run: int) -> list[tuple[float, int, int]]:
    """(cost per byte, producer, stage of the next read) for each copy live at ``run`` and
    not read there whose next read comes in a later stage, where its producer may re-run."""
    stage = ev.runs[run][0]
    read_here = {c for (r, _b), c in ev.served.items() if r == run}
    next_read: dict[int, int] = {}
    for (r, _b), c in ev.served.items():
        if r > run and (c not in next_read or r < next_read[c]):
            next_read[c] = r
    found: dict[tuple[int, int], int] = {}
    for index, copy in enumerate(ev.copies):
        if not (copy.made < run <= copy.last) or index in read_here or index not in next_read:
            continue
        use = ev.runs[next_read[index]][0]
        producer = problem.producer[copy.buffer]
        if use <= stage or producer is None or not problem.can_recompute(producer, use):
            continue
        key = (producer, use)
        found[key] = found.get(key, 0) + problem.sizes[copy.buffer]
    ranked = [((problem.ops[p].cost or 0) / max(freed, 1), p, use)
              for (p, use), freed in found.items()]
    ranked.sort()
    return ranked


def greedy_remat(problem: RematProblem, capacity: int, budget: int = 20_000,
                 deadline: Deadline = NO_DEADLINE) -> GreedyResult:
    """Recompute until every run fits ``capacity`` or no candidate helps any more.

    The result may still be above the capacity: the caller reports the peak it reached.
    """
    plan: dict[int, list[int]] = {}
    ev = evaluate(problem, plan)
    work = 1
    while ev.peak > capacity and work < budget and not deadline.expired():
        run = ev.run_memory.index(ev.peak)
        best = None
        for _score, producer, use in _candidates(problem, ev, run)[:TRIES_PER_ROUND]:
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
