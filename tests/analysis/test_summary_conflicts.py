"""Layout with conflicts decided from stream-safety summaries (``SummaryConflicts``) gives
exactly what the explicit conflict sets give: the same greedy plans, the same auto plan,
the same bound, the same checker verdicts; larger problems get a greedy clique bound that
is a real clique. Random multi-stream graphs from tests/analysis."""

from __future__ import annotations

import itertools
import random

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from memir.analysis.stream_safety import analyze
from memir.planning.layout import compiled as compiled_loops
from memir.planning.layout import lower_bound as bounds
from memir.analysis.summary_conflicts import SummaryConflicts, conflict_sets, safe_intervals
from memir.planning.layout.heuristics import ALGORITHMS, FITS, SORTS, Prepared, run
from memir.planning.layout.portfolio import assign_layout
from memir.planning.layout.obstacles import neighbour_csr
from memir.model.layout import Buffer, Plan, Problem
from memir.verify.overlap import check_plan

from ._graphs import random_dag, small_graphs


def problem_pair(graph, seed: int = 0, align: bool = False) -> tuple[Problem, Problem]:
    """The same buffers with conflict sets and with summary conflicts."""
    result = analyze(graph, decide_pairs=False)
    rng = random.Random(seed)
    buffers = []
    for t, tensor in enumerate(graph.tensors):
        steps = set(tensor.consumers) | ({tensor.producer} - {None})
        lower, upper = (min(steps), max(steps) + 1) if steps else (0, 1)
        size = rng.choice((0, 8, 64, 100, 1000)) if rng.random() < 0.9 else 4096
        buffers.append(Buffer(size, lower, upper, rng.choice((1, 8)) if align else 1))
    sets = conflict_sets(result.starts, result.ends)
    return (Problem(list(buffers), sets),
            Problem(list(buffers), SummaryConflicts(result.starts, result.ends)))


@settings(max_examples=80, deadline=None)
@given(small_graphs(max_ops=10), st.integers(0, 1000), st.booleans())
def test_greedy_plans_and_bounds_are_identical(graph, seed, align):
    listed, decided = problem_pair(graph, seed, align)
    assert decided.conflicts.to_sets() == listed.conflicts
    assert decided.adjacency() == listed.adjacency()
    a, b = Prepared.of(listed), Prepared.of(decided)
    assert a.degrees().tolist() == b.degrees().tolist()
    for alg, sort, fit in itertools.product(ALGORITHMS, SORTS, FITS):
        assert run(a, alg, sort, fit).tolist() == run(b, alg, sort, fit).tolist(), (alg, sort)
    assert bounds.lower_bound(listed) == bounds.lower_bound(decided)
    p, q = assign_layout(listed), assign_layout(decided)
    assert (p.offsets, p.arena, p.strategy, p.lower_bound, p.status) == \
        (q.offsets, q.arena, q.strategy, q.lower_bound, q.status)
    assert check_plan(decided, q) == []


@settings(max_examples=30, deadline=None)
@given(st.integers(0, 2**32 - 1), st.integers(30, 120), st.integers(2, 6), st.integers(0, 20))
def test_larger_dags_same_plans(seed, num_ops, streams, events):
    listed, decided = problem_pair(random_dag(seed, num_ops, streams, events), seed)
    for alg, sort in (("single", "size"), ("many", "size"), ("single", "conflicts")):
        assert run(Prepared.of(listed), alg, sort, "best").tolist() == \
            run(Prepared.of(decided), alg, sort, "best").tolist()


@settings(max_examples=150, deadline=None)
@given(small_graphs(max_ops=10), st.integers(0, 1000), st.data())
def test_checker_verdicts_are_identical(graph, seed, data):
    listed, decided = problem_pair(graph, seed)
    n = len(listed.buffers)
    offsets = data.draw(st.lists(st.sampled_from([0, 8, 50, 64, 1000]), min_size=n,
                                 max_size=n))
    plan = Plan(offsets, Plan.arena_of(listed, offsets))
    assert check_plan(listed, plan) == check_plan(decided, plan)


def brute_max_clique(problem: Problem) -> int:
    n = len(problem.buffers)
    best = max((b.size for b in problem.buffers), default=0)
    for k in range(2, n + 1):
        found = False
        for subset in itertools.combinations(range(n), k):
            if all(problem.conflict(i, j) for i, j in itertools.combinations(subset, 2)):
                best = max(best, sum(problem.buffers[i].size for i in subset))
                found = True
        if not found:
            break
    return best


@settings(max_examples=150, deadline=None)
@given(small_graphs(max_ops=6), st.integers(0, 1000))
def test_grown_clique_on_large_problems_is_a_clique(graph, seed):
    listed, decided = problem_pair(graph, seed)
    saved = bounds.SMALL_SUMMARY
    bounds.SMALL_SUMMARY = 0  # take the large-problem path on a small problem
    try:
        weight, exact, members = bounds.heaviest_clique(decided)
    finally:
        bounds.SMALL_SUMMARY = saved
    assert not exact or not listed.buffers
    assert all(listed.conflict(i, j) for i, j in itertools.combinations(members, 2))
    assert weight == sum(listed.buffers[i].size for i in members)
    if len(listed.buffers) <= 12:
        assert weight <= brute_max_clique(listed)


@pytest.mark.parametrize("seed,streams", [(1, 2), (2, 4), (3, 16)])
def test_the_compiled_fit_places_as_the_conflict_sets_do(seed, streams):
    """numba's loop over the placed buffers (``compiled.fit_summaries``: the summaries'
    conflict test and the fit in one pass) gives every single-object plan the explicit
    conflict sets give, on a larger graph (some buffers aligned)."""
    pytest.importorskip("numba")
    listed, decided = problem_pair(random_dag(seed, 300, streams, 12), seed, align=True)
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(compiled_loops, "COMPILED_FROM", 0)
        fast = Prepared.of(decided)
        for sort, fit in itertools.product(SORTS, FITS):
            assert run(fast, "single", sort, fit).tolist() == \
                run(Prepared.of(listed), "single", sort, fit).tolist(), (sort, fit)


@pytest.mark.parametrize("seed,streams", [(1, 2), (2, 4), (3, 16)])
def test_the_compiled_clique_grows_as_numpy_grows_it(seed, streams):
    """numba's clique growth (``compiled.grow_clique``) takes the members numpy's rows
    take, seeded by each busiest instant and unseeded, some buffers of no weight."""
    pytest.importorskip("numba")
    _, decided = problem_pair(random_dag(seed, 300, streams, 12), seed)
    conflicts = decided.conflicts
    weight = np.array([b.size for b in decided.buffers], dtype=np.int64)
    weight[::17] = 0
    seeds = bounds._busiest_instants(decided, bounds.SEEDS) + [np.zeros(len(weight), bool)]
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(compiled_loops, "COMPILED_FROM", 10**9)
        slow = [bounds._grow(conflicts, weight, seed_mask) for seed_mask in seeds]
        patch.setattr(compiled_loops, "COMPILED_FROM", 0)
        fast = [bounds._grow(conflicts, weight, seed_mask) for seed_mask in seeds]
    assert fast == slow and all(len(clique) > 1 for clique in slow)


def test_row_queries_match_the_pair_list_with_wide_and_dead_buffers():
    rng = np.random.default_rng(3)
    graph = random_dag(7, 200, 5, 12)
    result = analyze(graph, decide_pairs=False)
    decided = SummaryConflicts(result.starts, result.ends)
    assert decided.to_sets() == conflict_sets(result.starts, result.ends)
    for i, j in rng.integers(0, len(decided), (200, 2)).tolist():
        assert decided.conflict(i, j) == (j in decided[i])
    assert decided.subset([3, 1]).to_sets() == [
        {1} if decided.conflict(3, 1) else set(), {0} if decided.conflict(3, 1) else set()]


def test_rows_among_a_subset_in_any_order_match_the_whole_rows():
    """``row_among`` (what the layout's obstacle index asks for its placed buffers only)
    decides the same pairs as ``row``, for a subset given in any order."""
    rng = np.random.default_rng(5)
    graph = random_dag(11, 300, 4, 20)
    result = analyze(graph, decide_pairs=False)
    decided = SummaryConflicts(result.starts, result.ends)
    for i in rng.integers(0, len(decided), 40).tolist():
        subset = rng.permutation(len(decided))[: rng.integers(1, len(decided))]
        among = decided.row_among(i, np.ascontiguousarray(decided.start[subset].T),
                                  np.ascontiguousarray(decided.end[subset].T))
        whole = decided.row(i)[subset]
        assert (among & (subset != i)).tolist() == whole.tolist()


def test_summary_conflicts_are_never_listed_as_csr():
    decided = SummaryConflicts([[-1], [0]], [[0], [1]])
    with pytest.raises(TypeError):
        neighbour_csr(Problem([Buffer(1), Buffer(1)], decided))
    assert decided.to_sets() == [set(), set()]  # the second follows the first
    with pytest.raises(ValueError, match="shapes"):
        SummaryConflicts([[0]], [[0, 1]])


@settings(max_examples=40, deadline=None)
@given(small_graphs(max_ops=10), st.integers(0, 1000), st.sampled_from(ALGORITHMS))
def test_a_run_past_its_deadline_stays_valid(graph, seed, algorithm):
    from memir.planning.budget import Deadline

    listed, decided = problem_pair(graph, seed, align=True)
    expired = Deadline(at=0.0)  # long past: every block is stacked
    offsets = run(Prepared.of(decided), algorithm, "size", "best", deadline=expired)
    plan = Plan(offsets.tolist(), Plan.arena_of(decided, offsets.tolist()))
    assert check_plan(listed, plan) == []


@settings(max_examples=80, deadline=None)
@given(small_graphs(max_ops=12))
def test_safe_intervals_cover_every_conflict(graph):
    """Two tensors the streams may hold together overlap in their safe intervals (the
    intervals a multi-stream program is written as a MiniMalloc trace with), each covers
    its tensor's own uses, and tensors never used conflict with nothing."""
    result = analyze(graph, decide_pairs=False)
    streams = [node.stream for node in graph.nodes]
    lower, upper = safe_intervals(result.starts, result.ends, streams)
    sets = conflict_sets(result.starts, result.ends)
    for a, neighbours in enumerate(sets):
        assert lower[a] < upper[a]
        for b in neighbours:
            assert lower[a] < upper[b] and lower[b] < upper[a], (a, b)
    for t, tensor in enumerate(graph.tensors):
        steps = set(tensor.consumers) | ({tensor.producer} - {None})
        if steps:
            assert lower[t] <= min(steps) and max(steps) < upper[t]


def test_safe_intervals_of_two_streams():
    """A two-stream example worked by hand: op 0 (stream 0) makes x, op 1 (stream 1) reads
    it and makes y, op 2 (stream 0, no dependence on op 1) makes z. z's producer has only
    op 0 as an ancestor, so z may run beside op 1: z starts at step 1, overlapping y."""
    from memir.analysis.graph import Graph

    graph = Graph()
    for name in "xyz":
        graph.add_tensor(name, 8)
    graph.add_node("a", "k", [], [0], 0)
    graph.add_node("b", "k", [0], [1], 1)
    graph.add_node("c", "k", [0], [2], 0)
    result = analyze(graph, decide_pairs=False)
    lower, upper = safe_intervals(result.starts, result.ends, [0, 1, 0])
    assert lower.tolist() == [0, 1, 1] and upper.tolist() == [3, 2, 3]
