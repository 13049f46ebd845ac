"""Candidate lists: legal, default first, and within their budgets on long programs."""

from __future__ import annotations

from hypothesis import given, settings

from memir.planning.spaces.budgets import ISSUE_POINTS, MAX_OPTIONS_PER_VALUE
from memir.planning.spaces.candidates import candidates, issue_points
from memir.planning.spaces.check import check_assignment
from memir.planning.spaces.model import Space, SpaceProblem, Span, Use, Value
from memir.planning.spaces.priced import assemble
from planning.spaces.strategies import tiny_problems


@settings(max_examples=40)
@given(tiny_problems())
def test_every_option_is_legal_and_the_default_comes_first(problem):
    options = candidates(problem)
    for v, opts in enumerate(options):
        assert opts[0].spans == (Span(problem.default, 0, len(problem.values[v].uses) - 1),)
        for o in range(len(opts)):
            choice = [0] * len(options)
            choice[v] = o
            check_assignment(problem, assemble(options, choice))


def test_issue_points_keep_the_latest_and_earliest_on_long_windows():
    assert issue_points(3, 5, small=True) == [5, 4, 3]
    long = issue_points(0, 100, small=False)
    assert long[:2] == [100, 0] and len(long) == ISSUE_POINTS


def test_a_long_program_stays_within_the_option_budget():
    steps = 400
    uses = tuple(Use(s, 64, 0 if s else 64) for s in range(0, steps, 7))
    problem = SpaceProblem([Space("fast", 10**6, 1e9, 1e9), Space("mid", 10**7, 5e8, 5e8),
                            Space("slow", None, 1e8, 1e8)],
                           [Value(64, uses), Value(64, uses[1:], movable=False)],
                           [1] * steps, 1e9)
    options = candidates(problem)
    kinds = {o.kind for o in options[0]}
    assert kinds == {"default", "whole", "prefetch", "evict", "evict-prefetch"}
    assert all(len(opts) <= MAX_OPTIONS_PER_VALUE for opts in options)
    assert {o.kind for o in options[1]} == {"default", "prefetch"}
