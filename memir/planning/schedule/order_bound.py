"""A lower bound on the peak of the best order.

While op v runs, its own buffers are live, and so is every buffer b with one user that
is an ancestor-or-self of v and one that is a descendant-or-self of v: in every order the
first runs no later and the second no earlier than v, so b's lifetime covers v. The sum
of those bytes is a per-op bound; its maximum over ops bounds every order's peak.

Reachability is kept as packed bit rows (numpy uint8), one per op, filled in one sweep
each way (the input order 0..N-1 is topological). That is N^2/8 bytes per direction, so
past ``max_ops`` only the cheap part (an op's own buffers) is computed.

``CutBounds`` (below) tightens the per-op bound to the exact least bytes live at the op
over every order, one minimum cut each; ``auto`` runs it on the ops at the peak first.
"""

from __future__ import annotations

import numpy as np

from memir.planning.budget import NO_DEADLINE, Deadline
from memir.planning.schedule.order_model import OrderGraph, ScheduleProblem

DEFAULT_MAX_OPS = 12_000
SMALL_OPS = 128  # below this, Python ints as bit sets beat numpy's per-call overhead
_CHUNK = 256  # buffers whose crossing rows are unpacked at once


def own_bytes(graph: OrderGraph) -> np.ndarray:
    """Bytes of the buffers each op touches (live while it runs, in any order)."""
    sizes = graph.sizes
    return np.array([sum(sizes[b] for b in bufs) for bufs in graph.uses], dtype=np.int64)


CHECK_EVERY = 256  # ops (or buffers) between two looks at the deadline


def _reachability(graph: OrderGraph, deadline: Deadline = NO_DEADLINE
                  ) -> tuple[np.ndarray, np.ndarray] | None:
    """Packed rows: anc[v] = ancestors-or-self of v, desc[v] = descendants-or-self (None:
    the deadline passed first). Built once per graph and kept in ``graph.cache``."""
    if "reachability" in graph.cache:
        return graph.cache["reachability"]
    n = graph.n
    width = (n + 7) // 8
    ops = np.arange(n)
    anc = np.zeros((n, width), dtype=np.uint8)
    anc[ops, ops // 8] = (0x80 >> (ops % 8)).astype(np.uint8)  # packbits' bit order
    desc = anc.copy()
    for v in range(n):
        if v % CHECK_EVERY == 0 and deadline.expired():
            return None
        for p in graph.pred[v]:
            np.bitwise_or(anc[v], anc[p], out=anc[v])
    for v in range(n - 1, -1, -1):
        if v % CHECK_EVERY == 0 and deadline.expired():
            return None
        for s in graph.succ[v]:
            np.bitwise_or(desc[v], desc[s], out=desc[v])
    assert anc.shape == (n, width)
    graph.cache["reachability"] = anc, desc
    return anc, desc


def op_bounds(graph: OrderGraph, max_ops: int = DEFAULT_MAX_OPS,
              deadline: Deadline = NO_DEADLINE) -> np.ndarray:
    """Per op: bytes live while it runs in every order (own buffers only past max_ops, or
    when the deadline passes first: a weaker bound, still a bound)."""
    n = graph.n
    if n == 0:
        return np.zeros(0, dtype=np.int64)
    if n > max_ops:
        return own_bytes(graph)
    if n <= SMALL_OPS:
        return _small_op_bounds(graph)
    key = ("op_bounds", max_ops)
    if key in graph.cache:
        return graph.cache[key]
    rows = _reachability(graph, deadline)
    if rows is None:
        return own_bytes(graph)
    anc, desc = rows
    bound = np.zeros(n, dtype=np.int64)
    used = [b for b, users in enumerate(graph.users) if users]
    for start in range(0, len(used), _CHUNK):
        if deadline.expired():
            return own_bytes(graph)
        chunk = used[start:start + _CHUNK]
        rows = np.empty((len(chunk), anc.shape[1]), dtype=np.uint8)
        for i, b in enumerate(chunk):
            users = graph.users[b]
            after = np.bitwise_or.reduce(desc[users], axis=0)  # ops with a user before
            before = np.bitwise_or.reduce(anc[users], axis=0)  # ops with a user after
            np.bitwise_and(after, before, out=rows[i])
        crossing = np.unpackbits(rows, axis=1, count=n).astype(np.int64)
        bound += np.array([graph.sizes[b] for b in chunk], dtype=np.int64) @ crossing
    graph.cache[key] = bound
    return bound


def _small_op_bounds(graph: OrderGraph) -> np.ndarray:
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


def lower_bound(problem: ScheduleProblem | OrderGraph, max_ops: int = DEFAULT_MAX_OPS,
                deadline: Deadline = NO_DEADLINE) -> int:
    """Max over ops of the bytes live across that op in every order (0 without ops)."""
    graph = problem if isinstance(problem, OrderGraph) else OrderGraph(problem)
    bounds = op_bounds(graph, max_ops, deadline)
    return int(bounds.max()) if len(bounds) else 0


# --- Min-cut bound: the fewest bytes live at one op over every order, exactly ---------
#
# Fix an op v. In an order, the ops before v form a down-set X that holds every strict
# ancestor of v and no descendant; a buffer v does not touch is live at v's position iff
# it has a user in X and one outside X (the reachability bound counts only the buffers
# whose users are split by reachability alone). The least such bytes over all X is a
# closure problem, solved as a minimum s-t cut: the source side is X, an op's edge to each
# predecessor has infinite capacity (taking an op takes its predecessors), and a buffer
# is a hyperedge cut when its users fall on both sides (two auxiliary nodes carry its
# bytes). own(v) + crossing(v) + cut(v) is then the exact least live bytes at v, and its
# maximum over any set of ops bounds every order's peak.

CUT_COST = 4  # work units charged per cut, on top of scan_cost(N): the network is O(N)


class CutBounds:
    """Per-op min-cut bounds for one graph (reachability rows and flat arrays built once)."""

    def __init__(self, graph: OrderGraph, deadline: Deadline = NO_DEADLINE) -> None:
        """``base`` is None if the deadline passed before the reachability rows were
        built; ``cut`` must not be called then."""
        self.graph = graph
        n = graph.n
        rows = _reachability(graph, deadline)
        self.base = None
        if rows is None:
            return
        anc, desc = rows
        self.anc, self.desc = anc, desc
        base = op_bounds(graph, deadline=deadline)
        if deadline.expired():
            return  # base may be the weaker own-bytes fallback; no time for cuts anyway
        self.base = base
        used = graph.used_buffers
        self.pair_ops = graph.pair_ops
        self.pair_starts = graph.pair_starts
        counts = np.diff(np.append(graph.pair_starts, len(graph.pair_ops)))
        self.pair_buf = np.repeat(np.arange(len(used), dtype=np.int64), counts)
        self.used_sizes = graph.used_sizes
        src = [p for w in range(n) for p in graph.pred[w]]
        dst = [w for w in range(n) for _ in graph.pred[w]]
        self.dep_pred = np.array(src, dtype=np.int64)
        self.dep_op = np.array(dst, dtype=np.int64)

    def cut(self, v: int) -> int:
        """Least bytes live while v runs, over every order (>= the reachability bound)."""
        return self.cut_side(v)[0]

    def cut_side(self, v: int) -> tuple[int, list[int]]:
        """(least bytes live while v runs, the ops an order reaching it runs before v)."""
        from ortools.graph.python import max_flow

        n = self.graph.n
        a = np.unpackbits(self.anc[v], count=n).astype(bool)
        before = np.flatnonzero(a).tolist()
        before.remove(v)
        if not len(self.used_sizes):
            return int(self.base[v]), before
        d = np.unpackbits(self.desc[v], count=n).astype(bool)
        free = ~(a | d)  # ops that may run on either side of v
        a[v] = d[v] = False
        if not free.any():
            return int(self.base[v]), before
        starts = self.pair_starts
        po = self.pair_ops
        has_a = np.logical_or.reduceat(a[po], starts)
        has_d = np.logical_or.reduceat(d[po], starts)
        n_free = np.add.reduceat(free[po].astype(np.int64), starts)
        own = np.zeros(len(self.used_sizes), dtype=bool)
        own[self.pair_buf[po == v]] = True
        relevant = ~own & ~(has_a & has_d) & (n_free > 0) & (has_a | has_d | (n_free >= 2))
        if not relevant.any():
            return int(self.base[v]), before
        node = np.full(n, -1, dtype=np.int64)
        free_ops = np.flatnonzero(free)
        node[free_ops] = 2 + np.arange(len(free_ops))  # 0: source (before v), 1: sink
        nxt = 2 + len(free_ops)
        rel = np.flatnonzero(relevant)
        caps = self.used_sizes[rel]
        inf = int(caps.sum()) + 1
        x = nxt + np.arange(len(rel))  # auxiliary "some user before" node per buffer
        y = x + len(rel)  # auxiliary "some user after" node per buffer
        sel = relevant[self.pair_buf] & free[po]
        pb = self.pair_buf[sel]
        pu = node[po[sel]]
        slot = np.searchsorted(rel, pb)
        ha, hd = has_a[rel], has_d[rel]
        tails, heads, capl = [], [], []

        def arcs(t, h, c) -> None:
            tails.append(np.asarray(t, dtype=np.int64))
            heads.append(np.asarray(h, dtype=np.int64))
            capl.append(np.broadcast_to(np.asarray(c, dtype=np.int64), np.shape(t)))

        # user in X forces x_b into X; x_b in X and y_b outside costs the bytes; a user
        # outside X forces y_b outside. An ancestor user is the source, a descendant the sink.
        sa, sd = ha[slot], hd[slot]
        arcs(pu[~sa], x[slot[~sa]], inf)
        arcs(y[slot[~sd]], pu[~sd], inf)
        arcs(np.where(ha, 0, x), np.where(hd, 1, y), caps)
        dsel = free[self.dep_op] & free[self.dep_pred]
        arcs(node[self.dep_op[dsel]], node[self.dep_pred[dsel]], inf)
        flow = max_flow.SimpleMaxFlow()
        flow.add_arcs_with_capacity(np.concatenate(tails), np.concatenate(heads),
                                    np.concatenate(capl))
        status = flow.solve(0, 1)
        if status != flow.OPTIMAL:  # cannot happen with int64 capacities below 2^62
            raise RuntimeError(f"max flow failed: {status}")
        side = np.asarray(flow.get_source_side_min_cut(), dtype=np.int64)
        side = side[(side >= 2) & (side < nxt)]
        before = sorted(before + free_ops[side - 2].tolist())
        return int(self.base[v]) + int(flow.optimal_flow()), before


def cut_lower_bound(graph: OrderGraph, ops: list[int] | None = None) -> int:
    """Max of the min-cut bounds over ``ops`` (all ops by default); brute-force checkable."""
    if graph.n == 0:
        return 0
    cuts = CutBounds(graph)
    return max(cuts.cut(v) for v in (range(graph.n) if ops is None else ops))
