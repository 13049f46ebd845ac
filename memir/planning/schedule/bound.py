"""A lower bound on the peak of the best order.

While op v runs, its own buffers are live, and so is every buffer b with one user that
is an ancestor-or-self of v and one that is a descendant-or-self of v: in every order the
first runs no later and the second no earlier than v, so b's lifetime covers v. The sum
of those bytes is a per-op bound; its maximum over ops bounds every order's peak.

Reachability is kept as packed bit rows (numpy uint8), one per op, filled in one sweep
each way (the input order 0..N-1 is topological). That is N^2/8 bytes per direction, so
past ``max_ops`` only the cheap part (an op's own buffers) is computed.
"""

from __future__ import annotations

import numpy as np

from memir.planning.schedule.problem import Graph, ScheduleProblem

DEFAULT_MAX_OPS = 12_000
SMALL_OPS = 128  # below this, Python ints as bit sets beat numpy's per-call overhead
_CHUNK = 256  # buffers whose crossing rows are unpacked at once


def own_bytes(graph: Graph) -> np.ndarray:
    """Bytes of the buffers each op touches (live while it runs, in any order)."""
    sizes = graph.sizes
    return np.array([sum(sizes[b] for b in bufs) for bufs in graph.uses], dtype=np.int64)


def _reachability(graph: Graph) -> tuple[np.ndarray, np.ndarray]:
    """Packed rows: anc[v] = ancestors-or-self of v, desc[v] = descendants-or-self."""
    n = graph.n
    width = (n + 7) // 8
    ops = np.arange(n)
    anc = np.zeros((n, width), dtype=np.uint8)
    anc[ops, ops // 8] = (0x80 >> (ops % 8)).astype(np.uint8)  # packbits' bit order
    desc = anc.copy()
    for v in range(n):
        for p in graph.pred[v]:
            np.bitwise_or(anc[v], anc[p], out=anc[v])
    for v in range(n - 1, -1, -1):
        for s in graph.succ[v]:
            np.bitwise_or(desc[v], desc[s], out=desc[v])
    assert anc.shape == (n, width)
    return anc, desc


def op_bounds(graph: Graph, max_ops: int = DEFAULT_MAX_OPS) -> np.ndarray:
    """Per op: bytes live while it runs in every order (own buffers only past max_ops)."""
    n = graph.n
    if n == 0:
        return np.zeros(0, dtype=np.int64)
    if n > max_ops:
        return own_bytes(graph)
    if n <= SMALL_OPS:
        return _small_op_bounds(graph)
    anc, desc = _reachability(graph)
    bound = np.zeros(n, dtype=np.int64)
    used = [b for b, users in enumerate(graph.users) if users]
    for start in range(0, len(used), _CHUNK):
        chunk = used[start:start + _CHUNK]
        rows = np.empty((len(chunk), anc.shape[1]), dtype=np.uint8)
        for i, b in enumerate(chunk):
            users = graph.users[b]
            after = np.bitwise_or.reduce(desc[users], axis=0)  # ops with a user before
            before = np.bitwise_or.reduce(anc[users], axis=0)  # ops with a user after
            np.bitwise_and(after, before, out=rows[i])
        crossing = np.unpackbits(rows, axis=1, count=n).astype(np.int64)
        bound += np.array([graph.sizes[b] for b in chunk], dtype=np.int64) @ crossing
    return bound


def _small_op_bounds(graph: Graph) -> np.ndarray:
    """op_bounds with ints as bit sets (the windows of ``segments`` are this small)."""
    n = graph.n
    anc = [1 << v for v in range(n)]
    desc = list(anc)
    for v in range(n):
        for p in graph.pred[v]:
            anc[v] |= anc[p]
    for v in range(n - 1, -1, -1):
        for s in graph.succ[v]:
            desc[v] |= desc[s]
    bound = [0] * n
    for b, users in enumerate(graph.users):
        if not users:
            continue
        after = before = 0
        for u in users:
            after |= desc[u]
            before |= anc[u]
        mask = after & before
        while mask:
            low = mask & -mask
            bound[low.bit_length() - 1] += graph.sizes[b]
            mask ^= low
    return np.array(bound, dtype=np.int64)


def lower_bound(problem: ScheduleProblem | Graph, max_ops: int = DEFAULT_MAX_OPS) -> int:
    """Max over ops of the bytes live across that op in every order (0 without ops)."""
    graph = problem if isinstance(problem, Graph) else Graph(problem)
    bounds = op_bounds(graph, max_ops)
    return int(bounds.max()) if len(bounds) else 0
