"""The exact portfolio's two-thread race gives the answer of the turns taken one after the
other: the first deciding turn in schedule order, whichever thread finishes first."""

from __future__ import annotations

import threading

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from memir.model.layout import Buffer, Problem
from memir.planning.budget import NO_DEADLINE
from memir.planning.layout.exact import solver as exact
from memir.planning.layout.exact.canonical import FEASIBLE, INFEASIBLE, decide_canonical
from memir.planning.layout.exact.interval_search import NOT_FOUND, OK
from memir.planning.layout.exact.race import run_race

try:
    from ..layout_problems import random_interval_buffers
except ImportError:
    from layout_problems import random_interval_buffers


def timed_turn(step, on_stop):
    """A turn (side, seconds, decision): waits ``seconds`` unless interrupted first."""
    _, seconds, decision = step
    stop = threading.Event()
    on_stop(stop.set)
    return None if stop.wait(seconds) else decision


def on_main(step) -> bool:
    return step[0] == "main"


def test_an_earlier_turn_wins_over_a_faster_later_one():
    turns = [("main", 0.2, "slow but first"), ("side", 0.0, "fast but second")]
    assert run_race(turns, on_main, timed_turn) == "slow but first"


def test_turns_after_the_decision_are_interrupted():
    """The side's long turn comes after the deciding one: it is stopped (or never
    begun), never run to its end."""
    ran_out = []

    def recording(step, on_stop):
        decision = timed_turn(step, on_stop)
        ran_out.append((step, decision is not None))
        return decision

    turns = [("side", 0.0, None), ("main", 0.0, None), ("main", 0.0, "main decides"),
             ("side", 10.0, "too late")]
    assert run_race(turns, on_main, recording) == "main decides"
    assert (turns[3], True) not in ran_out


def test_no_decision_and_a_failing_turn():
    assert run_race([("main", 0.0, None), ("side", 0.0, None)], on_main, timed_turn) is None

    def failing(step, on_stop):
        if step[0] == "side":
            raise ValueError("side failed")
        return timed_turn(step, on_stop)

    with pytest.raises(ValueError, match="side failed"):
        run_race([("main", 0.01, None), ("side", 0.0, None)], on_main, failing)


@settings(max_examples=60, deadline=None)
@given(st.lists(st.tuples(st.sampled_from(["main", "side"]), st.sampled_from([0, 0.002, 0.01]),
                          st.one_of(st.none(), st.integers(0, 3))), max_size=8))
def test_the_answer_is_the_first_deciding_turn_in_order(turns):
    expected = next((d for _, _, d in turns if d is not None), None)
    assert run_race(turns, on_main, timed_turn) == expected


def sequential(problem: Problem, capacity: int, work: int):
    """``_take_turns`` as it was, one turn after the other: the reference."""
    search, g, idx = exact._make_search(problem, capacity)
    for turn, budget in exact._schedule(work):
        if turn == "search":
            status, offs = search.solve(int(budget), NO_DEADLINE)
            if status in (OK, NOT_FOUND):
                return status, offs, False
            continue
        verdict, plan = decide_canonical(problem, capacity, turn, budget, NO_DEADLINE)
        if verdict == FEASIBLE and plan is not None:
            return OK, plan, True
        if verdict == INFEASIBLE:
            return NOT_FOUND, None, True
    return exact.TIMEOUT, None, False


@pytest.mark.parametrize("seed", range(4))
def test_the_portfolio_gives_the_sequential_answer(seed):
    """Tiny budgets: on these instances CP-SAT's first three turns and the search's first
    three slices all fail, so the threads interleave before round 1's CP-SAT turn decides
    (and below the bound, the search proves infeasibility at once)."""
    from memir.planning.layout.lower_bound import lower_bound

    bufs = random_interval_buffers(seed, 80, 30, 12, (1, 2, 4))
    problem = Problem([Buffer(b.size, b.lower, b.upper) for b in bufs])
    bound = lower_bound(problem)[0]
    for capacity in (bound, bound - 1):
        with pytest.MonkeyPatch.context() as mp:
            mp.setattr(exact, "FIRST_SLICE", 3000)
            mp.setattr(exact, "SEARCH_SLICE", 6000)
            mp.setattr(exact, "CANONICAL_DTIME", 0.0001)
            want = sequential(problem, capacity, 200_000)
            search, _, _ = exact._make_search(problem, capacity)
            got = exact._take_turns(problem, capacity, search, 200_000, NO_DEADLINE)
        assert got[0] == (OK if capacity == bound else NOT_FOUND)
        assert got == want
