"""An elementwise op writes its result over an operand that dies there (``remat.in_place_reuse``):
which ops qualify, and what it does to the floor of filecheck_tests/rematerialize/
reuse_floor.mlir's step, on plain data. The pass's rewrite, a returned operand and the
values are checked in tests/passes/test_rematerialize_pass.py."""

from __future__ import annotations

from dataclasses import replace

from memir.planning.remat import RematOp, RematProblem
from memir.planning.remat.strategies import proven_floor
from memir.planning.remat.peak_floor import peak_floor
from memir.planning.remat.in_place_reuse import reusable

IDS, W, G1, G2, SUM = range(5)
SIZES = [0, 0, 4096, 4096, 4096]
PLANNED = [False, False, True, True, True]


def _step() -> list[RematOp]:
    """0 mm(ids, w) -> g1   1 embedding_backward(g1, ids) -> g2   2 add(g1, g2) -> sum
    3 adam_(w, sum)"""
    return [RematOp((IDS, W), (G1,), (G1,), 5), RematOp((G1, IDS), (G2,), (G2,), 6),
            RematOp((G1, G2), (SUM,), (SUM,), 8, elementwise=True),
            RematOp((W, SUM), (), (W,), None, update=True)]


def test_the_sum_may_take_either_dying_operand():
    problem = RematProblem(_step(), SIZES, PLANNED)
    assert proven_floor(problem).bytes == 12288 and proven_floor(problem).op == 2
    assert reusable(problem, 2) == [(G1, SUM), (G2, SUM)]
    ops = _step()  # what the pass makes of it: the add writes g1, adam_ reads it
    ops[2] = RematOp((G1, G2), (), (G1,), 8, elementwise=True)
    ops[3] = RematOp((W, G1), (), (W,), None, update=True)
    reused = RematProblem(ops, SIZES, PLANNED)
    assert peak_floor(reused).bytes == 8192 and peak_floor(reused).op == 1


def test_an_operand_read_later_is_kept():
    ops = _step()
    ops[3] = RematOp((W, SUM, G1), (), (W,), None, update=True)
    assert reusable(RematProblem(ops, SIZES, PLANNED), 2) == [(G2, SUM)]
    ops[3] = RematOp((W, SUM, G1, G2), (), (W,), None, update=True)
    assert reusable(RematProblem(ops, SIZES, PLANNED), 2) == []


def test_only_elementwise_ops_of_one_result_over_a_made_operand_of_its_size():
    ops = _step()
    ops[2] = replace(ops[2], elementwise=False)
    assert reusable(RematProblem(ops, SIZES, PLANNED), 2) == []
    assert reusable(RematProblem(_step(), [0, 0, 2048, 2048, 4096], PLANNED), 2) == []
    ops = _step()  # the operands are arguments: nothing made them here
    ops[2] = replace(ops[2], reads=(IDS, W))
    assert reusable(RematProblem(ops, SIZES, PLANNED), 2) == []
    ops = _step()  # writes an argument too
    ops[2] = replace(ops[2], writes=(SUM, W))
    assert reusable(RematProblem(ops, SIZES, PLANNED), 2) == []
