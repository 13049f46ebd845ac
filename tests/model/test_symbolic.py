"""The symbolic size model against brute force: bounds, rounding and text.

Why: the planner, the Z3 checker's fast path and the IR verifier all lean on these
functions (``memir/model/symbolic.py``); here they are checked point by point over small
ranges, where every value can be tried.
"""

from __future__ import annotations

import random
from itertools import product

import pytest

from memir.model.symbolic import (OffsetExpr, Poly, Symbol, at_most, highest, lowest,
                                  parse_offset, parse_poly, rounding_slack)


def _points(symbols: dict[str, Symbol]):
    names = sorted(symbols)
    ranges = [range(s.first, s.last + 1, s.divisor) for s in (symbols[n] for n in names)]
    for values in product(*ranges):
        yield dict(zip(names, values))


def _random_case(seed: int) -> tuple[Poly, dict[str, Symbol]]:
    rng = random.Random(seed)
    symbols = {}
    for name in ("s", "t")[:rng.randint(1, 2)]:
        lower = rng.randint(-3, 6)
        symbols[name] = Symbol(name, lower, lower + rng.randint(0, 9), rng.choice((1, 1, 2, 4)))
    names = list(symbols)
    monomials = [(), *[(n,) for n in names], *[(a, b) for a in names for b in names if a <= b]]
    poly = Poly.of({m: rng.randint(-9, 9) for m in rng.sample(monomials, rng.randint(1, min(4, len(monomials))))})
    return poly, symbols


@pytest.mark.parametrize("seed", range(60))
def test_bounds_are_sound_and_exact_for_multilinear_sizes(seed):
    poly, symbols = _random_case(seed)
    if any(s.empty for s in symbols.values()):
        return
    values = [poly.evaluate(p) for p in _points(symbols)]
    low, high = lowest(poly, symbols), highest(poly, symbols)
    assert low <= min(values) and high >= max(values)
    if all(len(set(m)) == len(m) for m, _ in poly.terms):  # multilinear: exact
        assert (low, high) == (min(values), max(values))
    assert at_most(poly, Poly.const(max(values)), symbols) == (high <= max(values))


@pytest.mark.parametrize("seed", range(60))
def test_rounding_slack_is_the_most_rounding_adds(seed):
    poly, symbols = _random_case(seed)
    if any(s.empty for s in symbols.values()):
        return
    for align in (1, 2, 4, 8, 64):
        worst = max(-(-v // align) * align - v for v in (poly.evaluate(p) for p in _points(symbols)))
        slack = rounding_slack(poly, align, symbols)
        assert slack >= worst  # sound everywhere
        if len(list(_points(symbols))) > 2 * align:  # enough points to reach every residue
            assert slack <= align - 1


def test_unbounded_ranges_decide_by_the_slope():
    symbols = {"n": Symbol("n", 0, None)}
    assert lowest(parse_poly("4*n + 8"), symbols) == 8
    assert highest(parse_poly("4*n + 8"), symbols) is None
    assert lowest(parse_poly("8 - n"), symbols) is None
    assert lowest(parse_poly("4*n*n - n*n"), symbols) == 0


def test_text_round_trips_in_one_canonical_form():
    assert str(parse_poly("4*s*768 + 64")) == "3072*s + 64"
    assert str(parse_poly("(n + 1) * 4 - 4")) == "4*n"
    offset = parse_offset("align(max(3072*s + 60, 4096), 64)")
    assert str(offset) == "align(max(3072*s + 60, 4096), 64)"
    assert offset.evaluate({"s": 1}) == 4096 and offset.evaluate({"s": 2}) == 6208
    assert str(OffsetExpr((parse_poly("256*s"),), 64).simplified()) == "256*s"
    assert OffsetExpr().evaluate({}) == 0
