"""Streams for imported graphs: work is spread, and every storage hazard is ordered."""

from __future__ import annotations

import pytest

pytest.importorskip("torch.nn", reason="needs memir[torch]")

from torch_models import small_convnet, tiny_lm  # noqa: E402

from memir.io.graph_ir import graph_to_ir  # noqa: E402
from memir.io.torch import trace_model  # noqa: E402


def root(graph, t: int) -> int:
    while graph.tensors[t].alias_of is not None:
        t = graph.tensors[t].alias_of
    return t


def finished_before(graph, streams: int) -> list[list[int]]:
    """clock[b][u]: the last node of stream u known to finish before node b starts."""
    waits: dict[int, list[int]] = {}
    for a, b in graph.deps:
        assert a < b, "an event must point forward in program order"
        waits.setdefault(b, []).append(a)
    clocks: list[list[int]] = []
    last_on: dict[int, int] = {}
    for b, node in enumerate(graph.nodes):
        clock = [-1] * streams
        sources = [last_on[node.stream]] if node.stream in last_on else []
        for a in sources + waits.get(b, []):
            clock = [max(x, y) for x, y in zip(clock, clocks[a])]
            clock[graph.nodes[a].stream] = max(clock[graph.nodes[a].stream], a)
        clocks.append(clock)
        last_on[node.stream] = b
    return clocks


def hazards(imported):
    """(earlier, later) node pairs that must be ordered: read/write after write, write
    after read, on storages (roots), as the trace recorded them."""
    graph = imported.graph
    writer: dict[int, int] = {}
    readers: dict[int, list[int]] = {}
    for i, node in enumerate(graph.nodes):
        reads = {root(graph, t) for t in node.inputs}
        writes = {t for t in node.outputs if graph.tensors[t].alias_of is None}
        writes |= {root(graph, t) for t in imported.mutated[i]}
        for r in reads | writes:
            if r in writer:
                yield writer[r], i
        for w in writes:
            for r in readers.get(w, []):
                if r != i:
                    yield r, i
        for r in reads:
            readers.setdefault(r, []).append(i)
        for w in writes:
            writer[w] = i
            readers[w] = []


@pytest.mark.parametrize("factory,mode,streams", [
    (small_convnet, "infer", 2), (small_convnet, "train", 2), (small_convnet, "train", 4),
    (tiny_lm, "train", 3),
])
def test_streams_are_used_and_every_hazard_is_ordered(factory, mode, streams):
    imported = trace_model(factory, batch=2, mode=mode, streams=streams,
                           input_shape=(3, 16, 16) if factory is small_convnet else (8,))
    graph = imported.graph
    used = {node.stream for node in graph.nodes}
    assert len(used) > 1 and max(used) < streams
    assert graph.deps
    clocks = finished_before(graph, streams)
    for a, b in hazards(imported):
        if graph.nodes[a].stream != graph.nodes[b].stream:
            assert clocks[b][graph.nodes[a].stream] >= a, (graph.nodes[a], graph.nodes[b])
    text = graph_to_ir(graph, imported.outputs, mutated=imported.mutated)
    assert text.count("memir.record") == text.count("memir.wait") == len(graph.deps)


def test_one_stream_has_no_events():
    imported = trace_model(small_convnet, mode="train", batch=2, input_shape=(3, 16, 16))
    assert not imported.graph.deps
    assert {node.stream for node in imported.graph.nodes} == {0}


@pytest.mark.parametrize("streams", [2, 4])
def test_the_optimizer_step_runs_on_stream_0_after_backward_joins(streams):
    # As PyTorch runs it: autograd joins every stream into the calling one, then the step.
    imported = trace_model(small_convnet, mode="train", batch=2, streams=streams,
                           input_shape=(3, 16, 16))
    graph = imported.graph
    steps = [i for i, node in enumerate(graph.nodes) if "addcdiv_" in node.kernel]
    assert steps
    others = {node.stream for node in graph.nodes} - {0}
    assert others
    last_of = {u: max(i for i, n in enumerate(graph.nodes) if n.stream == u) for u in others}
    assert min(steps) > max(last_of.values())
    clocks = finished_before(graph, streams)
    for b in steps:
        assert graph.nodes[b].stream == 0
        assert all(clocks[b][u] >= last for u, last in last_of.items())
