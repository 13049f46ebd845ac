"""Graphs for the stream-safety tests: Figure 2 of [Multi-stream reuse], hypothesis strategies for
small multi-stream DAGs, and a seeded generator of larger ones.

Random graphs are built along a hidden topological order (so they are acyclic), then laid
out in a random program order that keeps each stream's order: data arcs may point
backwards in program order across streams, as they may in real IR.
"""

from __future__ import annotations

import random

from hypothesis import strategies as st

from memir.analysis.graph import Graph

FIGURE2_TENSORS = "abcdefghi"


def figure2(single_stream: bool = False) -> tuple[Graph, dict[str, int]]:
    """Figure 2 rebuilt from every fact §3 states about it (ops 1..8 are nodes 0..7).

    Streams: 0 = {1, 3}, 1 = {2, 4, 5, 6}, 2 = {7, 8}. x is the graph input, y the output.
    """
    g = Graph()
    t = {name: g.add_tensor(name, 64) for name in FIGURE2_TENSORS}
    t["x"] = g.add_tensor("x", 64, planned=False)
    t["y"] = g.add_tensor("y", 64, planned=False)
    streams = [0] * 8 if single_stream else [0, 1, 0, 1, 1, 1, 2, 2]
    ops = [("x", "ab"), ("a", "c"), ("a", "e"), ("c", "df"), ("d", "g"), ("feg", "i"),
           ("be", "h"), ("hi", "y")]
    for k, ((ins, outs), s) in enumerate(zip(ops, streams), start=1):
        g.add_node(f"n{k}", f"n{k}", [t[c] for c in ins], [t[c] for c in outs], s)
    return g, t


class GraphSpec:
    """A DAG in hidden topological order, before it is laid out in program order."""

    def __init__(self):
        self.streams: list[int] = []
        self.inputs: list[list[int]] = []  # tensor ids read by each op
        self.outputs: list[list[int]] = []
        self.num_tensors = 0
        self.graph_inputs: list[int] = []
        self.events: list[tuple[int, int]] = []

    def new_tensor(self) -> int:
        self.num_tensors += 1
        return self.num_tensors - 1

    def build(self, stream_keys: list[float], planned_inputs: bool = True) -> Graph:
        """Program order: sort by key, the keys of each stream reassigned in hidden order."""
        keys = list(stream_keys)
        for s in set(self.streams):
            ops = [i for i, x in enumerate(self.streams) if x == s]
            for op, key in zip(ops, sorted(keys[i] for i in ops)):
                keys[op] = key
        program = sorted(range(len(self.streams)), key=lambda i: (keys[i], i))
        index_of = {op: k for k, op in enumerate(program)}
        g = Graph()
        for t in range(self.num_tensors):
            g.add_tensor(f"t{t}", 16 * (t + 1),
                         planned=planned_inputs or t not in self.graph_inputs)
        for op in program:
            g.add_node(f"op{op}", "k", self.inputs[op], self.outputs[op], self.streams[op])
        g.deps = [(index_of[a], index_of[b]) for a, b in self.events]
        return g


@st.composite
def small_graphs(draw, max_ops: int = 8, max_streams: int = 4) -> Graph:
    """<= max_ops compute ops on 1-4 streams: multi-consumer tensors, workspaces, dead
    outputs, graph inputs (some unplanned, some unused) and event deps."""
    spec = GraphSpec()
    num_ops = draw(st.integers(0, max_ops))  # 0: buffers with no program at all
    num_streams = draw(st.integers(1, max_streams))
    available = []
    for _ in range(draw(st.integers(0, 2))):
        t = spec.new_tensor()
        spec.graph_inputs.append(t)
        available.append(t)
    for _ in range(num_ops):
        spec.streams.append(draw(st.integers(0, num_streams - 1)))
        reads = sorted(set(draw(st.lists(st.sampled_from(available), max_size=3)))) \
            if available else []
        writes = [spec.new_tensor() for _ in range(draw(st.integers(0, 2)))]
        if draw(st.booleans()) and draw(st.booleans()):  # a workspace: read by its producer
            ws = spec.new_tensor()
            writes.append(ws)
            reads.append(ws)
        spec.inputs.append(reads)
        spec.outputs.append(writes)
        available.extend(w for w in writes if w not in reads)
    for _ in range(draw(st.integers(0, 3))):
        if num_ops >= 2:
            a = draw(st.integers(0, num_ops - 2))
            spec.events.append((a, draw(st.integers(a + 1, num_ops - 1))))
    keys = draw(st.lists(st.floats(0, 1), min_size=num_ops, max_size=num_ops))
    return spec.build(keys, planned_inputs=draw(st.booleans()))


def random_dag(seed: int, num_ops: int, num_streams: int, events: int = 0) -> Graph:
    """A larger random DAG: mostly local data flow, some long skips, a few events."""
    rng = random.Random(seed)
    spec = GraphSpec()
    recent: list[int] = []
    for _ in range(rng.randint(0, 3)):
        t = spec.new_tensor()
        spec.graph_inputs.append(t)
        recent.append(t)
    for op in range(num_ops):
        spec.streams.append(rng.randrange(num_streams))
        reads = set()
        for _ in range(rng.randint(0, 3)):
            if recent:
                window = recent[-12:] if rng.random() < 0.8 else recent
                reads.add(rng.choice(window))
        writes = [spec.new_tensor() for _ in range(rng.choice((0, 1, 1, 1, 2)))]
        if rng.random() < 0.15:
            ws = spec.new_tensor()
            writes.append(ws)
            reads.add(ws)
        spec.inputs.append(sorted(reads))
        spec.outputs.append(writes)
        recent.extend(w for w in writes if w not in reads)
    for _ in range(events):
        a = rng.randrange(num_ops - 1)
        spec.events.append((a, rng.randrange(a + 1, num_ops)))
    keys = [rng.random() for _ in range(num_ops)]
    return spec.build(keys, planned_inputs=rng.random() < 0.5)
