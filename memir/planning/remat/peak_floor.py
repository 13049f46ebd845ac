"""A proven lower bound on the peak any rematerialisation plan can reach.

Why: when a capacity cannot be reached, the user needs to know whether a better planner
could reach it or nothing can. The bound is sound for the model of ``stage_model``: a buffer
whose producer cannot be recomputed has exactly one copy in every plan, live from its first
use to its last; and every run of an op holds all its operands and results at once. So at
op ``t`` the memory is at least the held copies covering ``t`` plus ``t``'s other operands
and results.

A recomputable producer barred from a stage on (it reads a value without versions that is
overwritten by then, ``RematProblem.refreshed``) has one copy held from the stage before the
bar to the buffer's last use. Where the peak is one op's own operands and result (a tied
word-embedding gradient), the bound equals the greedy's floor.
"""

from __future__ import annotations

from dataclasses import dataclass

from memir.planning.remat.stage_model import RematProblem


@dataclass(frozen=True)
class PeakFloor:
    """At least ``bytes`` at op ``op`` (an index of the program planned) in every plan."""

    bytes: int
    op: int


def peak_floor(problem: RematProblem) -> PeakFloor:
    """The bound for plans that keep the program's order of ops (``strategies.proven_floor``
    takes the least over the orders ``rematerialize`` plans in)."""
    held = [_held_from(problem, b) for b in range(len(problem.sizes))]
    delta = [0] * (problem.num_ops + 1)
    for b, size in enumerate(problem.sizes):
        if held[b] is not None:
            delta[held[b]] += size
            delta[problem.last_use[b] + 1] -= size
    best = PeakFloor(0, 0)
    live = 0
    for t, op in enumerate(problem.ops):
        live += delta[t]
        own = sum(problem.sizes[b] for b in {*op.reads, *op.produces, *op.writes}
                  if problem.planned[b] and (held[b] is None or t < held[b]))
        if live + own > best.bytes:
            best = PeakFloor(live + own, t)
    return best


def _held_from(problem: RematProblem, b: int) -> int | None:
    """The first op from whose run on one copy of planned, used buffer ``b`` is live in
    every plan until its last use; None when no such span is certain."""
    if not problem.planned[b] or problem.first_use[b] is None:
        return None
    producer = problem.producer[b]
    if producer is None or not problem.recomputable[producer]:
        return problem.first_use[b]
    barred = _first_barred_stage(problem, producer)
    if barred is None or barred - 1 >= problem.last_use[b]:
        return None
    return max(problem.first_use[b], barred - 1)


def _first_barred_stage(problem: RematProblem, i: int) -> int | None:
    """The first stage after op ``i`` in which it cannot re-run (bisection: a stage it
    cannot re-run in bars every later one), or None."""
    low, high = i + 1, problem.num_ops - 1
    if high < low or problem.refreshed(i, high) is not None:
        return None
    while low < high:  # refreshed(i, high) is None
        mid = (low + high) // 2
        if problem.refreshed(i, mid) is None:
            high = mid
        else:
            low = mid + 1
    return low
