"""Strategies against the brute-force oracle on tiny problems, and their guarantees."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from memir.planning.spaces.baselines import fastest_first, greedy_by_size_pools
from memir.planning.spaces.candidates import candidates
from memir.planning.spaces.check import check_assignment, check_capacities
from memir.planning.spaces.cost import all_default_ps, timeline
from memir.planning.spaces.exact import exact_choice
from memir.planning.spaces.priced import assemble, price
from memir.planning.spaces.repair import repair_layout
from memir.planning.spaces.strategies import assign_spaces
from planning.spaces._oracle import oracle
from planning.spaces.strategies import hot_problems, tiny_problems


@settings(max_examples=40)
@given(st.one_of(tiny_problems(), hot_problems()))
def test_exact_meets_the_oracle(problem):
    best, _ = oracle(problem)
    options = candidates(problem)
    result = exact_choice(problem, price(problem, options), None, 10.0)
    assert result.bound <= best
    if result.proven:
        assert timeline(problem, assemble(options, result.choice)).total_ps == best
    plan = assign_spaces(problem, "exact")
    check_assignment(problem, plan.assignment)
    check_capacities(problem, plan.assignment)
    assert plan.bound_ps <= best <= plan.total_ps
    if plan.status == "optimal":
        assert plan.total_ps == best


@settings(max_examples=40)
@given(st.one_of(tiny_problems(), hot_problems()))
def test_greedy_and_auto_are_valid_and_auto_beats_the_baselines(problem):
    baselines = [timeline(problem, repair_layout(problem, b(problem))[0]).total_ps
                 for b in (fastest_first, greedy_by_size_pools)]
    for strategy in ("greedy", "auto"):
        plan = assign_spaces(problem, strategy)
        check_assignment(problem, plan.assignment)
        check_capacities(problem, plan.assignment)
        assert plan.total_ps == timeline(problem, plan.assignment).total_ps
        assert plan.total_ps <= plan.all_default_ps == all_default_ps(problem)
    assert plan.total_ps <= min(baselines)
    if plan.status == "optimal":
        assert plan.total_ps == plan.bound_ps


@settings(max_examples=10)
@given(tiny_problems())
def test_plans_are_deterministic(problem):
    first, again = assign_spaces(problem, "auto"), assign_spaces(problem, "auto")
    assert (first.assignment, first.total_ps, first.strategy) == (
        again.assignment, again.total_ps, again.strategy)
