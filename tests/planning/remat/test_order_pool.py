"""Moved orders, or one order's starts, planned in forks (``order_pool``): the plans, and
the memo's later plans, are those planned in one process; a fork that sends nothing back is
planned here."""

from __future__ import annotations

import os

import pytest

import memir.planning.remat.strategies as strategies
from memir.planning.budget import Deadline
from memir.planning.remat import evaluate
from memir.planning.remat.descent_memo import DescentMemo, using
from memir.planning.remat import order_pool
from memir.planning.remat.order_pool import Apart, cores, side_by_side, worth_forking
from memir.planning.remat.strategies import find_moved_orders, moved_orders, plan_remat

try:
    from .test_descent_memo import _chain
except ImportError:
    from test_descent_memo import _chain

pytestmark = pytest.mark.skipif(not hasattr(os, "fork") or cores() < 2,
                                reason="forks plan only beside a second core")


def _planned(problem, capacity):
    found = plan_remat(problem, capacity, "greedy", reorder=True)
    return found.plan, found.peak, found.strategy, found.schedule, found.deferred


def test_orders_planned_in_forks_are_the_orders_planned_here(monkeypatch):
    problem = _chain(140, detaches=True)  # above 400 ops: one descent per start, memoized
    assert moved_orders(problem)
    top = evaluate(problem, {}).peak
    capacities = [1, top // 2, top * 3 // 4, top // 3, 2 * top // 3]
    want = [_planned(problem, capacity) for capacity in capacities]
    forks = []

    class Counted(Apart):
        def __init__(self, call):
            forks.append(call)
            super().__init__(call)

    monkeypatch.setattr(strategies, "Apart", Counted)
    with using(DescentMemo()) as memo:
        got = [_planned(problem, capacity) for capacity in capacities]
        assert memo.hits  # later capacities resumed descents, the forks' among them
    assert got == want
    assert forks  # the moved orders were planned apart


def test_a_fork_that_sends_nothing_is_planned_here():
    here = os.getpid()

    def call():
        if os.getpid() != here:
            raise RuntimeError("the fork fails")
        return "planned here"

    with using(DescentMemo()):
        assert Apart(call).result() == "planned here"
        assert Apart(lambda: os.getpid()).result() != here


def test_only_memir_torch_plans_apart():
    assert not worth_forking(Deadline.after(None))  # no memo: memir-opt, the tests
    with using(DescentMemo()):
        assert worth_forking(Deadline.after(None))
        assert not worth_forking(Deadline.after(60.0))  # a time limit: one process


def test_one_orders_starts_planned_side_by_side_are_the_starts_planned_here(monkeypatch):
    problem = _chain(140)  # no moved order: the starts are split
    assert not moved_orders(problem)
    top = evaluate(problem, {}).peak
    capacities = [1, top // 2, top * 3 // 4, top // 3]
    want = [_planned(problem, capacity) for capacity in capacities]
    split = []

    def counted(calls):
        split.append(len(calls))
        return side_by_side(calls)

    monkeypatch.setattr(strategies, "side_by_side", counted)
    with using(DescentMemo()):
        got = [_planned(problem, capacity) for capacity in capacities]
    assert got == want
    assert split and min(split) > 1  # the greedy and the min-cut starts, split


def test_side_by_side_keeps_the_calls_order_and_runs_every_other_in_a_fork():
    here = os.getpid()
    with using(DescentMemo()):
        found = side_by_side([lambda k=k: (k, os.getpid() == here) for k in range(5)])
        assert found == [(0, True), (1, False), (2, True), (3, False), (4, True)]
        assert side_by_side([lambda: "alone"]) == ["alone"]


def test_a_failing_call_here_stops_the_fork(monkeypatch):
    cancelled = []

    class Watched(Apart):
        def cancel(self):
            cancelled.append(self)
            super().cancel()

    monkeypatch.setattr(order_pool, "Apart", Watched)

    def fails():
        raise ValueError("planned here")

    with using(DescentMemo()), pytest.raises(ValueError):
        side_by_side([fails, lambda: None])
    assert len(cancelled) == 1


def test_the_moved_orders_are_found_once_per_program_while_a_memo_is_active():
    problem = _chain(20, detaches=True)
    with using(DescentMemo()) as memo:
        first = moved_orders(problem)
        first[0].clear()  # a caller's copy
        assert moved_orders(problem) == find_moved_orders(problem) != []
        assert len(memo.orders) == 1
