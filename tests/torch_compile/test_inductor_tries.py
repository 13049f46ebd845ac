"""memir's capacity for each further Inductor compile (``memir.torch.inductor._next_capacity``):
the last plan's peak lowered by the excess, doubled on each later try, raised from memir's
lowest plan, never a capacity tried before."""

from __future__ import annotations

import pytest

pytest.importorskip("torch")

from memir.torch.inductor import _next_capacity  # noqa: E402


def tries(*capacities):
    return [(None, None, None, c) for c in capacities]


class Planned:
    """A report's planned peak."""

    def __init__(self, peak: int) -> None:
        self.peak = peak


def test_the_first_retry_is_lowered_by_the_excess():
    assert _next_capacity(tries(1000), 30, None) == 970


def test_later_retries_lower_by_twice_and_four_times_the_excess():
    assert _next_capacity(tries(1000, 970), 10, None) == 950
    assert _next_capacity(tries(1000, 970, 950), 10, None) == 910


def test_below_memir_s_lowest_plan_the_retry_is_that_plan():
    assert _next_capacity(tries(1000), 300, 800) == 800


def test_from_memir_s_lowest_plan_the_retry_is_raised():
    assert _next_capacity(tries(800), 50, 800) == 850
    assert _next_capacity(tries(1000, 800), 50, 800) == 900


def test_a_capacity_tried_before_is_never_tried_again():
    assert _next_capacity(tries(900, 800, 850), 25, 800) == 950


def test_never_below_one_byte():
    assert _next_capacity(tries(10), 100, None) == 1


def test_a_plan_below_its_capacity_is_lowered_from_its_own_peak():
    """memir's order already below the capacity: lowering the capacity by a small excess
    would give the same plan again."""
    assert _next_capacity([(None, None, Planned(800), 1000)], 30, None) == 770


def test_the_floor_plan_below_its_capacity_is_raised_from_the_floor():
    assert _next_capacity([(None, None, Planned(800), 1000)], 30, 800) == 830
