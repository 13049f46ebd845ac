"""Small programs whose best placement is worked out by hand.

Fast memory moves 1e9 B/s, slow 1e8 B/s: a 4000-byte copy takes 40 us; compute is
1e9 FLOP/s, so a 10^4-FLOP step lasts 10 us and a 5 x 10^4 one 50 us (long enough to hide
a copy)."""

from __future__ import annotations

import pytest

from memir.planning.spaces.baselines import fastest_first, greedy_by_size_pools
from memir.planning.spaces.check import check_assignment, check_capacities
from memir.planning.spaces.cost import timeline
from memir.planning.spaces.model import Copy, Space, SpaceProblem, Span, Use, Value
from memir.planning.spaces.strategies import assign_spaces

FAST, SLOW = 0, 1
US = 1_000_000  # picoseconds
HIDE = 5 * 10**4  # FLOPs of a step that hides a 4000-byte copy


def spaces(capacity: int) -> list[Space]:
    return [Space("fast", capacity, 1e9, 1e9), Space("slow", None, 1e8, 1e8)]


def planned(problem: SpaceProblem, strategy: str):
    plan = assign_spaces(problem, strategy)
    check_assignment(problem, plan.assignment)
    check_capacities(problem, plan.assignment)
    return plan


def hidden_prefetch(capacity: int) -> SpaceProblem:
    """B holds fast memory over steps 1-2; A, written at 0, is read hard at 4 and 5."""
    a = Value(4000, (Use(0, 0, 4000), Use(4, 8000, 0), Use(5, 8000, 0)), label="A")
    b = Value(4000, (Use(1, 0, 4000), Use(2, 8000, 0)), label="B")
    return SpaceProblem(spaces(capacity), [a, b], [10**4] * 3 + [HIDE] + [10**4] * 2, 1e9)


@pytest.mark.parametrize("strategy", ["greedy", "exact", "auto"])
def test_a_value_read_often_is_prefetched_behind_compute(strategy):
    problem = hidden_prefetch(5000)
    plan = planned(problem, strategy)
    assert plan.assignment.spans[0] == (Span(SLOW, 0, 0), Span(FAST, 1, 2))
    assert plan.assignment.copies == [Copy(0, 0, 1, issue=2, deadline=4)]
    # A's write in slow memory (40 us), then 10, 10, 50 (the copy hidden), 10, 10
    assert plan.total_ps == 130 * US
    t = timeline(problem, plan.assignment)
    assert t.copy_end[0] <= t.step_end[3]  # landed while step 3 computed
    if strategy != "greedy":
        assert plan.status == "optimal" and plan.bound_ps == plan.total_ps


def test_a_capacity_below_the_value_forbids_the_prefetch():
    plan = planned(hidden_prefetch(3000), "auto")
    assert plan.assignment.copies == []
    assert all(s.space == SLOW for spans in plan.assignment.spans for s in spans)
    assert plan.total_ps == plan.all_default_ps


def test_an_eviction_frees_fast_memory_for_the_next_hot_value():
    v = Value(4000, (Use(0, 0, 4000), Use(1, 8000, 0), Use(6, 100, 0)), label="V")
    w = Value(4000, (Use(3, 0, 4000), Use(4, 8000, 0), Use(5, 8000, 0)), label="W")
    problem = SpaceProblem(spaces(5000), [v, w], [10**4, 10**4, HIDE] + [10**4] * 4, 1e9)
    for strategy in ("greedy", "auto"):
        plan = planned(problem, strategy)
        assert plan.assignment.spans == [(Span(FAST, 0, 1), Span(SLOW, 2, 2)),
                                         (Span(FAST, 0, 2),)]
        assert plan.assignment.copies == [Copy(0, 0, 1, issue=1, deadline=3)]
        assert plan.total_ps == 110 * US  # every step at its compute time
        for baseline in (fastest_first, greedy_by_size_pools):
            assert plan.total_ps < timeline(problem, baseline(problem)).total_ps


def test_weights_are_prefetched_from_their_home():
    weights = Value(4000, (Use(3, 8000, 0),), movable=False, label="weights")
    x = Value(1000, (Use(0, 0, 1000), Use(3, 1000, 0)), label="x")
    problem = SpaceProblem(spaces(5000), [weights, x], [HIDE] + [10**4] * 3, 1e9)
    for strategy in ("greedy", "auto"):
        plan = planned(problem, strategy)
        assert plan.assignment.spans[0] == (Span(FAST, 0, 0),)
        assert [c for c in plan.assignment.copies if c.value == 0] == [
            Copy(0, None, 0, issue=-1, deadline=3)]
        assert plan.total_ps == 80 * US  # 50 + 10 + 10 + 10: nothing waits
        assert plan.all_default_ps == 160 * US


def test_nothing_to_gain_costs_nothing():
    quiet = Value(64, (Use(0, 0, 64), Use(1, 64, 0)))
    problem = SpaceProblem(spaces(1000), [quiet], [10**4, 10**4], 1e9)
    plan = planned(problem, "auto")
    assert plan.total_ps == plan.all_default_ps == 20 * US


def test_a_spent_time_limit_still_gives_a_valid_plan():
    problem = hidden_prefetch(5000)
    plan = assign_spaces(problem, "auto", time_limit=0.0)
    check_assignment(problem, plan.assignment)
    check_capacities(problem, plan.assignment)
    assert plan.total_ps <= plan.all_default_ps


def test_an_empty_program():
    problem = SpaceProblem(spaces(10), [], [], 1e9)
    plan = planned(problem, "exact")
    assert (plan.total_ps, plan.status) == (0, "optimal")


def test_without_copies_values_stay_whole():
    problem = hidden_prefetch(5000)  # its best plan prefetches A
    plan = assign_spaces(problem, "auto", copies=False)
    check_assignment(problem, plan.assignment)
    assert plan.assignment.copies == []
    assert all(len(spans) == 1 for spans in plan.assignment.spans)
    assert plan.status == "optimal" and plan.total_ps > 130 * US
