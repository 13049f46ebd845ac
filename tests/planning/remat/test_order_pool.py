"""Moved orders planned in forks (``order_pool``): the plans, and the memo's later plans,
are those planned in one process; a fork that sends nothing back is planned here."""

from __future__ import annotations

import os

import pytest

import memir.planning.remat.strategies as strategies
from memir.planning.budget import Deadline
from memir.planning.remat import evaluate
from memir.planning.remat.descent_memo import DescentMemo, using
from memir.planning.remat.order_pool import Apart, cores, worth_forking
from memir.planning.remat.strategies import moved_orders, plan_remat

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
