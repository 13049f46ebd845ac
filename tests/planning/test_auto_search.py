"""auto with a time limit meets the bound through the exact search where greedy misses it.

Instances are guillotine cuts of a full time x offset rectangle, so a plan at the bound
exists (the cut itself) and the bound is the rectangle's height."""

from __future__ import annotations

import random

from memir.planning.layout import assign_layout
from memir.planning.problem import Buffer, Problem
from memir.verify.overlap import check_plan

WIDTH, STEPS = 1024, 64


def guillotine(seed: int, pieces: int = 60) -> Problem:
    rng = random.Random(seed)
    boxes = [(0, STEPS, 0, WIDTH)]  # (lower, upper, offset, size)
    while len(boxes) < pieces:
        k = max(range(len(boxes)), key=lambda i: (boxes[i][1] - boxes[i][0]) * boxes[i][3])
        lo, hi, off, size = boxes.pop(k)
        if hi - lo > 1 and (size < 2 or rng.random() < 0.5):
            cut = rng.randrange(lo + 1, hi)
            boxes += [(lo, cut, off, size), (cut, hi, off, size)]
        else:
            cut = rng.randrange(1, size)
            boxes += [(lo, hi, off, cut), (lo, hi, off + cut, size - cut)]
    rng.shuffle(boxes)
    return Problem([Buffer(size, lo, hi) for lo, hi, _, size in boxes])


def test_auto_with_a_time_limit_meets_the_bound():
    by_search = 0
    for seed in range(12):
        problem = guillotine(seed)
        greedy = assign_layout(problem)  # no time limit: heuristics only, deterministic
        plan = assign_layout(problem, time_limit=10)
        assert not check_plan(problem, plan)
        assert plan.lower_bound == WIDTH
        assert plan.arena == WIDTH and plan.status == "optimal", (seed, plan.strategy)
        if greedy.arena > WIDTH:
            assert plan.strategy == "auto/search"
            by_search += 1
    assert by_search >= 3  # the instances really need the search
