"""Shuffling and renumbering the buffers of an interval problem never changes the arena.

The planner sorts the buffers by their content before planning
(``memir.planning.layout.input_order``); this checks the promise end to end on random
problems, for every strategy whose result could depend on ties, against an independent
overlap checker.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from memir.model.layout import Buffer, Problem
from memir.planning.layout import portfolio as layout
from memir.planning.layout.portfolio import assign_layout
from memir.verify.overlap import check_plan


@st.composite
def problems(draw, max_buffers: int = 30) -> list[Buffer]:
    n = draw(st.integers(2, max_buffers))
    out = []
    for k in range(n):
        lower = draw(st.integers(0, 10))
        out.append(Buffer(draw(st.sampled_from([1, 2, 3, 4, 8, 12, 16])), lower,
                          lower + draw(st.integers(1, 6)),
                          draw(st.sampled_from([1, 1, 1, 2, 4])), name=f"b{k}"))
    return out


@pytest.mark.parametrize("large", [False, True])
@settings(max_examples=60, deadline=None)
@given(buffers=problems(), seed=st.integers(0, 2**16), strategy=st.sampled_from(
    ["auto", "single", "many"]))
def test_shuffled_and_renumbered_gives_the_same_arena(buffers, seed, strategy, large):
    rng = random.Random(seed)
    shuffled = buffers[:]
    rng.shuffle(shuffled)
    names = rng.sample(range(1000), len(shuffled))
    shuffled = [Buffer(b.size, b.lower, b.upper, b.alignment, name=f"t{m}")
                for b, m in zip(shuffled, names)]
    with pytest.MonkeyPatch.context() as patch:
        if large:  # the path of problems above LARGE_PROBLEM buffers
            patch.setattr(layout, "LARGE_PROBLEM", 4)
        plan = assign_layout(Problem(buffers), strategy)
        again = assign_layout(Problem(shuffled), strategy)
    assert again.arena == plan.arena
    assert again.strategy == plan.strategy
    assert not check_plan(Problem(shuffled), again)
    assert not check_plan(Problem(buffers), plan)
