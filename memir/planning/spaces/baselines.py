"""What deployed planners do with several memories, on the same time model.

Why: a space planner is worth its complexity only where it beats the simple rules that
ship today, so ``auto`` evaluates these with the same ``timeline`` and never returns worse.
Both place each movable value whole (its whole lifetime in one space, no copies) into the
first space, fastest first, where a first-fit offset (the lowest offset clear of every
already placed value whose lifetime overlaps) keeps it within the capacity, else in the
default space; non-movable values stay home.

* ``fastest_first``: ExecuTorch's banked greedy (memory planning over several hierarchies
  fills the fastest bank first), largest values first;
* ``greedy_by_size_pools``: TVM's USMP greedy-by-size over pools in priority order, largest
  first, ties to the longer lifetime.
"""

from __future__ import annotations

from memir.planning.spaces.model import Assignment, SpaceProblem, Span
from memir.planning.spaces.pieces import align_up


def first_fit(placed: list[tuple[int, int, int, int]], lower: int, upper: int, size: int,
              align: int) -> int:
    """Lowest aligned offset where ``size`` bytes over ``[lower, upper)`` meet none of
    ``placed`` (lower, upper, offset, size)."""
    offset = 0
    for _, _, o, s in sorted((p for p in placed if p[0] < upper and lower < p[1]),
                             key=lambda p: p[2]):
        if offset + size <= o:
            break
        offset = max(offset, align_up(o + s, align))
    return offset


def _pack(problem: SpaceProblem, order: list[int]) -> Assignment:
    d = problem.default
    spaces = [d] * len(problem.values)
    placed: dict[int, list[tuple[int, int, int, int]]] = {s: [] for s in range(d)}
    for v in order:
        value = problem.values[v]
        lower, upper = value.steps()
        for s in range(d):
            cap = problem.spaces[s].capacity
            offset = first_fit(placed[s], lower, upper, value.size, value.align)
            if cap is None or offset + value.size <= cap:
                placed[s].append((lower, upper, offset, value.size))
                spaces[v] = s
                break
    return Assignment([(Span(s, 0, len(v.uses) - 1),) for s, v in zip(spaces, problem.values)],
                      [])


def fastest_first(problem: SpaceProblem) -> Assignment:
    """Movable values, largest first, each whole into the fastest space it fits."""
    order = sorted((v for v, x in enumerate(problem.values) if x.movable),
                   key=lambda v: (-problem.values[v].size, v))
    return _pack(problem, order)


def greedy_by_size_pools(problem: SpaceProblem) -> Assignment:
    """TVM USMP greedy-by-size: largest first (ties: longer lifetime, then index), each into
    the first pool (fastest first) where it fits at a first-fit offset."""
    def key(v: int) -> tuple[int, int, int]:
        lower, upper = problem.values[v].steps()
        return (-problem.values[v].size, -(upper - lower), v)

    return _pack(problem, sorted((v for v, x in enumerate(problem.values) if x.movable), key=key))
