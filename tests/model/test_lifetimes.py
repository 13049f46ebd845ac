"""The one sum of live bytes (``memir.model.lifetimes``) against a count instant by instant.

Why: the layout bound, the scheduler's memory model, the spaces planner's capacity check
and ExecuTorch's fixed-order bound all read it, so a slip here moves every plan.
"""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from memir.model.layout import Buffer, Problem
from memir.model.lifetimes import live_peak, live_profile
from memir.planning.layout import peak_live_bytes

LIFETIMES = st.lists(st.tuples(st.integers(0, 1000), st.integers(-5, 40), st.integers(0, 12)),
                     max_size=25)


def _counted(lifetimes, instants) -> list[int]:
    return [sum(s for s, lo, length in lifetimes if lo <= t < lo + length) for t in instants]


@given(LIFETIMES)
def test_the_profile_counts_each_instant_of_half_open_lifetimes(lifetimes):
    lifetimes = [(s, max(lo, 0), n) for s, lo, n in lifetimes]
    length = max((lo + n for _, lo, n in lifetimes), default=0) + 2
    profile = live_profile([s for s, _, _ in lifetimes], [lo for _, lo, _ in lifetimes],
                           [lo + n for _, lo, n in lifetimes], length)
    assert profile.tolist() == _counted(lifetimes, range(length))


@given(LIFETIMES, st.integers(1, 10**9))
def test_the_peak_is_the_most_counted_at_one_instant_at_any_scale(lifetimes, scale):
    """Instants far apart (a MiniMalloc trace's) give the peak of the same lifetimes."""
    peak = max(_counted(lifetimes, range(-5, 60)), default=0)
    sizes = [s for s, _, _ in lifetimes]
    assert live_peak(sizes, [lo * scale for _, lo, _ in lifetimes],
                     [(lo + n) * scale for _, lo, n in lifetimes]) == peak


def test_empty_lifetimes_hold_nothing():
    assert live_peak([], [], []) == 0
    assert live_peak([7, 5], [3, 4], [3, 5]) == 5
    assert live_profile([7], [2], [2], 4).tolist() == [0, 0, 0, 0]


def test_a_layout_problem_with_nothing_live_is_bounded_by_its_largest_buffer():
    """Every plan holds each buffer somewhere, lifetimes or not."""
    assert peak_live_bytes(Problem([Buffer(9, 3, 3), Buffer(4, 5, 5)])) == 9
    assert peak_live_bytes(Problem([Buffer(9, 3, 3), Buffer(4, 5, 6)])) == 4
    assert peak_live_bytes(Problem([])) == 0
