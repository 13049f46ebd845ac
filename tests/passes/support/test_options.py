"""Every integer and float option of every registered pass is bounded, and memir-opt
rejects a value out of range when it parses the pipeline: exit 1, one line naming the
option and the limit, before any pass runs.

Why a walk over the passes rather than a test per option: a pass added later with an
unbounded count (``interleavings=2**64`` ran for ever) must fail here without anyone
remembering to write its test.
"""

from __future__ import annotations

import dataclasses
import typing

import pytest

from memir.dialects.errors import PassError
from memir.passes import PASS_MODULES, load_pass
from memir.passes.support.options import Bound, check_bounds, declared
from memir.tools import memir_opt


def numeric_options() -> list[tuple[str, str, Bound | None]]:
    found = []
    for name in PASS_MODULES:
        cls = load_pass(name)
        hints = typing.get_type_hints(cls)
        for field in dataclasses.fields(cls):
            args = set(typing.get_args(hints[field.name])) or {hints[field.name]}
            if args & {int, float}:
                found.append((name, field.name, declared(cls)[field.name].bound))
    return found


OPTIONS = numeric_options()


def test_the_walk_finds_the_known_counts():
    names = {(p, f) for p, f, _ in OPTIONS}
    assert {("check-execution", "interleavings"), ("schedule", "budget"),
            ("render-tile-chunks", "limit"), ("assign-layout", "capacity"),
            ("verify-layout", "timeout_ms"), ("bufferize", "alignment")} <= names


@pytest.mark.parametrize("pass_name, field, bound", OPTIONS,
                         ids=[f"{p}.{f}" for p, f, _ in OPTIONS])
def test_every_numeric_option_declares_a_finite_range(pass_name, field, bound):
    assert bound is not None, f"{pass_name}: option {field} declares no Bound"
    assert bound.high < 2**63 and bound.low > -(2**63), bound
    default = next(f.default for f in dataclasses.fields(load_pass(pass_name))
                   if f.name == field)
    assert default is None or bound.error(field, default) is None, "the default is in range"


def absurd_values(bound: Bound | None) -> list[str]:
    values = [str(2**64), str(-(2**64)), "-1", "true"]
    if bound is not None:
        values += [str(bound.high + 1), str(bound.low if bound.open_low else bound.low - 1)]
    return values


CASES = [(p, f, v) for p, f, b in OPTIONS for v in absurd_values(b)]


@pytest.mark.parametrize("pass_name, field, value", CASES,
                         ids=[f"{p}.{f}={v}" for p, f, v in CASES])
def test_absurd_values_are_rejected_when_the_pipeline_is_parsed(pass_name, field, value,
                                                                 tmp_path, capsys):
    empty = tmp_path / "empty.mlir"
    empty.write_text("")
    option = field.replace("_", "-")
    status = memir_opt.main(["-p", f"{pass_name}{{{option}={value}}}", str(empty)])
    out, err = capsys.readouterr()
    assert status == 1 and out == "", (out, err)
    lines = err.strip().splitlines()
    assert len(lines) == 1, err
    assert lines[0].startswith(f"memir-opt: error: bad options for pass '{pass_name}'"), err
    assert option in lines[0], err
    if value not in ("true", "-1") and int(value) > 0:
        assert "too large: at most" in lines[0], err  # the message names the limit


def test_a_numeric_option_without_a_bound_is_refused():
    @dataclasses.dataclass(frozen=True)
    class Unbounded:
        name = "unbounded"
        count: int = 3

    with pytest.raises(PassError, match="option count of pass 'unbounded' declares no range"):
        check_bounds(Unbounded())


def test_bound_messages():
    bound = Bound(1, 10, "ten at most")
    assert bound.error("n", 5) is None and bound.error("n", 1) is None
    assert bound.error("n", 0) == "n must be positive, got 0"
    assert bound.error("n", 11) == "n 11 is too large: at most 10 (ten at most)"
    seconds = Bound(0, 60, "seconds", open_low=True)
    assert seconds.error("t", 0) == "t must be positive, got 0"
    assert seconds.error("t", float("inf")) == "t must be a finite number, got inf"
    assert seconds.error("t", float("nan")) == "t must be a finite number, got nan"
    assert Bound(0, 5, "x").error("s", -1) == "s must be non-negative, got -1"
