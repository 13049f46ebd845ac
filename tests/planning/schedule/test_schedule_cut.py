"""The min-cut lower bound (bound.CutBounds) and the feeder-extended update moves, against
brute force: every topological order is enumerated with plain loops, sharing no code
with memir.planning.schedule."""

from __future__ import annotations

from itertools import permutations

from hypothesis import given, settings

from memir.planning.schedule import ScheduleProblem, lower_bound, schedule, schedule_updates
from memir.planning.schedule.strategies import cut_bound
from memir.planning.schedule.order_bound import CutBounds, cut_lower_bound
from memir.planning.schedule.order_model import OrderGraph
from memir.planning.schedule.update_placement import update_ops, with_feeders

try:
    from .schedule_problems import problems as _problems
except ImportError:
    from schedule_problems import problems as _problems


def orders(problem: ScheduleProblem):
    n = len(problem.uses)
    for order in permutations(range(n)):
        where = {op: i for i, op in enumerate(order)}
        if all(where[a] < where[b] for a, b in problem.deps if a != b):
            yield list(order)


def live_at(problem: ScheduleProblem, order: list[int], t: int) -> int:
    live = 0
    for b, size in enumerate(problem.sizes):
        steps = [i for i, op in enumerate(order) if b in problem.uses[op]]
        if steps and steps[0] <= t <= steps[-1]:
            live += size
    return live


def peak(problem: ScheduleProblem, order: list[int]) -> int:
    return max((live_at(problem, order, t) for t in range(len(order))), default=0)


def problems(max_ops: int = 7, max_buffers: int = 7):
    return _problems(max_ops, max_buffers, kind="aten.mm")


@settings(max_examples=200, deadline=None)
@given(problems())
def test_cut_is_the_least_live_bytes_at_each_op(problem):
    graph = OrderGraph(problem)
    cuts = CutBounds(graph)
    every = list(orders(problem))
    for v in range(graph.n):
        least = min(live_at(problem, o, o.index(v)) for o in every)
        value, before = cuts.cut_side(v)
        assert value == least
        assert value >= int(cuts.base[v])
        # the side the cut returns is a set of ops an order can run before v, reaching it
        rest = [u for u in range(graph.n) if u not in before and u != v]
        order = before + [v] + rest
        assert order in every or all(  # before/rest keep the input (topological) order
            order.index(a) < order.index(b) for a, b in problem.deps if a != b)
        assert live_at(problem, order, len(before)) == value


@settings(max_examples=150, deadline=None)
@given(problems())
def test_cut_bound_sits_between_reachability_and_the_optimum(problem):
    best = min(peak(problem, o) for o in orders(problem))
    graph = OrderGraph(problem)
    assert lower_bound(graph) <= cut_lower_bound(graph) <= best
    keep = list(range(graph.n))
    raised, work = cut_bound(graph, keep, 0, budget=10**6)
    assert raised <= best and work >= 0
    result = schedule(problem, "auto")
    assert result.lower_bound <= best <= result.peak_after <= result.peak_before
    assert (result.status == "optimal") == (result.peak_after == result.lower_bound)


def either_or(layers: int, act: int, temp: int) -> ScheduleProblem:
    """A GPT-2 GELU backward in small: per layer a forward op f_i makes an activation x_i
    that a pow p_i re-reads in the backward (p_i -> m_i -> g_i). p_i may run before the
    loss (its temporary t_i then lives across it) or after (then x_i does); reachability
    sees neither, the cut sees one of the two."""
    sizes, uses, deps = [], [], []
    loss_buf = 0
    sizes.append(1000)  # the loss's big buffer: the peak is at the loss
    f_ops, p_ops = [], []
    for i in range(layers):
        x, t = len(sizes), len(sizes) + 1
        sizes += [act, temp]
        f_ops.append(len(uses))
        uses.append([x])
        p_ops.append(len(uses))
        uses.append([x, t])
    loss = len(uses)
    uses.append([loss_buf])
    for i in range(layers):
        g = len(uses)
        uses.append([uses[p_ops[i]][1]])  # g_i reads t_i
        deps += [(f_ops[i], p_ops[i]), (p_ops[i], g), (f_ops[i], loss), (loss, g)]
    return ScheduleProblem(sizes, uses, deps, ["aten.mm"] * len(uses))


def test_the_cut_proves_what_reachability_cannot():
    problem = either_or(layers=2, act=7, temp=5)
    graph = OrderGraph(problem)
    best = min(peak(problem, o) for o in orders(problem))
    assert lower_bound(graph) == 1000
    assert cut_lower_bound(graph) == best == 1000 + 2 * 5
    result = schedule(problem, "auto")
    assert result.peak_after == best and result.status == "optimal"


def test_feeders_join_the_weight_gradient_to_its_update():
    # f (activation a) -> loss -> b (grad flows on) ; w: weight gradient from a and the
    # grad, read only by the update u (sqrt temp s, addcdiv_) and by a transpose sink.
    sizes = [10, 1, 4, 20, 1]
    a, loss, d, g, s = range(5)
    uses = [[a], [a, loss], [loss, d], [d, a, g], [g], [s], [g, s], [d]]
    deps = [(0, 1), (1, 2), (2, 3), (3, 4), (3, 6), (5, 6), (2, 7)]
    kinds = ["aten.mm", "aten.loss", "aten.mm", "aten.mm", "aten.t", "aten.sqrt",
             "aten.addcdiv_", "aten.mm"]
    problem = ScheduleProblem(sizes, uses, deps, kinds)
    graph = OrderGraph(problem)
    flags = update_ops(graph)
    assert flags == [False, False, False, False, False, True, True, False]
    assert with_feeders(graph, flags) == [False, False, False, True, True, True, True, False]


@settings(max_examples=100, deadline=None)
@given(problems(max_ops=8))
def test_feeder_moves_never_raise_the_peak(problem):
    problem.kinds = [k for k in ("aten.mm", "aten.sqrt", "aten.addcdiv_", "aten.t") * 2][
        :len(problem.uses)]
    graph = OrderGraph(problem)
    keep = list(range(graph.n))
    moved, _ = schedule_updates(graph, keep, feeders=True)
    assert sorted(moved) == keep
    where = {op: i for i, op in enumerate(moved)}
    assert all(where[a] < where[b] for a, b in problem.deps if a != b)
    assert peak(problem, moved) <= peak(problem, keep)
