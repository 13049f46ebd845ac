"""A proven lower bound on the peak any rematerialisation plan can reach.

Why: when a capacity cannot be reached, the user needs to know whether a better planner
could reach it or nothing can. The bound is simple and sound for the model of
``problem``: a buffer whose producer cannot be recomputed has exactly one copy in every
plan, live from its first use to its last; and every run of an op holds all its planned
operands and results at once. So at the original run of op ``t`` the memory is at least
the single copies whose span covers ``t`` plus op ``t``'s other operands and results.

On BERT-base and GPT-2 (batch 1) this bound equals the greedy's floor: the peak is the
accumulation of the tied word-embedding gradient, an out-of-place add of two
table-sized gradients into a third, which no recomputation can lower.
"""

from __future__ import annotations

from dataclasses import dataclass

from memir.planning.remat.problem import RematProblem


@dataclass(frozen=True)
class PeakFloor:
    """At least ``bytes`` at op ``op`` (an index of the program planned) in every plan."""

    bytes: int
    op: int


def peak_floor(problem: RematProblem) -> PeakFloor:
    """The bound for plans that keep the program's order of ops (``auto.proven_floor``
    takes the least over the orders ``rematerialize`` plans in)."""
    single = [_single_copy(problem, b) for b in range(len(problem.sizes))]
    delta = [0] * (problem.num_ops + 1)
    for b, size in enumerate(problem.sizes):
        if single[b]:
            delta[problem.first_use[b]] += size
            delta[problem.last_use[b] + 1] -= size
    best = PeakFloor(0, 0)
    held = 0
    for t, op in enumerate(problem.ops):
        held += delta[t]
        own = sum(problem.sizes[b] for b in {*op.reads, *op.produces, *op.writes}
                  if problem.planned[b] and not single[b])
        if held + own > best.bytes:
            best = PeakFloor(held + own, t)
    return best


def _single_copy(problem: RematProblem, b: int) -> bool:
    """A planned, used buffer that no plan can make a second copy of."""
    if not problem.planned[b] or problem.first_use[b] is None:
        return False
    producer = problem.producer[b]
    return producer is None or not problem.recomputable[producer]
