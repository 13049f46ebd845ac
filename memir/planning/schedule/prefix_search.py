"""Exact scheduling: a best-first search over schedule prefixes (down-sets of the DAG).

Why it works: after a prefix S the open buffers (a user in S and one outside) depend on
the set S only, and so does the cost of running v next: the bytes of open(S) plus v's own
buffers. The best order is a path from the empty set to all ops that minimises the
largest step cost, so a Dijkstra-style search on (bottleneck so far) finds it, and the
smallest key still queued when the budget runs out is a proven lower bound.

Pruning, each sound: states at or above the incumbent are dropped; a state's key is raised
to the best per-op bound of the ops it has not run; and an op that opens no new buffer and
costs no more than max(bottleneck so far, lower bound) is run at once (moving it to the
front of any completion raises no step). Sets of ops and buffers are Python ints used as
bit sets; the budget counts expanded states, and an optional ``Deadline`` stops early.
"""

from __future__ import annotations

import heapq
from dataclasses import dataclass

from memir.planning.budget import NO_DEADLINE, Deadline
from memir.planning.schedule.order_bound import op_bounds
from memir.planning.schedule.order_model import OrderGraph


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
    return _PrefixSearch(graph, per_op, lb, deadline).run(incumbent, best_peak, budget)


class _PrefixSearch:
    """The search's fixed data (bit masks of preds and users, per-op bounds) and its queue.

    A state is (done, open mask, open bytes, bottleneck so far, path), ``path`` the ops
    run as nested pairs ``(..., v)``; the queue orders states by (key, -ops done, count)."""

    def __init__(self, graph: OrderGraph, per_op, lb: int, deadline: Deadline) -> None:
        self.n = n = graph.n
        self.sizes = graph.sizes
        self.pred_mask = [sum(1 << p for p in graph.pred[v]) for v in range(n)]
        self.user_mask = [sum(1 << u for u in users) for users in graph.users]
        self.uses = graph.uses
        self.per_op = per_op
        self.by_bound = sorted(range(n), key=lambda v: (-int(per_op[v]), v))
        self.full = (1 << n) - 1
        self.lb = lb
        self.deadline = deadline
        self.big = n > 256  # one expansion may take long: look at the deadline inside it too
        self.heap: list = []
        self.seen: dict[int, int] = {}
        self.counter = 0

    def rest_bound(self, done: int) -> int:
        """The best per-op bound of the ops not run yet."""
        for v in self.by_bound:
            if not done >> v & 1:
                return int(self.per_op[v])
        return 0

    def step(self, done: int, open_mask: int, open_bytes: int,
             v: int) -> tuple[int, int, int, bool]:
        """Run v after ``done``: (step cost, new open mask, new open bytes, opens new)."""
        sizes, user_mask = self.sizes, self.user_mask
        cost = open_bytes
        opens_new = False
        after = done | 1 << v
        for b in self.uses[v]:
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

    # Takes every op without buffers, and every op that only frees, out of the branching.
    def forced(self, done: int, open_mask: int, open_bytes: int, g: int, path: tuple):
        """Run, in index order, every ready op that opens nothing and costs <= max(g, lb)."""
        limit = max(g, self.lb)
        moved = True
        # forcing is optional: sound to stop
        while moved and not (self.big and self.deadline.expired()):
            moved = False
            for v in range(self.n):
                if done >> v & 1 or self.pred_mask[v] & ~done:
                    continue
                cost, m, by, opens = self.step(done, open_mask, open_bytes, v)
                if not opens and cost <= limit:
                    done, open_mask, open_bytes, g = done | 1 << v, m, by, max(g, cost)
                    path = (path, v)
                    moved = True
        return done, open_mask, open_bytes, g, path

    def push(self, state: tuple) -> None:
        """Queue ``state``, keyed by the larger of its bottleneck and the rest's bound."""
        done, g = state[0], state[3]
        self.seen[done] = g
        self.counter += 1
        heapq.heappush(self.heap, (max(g, self.rest_bound(done)), -done.bit_count(),
                                   self.counter, state))

    def expand(self, state: tuple, key: int, best_peak: int) -> int | None:
        """Queue the children of ``state`` that may beat ``best_peak``; ``key`` when the
        deadline cut the expansion short (its other children were not queued: bound by
        its key), else None."""
        done, open_mask, open_bytes, g, path = state
        for v in range(self.n):
            if done >> v & 1 or self.pred_mask[v] & ~done:
                continue
            if self.big and self.deadline.expired():
                return key
            cost, m, by, _ = self.step(done, open_mask, open_bytes, v)
            ng = max(g, cost)
            if ng >= best_peak:
                continue
            nxt = self.forced(done | 1 << v, m, by, ng, (path, v))
            ndone, ng = nxt[0], nxt[3]
            if ng >= best_peak or self.seen.get(ndone, best_peak) <= ng:
                continue
            self.push(nxt)
        return None

    def run(self, incumbent: list[int], best_peak: int, budget: int) -> ExactResult:
        """Best-first from the empty prefix until the budget, the deadline or the
        incumbent's peak stops it."""
        start = self.forced(0, 0, 0, 0, ())
        self.heap = [(max(start[3], self.rest_bound(start[0])), -start[0].bit_count(), 0,
                      start)]
        self.seen = {start[0]: start[3]}
        work = 0
        cut_short = None  # key of a state whose expansion the deadline interrupted
        while self.heap:
            key, _, _, state = self.heap[0]
            done, g = state[0], state[3]
            if key >= best_peak:
                break
            if work >= budget or (work % 64 == 0 and self.deadline.expired()):
                break
            heapq.heappop(self.heap)
            if self.seen.get(done, -1) < g:
                continue
            if done == self.full:
                return ExactResult(_order_of(state[4]), g, g, True, work)
            work += 1
            cut_short = self.expand(state, key, best_peak)
            if cut_short is not None:
                break
        heap = self.heap
        if cut_short is None and (not heap or heap[0][0] >= best_peak):
            return ExactResult(incumbent, best_peak, best_peak, True, work)
        queued = min(heap[0][0] if heap else best_peak, best_peak if cut_short is None
                     else cut_short)
        return ExactResult(incumbent, best_peak, max(self.lb, queued), False, work)


def _order_of(path: tuple) -> list[int]:
    """The ops of a path ``(((), a), b)``, in the order they run."""
    order: list[int] = []
    node = path
    while node:
        node, v = node
        order.append(v)
    return order[::-1]
