"""A clone made just before an in-place op overwrites its source is removed and the op
writes apart (``remat.forwarding``): which clones qualify, that the rewrite keeps every
value and holds no more memory anywhere (on random steps, against a replay written here),
and what it buys on EfficientNet's SiLU (the worked example of
filecheck_tests/rematerialize/forward_copy.mlir, on plain data). The pass's own rewrite
of the IR is checked in tests/passes/test_rematerialize_pass.py."""

from __future__ import annotations

from dataclasses import replace

from hypothesis import given, settings
from hypothesis import strategies as st

from memir.planning.remat import RematOp, RematProblem, evaluate, greedy_remat
from memir.planning.remat.exact_stages import exact_remat
from memir.planning.remat.forwarding import Forward, forwardable

X, W, B, C, D, E, G, GW, H = range(9)
SIZES = [0, 0, 4096, 4096, 1024, 8192, 1024, 64, 4096]
PLANNED = [False, False] + [True] * 7


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


def _forwarded(ops, sizes, planned, forwards):
    """The program ``forwards`` make, written here apart from the pass: per forward (in
    order), the ops after the follower use a new buffer for the source, which the follower
    writes; the clone's readers read the source; the clone goes. Returns the ops (with
    their indices in ``ops``), sizes and planned flags."""
    ops, sizes, planned = list(ops), list(sizes), list(planned)
    now: dict[int, int] = {}
    gone = set()

    def renamed(op: RematOp, old: int, new: int) -> RematOp:
        def sub(bs):
            return tuple(new if b == old else b for b in bs)
        return replace(op, reads=sub(op.reads), produces=sub(op.produces), writes=sub(op.writes))

    for f in forwards:
        source, copy = now.get(f.buffer, f.buffer), now.get(f.copy, f.copy)
        fresh = len(sizes)
        sizes.append(sizes[source])
        planned.append(True)
        for t in range(f.follower + 1, len(ops)):
            ops[t] = renamed(ops[t], source, fresh)
        ops[f.follower] = replace(ops[f.follower], produces=(fresh,), writes=(fresh,))
        ops = [renamed(op, copy, source) for op in ops]
        gone.add(f.clone)
        now[f.buffer], now[f.copy] = fresh, source
    kept = [t for t in range(len(ops)) if t not in gone]
    return [ops[t] for t in kept], kept, sizes, planned


def _reads(ops, indices, copies) -> dict[int, tuple]:
    """Per op (by ``indices``), the values it reads: each op writes a hash of its index and
    reads into what it writes, a copy what it read."""
    content: dict[int, object] = {}
    seen = {}
    for j, op in zip(indices, ops):
        read = tuple(content.get(b, ("arg", b)) for b in op.reads)
        if j in copies:
            content[op.produces[0]] = read[0]
            continue
        seen[j] = read
        for k, b in enumerate(op.writes):
            content[b] = hash((j, read, k))
    return seen


@st.composite
def steps_with_clones(draw):
    """A forward chain (each op reads the previous activation and the weight); after some
    activations an in-place op, some with autograd's clone of the activation first (the
    clone, at times, written in place or read before the in-place op); a loss; backward
    ops in reverse, each reading the gradient, its activation and maybe the clone."""
    sizes, planned = [0], [False]
    ops: list[RematOp] = []

    def buffer(size) -> int:
        sizes.append(size)
        planned.append(True)
        return len(sizes) - 1

    acts, saved = [], {}
    previous = 0
    for k in range(draw(st.integers(1, 5))):
        size = draw(st.integers(1, 9))
        out = buffer(size)
        ops.append(RematOp((previous, 0), (out,), (out,), draw(st.integers(1, 9))))
        acts.append(out)
        previous = out
        if draw(st.booleans()):
            if draw(st.integers(0, 3)) > 0:
                copy = buffer(draw(st.sampled_from([size, size, size, size + 1])))
                ops.append(RematOp((out,), (copy,), (copy,), 1, copies=True))
                saved[k] = copy
                if draw(st.integers(0, 3)) == 0:
                    ops.append(RematOp((copy,), (), (copy,), 1))  # the clone changes
                if draw(st.integers(0, 3)) == 0:
                    side = buffer(1)
                    ops.append(RematOp((out,), (side,), (side,), 1))
            follower_cost = draw(st.sampled_from([1, 2, 2, None]))
            ops.append(RematOp((out,), (), (out,), follower_cost))
    grad = buffer(draw(st.integers(1, 9)))
    ops.append(RematOp((previous,), (grad,), (grad,), 1))
    for k in reversed(range(len(acts))):
        reads = [grad, acts[k]]
        if k in saved and draw(st.integers(0, 3)) > 0:
            reads.append(saved[k])
        new = buffer(draw(st.integers(1, 9)))
        ops.append(RematOp(tuple(reads), (new,), (new,), 1))
        grad = new
    return ops, sizes, planned


@settings(max_examples=200, deadline=None)
@given(steps_with_clones())
def test_forwarding_keeps_every_value_and_holds_no_more(step):
    ops, sizes, planned = step
    problem = RematProblem(ops, sizes, planned)
    forwards = forwardable(problem)
    copies = {f.clone for f in forwards}
    new_ops, kept, new_sizes, new_planned = _forwarded(ops, sizes, planned, forwards)
    before = _reads(ops, range(len(ops)), {t for t, op in enumerate(ops) if op.copies})
    after = _reads(new_ops, kept, {t for t in kept if ops[t].copies})
    assert {j: r for j, r in before.items() if j not in copies} == after
    memory = evaluate(problem, {}).memory
    new_memory = evaluate(RematProblem(new_ops, new_sizes, new_planned), {}).memory
    assert all(new <= memory[t] for t, new in zip(kept, new_memory))
    for f in forwards:
        assert ops[f.clone].copies and f.clone < f.follower
        assert problem.ops[f.follower].writes == (f.buffer,)


def test_the_silu_after_a_clone_goes():
    assert forwardable(RematProblem(_silu_step(), SIZES, PLANNED)) == [Forward(1, 2, B, C)]


def test_forwarded_the_silu_is_remade_alone():
    """At 13312 bytes (17408 held across the loss) %b or %c must go. As the program is,
    %b is made again only with its producer (11 + 6 ns); the best plan re-runs the batch
    norm and the clone for the SiLU gradient instead (17 ns, less the clone's first run,
    which nothing reads any more: 11 net, proven optimal). Without the clone, the silu_
    writing a buffer of its own is remade alone from the held batch norm output (6 ns,
    proven optimal), and the clone's 6 ns are not spent at all."""
    problem = RematProblem(_silu_step(), SIZES, PLANNED)
    assert evaluate(problem, {}).peak == 17408
    as_is = greedy_remat(problem, 13312)
    assert as_is.evaluation.peak <= 13312 and as_is.evaluation.net_cost == 11
    assert as_is.plan == {7: [0, 1]}
    exact = exact_remat(problem, 13312)
    assert exact.optimal and evaluate(problem, exact.plan).net_cost == 11
    ops, kept, sizes, planned = _forwarded(_silu_step(), SIZES, PLANNED,
                                           forwardable(problem))
    assert kept == [0, 2, 3, 4, 5, 6, 7, 8]
    problem = RematProblem(ops, sizes, planned)
    assert evaluate(problem, {}).peak == 17408
    greedy = greedy_remat(problem, 13312)
    assert greedy.evaluation.peak <= 13312 and greedy.evaluation.net_cost == 6
    assert greedy.plan == {5: [1]}  # the silu_, before the weight gradient
    exact = exact_remat(problem, 13312)
    assert exact.optimal and evaluate(problem, exact.plan).net_cost == 6


def test_the_clone_may_die_first():
    """Read last by the loss while %b lives to the weight gradient: still the same value,
    and %b now lives as long as the clone did."""
    problem = RematProblem(_silu_step(clone_last_read=False), SIZES, PLANNED)
    assert forwardable(problem) == [Forward(1, 2, B, C)]


def test_no_forward_when_the_clone_changes_before_the_follower():
    ops = _silu_step()
    ops.insert(2, RematOp((C,), (), (C,), 1))  # an in-place write of the clone
    assert forwardable(RematProblem(ops, SIZES, PLANNED)) == []


def test_no_forward_for_followers_that_may_not_re_run():
    for follower in (RematOp((B,), (), (B,), None),  # no cost
                     RematOp((B,), (), (B,), 6, pure=False),
                     RematOp((B,), (), (B,), 6, update=True),
                     RematOp((B, W), (), (B, W), 6)):  # writes the weight too
        ops = _silu_step()
        ops[2] = follower
        assert forwardable(RematProblem(ops, SIZES, PLANNED)) == []


def test_no_forward_without_a_copy_of_the_same_size():
    ops = _silu_step()
    ops[1] = replace(ops[1], copies=False)
    assert forwardable(RematProblem(ops, SIZES, PLANNED)) == []
    assert forwardable(RematProblem(_silu_step(), [*SIZES[:C], 2048, *SIZES[C + 1:]],
                                    PLANNED)) == []
