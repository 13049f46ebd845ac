"""``AssignSpaces`` built in Python refuses bad option values at construction (issue 52): a
one-line ``ValueError``/``TypeError`` (a ``PassError`` too, as memir-opt reports it) naming
the option; the pipeline text gives the same words."""

import pytest
from hypothesis import given, strategies as st

from _bad_values import (BOOLS, HUGE, NEGATIVE, NOT_FINITE, NUMBER_ISH, WRONG_KINDS,
                         raises_clearly)
from memir.dialects import PassError
from memir.passes.assign_spaces import AssignSpaces


@given(st.one_of(NUMBER_ISH, st.floats()))
def test_bad_fast(value):
    error = raises_clearly(lambda: AssignSpaces(fast=value), "fast")
    assert isinstance(error, PassError)


@given(st.one_of(NUMBER_ISH, st.just(0), st.integers(min_value=65), st.floats()))
def test_bad_effort(value):
    raises_clearly(lambda: AssignSpaces(effort=value), "effort")


@given(st.one_of(NOT_FINITE, HUGE, NEGATIVE, BOOLS, WRONG_KINDS, st.just(0), st.just([]),
                 st.floats(max_value=0)))
def test_bad_time_limit(value):
    raises_clearly(lambda: AssignSpaces(time_limit=value), "time_limit")


@given(st.one_of(st.none(), WRONG_KINDS, BOOLS, st.integers()))
def test_bad_strategy_and_device(value):
    raises_clearly(lambda: AssignSpaces(strategy=value), "strategy")
    raises_clearly(lambda: AssignSpaces(device=value), "device")


def test_good_values_still_pass():
    AssignSpaces(fast=2**62 - 1, time_limit=86_400, effort=64, strategy="exact",
                 device="esp32s3")
    AssignSpaces(time_limit=0.5)


@pytest.mark.parametrize("option, words", [
    ("fast=-1", "fast must be non-negative, got -1"),
    ("time-limit=0", "time-limit must be positive, got 0"),
])
def test_the_pipeline_gives_the_same_words(option, words, tmp_path, capsys):
    from memir.tools import memir_opt

    empty = tmp_path / "empty.mlir"
    empty.write_text("")
    assert memir_opt.main(["-p", f"assign-spaces{{{option}}}", str(empty)]) == 1
    assert capsys.readouterr().err.strip() == \
        f"memir-opt: error: bad options for pass 'assign-spaces': {words}"
