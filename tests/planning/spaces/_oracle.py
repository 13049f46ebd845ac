"""Brute force over the same candidate lists the strategies choose from.

Every combination of one option per value is checked against the rules, kept when each
bounded space's live bytes stay within its capacity at every step, and simulated with the
one ``timeline``; the least total is the optimum over the candidate space (capacities by
live bytes, the bound CP-SAT proves against)."""

from __future__ import annotations

from itertools import product
from math import prod

from memir.planning.spaces.candidates import candidates
from memir.planning.spaces.check import check_assignment
from memir.planning.spaces.cost import timeline
from memir.planning.spaces.model import SpaceProblem
from memir.planning.spaces.pieces import over_capacity, pieces
from memir.planning.spaces.priced import assemble


def combinations(problem: SpaceProblem) -> int:
    return prod(len(o) for o in candidates(problem))


def oracle(problem: SpaceProblem) -> tuple[int, list[int]]:
    """(least total, a choice reaching it) over every fitting combination."""
    options = candidates(problem)
    best: tuple[int, list[int]] | None = None
    for choice in product(*(range(len(o)) for o in options)):
        assignment = assemble(options, list(choice))
        check_assignment(problem, assignment)
        if over_capacity(problem, pieces(problem, assignment)):
            continue
        total = timeline(problem, assignment).total_ps
        if best is None or total < best[0]:
            best = (total, list(choice))
    assert best is not None  # all-default always fits
    return best
