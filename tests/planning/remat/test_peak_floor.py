"""The proven peak floor of rematerialisation against the brute-force oracle.

Every plan the oracle accepts (``test_remat._oracle_memory``, written from the model's
definition and sharing no code with memir.planning.remat) peaks at or above the floor;
on the examples below the floor is also reached, so a floor that is merely low would fail.
"""

from __future__ import annotations

from hypothesis import given, settings

from memir.planning.remat import RematOp, RematProblem, evaluate, greedy_remat
from memir.planning.remat.strategies import moved_orders, proven_floor
from memir.planning.remat.peak_floor import peak_floor
from memir.planning.remat.moves import deferred_order

try:
    from .test_remat import _every_plan, _oracle_memory, programs
except ImportError:
    from test_remat import _every_plan, _oracle_memory, programs


def _lowest_peak(ops, sizes, planned) -> int | None:
    """The lowest peak of any valid plan in this order (None: not even the empty plan)."""
    peaks = [max(memory, default=0) for _cost, plan in _every_plan(ops, planned)
             if (memory := _oracle_memory(ops, sizes, planned, plan)) is not None]
    return min(peaks, default=None)


@settings(max_examples=150, deadline=None)
@given(programs(max_ops=5))
def test_no_plan_goes_below_the_floor(program):
    ops, sizes, planned = program
    problem = RematProblem(ops, sizes, planned)
    lowest = _lowest_peak(ops, sizes, planned)
    floor = peak_floor(problem)
    assert lowest is None or floor.bytes <= lowest
    overall = proven_floor(problem)
    assert lowest is None or overall.bytes <= lowest
    for moves in moved_orders(problem):  # the other orders rematerialize plans in
        order = deferred_order(len(ops), moves)
        moved = _lowest_peak([ops[j] for j in order], sizes, planned)
        assert moved is None or overall.bytes <= moved


def test_a_tied_gradient_accumulation_is_the_floor():
    # g1 = mm(x) and g2 = embedding_backward(x) (each table-sized), g = g1 + g2 out of
    # place, then the update reads g: all three meet at the add, whatever is recomputed.
    ops = [RematOp((0,), (1,), (1,), 5), RematOp((0,), (2,), (2,), 5),
           RematOp((1, 2), (3,), (3,), 1), RematOp((3,), (), (4,), 1, update=True)]
    sizes = [0, 10, 10, 10, 0]
    planned = [False, True, True, True, False]
    problem = RematProblem(ops, sizes, planned)
    floor = proven_floor(problem)
    assert floor.bytes == 30 and floor.op == 2
    assert greedy_remat(problem, 0).evaluation.peak == 30 == _lowest_peak(ops, sizes, planned)


def test_a_recomputable_activation_is_not_held_across_its_span():
    # x -> b (10) -> c (1) -> d (5) -> e (1); f reads b and e: without recomputation the
    # peak is 16 (b held across), but b can be made again, so the floor is 12 (at f).
    ops = [RematOp((0,), (1,), (1,), 2), RematOp((1,), (2,), (2,), 1),
           RematOp((2,), (3,), (3,), 1), RematOp((3,), (4,), (4,), 1),
           RematOp((1, 4), (5,), (5,), 1)]
    sizes = [0, 10, 1, 5, 1, 1]
    planned = [False, True, True, True, True, True]
    problem = RematProblem(ops, sizes, planned)
    assert evaluate(problem, {}).peak == 16
    assert proven_floor(problem).bytes == 12 == _lowest_peak(ops, sizes, planned)
    unrecomputable = [RematOp(op.reads, op.produces, op.writes, None) for op in ops]
    assert peak_floor(RematProblem(unrecomputable, sizes, planned)).bytes == 16
