"""Each candidate option's figures, computed once for the greedy and CP-SAT.

Why apart: both strategies look at the same numbers (traffic per use, copy durations,
pieces in bounded spaces, the standalone saving), all from ``cost`` and ``pieces``, so
they price an option the same way the simulation does.
"""

from __future__ import annotations

from dataclasses import dataclass

from memir.planning.spaces.candidates import Option
from memir.planning.spaces.cost import (
    copy_ps,
    step_compute_ps,
    step_transfer_ps,
    use_ps,
    value_saving_ps,
)
from memir.planning.spaces.model import Assignment, SpaceProblem, all_default
from memir.planning.spaces.pieces import align_up, bounded, value_pieces


@dataclass(frozen=True, slots=True)
class Priced:
    uses: tuple[tuple[int, int], ...]  # (step, traffic picoseconds) per use
    copies: tuple[tuple[int, int, int, int, int], ...]  # (issue, deadline, value, dst, ps)
    pieces: tuple[tuple[int, int, int, int], ...]  # (space, lower, upper, aligned bytes)
    saving: int  # step time saved against all-default (value_saving_ps)
    byte_steps: int  # aligned bytes x steps held in bounded spaces


def price(problem: SpaceProblem, options: list[list[Option]]) -> list[list[Priced]]:
    compute = step_compute_ps(problem)
    base = step_transfer_ps(problem, all_default(problem))
    limited = set(bounded(problem))
    return [[_price(problem, v, o, compute, base, limited) for o in opts]
            for v, opts in enumerate(options)]


def _price(problem: SpaceProblem, v: int, o: Option, compute: list[int], base: list[int],
           limited: set[int]) -> Priced:
    uses = problem.values[v].uses
    traffic = tuple((uses[j].step, use_ps(problem, v, j, s.space))
                    for s in o.spans for j in range(s.first, s.last + 1))
    copies = tuple((*c.stream_key(), copy_ps(problem, c, o.spans)) for c in o.copies)
    pieces = tuple((p.space, p.lower, p.upper, align_up(p.size, p.align))
                   for p in value_pieces(problem, v, o.spans, o.copies) if p.space in limited)
    return Priced(traffic, copies, pieces, value_saving_ps(problem, v, o.spans, base, compute),
                  sum(b * (hi - lo) for _, lo, hi, b in pieces))


def assemble(options: list[list[Option]], choice: list[int]) -> Assignment:
    """The assignment that takes option ``choice[v]`` of every value ``v``."""
    chosen = [opts[c] for opts, c in zip(options, choice)]
    return Assignment([o.spans for o in chosen], [c for o in chosen for c in o.copies])
