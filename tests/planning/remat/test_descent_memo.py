"""The greedy's descents kept across capacities (``descent_memo``): every plan made with the
memo, whatever capacities came before, is the plan made without it."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from memir.planning.remat import RematOp, RematProblem, evaluate
from memir.planning.remat.descent_memo import DescentMemo, using
from memir.planning.remat.greedy import greedy_remat
from memir.planning.remat.mincut import BANS, mincut_remat
from memir.planning.remat.strategies import plan_remat

try:
    from .test_remat import training_steps
except ImportError:
    from test_remat import training_steps


def _chain(layers: int, detaches: bool = False) -> RematProblem:
    """A training chain: per layer a costly op and a cheap one forward, their backward in
    reverse reading both outputs; activations of varied sizes. Above 133 layers (400 ops)
    the greedy runs its one descent, as on a training graph; below, also lookaheads 2
    and 4, which run without the memo. With ``detaches`` the forward ends with a read of
    each cheap op's output that makes nothing (as PyTorch's functional step ends its
    forward with ``detach``es), which ``hoisted_reads`` moves: an order to plan besides."""
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
    if detaches:
        ops.extend(RematOp((b,), (), (), 1) for _a, b in saved)
    grad = buffer(4)
    ops.append(RematOp((x,), (grad,), (grad,), None))
    for a, b in reversed(saved):
        g = buffer(sizes[a])
        ops.append(RematOp((grad, a, b), (g,), (g,), 20))
        grad = g
    return RematProblem(ops, sizes, planned)


def _fresh_and_memo(problem: RematProblem, capacities: list[int], plan) -> None:
    memo = DescentMemo()
    for capacity in capacities:
        want = plan(problem, capacity)
        with using(memo):
            got = plan(problem, capacity)
        assert got == want, capacity


def _greedy(problem, capacity):
    found = greedy_remat(problem, capacity)
    return found.plan, found.evaluation.peak, found.work


def _mincut(problem, capacity):
    plan, ev = mincut_remat(problem, capacity, BANS["compute_bound"], 0.0)
    return plan, ev.peak


def _planned(problem, capacity):
    found = plan_remat(problem, capacity, "greedy", reorder=True)
    return found.plan, found.peak, found.strategy, found.schedule, found.deferred


def test_a_short_chain_plans_the_same_in_any_order_of_capacities():
    problem = _chain(12)
    top = evaluate(problem, {}).peak
    down = [1, top // 2, top * 3 // 4, top // 3, top - 1, 2 * top // 3, top // 2]
    for plan in (_greedy, _mincut, _planned):
        _fresh_and_memo(problem, down, plan)
        _fresh_and_memo(problem, sorted(down, reverse=True), plan)


def test_a_long_chain_plans_the_same_at_the_floor_and_above():
    """One descent per start (above 400 ops): the lowest peak first, as memir.torch
    asks, then capacities between, then one below all of them."""
    problem = _chain(135)
    top = evaluate(problem, {}).peak
    for plan in (_greedy, _mincut):
        _fresh_and_memo(problem, [1, top // 2, top * 3 // 4], plan)
    _fresh_and_memo(problem, [top * 3 // 4, top // 3], _planned)


def test_a_resumed_descent_is_counted_and_a_fresh_memo_starts_empty():
    problem = _chain(30)
    memo = DescentMemo()
    top = evaluate(problem, {}).peak
    with using(memo):
        greedy_remat(problem, 1)
        assert memo.hits == 0
        greedy_remat(problem, top // 2)
        greedy_remat(RematProblem(list(problem.ops), list(problem.sizes),
                                  list(problem.planned)), top // 2)  # equal content
    assert memo.hits == 2


@settings(max_examples=60, deadline=None)
@given(training_steps(), st.lists(st.floats(0, 1), min_size=1, max_size=4))
def test_random_training_steps_plan_the_same_with_the_memo(drawn, fractions):
    problem = RematProblem(*drawn)
    top = evaluate(problem, {}).peak
    capacities = [max(1, int(top * f)) for f in fractions]
    _fresh_and_memo(problem, capacities, _planned)
