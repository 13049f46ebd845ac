"""memir's capacity for each further Inductor compile (``memir.torch.inductor._next_capacity``):
the last plan's peak lowered by the excess, doubled on each later try, raised from memir's
lowest plan, never a capacity tried before; once halfway back after a fit a doubled move
found (``_halfway``); and which compile is kept (``_kept``)."""

from __future__ import annotations

import pytest

pytest.importorskip("torch")

from memir.torch.inductor import _halfway, _kept, _next_capacity  # noqa: E402


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


def measured(*pairs):
    """Tries as (measured peak, memir's capacity) pairs; each compiled step named by both."""
    return [(step, f"step {step} at {capacity}", None, capacity) for step, capacity in pairs]


def test_a_fit_after_a_doubled_move_is_compiled_again_halfway_back():
    assert _halfway(measured((120, 1000), (110, 980), (90, 940)), 100) == 960


def test_a_fit_after_one_move_or_none_is_not_compiled_again():
    assert _halfway(measured((120, 1000), (90, 980)), 100) is None
    assert _halfway(measured((90, 1000)), 100) is None


def test_halfway_counts_only_misses_above_the_fit():
    """Raised from memir's lowest plan: a miss below the fit is no overshoot."""
    assert _halfway(measured((120, 800), (110, 1000), (90, 900)), 100) is None


def test_halfway_is_never_a_capacity_tried_before():
    assert _halfway(measured((120, 1000), (110, 961), (90, 960)), 100) is None


class Report:
    fallback = None
    tries = ()


class Partitioner:
    def __init__(self, count: int) -> None:
        self.reports = [Report() for _ in range(count)]


def _kept_step(tries, target):
    for k, step in enumerate(tries):
        tries[k] = (step[0], step[1], Report(), step[3])
    partitioner = Partitioner(len(tries))
    return _kept(partitioner, 0, tries, target, None, None), partitioner


def test_of_the_fits_the_one_planned_for_the_most_memory_is_kept():
    kept, partitioner = _kept_step(measured((120, 1000), (110, 980), (90, 940), (95, 960)), 100)
    assert kept == "step 95 at 960"
    assert len(partitioner.reports) == 1
    assert partitioner.reports[0].tries == ((1000, 120), (980, 110), (940, 90), (960, 95))


def test_without_a_fit_the_lowest_measured_is_kept_with_a_warning():
    from memir.torch import PlanWarning

    with pytest.warns(PlanWarning, match="above the capacity"):
        kept, _ = _kept_step(measured((120, 1000), (105, 980), (110, 940)), 100)
    assert kept == "step 105 at 980"


def test_a_peak_that_stays_while_memirs_capacity_moves_is_named_as_unmodelled_memory():
    """MobileNetV2 at PyTorch's budget-0.2 peak: the last tries moved memir's plan and
    measured the same step peak, which lies in memory memir's plans do not model."""
    from memir.torch import PlanWarning

    with pytest.warns(PlanWarning, match=r"stayed at 101 bytes while memir's own capacity "
                                         r"went from 980 to 940, so it lies in memory"):
        kept, _ = _kept_step(measured((120, 1000), (101, 980), (101, 940)), 100)
    assert kept == "step 101 at 980"


def test_a_peak_still_falling_at_the_last_compile_says_so():
    from memir.torch import PlanWarning

    with pytest.warns(PlanWarning, match="still falling when the compiles ran out"):
        _kept_step(measured((120, 1000), (110, 980), (105, 940)), 100)


def test_a_peak_that_rises_again_at_lower_capacities_is_named_as_not_following_the_plans():
    """DenseNet-121 at PyTorch's budget-0.2 peak: the second try measured lowest, the
    two lower capacities after it measured higher."""
    from memir.torch import PlanWarning

    with pytest.warns(PlanWarning, match=r"measured lowest at memir's capacity 980, and "
                                         r"108 and 104 bytes at lower ones"):
        kept, _ = _kept_step(measured((120, 1000), (102, 980), (108, 960), (104, 900)), 100)
    assert kept == "step 102 at 980"
