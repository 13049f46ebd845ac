"""``memir.torch.backend`` and ``memir.torch.Partitioner`` refuse bad values at construction
(issue 52): a one-line ``ValueError``/``TypeError`` naming the argument, never an error from
inside a planner. Nothing is compiled."""

import math

import pytest
from hypothesis import given, strategies as st

pytest.importorskip("torch")

import memir.torch as mt  # noqa: E402
from _bad_values import (BOOLS, HUGE, NOT_FINITE, NUMBER_ISH, WRONG_KINDS,  # noqa: E402
                         raises_clearly)

BAD_CAPACITY = st.one_of(NUMBER_ISH, st.just(0), st.floats(allow_nan=True))
BAD_BUDGET = st.one_of(NOT_FINITE, HUGE, BOOLS, WRONG_KINDS,
                       st.floats(min_value=1, exclude_min=True, allow_infinity=False),
                       st.floats(max_value=0, exclude_max=True, allow_infinity=False),
                       st.just([]))
BAD_NAME = st.one_of(st.none(), WRONG_KINDS, BOOLS, st.integers(), st.just([]))


@given(BAD_CAPACITY)
def test_bad_capacity(value):
    raises_clearly(lambda: mt.backend(capacity=value), "capacity")
    raises_clearly(lambda: mt.Partitioner(capacity=value), "capacity")


@given(BAD_BUDGET)
def test_bad_budget(value):
    raises_clearly(lambda: mt.backend(budget=value), "budget")
    raises_clearly(lambda: mt.Partitioner(budget=value), "budget")


@given(BAD_NAME)
def test_bad_names(value):
    raises_clearly(lambda: mt.backend(device_profile=value), "device_profile")
    raises_clearly(lambda: mt.backend(compiler=value), "compiler")
    raises_clearly(lambda: mt.Partitioner(device=value), "device")


def test_true_is_not_a_capacity_nor_a_budget():
    assert isinstance(raises_clearly(lambda: mt.backend(capacity=True), "capacity"), TypeError)
    assert isinstance(raises_clearly(lambda: mt.backend(budget=True), "budget"), TypeError)


@pytest.mark.parametrize("options", [dict(capacity=1), dict(capacity=2**62 - 1),
                                     dict(budget=0), dict(budget=1), dict(budget=0.5),
                                     dict(device_profile="cpu", compiler="inductor")])
def test_good_values_still_pass(options):
    made = mt.backend(**options)
    assert made.partitioner.capacity == options.get("capacity")
    assert not math.isnan(made.partitioner.budget or 0)
