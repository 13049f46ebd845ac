"""In-place ops after a copy of their input read the copy (``remat.forwarding``): which
followers qualify, and what it buys on EfficientNet's SiLU (the worked example of
filecheck_tests/rematerialize/forward_copy.mlir, on plain data). The values the rewritten
programs compute are checked on the IR (tests/passes/test_rematerialize_pass.py)."""

from __future__ import annotations

from dataclasses import replace

from memir.planning.remat import RematOp, RematProblem, evaluate, greedy_remat
from memir.planning.remat.exact import exact_remat
from memir.planning.remat.forwarding import Forward, forwardable

X, W, B, C, D, E, G, GW, H, B1 = range(10)
SIZES = [0, 0, 4096, 4096, 1024, 8192, 1024, 64, 4096, 4096]
PLANNED = [False, False] + [True] * 8


def _silu_step(clone_last_read: bool = True) -> list[RematOp]:
    """0 bn(x, w) -> b (11 ns)   1 clone(b) -> c   2 silu_(b) (6 ns)   3 conv(b, w) -> d
    4 loss(d) -> e   5 grad(e) -> g   6 conv_bwd(g, b) -> gw   7 silu_bwd(g, c) -> h
    8 sgd_(w, gw); without ``clone_last_read`` the clone is read by the loss instead."""
    return [RematOp((X, W), (B,), (B,), 11), RematOp((B,), (C,), (C,), 6, copies=True),
            RematOp((B,), (), (B,), 6), RematOp((B, W), (D,), (D,), 1300),
            RematOp((D, *(() if clone_last_read else (C,))), (E,), (E,), 1),
            RematOp((E,), (G,), (G,), 1), RematOp((G, B), (GW,), (GW,), 1300),
            RematOp((G, *((C,) if clone_last_read else ())), (H,), (H,), 8),
            RematOp((W, GW), (), (W,), None, update=True)]


def _problem(ops) -> RematProblem:
    return RematProblem(list(ops), SIZES, PLANNED)


def test_the_silu_after_a_clone_reads_the_clone():
    assert forwardable(_problem(_silu_step())) == [Forward(2, B, C)]


def test_forwarded_the_silu_is_remade_alone():
    """At 13312 bytes (17408 held across the loss) %b or %c must go. As the program is,
    %b is made again only with its producer (11 + 6 ns); the best plan re-runs the batch
    norm and the clone for the SiLU gradient instead (17 ns, less the clone's first run,
    which nothing reads any more: 11 net, proven optimal). Once the silu_ reads the clone
    and writes a buffer of its own, it is remade alone from the held clone (6 ns, proven
    optimal)."""
    ops = _silu_step()
    problem = _problem(ops)
    assert evaluate(problem, {}).peak == 17408
    as_is = greedy_remat(problem, 13312)
    assert as_is.evaluation.peak <= 13312 and as_is.evaluation.net_cost == 11
    assert as_is.plan == {7: [0, 1]}
    exact = exact_remat(problem, 13312)
    assert exact.optimal and evaluate(problem, exact.plan).net_cost == 11
    forwarded = [*ops[:2], RematOp((C,), (B1,), (B1,), 6),
                 *(replace(op, reads=tuple(B1 if b == B else b for b in op.reads))
                   for op in ops[3:])]
    problem = _problem(forwarded)
    assert evaluate(problem, {}).peak == 17408
    greedy = greedy_remat(problem, 13312)
    assert greedy.evaluation.peak <= 13312 and greedy.evaluation.net_cost == 6
    assert {i for ops_ in greedy.plan.values() for i in ops_} == {2}
    exact = exact_remat(problem, 13312)
    assert exact.optimal and evaluate(problem, exact.plan).net_cost == 6


def test_no_forward_when_the_clone_dies_first():
    """The clone read last by the loss while %b lives to the weight gradient: %c would not
    be there to remake %b from."""
    assert forwardable(_problem(_silu_step(clone_last_read=False))) == []


def test_no_forward_when_the_clone_changes_before_the_follower():
    ops = _silu_step()
    ops.insert(2, RematOp((C,), (), (C,), 1))  # an in-place write of the clone
    assert forwardable(_problem(ops)) == []


def test_no_forward_for_followers_that_may_not_re_run():
    for follower in (RematOp((B,), (), (B,), None),  # no cost
                     RematOp((B,), (), (B,), 6, pure=False),
                     RematOp((B,), (), (B,), 6, update=True),
                     RematOp((B, W), (), (B, W), 6)):  # writes the weight too
        ops = _silu_step()
        ops[2] = follower
        assert forwardable(_problem(ops)) == []


def test_no_forward_without_a_copy():
    ops = _silu_step()
    ops[1] = replace(ops[1], copies=False)
    assert forwardable(_problem(ops)) == []


def test_forwarded_only_where_the_output_is_held_over_the_capacity():
    """``crowded`` marks the ops over the capacity: %b (from the silu_ on, ops 2..6) must
    be live at one of them."""
    problem = _problem(_silu_step())
    memory = evaluate(problem, {}).memory
    assert forwardable(problem, [m > 13312 for m in memory]) == [Forward(2, B, C)]
    only_early = [t < 2 for t in range(len(memory))]
    assert forwardable(problem, only_early) == []
    assert forwardable(problem, [False] * len(memory)) == []
