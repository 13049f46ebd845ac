"""Memory-aware list scheduling with lookahead.

Among the ready ops, run the one whose running changes the open bytes the least (frees
the most / allocates the fewest); ties go to the earlier input position, so an order that
is already good is kept. When every ready op allocates, the best few are looked at
through their chains: run the op, then greedily the ops it enables, a few steps deep; an
op that allocates but enables a freeing successor (a gradient kernel and the optimizer
step that frees the gradient) goes first if its chain frees more than it allocated.

The change of an op is kept exact and incrementally: a buffer's contribution to a user's
change moves only when the buffer starts (its first user runs) and when one user is left,
so each buffer triggers at most two re-scores of its users. A heap with version stamps
holds the ready ops; the run is O((N + uses) log N) plus the lookahead's bounded work.
"""

from __future__ import annotations

import heapq

from memir.planning.budget import NO_DEADLINE, Deadline
from memir.planning.schedule.order_model import OrderGraph

DEFAULT_LOOKAHEAD = 4  # ops followed along a chain
DEFAULT_CANDIDATES = 4  # ready ops looked at through their chains


class _State:
    """Scheduled ops, remaining users per buffer, started buffers, remaining preds."""

    def __init__(self, graph: OrderGraph) -> None:
        self.graph = graph
        self.rem = [len(u) for u in graph.users]
        self.started = [False] * len(graph.sizes)
        self.npred = [len(p) for p in graph.pred]

    def delta(self, v: int, rem=None, started=None) -> int:
        """Change of the open bytes when v runs now (overlays for the lookahead)."""
        g = self.graph
        total = 0
        for b in g.uses[v]:
            r = self.rem[b] if rem is None else rem.get(b, self.rem[b])
            s = self.started[b] if started is None else (b in started or self.started[b])
            if not s:
                if r > 1:
                    total += g.sizes[b]
            elif r == 1:
                total -= g.sizes[b]
        return total

    def chain_score(self, v: int, depth: int) -> int:
        """Best net change of open bytes along v and up to depth-1 ops it enables."""
        g = self.graph
        rem: dict[int, int] = {}
        started: set[int] = set()
        npred: dict[int, int] = {}
        enabled: list[int] = []
        cum = best = 0
        op = v
        for _ in range(depth):
            cum += self.delta(op, rem, started)
            best = min(best, cum) if op != v else cum
            for b in g.uses[op]:
                rem[b] = rem.get(b, self.rem[b]) - 1
                started.add(b)
            for s in g.succ[op]:
                left = npred[s] = npred.get(s, self.npred[s]) - 1
                if left == 0:
                    enabled.append(s)
            if not enabled:
                break
            op = min(enabled, key=lambda u: (self.delta(u, rem, started), u))
            enabled.remove(op)
        return best


RULES = ("delta", "input")


def greedy_order(graph: OrderGraph, lookahead: int = DEFAULT_LOOKAHEAD,
                 candidates: int = DEFAULT_CANDIDATES, rule: str = "delta",
                 deadline: Deadline = NO_DEADLINE) -> list[int]:
    """A topological order that keeps the open bytes low, step by step (deterministic).

    Ops that free or keep the open bytes always go first (most freed first). When every
    ready op allocates, ``rule`` picks: "delta" the smallest allocation, "input" the
    earliest in the input order (each wins on some network: both are tried),
    and the lookahead takes, among the best few, one
    whose chain frees net. Once ``deadline`` passes, the lookahead stops (the order is still
    complete).
    """
    n = graph.n
    state = _State(graph)
    version = [0] * n
    done = [False] * n
    heap: list[tuple[int, int, int, int, int]] = []  # (class, rank, delta, op, version)
    if rule not in RULES:
        raise ValueError(f"unknown rule {rule!r}; expected one of {RULES}")

    def push(v: int) -> None:
        version[v] += 1
        delta = state.delta(v)
        rank = delta if delta <= 0 or rule == "delta" else v
        heapq.heappush(heap, (int(delta > 0), rank, delta, v, version[v]))

    def pop_valid():
        while heap:
            entry = heapq.heappop(heap)
            if entry[4] == version[entry[3]] and not done[entry[3]]:
                return entry
        return None

    for v in range(n):
        if state.npred[v] == 0:
            push(v)
    order: list[int] = []
    while len(order) < n:
        if len(order) % 256 == 255 and lookahead > 1 and deadline.expired():
            lookahead = 1
        first = pop_valid()
        assert first is not None, "deps have a cycle"
        chosen = first[3]
        if first[0] > 0 and lookahead > 1 and candidates > 1:
            pool = [first]
            while len(pool) < candidates and (entry := pop_valid()) is not None:
                pool.append(entry)
            scores = [min(0, state.chain_score(e[3], lookahead)) for e in pool]
            pick = min(range(len(pool)), key=lambda i: (scores[i], i))  # then heap order
            chosen = pool[pick][3]
            for i, entry in enumerate(pool):
                if i != pick:
                    heapq.heappush(heap, entry)
        done[chosen] = True
        order.append(chosen)
        touched: list[int] = []
        for b in graph.uses[chosen]:
            first_start = not state.started[b]
            state.started[b] = True
            state.rem[b] -= 1
            if first_start or state.rem[b] == 1:
                touched.extend(graph.users[b])
        for s in graph.succ[chosen]:
            state.npred[s] -= 1
            if state.npred[s] == 0:
                push(s)
        for u in sorted(set(touched)):
            if not done[u] and state.npred[u] == 0:
                push(u)
    return order
