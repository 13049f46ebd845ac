"""The deployed rules: whole values, fastest space first, first fit."""

from __future__ import annotations

from memir.planning.spaces.baselines import fastest_first, first_fit, greedy_by_size_pools
from memir.planning.spaces.model import Space, SpaceProblem, Span, Use, Value

SPACES = [Space("sram", 1000, 4e9, 4e9), Space("dram", None, 5e8, 5e8)]


def test_first_fit_takes_the_lowest_gap():
    placed = [(0, 4, 0, 100), (0, 4, 300, 100), (7, 9, 100, 50)]  # the last one is not live
    assert first_fit(placed, 2, 6, 200, 1) == 100
    assert first_fit([*placed, (5, 9, 100, 50)], 2, 6, 200, 1) == 400
    assert first_fit(placed, 2, 6, 10, 64) == 128  # aligned past the first block


def test_largest_first_into_the_fastest_space():
    big = Value(800, (Use(0, 0, 800), Use(3, 800, 0)))
    small = Value(300, (Use(1, 0, 300), Use(2, 300, 0)))
    weights = Value(100, (Use(2, 100, 0),), movable=False)
    problem = SpaceProblem(list(SPACES), [small, big, weights], [1] * 4, 1e9)
    for rule in (fastest_first, greedy_by_size_pools):
        plan = rule(problem)
        assert plan.spans == [(Span(1, 0, 1),), (Span(0, 0, 1),), (Span(1, 0, 0),)]
        assert plan.copies == []


def test_greedy_by_size_breaks_ties_by_the_longer_lifetime():
    short = Value(600, (Use(0, 0, 600), Use(1, 600, 0)))
    long = Value(600, (Use(0, 0, 600), Use(3, 600, 0)))
    problem = SpaceProblem(list(SPACES), [short, long], [1] * 4, 1e9)
    assert greedy_by_size_pools(problem).spans == [(Span(1, 0, 1),), (Span(0, 0, 1),)]
    assert fastest_first(problem).spans == [(Span(0, 0, 1),), (Span(1, 0, 1),)]
