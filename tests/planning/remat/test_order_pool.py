"""Moved orders planned in forks (``order_pool``): the plans, and the memo's later plans,
are those planned in one process; a fork that sends nothing back is planned here."""

from __future__ import annotations

import os

import pytest

import memir.planning.remat.strategies as strategies
from memir.planning.budget import Deadline
from memir.planning.remat import RematOp, RematProblem, evaluate
from memir.planning.remat.descent_memo import DescentMemo, using
from memir.planning.remat.order_pool import Apart, cores, worth_forking
from memir.planning.remat.strategies import moved_orders, plan_remat

pytestmark = pytest.mark.skipif(not hasattr(os, "fork") or cores() < 2,
                                reason="forks plan only beside a second core")


def _chain_with_detaches(layers: int) -> RematProblem:
    """A training chain whose forward ends with a ``detach``-like read of every saved
    activation (a pure op that reads and makes nothing, as PyTorch's functional step ends
    its forward): ``hoisted_reads`` gives a moved order to plan beside the program's."""
    sizes, planned, ops, saved = [0], [False], [], []

    def buffer(size: int) -> int:
        sizes.append(size)
        planned.append(True)
        return len(sizes) - 1

    x = 0
    for k in range(layers):
        a = buffer(8 + (k * 7) % 13)
        ops.append(RematOp((x,), (a,), (a,), 40 + k % 5, flops=100, compute_bound=True))
        b = buffer(8 + (k * 5) % 11)
        ops.append(RematOp((a,), (b,), (b,), 3 + k % 3))
        saved.append((a, b))
        x = b
    ops.extend(RematOp((b,), (), (), 1) for _a, b in saved)
    grad = buffer(4)
    ops.append(RematOp((x,), (grad,), (grad,), None))
    for a, b in reversed(saved):
        g = buffer(sizes[a])
        ops.append(RematOp((grad, a, b), (g,), (g,), 20))
        grad = g
    return RematProblem(ops, sizes, planned)


def _planned(problem, capacity):
    found = plan_remat(problem, capacity, "greedy", reorder=True)
    return found.plan, found.peak, found.strategy, found.schedule, found.deferred


def test_orders_planned_in_forks_are_the_orders_planned_here(monkeypatch):
    problem = _chain_with_detaches(140)  # above 400 ops: one descent per start, memoized
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
