"""The min-cut start of rematerialize: the cut on hand-built training blocks, and its
plans against the brute-force oracle of test_remat on small random programs."""

from __future__ import annotations

from dataclasses import replace
from unittest import mock

from hypothesis import given, settings
from hypothesis import strategies as st

import memir.planning.remat.strategies as auto
from memir.planning.remat import RematOp, RematProblem, evaluate
from memir.planning.remat.incremental import PlanState
from memir.planning.remat.mincut import BANS, boundary, cut_state, min_cut, mincut_remat
try:
    from .test_remat import (_capacity, _oracle_memory, clone_programs, programs,
                             versioned_programs)
except ImportError:
    from test_remat import (_capacity, _oracle_memory, clone_programs, programs,
                            versioned_programs)

X, W0, W1 = 0, 1, 2  # external: the image and two weights
C0, N0, R0, C1, N1, R1, LOSS = 3, 4, 5, 6, 7, 8, 9
G = [10, 11, 12, 13, 14, 15, 16]  # gradients


def _conv(reads, out, cost=50):
    return RematOp(reads, (out,), (out,), cost, flops=1000, compute_bound=True)


def _cheap(reads, out, cost=10):
    return RematOp(reads, (out,), (out,), cost)


def _two_blocks(in_place: bool = False) -> RematProblem:
    """conv, batch norm, relu twice, a loss and the backward pass, which reads each conv
    output (the batch norm's backward) and each relu output (the relu's and the next
    conv's backward), as autograd saves them. With ``in_place`` the relus are ``relu_``
    on the batch norm's output."""
    r0, r1 = (N0, N1) if in_place else (R0, R1)
    ops = [_conv((X, W0), C0), _cheap((C0,), N0),
           RematOp((N0,), (), (N0,), 5) if in_place else _cheap((N0,), R0, 5),
           _conv((r0, W1), C1), _cheap((C1,), N1),
           RematOp((N1,), (), (N1,), 5) if in_place else _cheap((N1,), R1, 5),
           RematOp((r1,), (LOSS,), (LOSS,), None),  # the loss: never recomputed
           RematOp((LOSS, r1), (G[0],), (G[0],), 5),  # relu backward
           RematOp((G[0], C1), (G[1],), (G[1],), 10),  # batch norm backward
           RematOp((G[1], r0, W1), (G[2], G[3]), (G[2], G[3]), 100),  # conv backward
           RematOp((G[2], r0), (G[4],), (G[4],), 5),
           RematOp((G[4], C0), (G[5],), (G[5],), 10),
           RematOp((G[5], X, W0), (G[6],), (G[6],), 100)]
    sizes = [16, 4, 4, 16, 16, 16, 16, 16, 16, 1] + [16] * 7
    planned = [False] * 3 + [True] * 14
    return RematProblem(ops, sizes, planned)


def test_the_cut_holds_the_conv_outputs_and_recomputes_batch_norm_and_relu():
    problem = _two_blocks()
    # The peak is the relu's backward (stage 7), which reads R1 there: the later reads
    # are the batch norms' (C0, C1) and the first conv's backward (R0).
    assert boundary(PlanState(problem)) == (7, [C0, R0, C1])
    needed = [C0, R0, C1, R1]
    stages = {b: 7 for b in needed}  # the first op of the backward pass
    assert min_cut(problem, needed, dict(stages), BANS["compute_bound"]) == {C0, C1}
    # Nothing banned: everything comes back from the image, which is always there.
    assert min_cut(problem, needed, dict(stages), BANS["none"]) == set()
    plan = cut_state(problem, BANS["compute_bound"]).plan
    assert plan == {9: [1, 2]}  # the first batch norm and relu, for the conv's backward
    memory = _oracle_memory(problem.ops, problem.sizes, problem.planned, plan)
    assert memory is not None and max(memory) < max(evaluate(problem, {}).memory)


def test_with_in_place_relus_the_batch_norm_re_runs_with_its_relu():
    problem = _two_blocks(in_place=True)
    assert boundary(PlanState(problem)) == (7, [C0, N0, C1])
    plan = cut_state(problem, BANS["compute_bound"]).plan
    assert plan == {9: [1, 2]}  # relu_ re-runs with its batch norm
    assert _oracle_memory(problem.ops, problem.sizes, problem.planned, plan) is not None


def test_the_cut_holds_one_small_value_two_needed_ones_are_made_from():
    # a (8) -> s (2) -> u (8), v (8); the backward pass reads u and v: hold s alone.
    a, s, u, v, out = 1, 2, 3, 4, 5
    ops = [RematOp((0,), (a,), (a,), None), _cheap((a,), s), _cheap((s,), u),
           _cheap((s,), v), RematOp((u, v), (out,), (out,), None),
           RematOp((out, u), (6,), (6,), 1), RematOp((6, v), (7,), (7,), 1)]
    problem = RematProblem(ops, [0, 8, 2, 8, 8, 1, 1, 1], [False] + [True] * 7)
    # a's producer cannot re-run: s is held rather than a (8 bytes) or u and v (16).
    assert min_cut(problem, [u, v], {u: 5, v: 6}, BANS["none"]) == {s}
    # s's producer banned: s is a source, still the one to hold.
    assert min_cut(problem, [u, v], {u: 5, v: 6}, lambda op: op is ops[1]) == {s}
    # u's producer banned: u is held, and s for v.
    assert min_cut(problem, [u, v], {u: 5, v: 6}, lambda op: op is ops[2]) == {u, s}


def test_a_plan_fitted_to_the_capacity_fits_and_is_valid():
    problem = _two_blocks()
    before = evaluate(problem, {}).peak
    for capacity in range(before, 0, -4):
        plan, ev = mincut_remat(problem, capacity, BANS["compute_bound"])
        memory = _oracle_memory(problem.ops, problem.sizes, problem.planned, plan)
        assert ev.valid and memory is not None
        assert max(memory) == ev.peak
        assert ev.peak <= capacity or not plan or ev.peak < before


def _with_flops(program, data):
    ops, sizes, planned = program
    ops = [replace(op, flops=data.draw(st.integers(0, 2)),
                   compute_bound=data.draw(st.booleans())) for op in ops]
    return ops, sizes, planned


@settings(max_examples=120, deadline=None)
@given(st.one_of(programs(max_ops=7), versioned_programs(), clone_programs()),
       st.floats(0.3, 1.0), st.sampled_from(sorted(BANS)), st.data())
def test_mincut_plans_are_valid_and_checked_by_the_oracle(program, fraction, ban, data):
    ops, sizes, planned = _with_flops(program, data)
    problem = RematProblem(ops, sizes, planned)
    capacity = _capacity(fraction, evaluate(problem, {}).memory)
    plan, ev = mincut_remat(problem, capacity, BANS[ban])
    memory = _oracle_memory(ops, sizes, planned, plan)
    assert ev.valid and memory is not None
    assert max(memory, default=0) == ev.peak
    assert ev.cost == sum(ops[i].cost for stage_ops in plan.values() for i in stage_ops)


@settings(max_examples=60, deadline=None)
@given(st.one_of(programs(max_ops=7), versioned_programs(), clone_programs()),
       st.floats(0.3, 1.0), st.sampled_from(["auto", "greedy"]), st.data())
def test_auto_with_the_cut_is_never_costlier_than_without(program, fraction, strategy, data):
    ops, sizes, planned = _with_flops(program, data)
    problem = RematProblem(ops, sizes, planned)
    capacity = _capacity(fraction, evaluate(problem, {}).memory)
    with_cut = auto.plan_remat(problem, capacity, strategy)
    with mock.patch.object(auto, "MINCUT_STARTS", ()):
        without = auto.plan_remat(problem, capacity, strategy)
    assert with_cut.evaluation.valid
    if without.evaluation.peak <= capacity:
        assert with_cut.evaluation.peak <= capacity
        assert with_cut.evaluation.net_cost <= without.evaluation.net_cost


def test_a_price_on_re_running_holds_what_is_dear_to_make_and_pays_each_op_once():
    a, s, u, v, out = 1, 2, 3, 4, 5
    reads = [RematOp((0,), (a,), (a,), None), _cheap((a,), s)]
    tail = [RematOp((u, v), (out,), (out,), None), RematOp((out, u), (6,), (6,), 1),
            RematOp((6, v), (7,), (7,), 1)]
    sizes, planned = [0, 8, 2, 8, 8, 1, 1, 1], [False] + [True] * 7
    apart = RematProblem(reads + [_cheap((s,), u), _cheap((s,), v)] + tail, sizes, planned)
    stages = {u: 5, v: 6}
    # Re-running both (20 ns) at 1 byte/ns and holding s (2) dearer than holding u, v (16).
    assert min_cut(apart, [u, v], dict(stages), BANS["none"], price=1.0) == {u, v}
    assert min_cut(apart, [u, v], dict(stages), BANS["none"], price=0.1) == {s}
    # One op making both (10 ns, paid once) and s: 12, cheaper than 16.
    both = RematProblem(reads + [RematOp((s,), (u, v), (u, v), 10)] + tail, sizes, planned)
    assert min_cut(both, [u, v], dict(stages), BANS["none"], price=1.0) == {s}


@settings(max_examples=80, deadline=None)
@given(st.one_of(programs(max_ops=7), versioned_programs(), clone_programs()),
       st.randoms(use_true_random=False))
def test_dropping_recomputations_on_the_state_matches_evaluate(program, rng):
    """``PlanState.trial_without`` (what ``prune`` plays): the profile and validity of the
    plan without some recomputations of a stage are those of playing it out again."""
    ops, sizes, planned = program
    problem = RematProblem(ops, sizes, planned)
    n = problem.num_ops
    plan: dict[int, list[int]] = {}
    for _ in range(6):  # a valid plan, grown at random
        if n < 2:
            return
        stage = rng.randrange(1, n)
        tried = dict(plan)
        tried[stage] = sorted({*plan.get(stage, ()), *rng.sample(range(stage), 1)})
        if evaluate(problem, tried).valid:
            plan = tried
    state = PlanState(problem, plan)
    while state.plan:
        stage = rng.choice(sorted(state.plan))
        gone = rng.sample(state.plan[stage], rng.randint(1, len(state.plan[stage])))
        rest = {t: [i for i in o if t != stage or i not in gone] for t, o in state.plan.items()}
        rest = {t: o for t, o in rest.items() if o}
        truth = evaluate(problem, rest)
        trial = state.trial_without(stage, gone)
        assert (trial is not None) == truth.valid
        if trial is None:
            gone = state.plan[stage]  # the whole stage always goes
            rest = {t: o for t, o in rest.items() if t != stage}
            trial = state.trial_without(stage, gone)
            truth = evaluate(problem, rest)
            assert (trial is not None) == truth.valid
            if trial is None:
                return  # a later stage read what this one made again
        assert trial.profile.tolist() == truth.run_memory
        state.accept(trial)
        assert state.plan == rest


def _small_excess_left_by_the_cut():
    """The cut holds what arithmetic ops make (``arithmetic`` ban), which leaves the peak
    one byte above 19: A (8 bytes, cost 4) and B (1 byte, cost 1), both read by P, are
    live across it. Per byte A is cheaper (0.5 against 1); B alone is enough."""
    # buffers: 0 x (external), 1 A, 2 B, 3 P, 4 Q, 5 R, 6 S
    ops = [RematOp((0,), (1,), (1,), 4, flops=8), RematOp((0,), (2,), (2,), 1, flops=1),
           RematOp((1, 2), (3,), (3,), 1), RematOp((3,), (4,), (4,), 1),
           RematOp((1, 4), (5,), (5,), 1), RematOp((2, 5), (6,), (6,), 1)]
    return RematProblem(ops, [0, 8, 1, 10, 1, 1, 1], [False] + [True] * 6)


def test_the_last_move_of_the_fit_is_the_cheapest_that_finishes():
    problem = _small_excess_left_by_the_cut()
    assert evaluate(problem, {}).peak == 20
    from memir.planning.budget import NO_DEADLINE
    from memir.planning.remat.descent import descend

    state, finishes = PlanState(problem), []
    descend(state, 19, 0, 1000, NO_DEADLINE, finishes=finishes)
    assert state.plan == {4: [0]}  # the greedy's move: A again before its read, cost 4
    assert finishes == [({}, 5, (1,))]  # B again before its read alone fits, cost 1
    plan, ev = mincut_remat(problem, 19, BANS["arithmetic"], 0.0)
    assert ev.peak <= 19 and ev.cost == 1 and plan == {5: [1]}


@settings(max_examples=300, deadline=None)
@given(programs(max_ops=7), st.floats(0.3, 0.95))
def test_a_finish_fits_alone_and_costs_less_than_the_move_made(program, fraction):
    from memir.planning.budget import NO_DEADLINE
    from memir.planning.remat.descent import descend

    ops, sizes, planned = program
    problem = RematProblem(ops, sizes, planned)
    capacity = _capacity(fraction, evaluate(problem, {}).memory)
    state, finishes = PlanState(problem), []
    descend(state, capacity, 0, 10_000, NO_DEADLINE, finishes=finishes)
    assert len(finishes) <= 1 and (not finishes or state.peak <= capacity)
    for before, stage, group in finishes:
        made = {(t, i) for t, o in state.plan.items() for i in o} - {
            (t, i) for t, o in before.items() for i in o}
        moved = sum(problem.ops[i].cost or 0 for _t, i in made)
        assert sum(problem.ops[i].cost or 0 for i in group) < moved
        finished = {t: list(o) for t, o in before.items()}
        finished[stage] = sorted({*finished.get(stage, ()), *group})
        ev = evaluate(problem, finished)
        assert ev.valid and ev.peak <= capacity  # played out by the oracle's own model
        assert _oracle_memory(ops, sizes, planned, finished) == ev.memory


@settings(max_examples=150, deadline=None)
@given(st.integers(2, 9).flatmap(lambda n: st.lists(
    st.tuples(st.integers(0, n + 1), st.integers(0, n + 1),
              st.one_of(st.none(), st.integers(0, 6))), max_size=4 * n)))
def test_the_flow_graph_cuts_where_networkx_does(edges):
    """OR-tools' max flow gives the source side ``networkx.minimum_cut`` gives (the nodes
    that cannot reach the sink), capacities replaced as networkx replaces them and an edge
    without one unbounded; graphs where the flow is unbounded are left out."""
    import networkx as nx

    from memir.planning.remat.mincut import SINK, SOURCE, _FlowGraph

    names = {0: SOURCE, 1: SINK}
    ours, theirs = _FlowGraph(), nx.DiGraph()
    for tail, head, capacity in edges:
        if tail == head:
            continue
        tail, head = names.get(tail, tail), names.get(head, head)
        ours.add_edge(tail, head, capacity)
        theirs.add_edge(tail, head, **({} if capacity is None else {"capacity": capacity}))
    if not (theirs.has_node(SOURCE) and theirs.has_node(SINK)):
        return
    try:
        _value, (reachable, _rest) = nx.minimum_cut(theirs, SOURCE, SINK)
    except nx.NetworkXUnbounded:
        return
    assert ours.source_side() == reachable
