"""Hypothesis strategies: tiny space problems the brute-force oracle can enumerate."""

from __future__ import annotations

from hypothesis import strategies as st

from memir.planning.spaces.model import Space, SpaceProblem, Use, Value
from planning.spaces._oracle import combinations

ORACLE_LIMIT = 1500  # combinations the oracle enumerates at most per problem

FAST = (2e9, 4e9)
MID = (1e9,)
SLOW = (2.5e8, 5e8)


@st.composite
def values(draw, steps: int) -> Value:
    size = draw(st.sampled_from((3000, 4096, 1024, 256)))
    movable = draw(st.booleans()) or draw(st.booleans())  # three in four movable
    at = sorted(draw(st.sets(st.integers(0, steps - 1), min_size=1, max_size=3)))
    uses = []
    for k, step in enumerate(at):
        write = draw(st.sampled_from((0, size))) if k or not movable else size
        read = draw(st.sampled_from((3 * size, size, 0))) if k else 0
        uses.append(Use(step, read, write))
    return Value(size, tuple(uses), draw(st.sampled_from((1, 64))), movable, f"v{len(at)}")


@st.composite
def tiny_problems(draw, max_values: int = 4, max_steps: int = 6) -> SpaceProblem:
    steps = draw(st.integers(2, max_steps))
    spaces = [Space("fast", draw(st.sampled_from((4096, 1024, 6000, 0, 9000))),
                    draw(st.sampled_from(FAST)), draw(st.sampled_from(FAST)))]
    if draw(st.booleans()) and not draw(st.booleans()):  # one in four has a middle space
        spaces.append(Space("mid", draw(st.sampled_from((4096, None))), MID[0], MID[0]))
    spaces.append(Space("slow", None, draw(st.sampled_from(SLOW)), draw(st.sampled_from(SLOW))))
    vals = draw(st.lists(values(steps), min_size=1, max_size=max_values))
    flops = draw(st.lists(st.sampled_from((64000, 16000, 4000, 1000, 0)), min_size=steps,
                          max_size=steps))
    problem = SpaceProblem(spaces, vals, flops, 1e9)
    while len(problem.values) > 1 and combinations(problem) > ORACLE_LIMIT:
        problem.values.pop()
    return problem


@st.composite
def hot_values(draw, steps: int) -> Value:
    """Made early, read hard late: what prefetches and evictions are for."""
    size = draw(st.sampled_from((3000, 4096, 2048)))
    first = draw(st.integers(0, 1))
    late = sorted(draw(st.sets(st.integers(first + 2, steps - 1), min_size=1, max_size=2)))
    movable = draw(st.booleans()) or draw(st.booleans())
    head = Use(first, size, 0) if not movable else Use(first, 0, size)
    return Value(size, (head, *(Use(s, 3 * size, 0) for s in late)), 1, movable, "hot")


@st.composite
def hot_problems(draw) -> SpaceProblem:
    """Few values, each made early and read hard late, compute that can hide a copy, and
    room in fast memory for about one value at a time."""
    steps = draw(st.integers(4, 6))
    spaces = [Space("fast", draw(st.sampled_from((4096, 5000, 8192))), 4e9, 4e9),
              Space("slow", None, 2.5e8, 2.5e8)]
    vals = draw(st.lists(hot_values(steps), min_size=1, max_size=3))
    flops = draw(st.lists(st.sampled_from((64000, 16000, 1000)), min_size=steps,
                          max_size=steps))
    problem = SpaceProblem(spaces, vals, flops, 1e9)
    while len(problem.values) > 1 and combinations(problem) > ORACLE_LIMIT:
        problem.values.pop()
    return problem
