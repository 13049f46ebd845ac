"""Who must finish before whom: the arcs of a multi-stream graph, checked for cycles.

Why a module of its own: the three stream-safety algorithms (and the tests' oracles) start
from the same facts — each op's stream and position in it, its predecessors, a topological
order, and each tensor's uses — and a cycle must be reported once, the same way, pointing
at an op.

Arcs ([Multi-stream reuse] §3): consecutive ops of one stream (program order is stream order), data
(producer -> consumer of a tensor) and ``Graph.deps`` events (a finishes before b starts).
A tensor's *uses* are its producer and its consumers: it is live from the start of the
producer to the end of the last use. A graph input (no producer) is live from the start of
the run; a tensor with no use at all is never live. A view or in-place result
(``alias_of``) shares its root's storage: its uses count for the root, and it is described
exactly as the root.
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass
from typing import TYPE_CHECKING

from memir.analysis.graph import Graph

if TYPE_CHECKING:  # numpy loads on first use: the IR verifier imports this module at start-up
    import numpy as np


class GraphError(Exception):
    """The graph cannot be analysed; ``node`` is the op to point at (or None)."""

    def __init__(self, message: str, node: int | None = None):
        super().__init__(message)
        self.message = message
        self.node = node


@dataclass
class Precedence:
    """Plain arrays describing the graph's partial order; positions count from 0 per stream."""

    num_streams: int
    stream: np.ndarray  # (N,) stream of each op
    position: np.ndarray  # (N,) position of each op within its stream
    stream_sizes: np.ndarray  # (S,) ops per stream
    preds: list[list[int]]  # distinct predecessors of each op (no self loops)
    topo: list[int]  # a topological order of the ops
    producer: np.ndarray  # (T,) producing op, -1 for a graph input
    uses: list[list[int]]  # distinct uses (producer first, then consumers) of each tensor
    last_use: np.ndarray  # (T, S) greatest position of a use in each stream, -1 if none

    @property
    def num_nodes(self) -> int:
        return len(self.preds)

    @property
    def num_tensors(self) -> int:
        return len(self.uses)

    def at_producer(self, per_op: np.ndarray) -> np.ndarray:
        """``per_op[producer]`` for each tensor (rows of a 2-D array), -1 for a graph input.

        Masked, not clamped: indexing with the -1 of an input (or with 0 in its place) and
        discarding the row afterwards reads an op that may not exist -- a graph of
        buffers with no ops at all has none."""
        import numpy as np

        produced = self.producer >= 0
        out = np.full((self.num_tensors, *per_op.shape[1:]), -1, dtype=per_op.dtype)
        out[produced] = per_op[self.producer[produced]]
        return out

    @property
    def used(self) -> np.ndarray:
        """Tensors that are live at some point (they have at least one use)."""
        return (self.last_use >= 0).any(axis=1)


def build_precedence(graph: Graph) -> Precedence:
    """Collect arcs and uses, order the ops topologically; GraphError on a cycle or bad index."""
    import numpy as np  # lazily: memir-opt's start-up must not pay for it

    n = len(graph.nodes)
    streams = [node.stream for node in graph.nodes]
    for i, s in enumerate(streams):
        if s < 0:
            raise GraphError(f"op {i} ('{graph.nodes[i].name}') has negative stream {s}", i)
    num_streams = graph.num_streams
    stream = np.asarray(streams, dtype=np.int64).reshape(n)
    position = np.zeros(n, dtype=np.int64)
    sizes = np.zeros(num_streams, dtype=np.int64)
    preds: list[set[int]] = [set() for _ in range(n)]
    previous_on: dict[int, int] = {}
    for i, s in enumerate(streams):
        position[i] = sizes[s]
        sizes[s] += 1
        if (p := previous_on.get(s)) is not None:
            preds[i].add(p)
        previous_on[s] = i

    valid = range(n)

    def bad_index(i, what: str) -> GraphError:
        return GraphError(f"{what} refers to op {i}, but the graph has {n} ops")

    uses: list[list[int]] = []
    producer = np.full(len(graph.tensors), -1, dtype=np.int64)
    for t, tensor in enumerate(graph.tensors):
        p = tensor.producer
        # program-order-stable, duplicate-free (dict keeps insertion order; O(uses))
        tensor_uses = list(dict.fromkeys(([] if p is None else [p]) + list(tensor.consumers)))
        for i in tensor_uses:
            if i not in valid:
                raise bad_index(i, f"tensor {tensor.name}")
        if p is not None:
            producer[t] = p
            for c in tensor_uses[1:]:
                preds[c].add(p)
        uses.append(tensor_uses)
    for a, b in graph.deps:
        for i in (a, b):
            if i not in valid:
                raise bad_index(i, "an event")
        if a == b:
            raise GraphError(f"op {a} ('{graph.nodes[a].name}') waits for itself", a)
        preds[b].add(a)

    _share_alias_uses(graph, uses, producer)

    pred_lists = [sorted(p) for p in preds]
    topo = _topological_order(pred_lists)
    if len(topo) < n:
        cycle = _find_cycle(pred_lists, set(range(n)) - set(topo))
        raise GraphError(_cycle_message(graph, cycle), min(cycle))

    last_use = np.full((len(uses), num_streams), -1, dtype=np.int64)
    if uses:
        owner = np.repeat(np.arange(len(uses)), [len(u) for u in uses])
        nodes = np.fromiter((u for us in uses for u in us), dtype=np.int64, count=len(owner))
        np.maximum.at(last_use, (owner, stream[nodes]), position[nodes])
    return Precedence(num_streams, stream, position, sizes, pred_lists, topo, producer, uses,
                      last_use)


def _share_alias_uses(graph: Graph, uses: list[list[int]], producer: np.ndarray) -> None:
    """A view or in-place result (``alias_of``) lives in its root's storage: the root is
    used wherever any alias is, and each alias is described exactly as its root."""
    import numpy as np

    roots: dict[int, int] = {}
    merged: dict[int, dict[int, None]] = {}  # root -> its uses and its aliases', in order
    for t, tensor in enumerate(graph.tensors):
        if tensor.alias_of is None:
            continue
        seen, r = {t}, tensor.alias_of
        while True:
            if not isinstance(r, (int, np.integer)) or not 0 <= r < len(graph.tensors) \
                    or r in seen:
                raise GraphError(f"tensor {tensor.name} aliases {r}: not a tensor, or a loop")
            if graph.tensors[r].alias_of is None:
                break
            seen.add(r)
            r = graph.tensors[r].alias_of
        roots[t] = r
        merged.setdefault(r, dict.fromkeys(uses[r])).update(dict.fromkeys(uses[t]))
    for r, all_uses in merged.items():
        uses[r] = list(all_uses)
    for t, r in roots.items():
        uses[t] = uses[r]  # shared, read-only from here on
        producer[t] = producer[r]


def _topological_order(preds: list[list[int]]) -> list[int]:
    """Kahn's algorithm, ties in program order; stops short when there is a cycle."""
    n = len(preds)
    succs: list[list[int]] = [[] for _ in range(n)]
    indegree = [len(p) for p in preds]
    for v, ps in enumerate(preds):
        for p in ps:
            succs[p].append(v)
    ready = deque(v for v in range(n) if indegree[v] == 0)
    order = []
    while ready:
        v = ready.popleft()
        order.append(v)
        for w in succs[v]:
            indegree[w] -= 1
            if indegree[w] == 0:
                ready.append(w)
    return order


def _find_cycle(preds: list[list[int]], stuck: set[int]) -> list[int]:
    """A cycle among ops left over by Kahn's algorithm (each has a stuck predecessor)."""
    v = min(stuck)
    seen: dict[int, int] = {}
    path: list[int] = []
    while v not in seen:
        seen[v] = len(path)
        path.append(v)
        v = next(p for p in preds[v] if p in stuck)
    cycle = path[seen[v]:]
    cycle.reverse()  # walked backwards along predecessor arcs
    return cycle


def _cycle_message(graph: Graph, cycle: list[int]) -> str:
    def arc_kind(a: int, b: int) -> str:
        for t in graph.tensors:
            if t.producer == a and b in t.consumers:
                return f"data {t.name}"
        if (a, b) in graph.deps:
            return "event"
        return "stream order"

    start = cycle.index(min(cycle))
    cycle = cycle[start:] + cycle[:start]
    shown = 8
    arcs = list(zip(cycle, cycle[1:] + cycle[:1]))
    steps = [f"op {a} '{graph.nodes[a].name}' -({arc_kind(a, b)})-> " for a, b in arcs[:shown]]
    if len(arcs) > shown:
        steps.append(f"... ({len(arcs) - shown} more arcs) -> ")
    first = cycle[0]
    return ("dependency cycle: " + "".join(steps) + f"op {first} '{graph.nodes[first].name}'"
            " (each op must finish before the next starts)")
