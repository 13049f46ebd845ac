"""Stream safety ([Multi-stream reuse] §3): the three algorithms, their summaries and the conflict
sets against brute force (every interleaving) and against Theorem 1 (reachability)."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from memir.analysis.graph import Graph
from memir.analysis.precedence import build_precedence
from memir.analysis.stream_graph import ancestor_streams
from memir.analysis.stream_safety import (
    ALGORITHMS,
    BufferSummary,
    GraphError,
    analyze,
    conflicts_from_summaries,
)
from memir.analysis.summary_conflicts import SummaryConflicts

from ._graphs import figure2, random_dag, small_graphs
from ._oracles import has_cycle, interleaving_unsafe, on_a_cycle, reachability_unsafe


def as_matrix(conflicts: list[set[int]]) -> np.ndarray:
    m = np.zeros((len(conflicts), len(conflicts)), dtype=bool)
    for i, c in enumerate(conflicts):
        m[i, sorted(c)] = True
    return m


def describe(graph: Graph, got: np.ndarray, expected: np.ndarray) -> str:
    name = [t.name for t in graph.tensors]
    extra = [(name[a], name[b]) for a, b in zip(*np.nonzero(np.triu(got & ~expected)))]
    missing = [(name[a], name[b]) for a, b in zip(*np.nonzero(np.triu(expected & ~got)))]
    return f"unsafe but should be safe: {extra}; safe but should be unsafe: {missing}"


def check_against(graph: Graph, expected: np.ndarray) -> None:
    """All algorithms, their summaries, and conflicts_from_summaries give ``expected``."""
    summaries = None
    for algorithm in ALGORITHMS:
        result = analyze(graph, algorithm)
        got = result.decisions.unsafe_matrix()
        assert np.array_equal(got, expected), f"{algorithm}: {describe(graph, got, expected)}"
        if summaries is None:
            summaries = result.summaries
        else:
            assert result.summaries == summaries, algorithm
        pairs = list(result.unsafe_pairs())
        assert pairs == sorted(pairs) and all(a < b for a, b in pairs)
        assert len(pairs) == int(np.triu(expected).sum())
    got = as_matrix(conflicts_from_summaries(summaries))
    assert np.array_equal(got, expected), f"summaries: {describe(graph, got, expected)}"
    decided = SummaryConflicts.of_summaries(summaries)  # rows decided, no pair list
    got = np.array([decided.row(i) for i in range(len(summaries))], dtype=bool)
    got = got.reshape(expected.shape)
    assert np.array_equal(got, expected), f"rows: {describe(graph, got, expected)}"
    assert decided.degrees().tolist() == expected.sum(axis=1).tolist()
    upper = zip(*np.nonzero(np.triu(expected)))
    assert list(decided.pairs()) == [(int(a), int(b)) for a, b in upper]
    assert [BufferSummary.from_lists(*s.to_lists()) for s in summaries] == summaries


@settings(max_examples=900)
@given(small_graphs())
def test_all_algorithms_match_every_interleaving(graph):
    expected = interleaving_unsafe(graph)
    check_against(graph, expected)
    summaries = graph_summaries(graph)
    pairwise = np.array([[a.conflicts_with(b) for b in summaries] for a in summaries],
                        dtype=bool).reshape(len(summaries), len(summaries))
    np.fill_diagonal(pairwise, False)
    assert np.array_equal(pairwise, expected)
    lazy = analyze(graph, decide_pairs=False)
    assert lazy.decisions is None
    assert list(lazy.unsafe_pairs()) == list(analyze(graph).unsafe_pairs())


def graph_summaries(graph: Graph) -> list[BufferSummary]:
    return analyze(graph, decide_pairs=False).summaries


@settings(max_examples=120)
@given(st.integers(0, 2**32 - 1), st.integers(100, 300), st.integers(1, 6), st.integers(0, 40))
def test_all_algorithms_match_reachability_on_larger_dags(seed, num_ops, streams, events):
    graph = random_dag(seed, num_ops, streams, events)
    check_against(graph, reachability_unsafe(graph))


@settings(max_examples=400)
@given(small_graphs(max_ops=12, max_streams=1))
def test_one_stream_is_lifetime_interval_overlap(graph):
    interval = {}
    for t, tensor in enumerate(graph.tensors):
        steps = set(tensor.consumers) | ({tensor.producer} - {None})
        if steps:
            first = -1 if tensor.producer is None else tensor.producer
            interval[t] = (first, max(steps))
    n = len(graph.tensors)
    expected = np.zeros((n, n), dtype=bool)
    for a, (lo_a, hi_a) in interval.items():
        for b, (lo_b, hi_b) in interval.items():
            expected[a, b] = a != b and lo_a <= hi_b and lo_b <= hi_a
    check_against(graph, expected)


@settings(max_examples=600)
@given(small_graphs(), st.lists(st.tuples(st.integers(0, 7), st.integers(0, 7)), max_size=3))
def test_a_cycle_is_reported_at_an_op_on_it(graph, extra_events):
    n = len(graph.nodes)
    graph.deps += [(a % n, b % n) for a, b in extra_events if n]
    for algorithm in ALGORITHMS:
        if has_cycle(graph):
            with pytest.raises(GraphError) as error:
                analyze(graph, algorithm)
            assert error.value.node is not None and on_a_cycle(graph, error.value.node)
            assert "cycle" in error.value.message or "itself" in error.value.message
        else:
            analyze(graph, algorithm)


# Figure 2 of [Multi-stream reuse] -----------------------------------------------------------------

def test_figure2_pairs_stated_in_the_paper():
    graph, t = figure2()
    for algorithm in ALGORITHMS:
        result = analyze(graph, algorithm)
        safe = lambda a, b: result.is_safe(t[a], t[b])  # noqa: E731
        assert not safe("a", "f")  # disjoint in program order, yet unsafe with streams
        assert not safe("a", "h")
        assert safe("a", "i")
        assert not safe("b", "e")
        assert safe("i", "c") and safe("i", "d") and not safe("i", "f")
    sequential, t = figure2(single_stream=True)
    assert analyze(sequential).is_safe(t["a"], t["f"])


def test_figure2_quantities_stated_in_the_paper():
    """MaxAncId, EndTime and StartTime of §3, shifted to positions from 0 (none: -1)."""
    graph, t = figure2()
    s = analyze(graph).summaries
    assert s[t["g"]].start[0] == 0  # MaxAncId[g][0] = op 1, first of stream 0
    assert s[t["h"]].start[0] == 1  # MaxAncId[h][0] = op 3
    assert s[t["h"]].start[1] == -1  # MaxAncId[h][1] = 0: no ancestor in stream 1
    assert s[t["a"]].end[:2] == (1, 0)  # EndTime[a][0] = op 3, EndTime[a][1] = op 2
    assert s[t["i"]].start[1] == 2  # StartTime[i] = op 6, fourth of stream 1
    assert s[t["d"]].end[1] == 2  # EndTime[d] = op 5
    anc = ancestor_streams(build_precedence(graph))
    assert [set(np.flatnonzero(row).tolist()) for row in anc] == [set(), {0}, {0, 1}]


# Interface details ---------------------------------------------------------------------

def test_unknown_algorithm_and_bad_indices():
    graph, _ = figure2()
    with pytest.raises(ValueError, match="unknown algorithm 'magic'"):
        analyze(graph, "magic")
    graph.deps.append((0, 99))
    with pytest.raises(GraphError, match="refers to op 99"):
        analyze(graph)


def test_cycle_message_names_the_arcs():
    g = Graph()
    x = g.add_tensor("x", 8)
    g.add_node("read", "k", [x], [], stream=0)
    g.add_node("write", "k", [], [x], stream=0)
    with pytest.raises(GraphError) as error:
        analyze(g)
    assert error.value.node == 0
    assert error.value.message == (
        "dependency cycle: op 0 'read' -(stream order)-> op 1 'write' -(data x)-> op 0 'read'"
        " (each op must finish before the next starts)")


def test_summary_lists_are_validated():
    assert BufferSummary.from_lists([0, -1], [2, 1]).to_lists() == ([0, -1], [2, 1])
    with pytest.raises(ValueError, match="2 vectors"):
        BufferSummary.from_lists([0])
    with pytest.raises(ValueError, match="differ in length"):
        BufferSummary.from_lists([0], [1, 2])
    with pytest.raises(ValueError, match=">= -1"):
        BufferSummary.from_lists([-2], [1])


def test_conflicts_pad_short_vectors_and_skip_dead_buffers():
    a = BufferSummary((-1,), (0,))  # produced by op 0 of stream 0
    b = BufferSummary((0, -1), (1, 0))  # after a, read on stream 1
    c = BufferSummary((1, -1), (1, -1))  # after a, concurrent with b's read on stream 1
    dead = BufferSummary((-1, -1), (-1, -1))  # never used
    assert conflicts_from_summaries([a, b, c, dead]) == [set(), {2}, {1}, set()]
    assert conflicts_from_summaries([]) == []
    decided = SummaryConflicts.of_summaries([a, b, c, dead])
    assert decided.to_sets() == [set(), {2}, {1}, set()] == list(decided)
    assert decided.conflict(1, 2) and not decided.conflict(0, 1) and not decided.conflict(3, 3)
    assert len(SummaryConflicts.of_summaries([])) == 0


def test_empty_graph():
    result = analyze(Graph())
    assert result.summaries == [] and list(result.unsafe_pairs()) == []


def test_buffers_without_ops():
    """Tensors and no op (a module of allocs with lifetimes only): nothing is ever used,
    so no pair is unsafe, by every algorithm, with and without the pair bits."""
    g = Graph()
    for name in "ab":
        g.add_tensor(name, 1024)
    for algorithm in ALGORITHMS:
        for decide in (True, False):
            result = analyze(g, algorithm, decide_pairs=decide)
            assert list(result.unsafe_pairs()) == []
            assert [s.to_lists() for s in result.summaries] == [([-1], [-1])] * 2


def test_a_view_keeps_its_root_alive():
    g = Graph()
    x = g.add_tensor("x", 64)
    v = g.add_tensor("v", 0, alias_of=x)
    y = g.add_tensor("y", 64)
    z = g.add_tensor("z", 64)
    g.add_node("fill", "k", [], [x])
    g.add_node("view", "k", [x], [v])
    g.add_node("make", "k", [], [y])
    g.add_node("read", "k", [v, y], [z])
    for algorithm in ALGORITHMS:
        result = analyze(g, algorithm)
        assert not result.is_safe(x, y)  # x's last direct use is "view", but "read" reads v
        assert result.is_safe(x, z) is False and result.summaries[v] == result.summaries[x]
    g.tensors[x].alias_of = v  # x -> v -> x
    with pytest.raises(GraphError, match="loop"):
        analyze(g)
