"""``memir.executorch.memory_planning_pass`` refuses bad values at construction (issue 52):
a one-line ``ValueError``/``TypeError`` naming the argument, never an error from inside."""

import pytest
from hypothesis import given, strategies as st

pytest.importorskip("executorch")

import memir.executorch as mx  # noqa: E402
from _bad_values import (BOOLS, HUGE, NEGATIVE, NOT_FINITE, NUMBER_ISH,  # noqa: E402
                         WRONG_KINDS, raises_clearly)

BAD_SIZE = st.one_of(NUMBER_ISH, st.just(0), st.floats())
BAD_LIST = st.one_of(st.just([]), st.just(()),
                     WRONG_KINDS.filter(lambda v: not isinstance(v, list)),
                     HUGE, BOOLS, st.lists(st.one_of(st.none(), st.integers(), st.text(max_size=3)),
                                           min_size=1, max_size=3))


@given(st.one_of(NUMBER_ISH, st.just(0), st.integers(min_value=65), st.floats()))
def test_bad_effort(value):
    raises_clearly(lambda: mx.memory_planning_pass(effort=value), "effort")


@given(st.one_of(NOT_FINITE, HUGE, NEGATIVE, BOOLS, WRONG_KINDS, st.just(0), st.just([]),
                 st.floats(max_value=0)))
def test_bad_time_limit(value):
    raises_clearly(lambda: mx.memory_planning_pass(time_limit=value), "time_limit")


@given(st.one_of(st.none(), WRONG_KINDS, BOOLS, st.integers()))
def test_bad_strategy(value):
    raises_clearly(lambda: mx.memory_planning_pass(strategy=value), "strategy")


@given(st.one_of(st.none(), WRONG_KINDS, st.integers(), st.floats()))
def test_bad_flags(value):
    raises_clearly(lambda: mx.memory_planning_pass(reorder=value), "reorder")
    raises_clearly(lambda: mx.memory_planning_pass(alloc_graph_input=value), "alloc_graph_input")


@given(st.one_of(NUMBER_ISH, st.just(0), st.floats()))
def test_bad_alignment(value):
    raises_clearly(lambda: mx.memory_planning_pass(alignment=value), "alignment")


@given(BAD_LIST)
def test_bad_banks_and_spaces_lists(value):
    raises_clearly(lambda: mx.memory_planning_pass(banks=value), "banks")
    raises_clearly(lambda: mx.memory_planning_pass(spaces=value), "spaces")


@given(BAD_SIZE)
def test_bad_capacities(value):
    raises_clearly(lambda: mx.memory_planning_pass(banks=[("sram", value), ("dram", None)]),
                   "banks")
    raises_clearly(lambda: mx.memory_planning_pass(
        spaces=[("fast", value, 1e9, 1e9), ("slow", None, 1e8, 1e8)]), "spaces")


@given(st.one_of(NOT_FINITE, NEGATIVE, BOOLS, WRONG_KINDS, st.just(0), st.floats(max_value=0)),
       st.booleans())
def test_bad_bandwidths(value, read):
    bps = (value, 1e9) if read else (1e9, value)
    raises_clearly(lambda: mx.memory_planning_pass(
        spaces=[("fast", 1024, *bps), ("slow", None, 1e8, 1e8)]), "spaces")


def test_good_values_still_pass():
    made = mx.memory_planning_pass(reorder=True, effort=64, time_limit=0.5, alignment=16,
                                   spaces=[("fast", 1024, 1e9, 1e9), ("slow", None, 1, 1)])
    assert made.reorder is True
    mx.memory_planning_pass(banks=[("sram", 2**62 - 1), ("dram", None)], time_limit=86_400)
