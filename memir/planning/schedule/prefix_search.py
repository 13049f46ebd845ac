"""Exact scheduling: a best-first search over schedule prefixes (down-sets of the DAG).

Why it works: after a prefix S the open buffers (a user in S and one outside) depend on
the set S only, and so does the cost of running v next: the bytes of open(S) plus v's own
buffers. The best order is a path from the empty set to all ops that minimises the
largest step cost, so a Dijkstra-style search on (bottleneck so far) finds it, and the
smallest key still queued when the budget runs out is a proven lower bound.

Pruning, each sound: states at or above the incumbent (the warm-start order) are dropped;
a state's key is raised to the best per-op bound of the ops it has not run yet; and an op
that opens no new buffer and costs no more than max(bottleneck so far, lower bound) is
run at once (moving it to the front of any completion raises no step), which takes every
op without buffers, and every op that only frees, out of the branching.

Sets of ops and of buffers are Python ints used as bit sets; the budget counts expanded
states, and an optional ``Deadline`` stops early.
"""

from __future__ import annotations

import heapq
from dataclasses import dataclass

from memir.planning.budget import NO_DEADLINE, Deadline
from memir.planning.schedule.order_bound import op_bounds
from memir.planning.schedule.problem import OrderGraph


@dataclass
class ExactResult:
    order: list[int]
    peak: int
    lower_bound: int
    optimal: bool
    work: int


def exact_order(graph: OrderGraph, warm: list[int], budget: int = 100_000,
                deadline: Deadline = NO_DEADLINE) -> ExactResult:
    """Best order within ``budget`` states; never worse than ``warm`` (a valid order)."""
    n = graph.n
    incumbent = list(warm)
    best_peak = graph.peak(incumbent)
    per_op = op_bounds(graph, deadline=deadline)
    lb = int(per_op.max()) if n else 0
    if n == 0 or best_peak <= lb:
        return ExactResult(incumbent, best_peak, best_peak, True, 0)

    sizes = graph.sizes
    pred_mask = [sum(1 << p for p in graph.pred[v]) for v in range(n)]
    user_mask = [sum(1 << u for u in users) for users in graph.users]
    uses = graph.uses
    by_bound = sorted(range(n), key=lambda v: (-int(per_op[v]), v))
    full = (1 << n) - 1

    def rest_bound(done: int) -> int:
        for v in by_bound:
            if not done >> v & 1:
                return int(per_op[v])
        return 0

    def step(done: int, open_mask: int, open_bytes: int, v: int) -> tuple[int, int, int, bool]:
        """Run v after ``done``: (step cost, new open mask, new open bytes, opens new)."""
        cost = open_bytes
        opens_new = False
        after = done | 1 << v
        for b in uses[v]:
            bit = 1 << b
            users = user_mask[b]
            if not open_mask & bit:
                cost += sizes[b]
                if users & ~after:
                    open_mask |= bit
                    open_bytes += sizes[b]
                    opens_new = True
            elif not users & ~after:
                open_mask &= ~bit
                open_bytes -= sizes[b]
        return cost, open_mask, open_bytes, opens_new

    def forced(done: int, open_mask: int, open_bytes: int, g: int, path: tuple):
        """Run, in index order, every ready op that opens nothing and costs <= max(g, lb)."""
        limit = max(g, lb)
        moved = True
        while moved and not (big and deadline.expired()):  # forcing is optional: sound to stop
            moved = False
            for v in range(n):
                if done >> v & 1 or pred_mask[v] & ~done:
                    continue
                cost, m, by, opens = step(done, open_mask, open_bytes, v)
                if not opens and cost <= limit:
                    done, open_mask, open_bytes, g = done | 1 << v, m, by, max(g, cost)
                    path = (path, v)
                    moved = True
        return done, open_mask, open_bytes, g, path

    big = n > 256  # one expansion may take long: look at the deadline inside it too
    cut_short = None  # key of a state whose expansion the deadline interrupted
    counter = 0
    start = forced(0, 0, 0, 0, ())
    heap = [(max(start[3], rest_bound(start[0])), -start[0].bit_count(), counter, start)]
    seen: dict[int, int] = {start[0]: start[3]}
    work = 0
    found: tuple | None = None
    while heap:
        key, _, _, (done, open_mask, open_bytes, g, path) = heap[0]
        if key >= best_peak:
            break
        if work >= budget or (work % 64 == 0 and deadline.expired()):
            break
        heapq.heappop(heap)
        if seen.get(done, -1) < g:
            continue
        if done == full:
            found, best_peak = path, g
            break
        work += 1
        for v in range(n):
            if done >> v & 1 or pred_mask[v] & ~done:
                continue
            if big and deadline.expired():
                cut_short = key  # its other children were not queued: bound by its key
                break
            cost, m, by, _ = step(done, open_mask, open_bytes, v)
            ng = max(g, cost)
            if ng >= best_peak:
                continue
            nxt = forced(done | 1 << v, m, by, ng, (path, v))
            ndone, ng = nxt[0], nxt[3]
            if ng >= best_peak or seen.get(ndone, best_peak) <= ng:
                continue
            seen[ndone] = ng
            counter += 1
            heapq.heappush(heap, (max(ng, rest_bound(ndone)), -ndone.bit_count(), counter, nxt))
        if cut_short is not None:
            break
    if found is not None:
        order: list[int] = []
        node = found
        while node:
            node, v = node
            order.append(v)
        incumbent = order[::-1]
        return ExactResult(incumbent, best_peak, best_peak, True, work)
    if cut_short is None and (not heap or heap[0][0] >= best_peak):
        return ExactResult(incumbent, best_peak, best_peak, True, work)
    queued = min(heap[0][0] if heap else best_peak, best_peak if cut_short is None
                 else cut_short)
    return ExactResult(incumbent, best_peak, max(lb, queued), False, work)
