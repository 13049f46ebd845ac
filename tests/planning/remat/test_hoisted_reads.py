"""Reads that do nothing run right after what they read is written (``remat.hoisted_reads``).

The value check is the hash replay of test_remat (``_values``), which shares no code with
``sunk_tails.keeps_values``, the guard ``hoisted_reads`` itself runs."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from memir.planning.remat import RematOp, RematProblem, evaluate
from memir.planning.remat.strategies import _plan_in_order, moved_orders, plan_remat
from memir.planning.remat.hoisted_reads import hoisted_reads, inert, moves_of
from memir.planning.remat.stage_model import reordered
from memir.planning.remat.deferred_updates import deferrals
from memir.planning.remat.moves import deferred_order

try:
    from .test_remat import _values, training_steps
except ImportError:
    from test_remat import _values, training_steps


@st.composite
def steps_with_inert_reads(draw):
    """A training step (``test_remat.training_steps``: forward, backward, each weight's
    update right after its gradient) with views and detaches inserted anywhere after what
    they read exists: of activations, gradients and weights (which the updates write)."""
    ops, sizes, planned = draw(training_steps())
    ops = list(ops)
    for _ in range(draw(st.integers(1, 6))):
        at = draw(st.integers(1, len(ops)))
        ready = sorted({b for op in ops[:at] for b in (*op.produces, *op.writes, *op.reads)})
        reads = tuple(sorted(set(draw(st.lists(st.sampled_from(ready), min_size=1,
                                                max_size=2)))))
        ops.insert(at, RematOp(reads, (), (), 0))
    return ops, sizes, planned


def _inert_after_a_writer(problem: RematProblem, order: list[int]) -> bool:
    """Each inert op with something it reads written before it runs after the nearest
    op that is not inert, and that op writes something it reads."""
    latest, written = None, set()
    for j in order:
        op = problem.ops[j]
        if not inert(op):
            latest = op
            written |= {*op.writes, *op.produces}
        elif set(op.reads) & written:
            if not set(op.reads) & {*latest.writes, *latest.produces}:
                return False
    return True


@settings(max_examples=200, deadline=None)
@given(steps_with_inert_reads())
def test_hoisted_reads_keep_every_value_and_never_raise_the_peak(program):
    ops, sizes, planned = program
    problem = RematProblem(ops, sizes, planned)
    base = evaluate(problem, {}).peak
    for moves in ({}, deferrals(problem)):
        hoisted = hoisted_reads(problem, moves) or moves
        order = deferred_order(len(ops), hoisted)
        assert sorted(order) == list(range(len(ops)))
        assert _values(ops, order) == _values(ops, range(len(ops)))
        moved = {u for us in hoisted.values() for u in us}
        before = {u for us in moves.values() for u in us}
        assert all(inert(ops[u]) for u in moved - before)
        assert _inert_after_a_writer(problem, order)
        if not moves:
            assert evaluate(reordered(problem, order), {}).peak <= base


def test_moves_of_gives_back_the_order():
    order = [0, 3, 1, 2, 5, 4, 6]
    moves = moves_of(order, {3, 5})
    assert moves == {0: [3], 2: [5]}
    assert deferred_order(7, moves) == order


def _detach_at_the_end_of_the_forward_pass():
    """a = f(x) is read by the next op, by a detach where the forward pass ends (as
    PyTorch's functional step saves it) and by the backward op; it cannot be held
    across the two big ops (capacity 9, 12 with it held)."""
    # buffers: 0 x (external), 1 a (4), 2 b (4), 3 c (4), 4 d (4), 5 e (1)
    ops = [RematOp((0,), (1,), (1,), 1), RematOp((1,), (2,), (2,), 50),
           RematOp((2,), (3,), (3,), 50), RematOp((1,), (), (), 0),
           RematOp((3,), (4,), (4,), 50), RematOp((4, 1), (5,), (5,), 50)]
    return RematProblem(ops, [0, 4, 4, 4, 4, 1], [False] + [True] * 5)


def test_a_late_detach_no_longer_makes_its_value_twice():
    problem = _detach_at_the_end_of_the_forward_pass()
    assert evaluate(problem, {}).peak == 12
    assert moved_orders(problem)[0] == {0: [3]}
    fixed = _plan_in_order(problem, 9, "exact", deadline=_no_deadline(), exact_work=10.0)
    assert fixed.evaluation.peak <= 9 and fixed.evaluation.cost == 2  # for the detach too
    planned = plan_remat(problem, 9)
    assert planned.evaluation.peak <= 9
    assert planned.evaluation.cost == 1 and planned.deferred == {0: [3]}


def _no_deadline():
    from memir.planning.budget import NO_DEADLINE
    return NO_DEADLINE
