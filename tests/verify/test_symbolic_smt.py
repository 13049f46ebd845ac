"""The Z3 checker of symbolic plans (issue 53): proofs over whole ranges, planted faults at a
single size caught with that size as witness, and "unknown" never read as safe."""

from __future__ import annotations

import pytest

from memir.model.symbolic import (OffsetExpr, Poly, Symbol, SymbolicBuffer, parse_offset,
                                  parse_poly)
from memir.verify.symbolic_smt import prove_symbolic, rounding

PAIR = [[1], [0]]


def two(size_a: str, size_b: str, alignment: int = 1) -> list[SymbolicBuffer]:
    return [SymbolicBuffer(parse_poly(size_a), 0, 2, alignment, "a"),
            SymbolicBuffer(parse_poly(size_b), 1, 3, alignment, "b")]


@pytest.mark.parametrize("decide_first", [True, False])
@pytest.mark.parametrize("offset", ["s*s - 74*s + 1376", "max(s - 30, 44 - s)"])
def test_an_overlap_at_one_size_is_caught_with_that_size(offset, decide_first):
    # b sits at 8 or above everywhere but at s=37, where it starts at 7, inside a = [0, 8).
    symbols = {"s": Symbol("s", 0, 100)}
    b = parse_offset(offset)
    arena = OffsetExpr(tuple(t + 8 for t in b.terms) + (Poly.const(8),))
    found = prove_symbolic(two("8", "8"), symbols, PAIR, [OffsetExpr(), b], arena,
                           decide_first=decide_first)
    assert [(v.kind, v.buffers, v.witness) for v in found] == [("overlap", (0, 1), {"s": 37})]
    assert found[0].message == "buffers 'a' (#0) [0, 8) and 'b' (#1) [7, 15) overlap at s=37"


def test_the_witness_respects_the_divisor():
    # s in [0, 200] divisible by 4: b (one byte) sits at or above a = [0, s) except between
    # s=73 and s=79, where max(150 - s, 2*s - 78) < s; of those, only s=76 is a multiple of 4.
    symbols = {"s": Symbol("s", 0, 200, 4)}
    b = parse_offset("max(150 - s, 2*s - 78)")
    found = prove_symbolic(two("s", "1"), symbols, PAIR, [OffsetExpr(), b],
                           parse_offset("max(s, 151 - s, 2*s - 77)"))
    assert [(v.kind, v.witness) for v in found] == [("overlap", {"s": 76})]


@pytest.mark.parametrize("decide_first", [True, False])
def test_squares_over_a_bounded_range_are_proven(decide_first):
    symbols = {"s": Symbol("s", 1, 2048)}
    buffers = two("48*s*s", "3072*s + 64", 64)
    offsets = [OffsetExpr((), 64), parse_offset("align(48*s*s + 48, 64)")]
    arena = parse_offset("48*s*s + 3072*s + 160")  # rounding 48*s*s + 48 adds <= 48
    assert prove_symbolic(buffers, symbols, PAIR, offsets, arena,
                          decide_first=decide_first) == []


@pytest.mark.parametrize("decide_first", [True, False])
def test_products_of_two_symbols_are_proven(decide_first):
    symbols = {"s": Symbol("s", 1, 1024), "t": Symbol("t", 8, 64, 8)}
    buffers = [SymbolicBuffer(parse_poly("6*s*t + 5"), 0, 2, 16, "a"),
               SymbolicBuffer(parse_poly("2*s*t + s"), 1, 3, 16, "b"),
               SymbolicBuffer(parse_poly("100"), 1, 2, 64, "c")]
    neighbours = [[1, 2], [0, 2], [0, 1]]
    offsets = [OffsetExpr((), 16), parse_offset("align(6*s*t + 20, 16)"),
               parse_offset("align(8*s*t + s + 32, 64)")]  # b's offset rounds up by 12
    arena = parse_offset("8*s*t + s + 195")
    assert prove_symbolic(buffers, symbols, neighbours, offsets, arena,
                          decide_first=decide_first) == []


def test_misalignment_arena_and_negative_sizes_are_located():
    symbols = {"s": Symbol("s", 0, 20)}
    buffers = [SymbolicBuffer(parse_poly("s - 10"), 0, 1, 1, "short"),
               SymbolicBuffer(parse_poly("16"), 0, 1, 16, "aligned")]
    offsets = [OffsetExpr(), parse_offset("8*s + 16")]  # a multiple of 16 at even s only
    arena = parse_offset("8*s + 32")  # short ends at s - 10 <= arena; aligned ends there
    found = {v.kind: v for v in prove_symbolic(buffers, symbols, [[], []], offsets, arena)}
    assert set(found) == {"negative-size", "alignment"}
    assert found["negative-size"].witness["s"] < 10
    assert found["alignment"].witness["s"] % 2 == 1
    assert "'aligned' (#1)" in found["alignment"].message
    small = parse_offset("max(8*s + 32, 200 - s)")
    late = prove_symbolic(buffers, symbols, [[], []], offsets, parse_offset("8*s + 31"))
    assert [v.kind for v in late if v.kind == "arena"] == ["arena"]
    assert not [v for v in prove_symbolic(buffers, symbols, [[], []], offsets, small)
                if v.kind == "arena"]


def test_capacity_is_proven_or_refuted_with_a_witness():
    symbols = {"s": Symbol("s", 1, 100)}
    buffers = two("64*s", "64", 64)
    offsets = [OffsetExpr((), 64), parse_offset("align(64*s, 64)")]
    arena = parse_offset("64*s + 64")
    assert prove_symbolic(buffers, symbols, PAIR, offsets, arena, capacity=6464) == []
    found = prove_symbolic(buffers, symbols, PAIR, offsets, arena, capacity=6400)
    assert [(v.kind, v.witness) for v in found] == [("capacity", {"s": 100})]


def test_an_unbounded_symbol_is_checked_for_every_value():
    symbols = {"s": Symbol("s", 0, None)}
    buffers = two("8", "s")
    offsets = [OffsetExpr(), parse_offset("max(10000 - s, 8)")]
    arena = parse_offset("max(10008, 2*s + 8, s + 8)")
    assert prove_symbolic(buffers, symbols, PAIR, offsets, arena) == []
    bad = [OffsetExpr(), parse_offset("10000 - s")]  # under 8 once s > 9992
    found = prove_symbolic(buffers, symbols, PAIR, bad, arena)
    assert [v.kind for v in found] == ["overlap"] and found[0].witness["s"] > 9992


def test_unknown_is_a_violation_never_safe():
    # A resource limit of 1 stops Z3 on its first step, deterministically.
    symbols = {"s": Symbol("s", 1, 5000), "t": Symbol("t", 1, 5000)}
    buffers = two("s*t", "3*s*t + 7")
    offsets = [OffsetExpr(), parse_offset("2*s*t - s - t")]
    found = prove_symbolic(buffers, symbols, PAIR, offsets, parse_offset("5*s*t"), rlimit=1,
                           decide_first=False)
    assert found and {v.kind for v in found} == {"unknown"}
    assert any("'a' (#0) and 'b' (#1)" in v.message and "unverified" in v.message
               for v in found)


def test_rounding_bounds_align_up_and_is_reached_without_squares():
    symbols = {"s": Symbol("s", 0, 300), "t": Symbol("t", 0, 40, 4)}
    for text, align in (("48*s*s", 64), ("48*s*s + 48", 64), ("3*s + 5", 16),
                        ("6*s*t + 100", 64), ("64*s + 3", 64), ("16*t + 8", 64), ("7", 4)):
        term = parse_poly(text)
        worst = max(-term.evaluate({"s": s, "t": t}) % align
                    for s in range(0, 301) for t in range(0, 41, 4))
        bound = rounding(term, align, symbols)
        assert worst <= bound and (worst == bound or "s*s" in text), text
