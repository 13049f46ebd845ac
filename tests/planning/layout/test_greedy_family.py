"""The classical greedy family as auto's floor, and effort: properties against an oracle.

The oracle shares no code with the planner: a plain sort-then-fit over explicit intervals
(Python lists, every placed buffer scanned), slow and obviously right. ``auto`` must never
be worse than any of its members, on the small path and on the large one (its threshold
lowered here so that hypothesis reaches it), and a larger effort never gives a worse plan.
"""

from __future__ import annotations

import dataclasses

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from memir.planning import budget
from memir.planning.layout import portfolio as layout
from memir.planning.layout import window
from memir.planning.layout.greedy_family import MEMBERS, run_member
from memir.planning.layout.heuristics import Prepared, arena_of
from memir.planning.layout.portfolio import assign_layout
from memir.model.layout import Buffer, Plan, PlanStatus, Problem
from memir.planning.layout.lower_bound import lower_bound
from memir.verify.overlap import check_plan


def oracle_member(buffers: list[tuple[int, int, int]], key: str, fit: str) -> int:
    """Arena of one member on (size, lower, upper) triples: sort by the key descending,
    ties by start, end, size descending, index; each buffer goes to the first gap (first)
    or the smallest gap, lowest on ties (best), among the conflicting placed ones, else on
    top of them."""
    def sort_key(i: int):
        size, lower, upper = buffers[i]
        primary = {"size": size, "lifetime": upper - lower,
                   "area": size * (upper - lower), "start": lower}[key]
        return (-primary, lower, upper, -size, i)

    placed: list[tuple[int, int, int, int]] = []  # offset, end, lower, upper
    for i in sorted(range(len(buffers)), key=sort_key):
        size, lower, upper = buffers[i]
        busy = sorted((o, e) for o, e, lo, hi in placed if lo < upper and lower < hi)
        gaps, top = [], 0
        for o, e in busy:
            if o > top:
                gaps.append((top, o))
            top = max(top, e)
        fitting = [g for g in gaps if g[1] - g[0] >= size]
        if not fitting:
            offset = top
        elif fit == "first":
            offset = fitting[0][0]
        else:
            offset = min(fitting, key=lambda g: (g[1] - g[0], g[0]))[0]
        placed.append((offset, offset + size, lower, upper))
    return max((e for _, e, _, _ in placed), default=0)


@st.composite
def interval_buffers(draw, max_buffers: int = 24) -> list[tuple[int, int, int]]:
    n = draw(st.integers(1, max_buffers))
    out = []
    for _ in range(n):
        lower = draw(st.integers(0, 12))
        out.append((draw(st.sampled_from([1, 2, 3, 4, 8, 16, 24, 40])), lower,
                    lower + draw(st.integers(1, 8))))
    return out


def problem_of(buffers: list[tuple[int, int, int]]) -> Problem:
    return Problem([Buffer(s, lo, hi) for s, lo, hi in buffers])


@settings(max_examples=150, deadline=None)
@given(interval_buffers())
def test_every_member_matches_the_oracle(buffers):
    prep = Prepared.of(problem_of(buffers))
    for key, fit in MEMBERS:
        assert arena_of(prep, run_member(prep, key, fit)) == oracle_member(buffers, key, fit)


@pytest.mark.parametrize("large", [False, True])
@settings(max_examples=80, deadline=None)
@given(buffers=interval_buffers())
def test_auto_is_never_worse_than_any_member(buffers, large):
    floor = min(oracle_member(buffers, key, fit) for key, fit in MEMBERS)
    with pytest.MonkeyPatch.context() as patch:
        if large:  # the path of problems above LARGE_PROBLEM buffers
            patch.setattr(layout, "LARGE_PROBLEM", 4)
        plan = assign_layout(problem_of(buffers))
    assert plan.arena <= floor
    assert not check_plan(problem_of(buffers), plan)


@pytest.mark.parametrize("large", [False, True])
@settings(max_examples=40, deadline=None)
@given(buffers=interval_buffers(max_buffers=40), effort=st.integers(2, 6))
def test_more_effort_is_never_worse_and_stays_deterministic(buffers, effort, large):
    with pytest.MonkeyPatch.context() as patch:
        if large:  # small budgets too, so that effort changes what runs
            patch.setattr(layout, "LARGE_PROBLEM", 4)
            patch.setattr(layout, "LARGE_PLACEMENTS", 2 * len(buffers))
            patch.setattr(layout, "LARGE_SEARCH_PLACEMENTS", len(buffers))
            patch.setattr(window, "WINDOW_SIZES", (2, 4, 8, 16, 32))
            patch.setattr(layout, "WINDOW_LARGEST", 2)
            patch.setattr(layout, "WINDOW_PLACEMENTS", 24 * len(buffers))
        base = assign_layout(problem_of(buffers))
        more = assign_layout(problem_of(buffers), effort=effort)
        again = assign_layout(problem_of(buffers), effort=effort)
    assert more.arena <= base.arena
    assert (more.offsets, more.strategy) == (again.offsets, again.strategy)
    assert not check_plan(problem_of(buffers), more)


def test_effort_is_bounded():
    with pytest.raises(ValueError, match="1..64"):
        assign_layout(problem_of([(1, 0, 1)]), effort=0)
    with pytest.raises(ValueError, match="1..64"):
        assign_layout(problem_of([(1, 0, 1)]), effort=65)


@pytest.mark.parametrize("mode", ["decide", "minimise"])
def test_effort_scales_the_exact_strategys_budgets(mode):
    """strategy=exact: the interval search's work and CP-SAT's deterministic time, as the
    solver hands them on, are effort times those of effort 1 (a capacity decision through
    assign_layout; a minimisation over explicit conflicts, which goes to CP-SAT)."""
    from memir.planning.layout.exact import solver

    seen: dict[int, list] = {}
    real_cpsat = solver.solve_cpsat

    def spies(effort):
        def interval_search(problem, cap, work, deadline, portfolio=False):
            seen[effort].append(("search", work))
            return solver.TIMEOUT, None

        def cpsat(problem, dtime, *args, **kwargs):
            seen[effort].append(("cpsat", dtime))
            found = real_cpsat(problem, dtime, *args, **kwargs)
            # nothing found, nothing proven: every pass of a minimisation runs
            return dataclasses.replace(found, status=PlanStatus.UNKNOWN, offsets=None,
                                       arena=None, bound=0)
        return interval_search, cpsat

    # The size-sorted greedy needs 18 bytes here; the bound is 17.
    buffers = [(4, 3, 5), (3, 3, 6), (4, 4, 7), (7, 5, 8), (3, 5, 6), (5, 3, 4)]
    for effort in (1, 3):
        seen[effort] = []
        with pytest.MonkeyPatch.context() as patch:
            search, cpsat = spies(effort)
            patch.setattr(solver, "_interval_search", search)
            patch.setattr(solver, "solve_cpsat", cpsat)
            if mode == "decide":
                assign_layout(problem_of(buffers), strategy="exact", capacity=17,
                              effort=effort)
            else:
                explicit = Problem([Buffer(s, lo, hi) for s, lo, hi in buffers],
                                   [{1, 2, 4}, {0, 3, 4}, {0, 4}, {1, 4, 5}, {0, 1, 2, 3},
                                    {3}])
                solver.solve_exact(explicit, effort=effort)
    assert seen[1], "the exact solver ran no engine"
    first = {kind: value for kind, value in reversed(seen[1])}
    if mode == "decide":  # one run with effort times the budgets
        scaled = {kind: value for kind, value in reversed(seen[3])}
        assert scaled == {kind: 3 * value for kind, value in first.items()}
    else:  # effort passes of effort 1's budgets, each continuing the last
        assert seen[3][:len(seen[1])] == seen[1]
        assert set(seen[3]) == set(seen[1])
        assert len(seen[1]) < len(seen[3]) <= 3 * len(seen[1])


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.filter_too_much])
@given(buffers=interval_buffers(max_buffers=14), effort=st.integers(1, 3))
def test_more_effort_never_ends_the_exact_minimisation_worse(buffers, effort):
    """strategy=exact without a capacity, whatever its engine does with more work: here a
    decision engine that gives up on a probe depending on (capacity, work) alone, and on
    every probe given more work than effort 1's, so that more work sends the bisection
    down another path (CP-SAT finds nothing). effort + 1
    never ends on a larger arena than effort, and the same effort gives the same plan. A
    single run with effort times the work fails this (the bisection path changes)."""
    from memir.planning.layout.exact import solver

    real_decide = solver._decide

    def erratic(problem, capacity, work, *args, **kwargs):
        if work > solver.EXACT_SEARCH_WORK or (capacity + work) % 3 == 0:
            return PlanStatus.UNKNOWN, None, "search"
        return real_decide(problem, capacity, 10**6, *args, **kwargs)

    def nothing(problem, dtime, capacity, upper, lower, *args, **kwargs):
        return solver_result(lower)

    problem = problem_of(buffers)
    # only problems the size-sorted greedy leaves above the bound have a bisection to run
    assume(Plan.arena_of(problem, solver.greedy_offsets(problem)) > lower_bound(problem)[0])
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(solver, "_decide", erratic)
        patch.setattr(solver, "solve_cpsat", nothing)
        less = solver.solve_exact(problem, effort=effort, workers=1)
        more = solver.solve_exact(problem, effort=effort + 1, workers=1)
        again = solver.solve_exact(problem, effort=effort + 1, workers=1)
    assert more.arena <= less.arena
    assert more.offsets == again.offsets
    assert not check_plan(problem, more)


class _LeapingClock:
    """A clock for the deadlines that jumps 10 s at every reading: every deadline, and any
    cap past it, has expired at its first check, however fast the machine."""

    def __init__(self) -> None:
        self.now = 0.0

    def perf_counter(self) -> float:
        self.now += 10.0
        return self.now


def test_the_floor_run_is_never_cut_however_short_the_limit():
    """The plain greedy runs to its end under any limit: with every deadline expired at its
    first check, a 3000-buffer problem's plan is still no worse than the plain greedy's (a
    floor run cut by the clock stacks every buffer it had not placed: what the pass
    returned before, well above the greedy)."""
    import random

    rng = random.Random(3)
    buffers = []
    for _ in range(3000):
        lower = rng.randrange(0, 2000)
        buffers.append((rng.randrange(1, 4096), lower, lower + rng.randrange(1, 300)))
    problem = problem_of(buffers)
    plain = assign_layout(problem, strategy="single", sort="size", fit="first")
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(budget, "time", _LeapingClock())
        for strategy in ("auto", "single", "many"):
            plan = assign_layout(problem, strategy=strategy, time_limit=1.0)
            assert plan.arena <= plain.arena, strategy
            assert not check_plan(problem, plan)


def solver_result(lower: int):
    from memir.planning.layout.exact.cpsat import CpResult

    return CpResult(PlanStatus.UNKNOWN, None, None, lower, 0.0)


@pytest.mark.parametrize("large", [False, True])
@settings(max_examples=60, deadline=None)
@given(buffers=interval_buffers(max_buffers=40),
       limit=st.sampled_from([1e-9, 1e-6, 1e-4, 1e-3]))
def test_a_time_limit_never_gives_worse_than_the_plain_greedy(buffers, limit, large):
    """However short the limit, the plain greedy (size, first fit, as the CLI's
    ``strategy=single sort=size fit=first`` runs it) runs to its end first: a stage the
    deadline cuts (which stacks what it has not placed) cannot leave a worse plan."""
    plain = assign_layout(problem_of(buffers), strategy="single", sort="size",
                          fit="first").arena
    with pytest.MonkeyPatch.context() as patch:
        if large:  # the path of problems above LARGE_PROBLEM buffers
            patch.setattr(layout, "LARGE_PROBLEM", 4)
        for strategy in ("auto", "single", "many"):
            plan = assign_layout(problem_of(buffers), strategy=strategy, time_limit=limit)
            assert plan.arena <= plain, strategy
            assert not check_plan(problem_of(buffers), plan)
