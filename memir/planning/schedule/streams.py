"""Several streams with parallelism kept: the exact rule, and moving updates onto events.

Why: the default deps (``deps.py``) are a cheap sufficient condition for keeping
concurrency, but they pin every optimizer update behind the whole backward pass, so
gradients live to the end. The rule itself is weaker: two kernels that may run
concurrently in the input (neither happens before the other) must stay unordered; an
ordered pair may change order if the data allow it. ``Concurrency.keeps`` checks exactly
that, plus data dependencies covered and each wait after its record. ``move_updates`` uses
the freedom: an update may move into the backward pass if its cross-stream edges ride on
an event already there. No concurrency is lost; the waiting backward stream may wait a
little longer, which is the price in time.
"""

from __future__ import annotations

import numpy as np

from memir.planning.budget import NO_DEADLINE, Deadline
from memir.planning.schedule.order_model import OrderGraph, ScheduleProblem, StreamInfo, scan_cost
from memir.planning.schedule.update_placement import block_slots, update_groups, update_ops

EVENT_KINDS = ("memir.record", "memir.wait")


def base_problem(problem: ScheduleProblem) -> ScheduleProblem:
    """The problem with only data deps and record -> wait: every order that ``keeps``
    accepts is topological here, so its lower bound holds for them."""
    info = problem.stream_info
    assert info is not None
    deps = sorted(set(info.data_deps) | set(info.events))
    return ScheduleProblem(problem.sizes, problem.uses, deps, problem.kinds, problem.is_update)


def _happens_before(n: int, streams: list[int], record_of: dict[int, int],
                    order: list[int], accept=None) -> list[int] | None:
    """Per op, the bit set of ops that happen before it in ``order`` (None: a wait before
    its record, or ``accept(op, mask)`` refused an op: the sweep stops there, so a rejected
    order costs only its prefix)."""
    anc = [0] * n
    last: dict[int, int] = {}
    placed = [False] * n
    for v in order:
        mask = 0
        p = last.get(streams[v])
        if p is not None:
            mask |= anc[p] | 1 << p
        r = record_of.get(v)
        if r is not None:
            if not placed[r]:
                return None
            mask |= anc[r] | 1 << r
        if accept is not None and not accept(v, mask):
            return None
        anc[v] = mask
        last[streams[v]] = v
        placed[v] = True
    return anc


class Concurrency:
    """HB of the input order 0..N-1, and the exact check of an output order."""

    def __init__(self, n: int, info: StreamInfo, exempt: list[bool] | None = None) -> None:
        """``exempt``: ops whose mutual orderings may change (``parallelism=compute``
        passes the optimizer updates); None: every pair counts."""
        self.n = n
        self.streams = info.streams
        self.record_of = {w: r for r, w in info.events}
        ident = list(range(n))
        anc = _happens_before(n, self.streams, self.record_of, ident)
        assert anc is not None, "input order has a wait before its record"
        succ: list[list[int]] = [[] for _ in range(n)]  # HB edges: stream order, events
        last: dict[int, int] = {}
        for v in ident:
            if self.streams[v] in last:
                succ[last[self.streams[v]]].append(v)
            last[self.streams[v]] = v
        for r, w in info.events:
            succ[r].append(w)
        desc = [0] * n
        for v in range(n - 1, -1, -1):
            for x in succ[v]:
                desc[v] |= desc[x] | 1 << x
        self.allowed = [anc[v] | desc[v] for v in range(n)]  # ordered either way in input
        # Records and waits only sync: the rule is about kernels, so they may pair freely.
        # A record may have several waits: OR the bits (a sum would carry into a kernel's).
        sync = 0
        for pair in info.events:
            for v in pair:
                sync |= 1 << v
        for v in range(n):
            self.allowed[v] |= sync
        for pair in info.events:
            for v in pair:
                self.allowed[v] = -1
        if exempt is not None and any(exempt):
            free = sum(1 << v for v in range(n) if exempt[v])
            for v in range(n):
                if exempt[v]:
                    self.allowed[v] |= free
        self.required = [0] * n  # data deps the input synchronised
        for a, b in info.data_deps:
            if anc[b] >> a & 1:
                self.required[b] |= 1 << a
        self.data_deps = info.data_deps
        self.events = info.events

    def keeps(self, order: list[int]) -> bool:
        """Whether ``order`` adds no ordering between ops concurrent in the input, covers
        every synchronised data dep, and runs data deps and events in order."""
        pos = [0] * self.n
        for k, v in enumerate(order):
            pos[v] = k
        if any(pos[a] > pos[b] for a, b in self.data_deps):
            return False
        allowed, required = self.allowed, self.required

        def accept(v: int, mask: int) -> bool:
            return not (mask & ~allowed[v] or mask & required[v] != required[v])

        return _happens_before(self.n, self.streams, self.record_of, order, accept) is not None


def stream_groups(graph: OrderGraph, data: OrderGraph, order: list[int], info: StreamInfo
                  ) -> list[list[int]]:
    """Update groups (found on the data-only graph), each with the events between its own
    ops: a record whose previous op on its stream is in the group and whose wait's next op
    on its stream is in the same group."""
    flags = update_ops(data)
    groups = update_groups(data, flags)
    group_of = {v: k for k, g in enumerate(groups) for v in g}
    prev_on: dict[int, int] = {}
    next_on: dict[int, int] = {}
    last: dict[int, int] = {}
    kinds = graph.problem.kinds
    for v in order:
        s = info.streams[v]
        prev_on[v] = last.get(s, -1)
        last[s] = v
    last.clear()
    for v in reversed(order):
        s = info.streams[v]
        next_on[v] = last.get(s, -1)
        last[s] = v

    def compute_neighbour(v: int, step: dict[int, int]) -> int:
        while v >= 0 and kinds[v] in EVENT_KINDS:
            v = step[v]
        return v

    for r, w in info.events:
        before = compute_neighbour(prev_on[r], prev_on)
        after = compute_neighbour(next_on[w], next_on)
        k = group_of.get(before)
        if k is not None and k == group_of.get(after):
            groups[k] = sorted({*groups[k], r, w})
    return groups


def _anchored(rest: list[int], where: dict[int, int], first: list[int], second: list[int],
              record: int, wait: int) -> list[int]:
    """``rest`` with ``first`` (the block's ops on the record's stream) just before
    ``record`` and ``second`` (those on the wait's stream) just after ``wait``."""
    i, j = where[record], where[wait] + 1
    return rest[:i] + first + rest[i:j] + second + rest[j:]


def tail_deps(streams: list[int], events: list[tuple[int, int]],
              data_deps: list[tuple[int, int]], is_event: list[bool]
              ) -> dict[int, list[int]]:
    """The tail of a multi-stream input order 0..N-1, and the waits each tail op must stay
    after in place of the concurrency deps (``deps.py``).

    A tail op is a kernel that happens after the last op of every other stream (e.g. an
    optimizer step after backward's join); all are on one stream (two on different
    streams would each happen before the other). It has no
    concurrent partner, and moving it earlier on its stream adds no ordering between two
    other ops (it carries no event), so no concurrency can be lost: it may go wherever its
    data allow. A data pred on its own stream is kept by stream order; one on another
    stream needs a carrier, the first wait on the tail's stream whose record is on the
    pred's stream after the pred (pred -> record holds because a cross-stream pred is a
    source, record -> wait is an event, wait -> op is the dep returned). Returns tail op
    -> its carrier waits; a tail op some pred has no such carrier for is left out (it
    keeps the concurrency deps)."""
    n = len(streams)
    if n == 0 or len(set(streams)) < 2:
        return {}
    last_of: dict[int, int] = {}
    for i, u in enumerate(streams):
        last_of[u] = i
    anc = _happens_before(n, streams, {w: r for r, w in events}, list(range(n)))
    if anc is None:
        return {}  # a wait before its record: not a valid input
    tail = [i for i, s in enumerate(streams) if not is_event[i]
            and all(anc[i] >> last & 1 for u, last in last_of.items() if u != s)]
    if not tail:
        return {}
    lane = streams[tail[0]]
    is_tail = set(tail)
    waits_on_lane = [(w, r) for r, w in sorted(events, key=lambda e: e[1])
                     if streams[w] == lane]
    preds: dict[int, list[int]] = {}
    for a, b in data_deps:
        if b in is_tail and a not in is_tail and streams[a] != lane:
            preds.setdefault(b, []).append(a)
    result: dict[int, list[int]] = {}
    for x in tail:
        carriers = []
        for p in preds.get(x, []):
            w = next((w for w, r in waits_on_lane
                      if streams[r] == streams[p] and r > p and w < x), None)
            if w is None:
                break
            carriers.append(w)
        else:
            result[x] = sorted(set(carriers))
    return result


def keeps_cost(n: int) -> int:
    """Work units charged for one ``Concurrency.keeps`` (or building the rule): a sweep
    of n ops over n-bit sets, so quadratic; about 1/40 of a unit per op squared (a unit: scan_cost)."""
    return max(4 * scan_cost(n), n * n // 40_000)


# For an existing event (r, w), the update's ops on r's stream go just before r and those
# on w's stream just after w, so the update's own event orders nothing r -> w did not.
# Among those anchors (and plain block slots) the one with the lowest (peak, live-byte
# area) is taken if keeps accepts it; a move is kept only if it lowers (peak, area).
def move_updates(graph: OrderGraph, order: list[int], budget: int = 20_000,
                 deadline: Deadline = NO_DEADLINE) -> tuple[list[int], int]:
    """Move update groups onto existing events where that lowers (peak, area) and
    ``Concurrency.keeps`` accepts the order (module doc); returns (order, work).

    Work: ``scan_cost`` per profile evaluated, ``keeps_cost`` per check and for building
    the rule; the deadline is looked at before every candidate and every check."""
    info: StreamInfo | None = graph.problem.stream_info
    if info is None or info.num_streams < 2 or graph.n == 0:
        return list(order), 0
    current = list(order)
    unit = scan_cost(graph.n)
    check = keeps_cost(graph.n)
    work = 2 * check
    if work >= budget or deadline.expired():
        return current, 0
    conc, data = concurrency_of(graph)
    if deadline.expired() or not conc.keeps(current):
        return current, work
    groups = stream_groups(graph, data, current, info)
    score = graph.score(current)
    grouped = {v for g in groups for v in g}
    events = [(r, w) for r, w in info.events if r not in grouped]  # anchors outside updates
    for members in groups:
        if work >= budget or deadline.expired():
            break
        group = set(members)
        block = [v for v in current if v in group]
        rest = [v for v in current if v not in group]
        work += unit
        where = {v: k for k, v in enumerate(rest)}
        lo, _ = block_slots(data, rest, group)
        candidates: list[list[int]] = []
        on = {info.streams[v] for v in block}
        for r, w in events:
            s_r, s_w = info.streams[r], info.streams[w]
            # An event within one stream orders nothing stream order does not: the block
            # would go both before r and after w (the plain slots below cover it).
            if s_r == s_w or r in group or where[w] < lo or not on <= {s_r, s_w}:
                continue
            first = [v for v in block if info.streams[v] == s_r]
            second = [v for v in block if info.streams[v] == s_w]
            if first and second:
                candidates.append(_anchored(rest, where, first, second, r, w))
        prof = np.asarray(graph.profile(rest + block))[:len(rest)]
        slots = {lo}
        span = len(rest) - lo
        for part in (span, span // 2, span // 4):
            if part > 0:
                slots.add(lo + 1 + int(np.argmin(prof[lo:lo + part])))
        for slot in sorted(slots):
            candidates.append(rest[:slot] + block + rest[slot:])
        scored = []
        for cand in candidates:
            if deadline.expired():
                break
            work += unit
            cand_score = graph.score(cand)
            if cand_score < score:
                scored.append((cand_score, len(scored), cand))
        scored.sort(key=lambda x: (x[0], x[1]))
        for cand_score, _, cand in scored[:8]:
            if work >= budget or deadline.expired():
                break
            work += check
            if conc.keeps(cand):
                current, score = cand, cand_score
                break
    return current, work


def concurrency_of(graph: OrderGraph) -> tuple[Concurrency, OrderGraph]:
    """The exact rule for ``graph``'s problem (update groups exempt from each other under
    ``parallelism=compute``) and its data-only graph, built once per graph."""
    if "stream_concurrency" not in graph.cache:
        info = graph.problem.stream_info
        data = OrderGraph(base_problem(graph.problem))
        exempt = None
        if info.updates_free:
            exempt = [False] * graph.n
            for group in stream_groups(graph, data, list(range(graph.n)), info):
                for v in group:
                    exempt[v] = True
        graph.cache["stream_concurrency"] = Concurrency(graph.n, info, exempt)
        graph.cache["stream_data"] = data
    return graph.cache["stream_concurrency"], graph.cache["stream_data"]


def keeps_parallelism(problem: ScheduleProblem, order: list[int]) -> bool:
    """Whether ``order`` is a valid output for ``problem``: topological for its deps, or,
    with several streams, accepted by the exact rule (``Concurrency.keeps``)."""
    from memir.planning.schedule.order_model import is_topological

    order = list(order)
    info = problem.stream_info
    if info is None or info.num_streams < 2:
        return is_topological(problem, order)
    if sorted(order) != list(range(problem.num_ops)):
        return False
    return concurrency_of(OrderGraph(problem))[0].keeps(order)
