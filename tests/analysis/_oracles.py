"""Brute-force answers to Multi-Stream Safety, written independently of memir.analysis.

* ``interleaving_unsafe``: explore every legal interleaving of op START and END events (an
  op may start once its predecessors — data, event, previous op on its stream — have
  ended). A pair is unsafe iff in some reachable state both tensors are live, a tensor
  being live from the START of its producer (from the beginning for a graph input) until
  the END of its last use. Reachable states are exactly the prefixes of interleavings.
* ``reachability_unsafe``: Theorem 1 with networkx ancestors.
"""

from __future__ import annotations

import networkx as nx
import numpy as np

from memir.analysis.graph import Graph


def arcs(graph: Graph) -> set[tuple[int, int]]:
    result = set(graph.deps)
    last: dict[int, int] = {}
    for i, node in enumerate(graph.nodes):
        if node.stream in last:
            result.add((last[node.stream], i))
        last[node.stream] = i
    for t in graph.tensors:
        for c in t.consumers:
            if t.producer is not None and c != t.producer:
                result.add((t.producer, c))
    return result


def uses(graph: Graph, t: int) -> set[int]:
    tensor = graph.tensors[t]
    return set(tensor.consumers) | ({tensor.producer} if tensor.producer is not None else set())


def interleaving_unsafe(graph: Graph) -> np.ndarray:
    n, num_tensors = len(graph.nodes), len(graph.tensors)
    pred_mask = [0] * n
    for a, b in arcs(graph):
        pred_mask[b] |= 1 << a
    born = [0 if t.producer is None else 1 << t.producer for t in graph.tensors]
    use_mask = [sum(1 << u for u in uses(graph, t)) for t in range(num_tensors)]

    def live(started: int, done: int) -> int:
        mask = 0
        for t in range(num_tensors):
            if started & born[t] == born[t] and use_mask[t] & ~done:
                mask |= 1 << t
        return mask

    seen = {(0, 0)}
    stack = [(0, 0)]
    live_sets = set()
    while stack:
        started, done = stack.pop()
        live_sets.add(live(started, done))
        for v in range(n):
            bit = 1 << v
            if not started & bit and pred_mask[v] & ~done == 0:
                state = (started | bit, done)
            elif started & bit and not done & bit:
                state = (started, done | bit)
            else:
                continue
            if state not in seen:
                seen.add(state)
                stack.append(state)
    unsafe = np.zeros((num_tensors, num_tensors), dtype=bool)
    for mask in live_sets:
        members = [t for t in range(num_tensors) if mask >> t & 1]
        unsafe[np.ix_(members, members)] = True
    np.fill_diagonal(unsafe, False)
    return unsafe


def reachability_unsafe(graph: Graph) -> np.ndarray:
    dag = nx.DiGraph()
    dag.add_nodes_from(range(len(graph.nodes)))
    dag.add_edges_from(arcs(graph))
    ancestors = [sum(1 << a for a in nx.ancestors(dag, v)) for v in range(len(graph.nodes))]
    num_tensors = len(graph.tensors)
    use_mask = [sum(1 << u for u in uses(graph, t)) for t in range(num_tensors)]
    reuse = np.zeros((num_tensors, num_tensors), dtype=bool)
    for x, tensor in enumerate(graph.tensors):
        anc = ancestors[tensor.producer] if tensor.producer is not None else 0
        reuse[x] = [use_mask[y] & ~anc == 0 for y in range(num_tensors)]
    unsafe = ~(reuse | reuse.T)
    np.fill_diagonal(unsafe, False)
    return unsafe


def has_cycle(graph: Graph) -> bool:
    dag = nx.DiGraph()
    dag.add_nodes_from(range(len(graph.nodes)))
    dag.add_edges_from(arcs(graph))
    return not nx.is_directed_acyclic_graph(dag) or any(a == b for a, b in graph.deps)


def on_a_cycle(graph: Graph, node: int) -> bool:
    dag = nx.DiGraph()
    dag.add_edges_from(arcs(graph))
    return any(node in c and (len(c) > 1 or dag.has_edge(node, node))
               for c in nx.strongly_connected_components(dag))
