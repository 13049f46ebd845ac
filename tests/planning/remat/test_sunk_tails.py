"""Optimizer-update tails run last (``remat.sunk_tails``): values kept, peaks lowered.

The value check is the hash replay of test_remat (``_values``), which shares no code with
``sunk_tails.keeps_values``."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from memir.planning.remat import RematOp, RematProblem, evaluate
from memir.planning.remat.strategies import plan_remat
from memir.planning.remat.stage_model import reordered
from memir.planning.remat.moves import deferred_order, keeps_values
from memir.planning.remat.sunk_tails import sunk_tails

try:
    from .test_remat import _values
except ImportError:
    from test_remat import _values


@st.composite
def adam_steps(draw):
    """A forward chain reading weights (externals), the backward pass reading its
    activations again in reverse, and per weight Adam's update right after its gradient:
    the moments read the gradient in place, then sqrt and div make temporaries and the
    weight is updated from them. Sometimes an op after the backward pass reads a weight
    (its update's tail must stay before it) or a moment. Returns the program and the
    weights and moments read late."""
    layers = draw(st.integers(1, 4))
    sizes: list[int] = []
    planned: list[bool] = []
    ops: list[RematOp] = []

    def buffer(is_planned=True) -> int:
        sizes.append(draw(st.integers(1, 9)) if is_planned else 0)
        planned.append(is_planned)
        return len(sizes) - 1

    weights = [(buffer(False), buffer(False), buffer(False)) for _ in range(layers)]
    acts, previous = [], None
    for w, _m, _v in weights:
        out = buffer()
        reads = (w,) if previous is None else (previous, w)
        ops.append(RematOp(reads, (out,), (out,), draw(st.integers(1, 9))))
        acts.append((out, reads))
        previous = out
    grad = buffer()
    ops.append(RematOp((previous,), (grad,), (grad,), 1))
    for (w, m, v), (out, reads) in zip(reversed(weights), reversed(acts)):
        g = buffer()
        ops.append(RematOp((grad, *reads), (g,), (g,), 1))
        ops.append(RematOp((m, g), (), (m,), 1, update=True))
        ops.append(RematOp((v, g), (), (v,), 1, update=True))
        s, q = buffer(), buffer()
        ops.append(RematOp((v,), (s,), (s,), 1, update=True))
        ops.append(RematOp((s,), (q,), (q,), 1, update=True))
        ops.append(RematOp((w, m, q), (), (w,), 1, update=True))
        new = buffer()
        ops.append(RematOp((grad, out), (new,), (new,), 1))
        grad = new
    late_reads = set()
    for w, m, _v in weights:
        if draw(st.booleans()):
            late = buffer()
            read = draw(st.sampled_from((w, m)))
            late_reads.add(read)
            ops.append(RematOp((read,), (late,), (late,), 1))
    return (ops, sizes, planned), late_reads


@settings(max_examples=150, deadline=None)
@given(adam_steps())
def test_sunk_tails_keep_every_value(step):
    (ops, sizes, planned), _late = step
    problem = RematProblem(ops, sizes, planned)
    sunk = sunk_tails(problem, {})
    if sunk is None:
        return
    order = deferred_order(len(ops), sunk)
    assert sorted(order) == list(range(len(ops)))
    assert _values(ops, order) == _values(ops, range(len(ops)))
    position = {j: k for k, j in enumerate(order)}
    for anchor, moved in sunk.items():
        assert all(ops[u].update and position[u] >= u for u in moved)
        assert all(problem.planned[b] for u in moved for b in ops[u].produces)


@settings(max_examples=100, deadline=None)
@given(adam_steps())
def test_tails_without_a_late_reader_all_move(step):
    """Every update's sqrt, div and weight update move, unless an op after the backward
    pass reads its weight: then that update stays whole (a moment read late does not
    hold it: the tail only reads the moments)."""
    (ops, sizes, planned), late_reads = step
    problem = RematProblem(ops, sizes, planned)
    sunk = sunk_tails(problem, {}) or {}
    moved = {u for us in sunk.values() for u in us}
    for j, op in enumerate(ops):
        if op.update and op.produces and ops[j + 1].update and ops[j + 1].produces:
            sqrt, div, update = j, j + 1, j + 2
            blocked = set(ops[update].writes)
            assert ({sqrt, div, update} <= moved) == (not blocked & late_reads)


def _weight_update_at_the_backward_peak():
    """The FileCheck case sunk_tail.mlir on plain data: an activation (4096) read again
    at the end, a weight gradient, Adam's moments, then sqrt and div (2048 each) and the
    weight's update, then the late read."""
    # buffers: 0 x, 1 w1, 2 w2, 3 m, 4 v (externals); 5 a, 6 y, 7 g, 8 s, 9 q, 10 dx
    sizes = [0] * 5 + [4096, 1024, 1024, 2048, 2048, 1024]
    planned = [False] * 5 + [True] * 6
    ops = [RematOp((0, 1), (5,), (5,), 100), RematOp((5, 2), (6,), (6,), 100),
           RematOp((6,), (7,), (7,), 100),
           RematOp((3, 7), (), (3,), 1, update=True), RematOp((4, 7), (), (4,), 1, update=True),
           RematOp((4,), (8,), (8,), 1, update=True), RematOp((8,), (9,), (9,), 1, update=True),
           RematOp((9,), (), (9,), 1, update=True), RematOp((2, 3, 9), (), (2,), 1, update=True),
           RematOp((6, 5), (10,), (10,), 100)]
    return RematProblem(ops, sizes, planned)


def test_the_tail_runs_after_the_late_read_and_the_peak_drops():
    problem = _weight_update_at_the_backward_peak()
    sunk = sunk_tails(problem, {})
    assert sunk == {9: [5, 6, 7, 8]}
    order = deferred_order(problem.num_ops, sunk)
    assert keeps_values(problem, order)
    assert evaluate(problem, {}).peak == 9216
    assert evaluate(reordered(problem, order), {}).peak == 6144


def test_rematerialize_fits_by_the_order_alone_where_it_can():
    """At 6144 bytes the program's own order needs the first mm again; the order with the
    tail last fits as it is, at no cost."""
    problem = _weight_update_at_the_backward_peak()
    planned = plan_remat(problem, 6144)
    assert planned.evaluation.peak <= 6144
    assert planned.evaluation.cost == 0 and planned.deferred == {9: [5, 6, 7, 8]}


def test_keeps_values_rejects_a_write_moved_past_a_reader():
    problem = _weight_update_at_the_backward_peak()
    # the weight's update (8) after the late mm is fine; before the mm reading w2 is not
    assert keeps_values(problem, [0, 1, 2, 3, 4, 5, 6, 7, 9, 8])
    assert not keeps_values(problem, [0, 8, 1, 2, 3, 4, 5, 6, 7, 9])
