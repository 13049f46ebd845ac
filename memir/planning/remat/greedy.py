"""Greedy rematerialisation: at the peak stage, drop the cheapest bytes per unit of cost.

Why this rule: it is the approximation XLA's rematerialisation pass and Checkmate's
baselines use: while the peak is above the capacity, look at the run where it is
reached, take the buffer copies that are live there without being read there, and for
the one whose producer is cheapest to re-run per byte, re-run the producer in the stage of
the copy's next read. The copy then dies at its last read before the peak. A candidate is
played out exactly (``evaluate``) before it is kept: it must lower the peak or the number
of runs at the peak, and it must be valid (nothing it reads has changed since). A
producer whose inputs are gone by then is tried alone (they are held longer) and with
the chain of producers that makes them again.

Each round evaluates at most ``TRIES_PER_ROUND`` candidates; the budget counts evaluated
plans, so the same input gives the same plan on every machine.
"""

from __future__ import annotations

from dataclasses import dataclass

from memir.planning.budget import NO_DEADLINE, Deadline
from memir.planning.remat.problem import Evaluation, RematProblem, evaluate

TRIES_PER_ROUND = 8
CHAIN = 8  # most ops re-run together for one freed copy


@dataclass
class GreedyResult:
    plan: dict[int, list[int]]
    evaluation: Evaluation
    work: int


def _pressure(ev: Evaluation) -> tuple[int, int]:
    peak = ev.peak
    return peak, sum(1 for m in ev.run_memory if m == peak)


def _held_into(ev: Evaluation, buffer: int, stage: int) -> bool:
    """Whether ``buffer``'s latest copy so far is still live when ``stage`` starts."""
    first = next(r for r, (t, _i) in enumerate(ev.runs) if t == stage)
    return any(c.buffer == buffer and c.made < first <= c.last for c in ev.copies)


def _with_inputs(problem: RematProblem, ev: Evaluation, producer: int, stage: int
                 ) -> list[int]:
    """``producer`` and, transitively, the producers of what it reads that would otherwise
    be held from their last read to ``stage`` (recomputing a chain from a kept input, as
    checkpointing does), at most ``CHAIN`` ops."""
    chain, frontier = [producer], [producer]
    while frontier and len(chain) < CHAIN:
        op = frontier.pop()
        for b in problem.ops[op].reads:
            p = problem.producer[b]
            if (p is None or p in chain or not problem.planned[b]
                    or not problem.can_recompute(p, stage) or _held_into(ev, b, stage)):
                continue
            chain.append(p)
            frontier.append(p)
    return sorted(chain)


def _candidates(problem: RematProblem, ev: Evaluation, run: int
                ) -> list[tuple[float, tuple[int, ...], int]]:
    """(cost per byte, ops to re-run, stage) for each copy live at ``run`` and not read
    there whose next read comes in a later stage: its producer alone, and with the chain
    of producers its inputs need."""
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
    ranked = []
    for (p, use), freed in found.items():
        for ops in dict.fromkeys([(p,), tuple(_with_inputs(problem, ev, p, use))]):
            cost = sum(problem.ops[i].cost or 0 for i in ops)
            ranked.append((cost / max(freed, 1), ops, use))
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
        for _score, ops, use in _candidates(problem, ev, run)[:TRIES_PER_ROUND]:
            trial = {t: list(ops) for t, ops in plan.items()}
            trial[use] = sorted({*trial.get(use, ()), *ops})
            tried = evaluate(problem, trial)
            work += 1
            if tried.valid and _pressure(tried) < _pressure(ev):
                best = (trial, tried)
                break
        if best is None:
            break
        plan, ev = best
    return GreedyResult(plan, ev, work)
