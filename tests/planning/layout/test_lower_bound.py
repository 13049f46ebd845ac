"""Lower bounds: exact on interval and chordal graphs, never above the optimum."""

from __future__ import annotations

from itertools import combinations

from hypothesis import given, settings

from memir.planning.layout.lower_bound import heaviest_clique, lower_bound, peak_live_bytes
from memir.model.layout import Buffer, Problem

try:
    from .layout_problems import brute_force_optimum, problems
except ImportError:
    from layout_problems import brute_force_optimum, problems


def max_clique_weight(problem: Problem) -> int:
    n = len(problem.buffers)
    best = 0
    for r in range(1, n + 1):
        for subset in combinations(range(n), r):
            if all(problem.conflict(i, j) for i, j in combinations(subset, 2)):
                best = max(best, sum(problem.buffers[i].size for i in subset))
    return best


def test_peak_of_the_papers_toy_example():
    bufs = [Buffer(1024, 0, 2), Buffer(768, 3, 5), Buffer(640, 1, 3), Buffer(512, 4, 6),
            Buffer(256, 2, 5)]
    assert peak_live_bytes(Problem(bufs)) == 1664  # B + E + ... at step 4: 768+512+256+...
    assert lower_bound(Problem(bufs)) == (1664, True)


def test_half_open_lifetimes_do_not_stack():
    assert peak_live_bytes(Problem([Buffer(5, 0, 2), Buffer(7, 2, 4)])) == 7


def test_group_and_pre_placed_terms():
    bufs = [Buffer(4, 0, 1), Buffer(4, 5, 6), Buffer(2, 9, 10, offset=30)]
    assert lower_bound(Problem(bufs))[0] == 32
    assert lower_bound(Problem(bufs[:2], groups=[[0, 1]]))[0] == 8


def test_non_chordal_cycle_is_flagged_inexact_but_valid():
    # C4: 0-1-2-3-0 has no chord; the heaviest clique is one edge
    conflicts = [{1, 3}, {0, 2}, {1, 3}, {0, 2}]
    p = Problem([Buffer(5), Buffer(1), Buffer(5), Buffer(1)], conflicts)
    weight, exact, members = heaviest_clique(p)
    assert not exact and weight == 6 and len(members) == 2


@settings(max_examples=200)
@given(problems(groups=False, fixed=False))
def test_clique_term_is_exact_when_claimed_and_never_too_big(problem):
    bound, exact = lower_bound(problem)
    truth = max_clique_weight(problem)
    assert bound <= max(truth, max(b.size for b in problem.buffers))
    if problem.conflicts is None:
        assert exact
    if exact:
        assert bound == truth


@settings(max_examples=80)
@given(problems(max_buffers=5, max_size=6))
def test_bound_never_exceeds_the_brute_force_optimum(problem):
    best = brute_force_optimum(problem)
    if best is not None:
        assert lower_bound(problem)[0] <= best
