"""Greedy rematerialisation: the descent (``descent``) from the plan without recomputation,
then the recomputations the plan no longer needs dropped, costliest first (``_prune``).

Why the extra work around the descent: the descent is myopic (the cheapest bytes at one
peak at a time), so a recomputation chosen early may be made redundant by later ones. On
programs of a few hundred ops, three descents (lookahead 1, 2, 4) are tried and the
cheapest plan is improved by ruin and recreate (``_improve``); how close that comes to the
proven optimum is measured by ``benchmarks/remat_exact.py``. The budget counts evaluated
candidates and plans, so the same input gives the same plan on every machine.
"""

from __future__ import annotations

from dataclasses import dataclass

from memir import progress
from memir.planning.budget import NO_DEADLINE, Deadline
from memir.planning.remat.descent import MULTI_START_OPS, descend, descend_from
from memir.planning.remat.incremental import PlanState, Refusals
from memir.planning.remat.stage_model import Evaluation, RematProblem, evaluate

IMPROVE_WORK = 4_000  # trials the local search may spend after the greedy fits
LOOKAHEADS = (1, 2, 4)  # descents tried on small programs (``descent.descend``)


@dataclass
class GreedyResult:
    plan: dict[int, list[int]]
    evaluation: Evaluation
    work: int


def greedy_remat(problem: RematProblem, capacity: int, budget: int = 20_000,
                 deadline: Deadline = NO_DEADLINE, improve: int = IMPROVE_WORK) -> GreedyResult:
    """Recompute until every run fits ``capacity`` or no candidate helps any more, then
    drop what the plan no longer needs. On programs of at most ``MULTI_START_OPS`` ops the
    descent runs once per ``LOOKAHEADS`` entry and the cheapest plan that fits is improved
    by local search (``improve`` more units of work at most). Above that size both cost
    tens of seconds on a training graph for little gain, so
    the descent runs alone.

    The result may still be above the capacity: the caller reports the peak it reached.
    """
    starts = LOOKAHEADS if problem.num_ops <= MULTI_START_OPS else LOOKAHEADS[:1]
    found = []
    work = 1
    for lookahead in starts:
        if found and (work >= budget or deadline.expired()):
            break
        if lookahead == 1:
            state, work = descend_from(problem, "greedy", lambda: PlanState(problem),
                                       capacity, work, budget, deadline)
        else:
            state = PlanState(problem)
            work = descend(state, capacity, work, budget, deadline, lookahead=lookahead)
        plan = {t: list(ops) for t, ops in sorted(state.plan.items())}
        ev = evaluate(problem, plan)
        if ev.peak <= capacity:
            plan, ev, work = _prune(problem, plan, ev, capacity, work, budget, deadline)
        found.append((ev.peak > capacity, ev.cost if ev.peak <= capacity else ev.peak,
                      len(found), plan, ev))
    _over, _key, _index, plan, ev = min(found, key=lambda f: f[:3])
    if ev.peak <= capacity and problem.num_ops <= MULTI_START_OPS:
        plan, ev, work = _improve(problem, plan, ev, capacity, work, work + improve, deadline)
    return GreedyResult(plan, ev, work)


def _groups(problem: RematProblem, plan: dict[int, list[int]]) -> list[tuple[int, tuple]]:
    """The plan's recomputations as (stage, what re-runs together), costliest first."""
    found = {(t, tuple(problem.closure((i,), t))) for t, ops in plan.items() for i in ops}
    return sorted(found, key=lambda g: (-problem.cost_of(g[1]), g))


def _without(problem: RematProblem, plan: dict[int, list[int]], stage: int,
             group) -> dict[int, list[int]]:
    """``plan`` without ``group`` in ``stage``, nor what re-ran there only because a
    member of it made a value again (``problem.refreshed``)."""
    kept = [j for j in plan.get(stage, ()) if j not in group]
    while stale := [j for j in kept if not problem.can_recompute(j, stage, kept)]:
        drop = set(problem.closure(stale, stage))
        kept = [j for j in kept if j not in drop]
    out = {s: (kept if s == stage else ops) for s, ops in plan.items()}
    return {s: ops for s, ops in out.items() if ops}


def _improve(problem: RematProblem, plan: dict[int, list[int]], ev: Evaluation, capacity: int,
             work: int, budget: int, deadline: Deadline):
    """Local search on a plan that fits (ruin and recreate): take out one recomputation
    (costliest first; the greedy may not put it back in that stage), or every
    recomputation from some stage on, let the greedy repair the plan (with each of
    ``LOOKAHEADS``), prune, and keep the result when it costs less; until no neighbour
    helps or the budget ends. The greedy's choices are myopic (the cheapest bytes at one
    peak at a time); a recomputation chosen early often turns out dearer than a set found
    later."""
    improved = True
    while improved and work < budget and not deadline.expired():
        progress.note("improving the plan that fits", work, budget)
        improved = False
        groups = _groups(problem, plan)
        suffixes = [[g for g in groups if g[0] >= s] for s in sorted({t for t, _ in groups})]
        for hood in [[g] for g in groups] + suffixes:
            rest = plan
            for stage, group in hood:
                rest = _without(problem, rest, stage, group)
            tabu = frozenset((hood[0][0], i) for i in hood[0][1]) if len(hood) == 1 \
                else frozenset()
            for lookahead in LOOKAHEADS:
                if work >= budget or deadline.expired():
                    return plan, ev, work
                state = PlanState(problem, rest)
                work = descend(state, capacity, work + 1, budget, deadline, tabu, lookahead)
                if state.peak > capacity:
                    continue
                repaired = {t: list(ops) for t, ops in sorted(state.plan.items())}
                tried = evaluate(problem, repaired)
                if not tried.valid or tried.peak > capacity or tried.cost >= ev.cost:
                    continue
                repaired, tried, work = _prune(problem, repaired, tried, capacity, work,
                                               budget, deadline)
                plan, ev, improved = repaired, tried, True
                break
            if improved:
                break
    return plan, ev, work


def _prune(problem: RematProblem, plan: dict[int, list[int]], ev: Evaluation, capacity: int,
           work: int, budget: int, deadline: Deadline):
    """Drop recomputations the final plan does not need, costliest first: one chosen early
    may have been made redundant by later ones (a chain recomputed around it, say). Each
    drop is played out on a ``PlanState`` (``_prune_on_state``: only the buffers it
    touches, where ``evaluate`` replays the whole plan per drop) and kept
    only if the plan stays valid and within ``capacity``; the result is played out once
    more, and if that disagrees the drops are made again through ``evaluate``
    (``_prune_evaluated``), so the result never costs more than the greedy's own plan."""
    pruned, spent = _prune_on_state(problem, plan, capacity, work, budget, deadline)
    tried = evaluate(problem, pruned)
    if tried.valid and tried.peak <= capacity:
        return pruned, tried, spent
    return _prune_evaluated(problem, plan, ev, capacity, work, budget, deadline)


def _prune_on_state(problem: RematProblem, plan: dict[int, list[int]], capacity: int,
                    work: int, budget: int, deadline: Deadline):
    """``_prune``'s drops, each played out on a ``PlanState``: (plan, work)."""
    state = PlanState(problem, plan)
    refusals = Refusals()
    changed = True
    while changed:  # until no single recomputation can go (or the budget ends)
        progress.note("dropping what the plan does not need", work, budget)
        changed = False
        pairs = sorted(((t, i) for t, ops in state.plan.items() for i in ops),
                       key=lambda pair: (-(problem.ops[pair[1]].cost or 0), pair))
        for t, i in pairs:
            if work >= budget or deadline.expired():
                break
            if i not in state.plan.get(t, ()):
                continue  # gone with an earlier drop's group
            trial = state.trial_without(t, _drop_group(problem, t, i), capacity, refusals)
            work += 1
            if trial is not None:
                state.accept(trial)
                changed = True
    return {t: list(ops) for t, ops in sorted(state.plan.items())}, work


def _drop_group(problem: RematProblem, t: int, i: int) -> set[int]:
    """What goes when recomputation (t, i) is dropped: a producer with its followers
    there, a follower alone (the last of a prefix)."""
    return {i} if problem.leader[i] is not None else set(problem.closure((i,), t))


def _prune_evaluated(problem: RematProblem, plan: dict[int, list[int]], ev: Evaluation,
                     capacity: int, work: int, budget: int, deadline: Deadline):
    """``_prune`` with each drop played out by ``evaluate`` (the whole plan)."""
    changed = True
    while changed:
        changed = False
        pairs = sorted(((t, i) for t, ops in plan.items() for i in ops),
                       key=lambda pair: (-(problem.ops[pair[1]].cost or 0), pair))
        for t, i in pairs:
            if work >= budget or deadline.expired():
                return plan, ev, work
            group = _drop_group(problem, t, i)
            trial = {s: [j for j in ops if s != t or j not in group] for s, ops in plan.items()}
            trial = {s: ops for s, ops in trial.items() if ops}
            tried = evaluate(problem, trial)
            work += 1
            if tried.valid and tried.peak <= capacity:
                plan, ev, changed = trial, tried, True
    return plan, ev, work
