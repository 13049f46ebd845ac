"""solve_exact against an independent brute-force optimum on tiny problems.

The oracle here tries every aligned offset of every buffer (groups move as one block), so it
shares no reasoning with the solver: no canonical placement, no sections, no CP-SAT.
"""

from __future__ import annotations

import csv
import itertools
from pathlib import Path

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from memir.planning.layout.exact import solver as exact
from memir.planning.layout.exact.solver import solve_exact
from memir.planning.budget import NO_DEADLINE
from memir.planning.layout.exact.canonical import decide_canonical
from memir.planning.layout.exact.interval_search import NOT_FOUND, OK, TIMEOUT, IntervalSearch
from memir.model.layout import Buffer, Plan, Problem

DATA = Path(__file__).resolve().parents[5] / "shared" / "benchmarks" / "dsa" / "minimalloc"


# -- independent oracle -----------------------------------------------------------------


def conflicts(p: Problem, i: int, j: int) -> bool:
    if i == j:
        return False
    if p.conflicts is not None:
        return j in p.conflicts[i]
    a, b = p.buffers[i], p.buffers[j]
    return a.lower < b.upper and b.lower < a.upper


def violations(p: Problem, offsets: list[int], capacity: int | None = None) -> list[str]:
    bad = []
    bufs = p.buffers
    if len(offsets) != len(bufs):
        return ["wrong length"]
    for i, (o, b) in enumerate(zip(offsets, bufs)):
        if o < 0:
            bad.append(f"{i} negative")
        if b.offset is not None and o != b.offset:
            bad.append(f"{i} moved from its pin")
        if b.offset is None and o % b.alignment:
            bad.append(f"{i} misaligned")
        if capacity is not None and o + b.size > capacity:
            bad.append(f"{i} above capacity")
    for g in p.groups:
        for a, b in zip(g, g[1:]):
            if offsets[b] != offsets[a] + bufs[a].size:
                bad.append(f"group {g} not contiguous")
    for i in range(len(bufs)):
        for j in range(i):
            if conflicts(p, i, j) and bufs[i].size and bufs[j].size:
                if offsets[i] < offsets[j] + bufs[j].size and offsets[j] < offsets[i] + bufs[i].size:
                    bad.append(f"{i} overlaps {j}")
    return bad


def clique_bound(p: Problem) -> int:
    """Heaviest set of pairwise-conflicting buffers (all subsets: n <= 7), and pin ends."""
    n = len(p.buffers)
    best = max([b.offset + b.size for b in p.buffers if b.offset is not None] + [0])
    for mask in range(1, 1 << n):
        members = [i for i in range(n) if mask >> i & 1]
        if all(conflicts(p, i, j) for i in members for j in members if i < j):
            best = max(best, sum(p.buffers[i].size for i in members))
    return best


def brute_fits(p: Problem, cap: int) -> list[int] | None:
    """Some plan with every buffer below ``cap``, trying all aligned offsets."""
    bufs = p.buffers
    n = len(bufs)
    clash = [[conflicts(p, i, j) and bufs[i].size > 0 and bufs[j].size > 0 for j in range(n)]
             for i in range(n)]
    in_group = {i for g in p.groups for i in g}
    units = [list(g) for g in p.groups] + [[i] for i in range(n) if i not in in_group]
    units.sort(key=lambda u: -sum(bufs[i].size for i in u))
    offsets: list[int] = [-1] * n

    def bases(unit: list[int]) -> list[list[int]]:
        rel, r = [], 0
        for i in unit:
            rel.append(r)
            r += bufs[i].size
        out = []
        for base in range(0, cap - r + 1):
            offs = [base + ri for ri in rel]
            if all(
                o == bufs[i].offset if bufs[i].offset is not None else o % bufs[i].alignment == 0
                for i, o in zip(unit, offs)
            ):
                out.append(offs)
        return out

    def rec(k: int) -> bool:
        if k == len(units):
            return True
        unit = units[k]
        for offs in bases(unit):
            if all(
                not clash[i][j] or o >= offsets[j] + bufs[j].size or offsets[j] >= o + bufs[i].size
                for i, o in zip(unit, offs)
                for j in range(n)
                if offsets[j] >= 0
            ):
                for i, o in zip(unit, offs):
                    offsets[i] = o
                if rec(k + 1):
                    return True
                for i in unit:
                    offsets[i] = -1
        return False

    if cap < clique_bound(p):
        return None
    return list(offsets) if rec(0) else None


def brute_optimum(p: Problem, limit: int = 40) -> int | None:
    for cap in range(clique_bound(p), limit + 1):
        if brute_fits(p, cap) is not None:
            return cap
    return None


# -- strategies -------------------------------------------------------------------------


@st.composite
def problems(draw: st.DrawFn, general: bool) -> Problem:
    n = draw(st.integers(1, 7))
    bufs = []
    for i in range(n):
        size = draw(st.integers(0, 4)) if i == 0 else draw(st.integers(1, 4))
        lower = draw(st.integers(0, 5))
        upper = lower + draw(st.integers(1, 4))
        align = draw(st.sampled_from([1, 1, 1, 2, 4]))
        pin = draw(st.none() | st.integers(0, 6)) if draw(st.integers(0, 6)) == 0 else None
        bufs.append(Buffer(size, lower, upper, align, pin, f"b{i}"))
    conf = None
    if general:
        conf = [set() for _ in range(n)]
        for i in range(n):
            for j in range(i):
                if draw(st.booleans()):
                    conf[i].add(j)
                    conf[j].add(i)
    groups: list[list[int]] = []
    if n >= 3 and draw(st.integers(0, 3)) == 0:
        members = draw(st.permutations(list(range(n))))[: draw(st.integers(2, 3))]
        groups.append(list(members))
    return Problem(bufs, conf, groups)


def check_against_oracle(p: Problem) -> None:
    best = brute_optimum(p)
    plan = solve_exact(p)
    if best is None:
        assert plan.status == "infeasible"
        return
    assert violations(p, plan.offsets) == []
    assert plan.status == "optimal"
    assert plan.arena == best == plan.lower_bound
    # The decision form: one below the optimum is refused, the optimum is accepted.
    at = solve_exact(p, capacity=best)
    assert at.status == "feasible" and violations(p, at.offsets, best) == []
    below = solve_exact(p, capacity=best - 1)
    assert below.status == "infeasible"


@settings(max_examples=60)
@given(problems(general=False))
def test_interval_problems_match_brute_force(p: Problem) -> None:
    check_against_oracle(p)


@settings(max_examples=40)
@given(problems(general=True))
def test_general_conflicts_match_brute_force(p: Problem) -> None:
    check_against_oracle(p)


@settings(max_examples=40)
@given(problems(general=False), st.integers(0, 14))
def test_capacity_answers_are_honest(p: Problem, cap: int) -> None:
    plan = solve_exact(p, capacity=cap)
    fits = brute_fits(p, cap) is not None
    if plan.status == "feasible":
        assert fits and violations(p, plan.offsets, cap) == []
    elif plan.status == "infeasible":
        assert not fits
    else:
        pytest.fail(f"tiny problem left {plan.status}")


@settings(max_examples=40, deadline=None)
@given(problems(general=False), st.integers(0, 14), st.sampled_from(["TWA", "TAW", "WAT"]))
def test_canonical_cpsat_decisions_match_brute_force(p: Problem, cap: int, order: str) -> None:
    assume(not any(len(g) > 1 for g in p.groups))
    # Zero-size buffers are left where they are (the callers compare arenas with the cap).
    assume(all(b.size > 0 for b in p.buffers))
    verdict, offsets = decide_canonical(p, cap, order, 10.0)
    fits = brute_fits(p, cap) is not None
    if verdict == "feasible":
        assert offsets is not None and violations(p, offsets, cap) == []
    assert verdict == ("feasible" if fits else "infeasible")


@settings(max_examples=40, deadline=None)
@given(problems(general=False), st.integers(0, 14))
def test_portfolio_answers_are_honest_when_cpsat_decides(p: Problem, cap: int) -> None:
    """The interval search made to give up at once: CP-SAT's canonical search decides."""
    assume(not any(len(g) > 1 for g in p.groups))
    # Zero-size buffers are left where they are (the callers compare arenas with the cap).
    assume(all(b.size > 0 for b in p.buffers))
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(IntervalSearch, "solve", lambda self, work, deadline: (TIMEOUT, None))
        status, offsets = exact._interval_search(p, cap, 10**9, NO_DEADLINE, portfolio=True)
    fits = brute_fits(p, cap) is not None
    if status == OK:
        assert fits and offsets is not None and violations(p, offsets, cap) == []
    else:
        assert status == NOT_FOUND and not fits


def test_warm_start_is_kept_when_nothing_better_is_found() -> None:
    p = Problem([Buffer(4, 0, 2), Buffer(4, 1, 3), Buffer(4, 2, 4)])
    warm = Plan([0, 4, 0], 8)
    plan = solve_exact(p, warm_start=warm)
    assert plan.arena == 8 and plan.status == "optimal" and plan.strategy.startswith("exact")


def test_colliding_pins_are_infeasible() -> None:
    p = Problem([Buffer(4, 0, 2, offset=0), Buffer(4, 1, 3, offset=2)])
    assert solve_exact(p).status == "infeasible"
    assert solve_exact(p, capacity=100).status == "infeasible"


def test_problem_capacity_caps_the_minimisation() -> None:
    p = Problem([Buffer(4, 0, 2), Buffer(4, 1, 3)], capacity=7)
    assert solve_exact(p).status == "infeasible"


def read_minimalloc(path: Path) -> Problem:
    with path.open(newline="") as f:
        rows = list(csv.DictReader(f))
    return Problem([Buffer(int(r["size"]), int(r["lower"]), int(r["upper"])) for r in rows])


@pytest.mark.skipif(not (DATA / "input.12.csv").exists(), reason="benchmark data not present")
def test_minimalloc_example_fits_12() -> None:
    p = read_minimalloc(DATA / "input.12.csv")
    plan = solve_exact(p, capacity=12)
    assert plan.status == "feasible" and violations(p, plan.offsets, 12) == []
    best = solve_exact(p)
    assert best.status == "optimal" and best.arena == 12


@pytest.mark.skipif(not (DATA / "K.1048576.csv").exists(), reason="benchmark data not present")
def test_minimalloc_challenging_k_fits() -> None:
    p = read_minimalloc(DATA / "K.1048576.csv")
    plan = solve_exact(p, capacity=1048576)
    assert plan.status == "feasible" and violations(p, plan.offsets, 1048576) == []


def test_exact_is_deterministic_on_both_engines() -> None:
    """Budgets, not the clock, end the search and CP-SAT: two runs give the same plan."""
    try:
        from ..layout_problems import random_interval_buffers
    except ImportError:
        from layout_problems import random_interval_buffers

    n = 16
    bufs = random_interval_buffers(7, n, 30, 10, (1, 3, 8))
    interval = Problem(bufs)
    general = Problem(bufs, [{j for j in range(n) if j != i and interval.conflict(i, j)
                              and (i + j) % 3} for i in range(n)])
    for p in (interval, general):
        a, b = solve_exact(p), solve_exact(p)
        assert (a.offsets, a.arena, a.status, a.strategy, a.lower_bound) == (
            b.offsets, b.arena, b.status, b.strategy, b.lower_bound)
        assert violations(p, a.offsets) == []


def test_plan_status_is_a_string_enum() -> None:
    from memir.model.layout import PlanStatus

    assert PlanStatus.OPTIMAL == "optimal" and f"{PlanStatus.UNKNOWN}" == "unknown"
    assert PlanStatus("infeasible") is PlanStatus.INFEASIBLE
    assert Plan([], 0).status == "heuristic"


def test_portfolio_schedule_grows_and_tries_every_order() -> None:
    """Search first (CP-SAT loads only when needed), then every pre-order each round, with
    budgets growing from round to round."""
    per_round = len(exact.CANONICAL_ORDERS) + 2
    turns = list(itertools.islice(exact._turns(), 1 + 2 * per_round))
    assert turns[0] == ("search", exact.FIRST_SLICE)
    rounds = [turns[1:1 + per_round], turns[1 + per_round:]]
    for r, turn_list in enumerate(rounds):
        orders = [t for t, _ in turn_list if t != "search"]
        assert sorted(orders) == sorted(exact.CANONICAL_ORDERS)
        assert all(b == exact.CANONICAL_DTIME * 4**r for t, b in turn_list if t != "search")
        assert all(b == exact.SEARCH_SLICE << r for t, b in turn_list if t == "search")


def test_portfolio_first_round_shares_wall_time_evenly() -> None:
    """Round 0 gives the interval search about as much (at the measured exchange rate) as
    its three CP-SAT turns together: neither engine waits long for the other to fail."""
    per_round = len(exact.CANONICAL_ORDERS) + 2
    round0 = list(itertools.islice(exact._turns(), 1 + per_round))[1:]
    search = sum(b for t, b in round0 if t == "search")
    cpsat = sum(b for t, b in round0 if t != "search") * exact.SEARCH_PER_DTIME
    assert 0.8 <= search / cpsat <= 1.25
