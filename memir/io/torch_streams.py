"""Spread a traced graph over N streams, with the event edges that keep it correct.

Why: a planner that is safe for parallel streams must be shown what parallelism costs in
memory, and an eager trace is one long sequence. We recover the parallelism in the data
as a chain decomposition: the first kernel to depend on a kernel continues its stream; a
kernel that starts a new branch goes to the stream idle longest. Correctness is by
storage, because in-place kernels make data edges incomplete. The optimizer step runs as
PyTorch runs it, on stream 0 after backward; moving updates into backward is the
``schedule`` pass's job, and this eager order is what lets it keep every pair of kernels
that could run concurrently. No torch here: it works on any Graph.
"""

from __future__ import annotations

from memir.analysis.graph import Graph


def _root(graph: Graph, t: int) -> int:
    while graph.tensors[t].alias_of is not None:
        t = graph.tensors[t].alias_of
    return t


class _Accesses:
    """Last writer and readers-since-last-write of each storage, in program order."""

    def __init__(self) -> None:
        self.writer: dict[int, int] = {}
        self.readers: dict[int, list[int]] = {}

    def predecessors(self, reads: list[int], writes: list[int]) -> list[int]:
        """Nodes that must finish first, in the order their storages are used."""
        found: list[int] = []
        for r in reads + writes:
            if r in self.writer:
                found.append(self.writer[r])
        for w in writes:
            found += self.readers.get(w, [])
        return list(dict.fromkeys(found))

    def record(self, node: int, reads: list[int], writes: list[int]) -> None:
        for r in reads:
            self.readers.setdefault(r, []).append(node)
        for w in writes:
            self.writer[w] = node
            self.readers[w] = []


def _node_accesses(graph: Graph, mutated: list[list[int]]):
    """(reads, writes, is_view) per node, as root tensor indices."""
    result = []
    for i, node in enumerate(graph.nodes):
        reads = list(dict.fromkeys(_root(graph, t) for t in node.inputs))
        fresh = [t for t in node.outputs if graph.tensors[t].alias_of is None]
        written = list(dict.fromkeys(_root(graph, t) for t in mutated[i]))
        result.append((reads, fresh + written, not fresh and not written))
    return result


def _assign_streams(graph: Graph, accesses, streams: int, optimizer_from: int) -> None:
    last_used = [-1] * streams  # last non-view node placed on each stream
    continued: set[int] = set()  # nodes whose stream a successor already continues
    state = _Accesses()
    for i, (reads, writes, is_view) in enumerate(accesses):
        if is_view:
            continue
        preds = [p for p in state.predecessors(reads, writes) if p != i]
        state.record(i, reads, writes)
        free = [p for p in preds if p not in continued]
        if i >= optimizer_from:
            stream = 0
        elif free:
            continued.add(free[0])
            stream = graph.nodes[free[0]].stream
        else:
            stream = min(range(streams), key=lambda s: last_used[s])
        graph.nodes[i].stream = stream
        last_used[stream] = i
    consumer_stream: dict[int, int] = {}
    for i in reversed(range(len(graph.nodes))):
        node = graph.nodes[i]
        if accesses[i][2]:
            later = [consumer_stream[t] for t in node.outputs if t in consumer_stream]
            node.stream = later[0] if later else _producer_stream(graph, node.inputs)
        for t in node.inputs:
            consumer_stream[t] = node.stream


def _producer_stream(graph: Graph, inputs: list[int]) -> int:
    for t in inputs:
        producer = graph.tensors[_root(graph, t)].producer
        if producer is not None:
            return graph.nodes[producer].stream
    return 0


# A kernel waits for the last writer of every storage it touches (read after write), and an
# in-place writer also for every reader since that write (write after read). Each such edge
# that crosses streams becomes a Graph.deps event unless an earlier event implies it. View
# kernels (all outputs aliases, nothing written) take their first consumer's stream.
def _add_events(graph: Graph, accesses, streams: int, optimizer_from: int) -> None:
    state = _Accesses()
    # waited[s][u]: the latest node of stream u known finished at this point of stream s.
    waited = [[-1] * streams for _ in range(streams)]
    seen_after: list[tuple[int, ...]] = []
    last_on = [-1] * streams  # last non-view node of each stream so far
    joined = False
    for i, (reads, writes, is_view) in enumerate(accesses):
        s = graph.nodes[i].stream
        preds = state.predecessors(reads, writes)
        if i >= optimizer_from and not is_view and not joined:
            joined = True  # the join at the end of backward: every stream's last node
            preds = preds + [p for p in last_on if p >= 0]
        for p in sorted(set(preds), reverse=True):
            u = graph.nodes[p].stream
            if u != s and waited[s][u] < p:
                graph.deps.append((p, i))
                waited[s] = [max(a, b) for a, b in zip(waited[s], seen_after[p])]
        waited[s][s] = i
        seen_after.append(tuple(waited[s]))
        state.record(i, reads, writes)
        if not is_view:
            last_on[s] = i


def spread_over_streams(graph: Graph, mutated: list[list[int]], streams: int,
                        optimizer_from: int | None = None) -> None:
    """Set ``node.stream`` for every node and add the event edges to ``graph.deps``;
    nodes from ``optimizer_from`` on (the optimizer step) go to stream 0 after a join."""
    if streams <= 1:
        return
    accesses = _node_accesses(graph, mutated)
    end = len(graph.nodes) if optimizer_from is None else optimizer_from
    _assign_streams(graph, accesses, streams, end)
    _add_events(graph, accesses, streams, end)
