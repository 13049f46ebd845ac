"""Results held for a later part (``RematOp.held_cost``): a fusing compiler writes a fused
op's result only because the backward reads it from the forward. A plan that recomputes it
in the backward spares that write (``Evaluation.saved``), and the planner looks for such a
plan even where the program fits its capacity as it is."""

from __future__ import annotations


from memir.planning.budget import NO_DEADLINE
from memir.planning.remat import (DEVICES, Access, Buffer, RematOp, RematProblem, RematProgram,
                                  Step, evaluate, plan_program)
from memir.planning.remat.incremental import PlanState
from memir.planning.remat.mincut import _pruned_keeping_held, prune, spare_held
from memir.planning.remat.stage_model import holding_ops

C, N, M, L, G0, G1, G2 = range(7)  # planned buffers; the image and weight are externals
HELD = 20


def _block(held: int = HELD) -> RematProblem:
    """A convolution (C), a fused op on it (N), a loss (never recomputed), and a backward
    (part 1) that reads N and C."""
    ops = [RematOp((7, 8), (C,), (C,), 50, flops=1000, compute_bound=True),
           RematOp((C,), (N,), (N,), 1, held_cost=held),
           RematOp((N,), (L,), (L,), None),
           RematOp((L,), (G0,), (G0,), 5, part=1),
           RematOp((G0, N), (G1,), (G1,), 5, part=1),
           RematOp((G1, C), (G2,), (G2,), 5, part=1)]
    return RematProblem(ops, [16, 16, 16, 1, 1, 16, 16, 0, 0], [True] * 7 + [False] * 2)


def test_recomputing_a_held_result_in_the_backward_spares_its_write():
    problem = _block()
    assert problem.held_paid == HELD  # the backward reads N from the forward
    ev = evaluate(problem, {4: [1]})
    assert ev.valid and ev.moved == ()  # the loss still reads the original N
    assert ev.cost == 1 and ev.net_cost == 1 - HELD
    assert ev.peak <= evaluate(problem, {}).peak
    plain = _block(held=0)
    assert plain.held_paid == 0 and evaluate(plain, {4: [1]}).net_cost == 1


def test_a_recomputation_in_the_backward_that_reads_a_held_result_pays_for_it():
    """N's reader M, recomputed in the backward from the original N, makes N held: the
    stage a recomputation runs in decides its part, not the op."""
    ops = [RematOp((7, 8), (C,), (C,), 50, flops=1000, compute_bound=True),
           RematOp((C,), (N,), (N,), 1, held_cost=HELD),
           RematOp((N,), (M,), (M,), 1, held_cost=7),
           RematOp((M,), (L,), (L,), None),
           RematOp((L,), (G0,), (G0,), 5, part=1),
           RematOp((G0, M), (G1,), (G1,), 5, part=1),
           RematOp((G1, C, N), (G2,), (G2,), 5, part=1)]
    problem = RematProblem(ops, [16, 16, 16, 1, 1, 16, 16, 0, 0], [True] * 7 + [False] * 2)
    assert problem.held_paid == HELD + 7
    ev = evaluate(problem, {5: [2]})  # M again in the backward, from the original N
    assert ev.valid and ev.net_cost == 1 - 7  # N was held already: only M's write spared
    ev = evaluate(problem, {5: [1, 2], 6: [1]})  # N again too, from C
    assert ev.valid and ev.net_cost == 3 - HELD - 7


def _program(held: int) -> RematProgram:
    """``_block`` as the program a frontend hands the planner: bytes moved, held bytes
    and parts per step."""
    def step(reads, writes, traffic, part=0, held_bytes=0, flops=None):
        accesses = tuple(Access("read", None, r - 7) if r >= 7 else Access("read", r, None)
                         for r in reads) + tuple(Access("write", w, None) for w in writes)
        return Step("op", accesses, flops, traffic, False, 0, held_bytes, part)

    size = 1 << 20  # the backward's first op, the peak, has C, N and G0 live
    buffers = tuple(Buffer(s, 64) for s in (size, size, size, 4, size, 4, 4))
    steps = (step((7, 8), (C,), 3 * size, flops=10 ** 9),
             step((C,), (N,), 0, held_bytes=held),
             step((N,), (L,), None),
             step((L,), (G0,), size, part=1),
             step((G0, N), (G1,), 2 * size, part=1),
             step((G1, C), (G2,), size, part=1))
    return RematProgram(buffers, steps, 2)


def test_a_program_that_fits_is_planned_where_a_held_result_can_be_spared():
    held = _program(held=1 << 20)
    before = plan_program(held, capacity=1 << 30, device=DEVICES["cpu"], strategy="greedy",
                          layout=False)
    assert before.planned is not None and before.planned.evaluation.net_cost < 0
    assert [(t, list(ops)) for t, ops in before.planned.plan.items() if ops] == [(4, [1])]
    assert before.planned.peak <= before.before.peak
    plain = plan_program(_program(held=0), capacity=1 << 30, device=DEVICES["cpu"],
                         strategy="greedy", layout=False)
    assert plain.planned is None  # fits as it is, and nothing held to spare


def test_a_program_without_held_results_keeps_its_cost():
    problem = _block(held=0)
    for plan in ({}, {4: [1]}, {4: [1], 5: [0]}):
        ev = evaluate(problem, plan)
        assert ev.net_cost == ev.cost - problem.cost_of(ev.moved)


def _read_early(held: int = HELD) -> RematProblem:
    """``_block`` with the backward's first op reading N too: N's original run is then
    read by the backward, and its write paid, whatever else recomputes N."""
    ops = [RematOp((7, 8), (C,), (C,), 50, flops=1000, compute_bound=True),
           RematOp((C,), (N,), (N,), 1, held_cost=held),
           RematOp((N,), (L,), (L,), None),
           RematOp((L, N), (G0,), (G0,), 5, part=1),
           RematOp((G0, N), (G1,), (G1,), 5, part=1),
           RematOp((G1, C), (G2,), (G2,), 5, part=1)]
    return RematProblem(ops, [16, 16, 16, 1, 1, 16, 16, 0, 0], [True] * 7 + [False] * 2)


def test_a_recomputation_that_spares_no_held_write_is_pruned():
    """The prune that keeps recomputations of held results drops the ones whose result's
    original the backward reads anyway: they spare nothing and cost their run."""
    problem = _read_early()
    assert holding_ops(problem, evaluate(problem, {4: [1]})) == {1}
    assert evaluate(problem, {4: [1]}).net_cost == 1  # no write spared
    keeping_all = PlanState(problem, {4: [1]})
    prune(keeping_all, 1 << 20, 0, 10_000, keep=frozenset({1}))
    assert keeping_all.plan.get(4) == [1]
    pruned = PlanState(problem, {4: [1]})
    _pruned_keeping_held(pruned, 1 << 20, 0, 10_000, NO_DEADLINE, per_byte=False)
    assert not any(pruned.plan.values())


def test_a_recomputation_that_spares_a_held_write_is_kept():
    problem = _block()
    assert holding_ops(problem, evaluate(problem, {4: [1]})) == set()
    state = PlanState(problem, {4: [1]})
    _pruned_keeping_held(state, 1 << 20, 0, 10_000, NO_DEADLINE, per_byte=False)
    assert state.plan.get(4) == [1]


def _mask(held: int = HELD) -> RematProblem:
    """A mask (M) of a result (N) the backward reads anyway, made in the forward for the
    backward: ReLU's backward mask beside the ReLU output a convolution's backward reads."""
    ops = [RematOp((7, 8), (C,), (C,), 50, flops=1000, compute_bound=True),
           RematOp((C,), (N,), (N,), 1),
           RematOp((N,), (M,), (M,), 1, held_cost=held),
           RematOp((N,), (L,), (L,), None),
           RematOp((L,), (G0,), (G0,), 5, part=1),
           RematOp((G0, M), (G1,), (G1,), 5, part=1),
           RematOp((G1, N), (G2,), (G2,), 5, part=1)]
    return RematProblem(ops, [16, 16, 4, 1, 1, 16, 16, 0, 0], [True] * 7 + [False] * 2)


def test_a_held_mask_of_a_result_the_backward_reads_anyway_is_recomputed_there():
    """Neither a cut nor a prune adds this recomputation; ``spare_held`` does, at the mask's
    first reader in the backward: M then runs there only, and its write is spared."""
    problem = _mask()
    state = PlanState(problem, {})
    spare_held(state, 1 << 20, 0, 10_000, NO_DEADLINE)
    assert state.plan == {5: [2]}
    found = evaluate(problem, state.plan)
    assert found.moved == (2,) and found.net_cost == -HELD  # M moves to the backward


def test_a_held_op_is_left_where_its_recomputation_would_cost_more_or_keep_an_operand():
    """Recomputing M from N in the backward would keep N for it where the backward does
    not read N otherwise; and a held write no dearer than M's run spares nothing."""
    unread = _mask()
    unread.ops[6] = RematOp((G1,), (G2,), (G2,), 5, part=1)  # the backward no longer reads N
    unread = RematProblem(unread.ops, [16, 16, 4, 1, 1, 16, 16, 0, 0], [True] * 7 + [False] * 2)
    for problem in (unread, _mask(held=1)):
        state = PlanState(problem, {})
        spare_held(state, 1 << 20, 0, 10_000, NO_DEADLINE)
        assert state.plan == {}


def test_a_held_op_read_later_only_by_a_recomputation_is_left():
    """M's only reader in the program is K, in the forward; the plan recomputes K in the
    backward from M's original, so the plan pays M's write, yet M has no backward reader
    of its own to be recomputed at."""
    K, L2, H0, H1, H2 = range(3, 8)
    ops = [RematOp((8, 9), (C,), (C,), 50, flops=1000, compute_bound=True),
           RematOp((C,), (N,), (N,), 1),
           RematOp((N,), (M,), (M,), 1, held_cost=HELD),
           RematOp((M,), (K,), (K,), 1),
           RematOp((N,), (L2,), (L2,), None),
           RematOp((L2,), (H0,), (H0,), 5, part=1),
           RematOp((H0, K), (H1,), (H1,), 5, part=1),
           RematOp((H1, N), (H2,), (H2,), 5, part=1)]
    problem = RematProblem(ops, [16, 16, 16, 16, 1, 1, 16, 16, 0, 0], [True] * 8 + [False] * 2)
    state = PlanState(problem, {6: [3]})
    assert holding_ops(problem, evaluate(problem, state.plan)) == {2}
    spare_held(state, 1 << 20, 0, 10_000, NO_DEADLINE)
    assert state.plan == {6: [3]}
