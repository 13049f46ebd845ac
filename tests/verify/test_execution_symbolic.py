"""check-execution on symbolic plans: the sampled points, the plan run at each, and the pass
reporting a planted overlap at the point where it happens (plain data, then the IR)."""

from __future__ import annotations

import pytest

from memir.model.symbolic import OffsetExpr, Poly, Symbol, parse_offset, parse_poly
from memir.verify.execution import Buffer, Execution, Op, check
from memir.verify.execution_symbolic import at_point, check_points, sample_points

S = Symbol("s", 1, 2048)


def test_points_are_both_ends_then_seeded_multiples_of_the_divisor():
    points = sample_points([Symbol("s", 3, 100, 8)], samples=20, seed=5)
    assert points[:2] == [{"s": 8}, {"s": 96}]
    assert all(p["s"] % 8 == 0 and 8 <= p["s"] <= 96 for p in points)
    assert len(points) > 4  # the random points are not all ends
    assert points == sample_points([Symbol("s", 3, 100, 8)], samples=20, seed=5)
    assert points != sample_points([Symbol("s", 3, 100, 8)], samples=20, seed=6)


def test_every_corner_of_two_ranges_and_an_unbounded_one_up_to_4096_above_its_first():
    points = sample_points([Symbol("t", 2, None), S], samples=30, seed=0)
    assert points[:4] == [{"s": 1, "t": 2}, {"s": 1, "t": 4098}, {"s": 2048, "t": 2},
                          {"s": 2048, "t": 4098}]
    assert max(p["t"] for p in points) <= 4098
    many = [Symbol(f"x{k}", 1, 9) for k in range(6)]
    extremes = sample_points(many, samples=0)
    assert extremes == [{s.name: 1 for s in many}, {s.name: 9 for s in many}]


def _program() -> Execution:
    """a = produce(x); b = next(a); c = last(a, b): a and b are live together."""
    buffers = [Buffer("a", None, 0), Buffer("b", None, 0), Buffer("c", None, 0),
               Buffer("x", None, 16)]
    ops = [Op("produce", 0, (3,), (0,)), Op("next", 0, (0,), (1,)),
           Op("last", 0, (0, 1), (2,))]
    return Execution.whole(buffers, ops)


SIZES = [parse_poly("64*s")] * 3


def test_a_plan_that_overlaps_only_above_s_32_is_caught_at_the_upper_end():
    offsets = [OffsetExpr.of(0), parse_offset("32*s + 1024"), parse_offset("128*s")]
    found = check_points(_program(), SIZES, offsets, sample_points([S]), check)
    assert found is not None
    conflict, point = found
    assert point == {"s": 2048} and conflict.op == 1
    assert "writes b into bytes [66560, 131072) while a still needs them" in conflict.message
    # The plan at the lower end alone is right: sampling one point would have missed it.
    assert check(at_point(_program(), SIZES, offsets, {"s": 1})) is None


def test_a_plan_that_overlaps_only_inside_the_range_is_caught_by_a_random_point():
    # b sits below a's end only for s in [960, 1088]: (s - 1024)^2 < 4096.
    b = parse_offset("s*s - 2048*s + 1048576 + 64*s - 4096")
    offsets = [OffsetExpr.of(0), b, parse_offset("max(s*s + 1048576, 128*s)")]
    ends = sample_points([S], samples=0)
    assert check_points(_program(), SIZES, offsets, ends, check) is None
    found = check_points(_program(), SIZES, offsets, [{"s": 1000}], check)
    assert found is not None and found[1] == {"s": 1000}


def test_a_right_plan_runs_clean_everywhere_sampled():
    offsets = [OffsetExpr.of(0), parse_offset("64*s"), parse_offset("align(128*s, 64)")]
    assert check_points(_program(), SIZES, offsets, sample_points([S], 16, 1), check) is None


PLANTED = """
func.func @f(%x: !memir.buf) attributes {memir.symbols = #memir.symbols<s in [1, 2048]>} {
  %a = memir.alloc [64*s] align 64 offset 0 id "a"
  %b = memir.alloc [64*s] align 64 offset [OFFSET] id "b"
  %c = memir.alloc [64*s] align 64 offset [128*s] id "c"
  memir.compute "produce" ins(%x) outs(%a)
  memir.compute "next" ins(%a) outs(%b)
  memir.compute "last" ins(%a, %b) outs(%c)
  func.return
}
"""


@pytest.mark.parametrize("offset, error", [
    ("64*s", None),
    ("32*s + 1024", 'op 1 "next" on stream 0 writes "b"'),
])
def test_the_pass_names_the_point_of_a_planted_symbolic_offset(tmp_path, capsys, offset, error):
    from memir.tools.memir_opt import main as memir_opt

    source = tmp_path / "plan.mlir"
    source.write_text(PLANTED.replace("OFFSET", offset))
    status = memir_opt([str(source), "-p", "check-execution{samples=2}"])
    err = capsys.readouterr().err
    if error is None:
        assert status == 0, err
        return
    assert status == 1 and error in err and "(at s=2048, a sampled size)" in err, err
    assert "plan.mlir:7:3: error: check-execution" in err


def test_a_symbolic_buffer_without_an_offset_is_an_error_at_it(tmp_path, capsys):
    from memir.tools.memir_opt import main as memir_opt

    source = tmp_path / "plan.mlir"
    source.write_text(PLANTED.replace(" offset [OFFSET]", ""))
    assert memir_opt([str(source), "-p", "check-execution"]) == 1
    err = capsys.readouterr().err
    assert "plan.mlir:4:" in err and "has no offset: run assign-layout first" in err, err


def test_sizes_at_a_point_are_never_negative():
    ex = at_point(_program(), [Poly.const(5) - parse_poly("s")] * 3,
                  [OffsetExpr.of(0)] * 3, {"s": 9})
    assert [b.size for b in ex.buffers[:3]] == [0, 0, 0]
