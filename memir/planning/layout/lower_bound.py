"""Lower bounds on the arena ([Multi-stream reuse], appendix F).

Buffers that pairwise conflict occupy disjoint bytes, so the weight of any clique of the
conflict graph bounds the arena. Interval conflicts: the peak of bytes live at once (an
O(n log n) sweep), exact. Explicit conflict sets: maximum cardinality search; exact when
the graph is chordal, else cliques pruned greedily (valid, maybe not best). Large
``SummaryConflicts``: cliques grown greedily from the buffers live at the busiest
instants. Terms that always hold are folded in (``bound`` is their maximum): the largest
buffer, each contiguous group's total, the end of each pre-placed buffer. Alignment
padding is not counted.
"""

from __future__ import annotations

import heapq

import numpy as np

from memir.planning.budget import NO_DEADLINE, Deadline
from memir.analysis.summary_conflicts import SummaryConflicts
from memir.planning.layout import compiled as compiled_loops
from memir.planning.layout.lifetimes import lifetimes, peak_live_bytes
from memir.model.layout import Problem

# Summary problems up to this many buffers list their conflict sets for the exact path.
SMALL_SUMMARY = 2000
# Busiest instants of program order tried as clique seeds on larger summary problems.
SEEDS = 4
# The time per buffer the exact clique path is charged: with a time limit, the path is
# taken only when the time left pays for it about three times over what it was measured
# to cost.
EXACT_CLIQUE_SECONDS = 1e-3

__all__ = ["heaviest_clique", "lower_bound", "peak_live_bytes"]


def _mcs_order(adj: list[set[int]], n: int) -> list[int]:
    """Maximum cardinality search visit order (ties: smallest index)."""
    label = [0] * n
    visited = [False] * n
    heap = [(0, v) for v in range(n)]
    heapq.heapify(heap)
    order: list[int] = []
    while heap:
        neg, v = heapq.heappop(heap)
        if visited[v] or -neg != label[v]:
            continue
        visited[v] = True
        order.append(v)
        for u in adj[v]:
            if not visited[u]:
                label[u] += 1
                heapq.heappush(heap, (-label[u], u))
    return order


def _adjacency_bits(adj: list[set[int]], n: int) -> list[int]:
    """Each vertex's neighbours as one Python int bitset (bit u set iff u is adjacent)."""
    bits = []
    row = np.zeros(n, dtype=bool)
    for nbrs in adj:
        members = np.fromiter(nbrs, dtype=np.int64, count=len(nbrs))
        row[members] = True
        bits.append(int.from_bytes(np.packbits(row, bitorder="little").tobytes(), "little"))
        row[members] = False
    return bits


def heaviest_clique(problem: Problem, deadline: Deadline = NO_DEADLINE
                    ) -> tuple[int, bool, list[int]]:
    """(weight, exact, members) of a heavy clique of the explicit conflict graph.

    Under a wall-clock ``deadline`` that leaves less than ``EXACT_CLIQUE_SECONDS`` per
    buffer, summary conflicts take the grown clique (a valid, possibly lower bound) instead
    of listing their sets for the exact path."""
    assert problem.conflicts is not None
    n = len(problem.buffers)
    if n == 0:
        return 0, True, []
    adj = problem.conflicts
    if isinstance(adj, SummaryConflicts):
        left = deadline.left()
        if n > SMALL_SUMMARY or (left is not None and left < n * EXACT_CLIQUE_SECONDS):
            return _grown_clique(problem, adj)
        adj = adj.to_sets()
    weight = [b.size for b in problem.buffers]
    order = _mcs_order(adj, n)
    rank = [0] * n
    for r, v in enumerate(order):
        rank[v] = r
    earlier = [[u for u in adj[v] if rank[u] < rank[v]] for v in range(n)]
    chordal = True
    for v in range(n):
        if len(earlier[v]) > 1:
            parent = max(earlier[v], key=rank.__getitem__)
            parent_set = adj[parent]
            if any(u != parent and u not in parent_set for u in earlier[v]):
                chordal = False
                break
    bits = None if chordal else _adjacency_bits(adj, n)
    best_weight, best_clique = -1, []
    for v in range(n):
        if chordal:
            clique = [v, *earlier[v]]
        else:
            # Greedy: heaviest earlier neighbours first, each kept if adjacent to all kept
            # so far; ``common`` is the set of vertices adjacent to the whole clique.
            clique, common = [v], bits[v]
            for u in sorted(earlier[v], key=lambda u: (-weight[u], u)):
                if common >> u & 1:
                    clique.append(u)
                    common &= bits[u]
        w = sum(weight[c] for c in clique)
        if w > best_weight:
            best_weight, best_clique = w, clique
    return best_weight, chordal, sorted(best_clique)


def _busiest_instants(problem: Problem, count: int) -> list[np.ndarray]:
    """Masks of the buffers live at the ``count`` instants of most live bytes."""
    size, lower, upper = lifetimes(problem)
    live = (lower < upper) & (size > 0)
    times = np.concatenate((lower[live], upper[live]))
    delta = np.concatenate((size[live], -size[live]))
    if len(times) == 0:
        return []
    order = np.lexsort((delta, times))
    level = np.cumsum(delta[order])
    moments = times[order]
    last_at_time = np.append(moments[1:] != moments[:-1], True)  # level after a whole time
    candidates = np.flatnonzero(last_at_time)
    best = candidates[np.lexsort((moments[candidates], -level[candidates]))][:count]
    return [live & (lower <= moments[k]) & (upper > moments[k]) for k in best.tolist()]


def _grow(conflicts: SummaryConflicts, weight: np.ndarray, seed: np.ndarray
          ) -> list[int]:
    """A maximal clique: seed members heaviest first, then anyone else, heaviest first.
    A clique of thousands of small buffers is thousands of rows: numba's loop
    (``compiled.grow_clique``, the same members) where it is loaded."""
    kernels = compiled_loops.kernels_for(len(weight))
    if kernels is not None:
        return kernels.grow_clique(conflicts.start, conflicts.end, weight, seed,
                                   np.flatnonzero(weight > 0)).tolist()
    common = weight > 0
    clique: list[int] = []
    while True:
        pool = common & seed
        if not pool.any():
            pool = common
            if not pool.any():
                return clique
        members = np.flatnonzero(pool)
        v = int(members[np.argmax(weight[members])])  # ties: the smallest index
        clique.append(v)
        common &= conflicts.row(v)


# Seeds: the buffers live together at one of the SEEDS busiest instants (live at once in one
# valid execution, so usually a clique already); members taken heaviest first while they
# conflict with all taken so far, then any other buffer that does, until maximal.
# O(SEEDS x clique x n x streams) time, O(n x streams) memory. Summary problems up to
# SMALL_SUMMARY buffers list their sets and take the exact path (identical bounds).
def _grown_clique(problem: Problem, conflicts: SummaryConflicts
                  ) -> tuple[int, bool, list[int]]:
    weight = np.fromiter((b.size for b in problem.buffers), dtype=np.int64,
                         count=len(problem.buffers))
    seeds = _busiest_instants(problem, SEEDS) or [np.zeros(len(weight), dtype=bool)]
    best_weight, best = -1, []
    for seed in seeds:
        clique = _grow(conflicts, weight, seed)
        w = int(weight[clique].sum())
        if w > best_weight:
            best_weight, best = w, clique
    return best_weight, False, sorted(best)


def lower_bound(problem: Problem, deadline: Deadline = NO_DEADLINE) -> tuple[int, bool]:
    """(bound, is_exact_max_clique).

    ``is_exact_max_clique`` is True when the clique term is the heaviest clique (always for
    lifetime conflicts, for chordal explicit conflict graphs); the returned bound may still
    be raised by the group / pre-placed terms, which are valid in every case.
    """
    if problem.conflicts is None:
        clique, exact = peak_live_bytes(problem), True
    else:
        clique, exact, _ = heaviest_clique(problem, deadline)
    bufs = problem.buffers
    terms = [clique, max((b.size for b in bufs), default=0)]
    terms += [sum(bufs[i].size for i in group) for group in problem.groups]
    terms += [b.offset + b.size for b in bufs if b.offset is not None]
    return max(terms), exact
