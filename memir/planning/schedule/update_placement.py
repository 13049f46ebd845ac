"""Weight-update scheduling (OLLA 4.3, ROAM's memory-aware placement of updates).

Running an optimizer step as soon as its gradient exists frees the gradient early, but its
temporaries (Adam's sqrt/div) then land wherever the gradient was made, possibly on the
activation peak: moving every update early can raise the peak. So each update group (the
ops of one parameter's step, connected by shared buffers or deps) is moved as one block to
the slot that gives the lowest (peak, live-byte area) among a few candidates: as early as
its deps allow, and after the lowest points of the live-byte profile further on (ROAM's
delayed updates). A move is kept only if it lowers (peak, area), so the peak never rises.

Update ops come from ``ScheduleProblem.is_update`` when the pass fills it; otherwise they
are recognised from ``kinds`` and the successors (``memir.analysis.optimizer_step``).
"""

from __future__ import annotations

import numpy as np

from memir.analysis.optimizer_step import optimizer_step
from memir.planning.budget import NO_DEADLINE, Deadline
from memir.planning.schedule.order_model import OrderGraph, scan_cost

MAX_GROUP = 64  # larger connected update sets are moved op by op


def update_ops(graph: OrderGraph) -> list[bool]:
    """Which ops are optimizer updates: the pass's flags, or guessed from kinds."""
    problem = graph.problem
    if problem.is_update is not None:
        return [bool(x) for x in problem.is_update]
    if len(problem.kinds) != graph.n:
        return [False] * graph.n
    return optimizer_step(problem.kinds, graph.succ.__getitem__)  # 0..N-1 is topological


def with_feeders(graph: OrderGraph, flags: list[bool]) -> list[bool]:
    """The update ops plus the ops that only feed them (a weight-gradient kernel whose
    every successor but sinks is an update, and sinks fed only by such ops): moved with its update,
    the gradient kernel frees the activation it reads where the update runs."""
    ext = list(flags)
    for v in range(graph.n):  # one level only: all of backward feeds the updates
        succ = [s for s in graph.succ[v] if graph.succ[s] or flags[s]]  # other sinks: neutral
        if not ext[v] and succ and all(flags[s] for s in succ):
            ext[v] = True
    for v in range(graph.n):
        if not ext[v] and not graph.succ[v] and graph.pred[v] and all(
                ext[p] for p in graph.pred[v]):
            ext[v] = True
    return ext


def update_groups(graph: OrderGraph, flags: list[bool]) -> list[list[int]]:
    """Connected sets of update ops (deps or shared buffers), each sorted, by first op."""
    parent = list(range(graph.n))

    def find(x: int) -> int:
        while parent[x] != x:
            parent[x] = parent[parent[x]]
            x = parent[x]
        return x

    def union(a: int, b: int) -> None:
        ra, rb = find(a), find(b)
        if ra != rb:
            parent[max(ra, rb)] = min(ra, rb)

    for v in range(graph.n):
        if flags[v]:
            for s in graph.succ[v]:
                if flags[s]:
                    union(v, s)
    for users in graph.users:
        upd = [u for u in users if flags[u]]
        for u in upd[1:]:
            union(upd[0], u)
    members: dict[int, list[int]] = {}
    for v in range(graph.n):
        if flags[v]:
            members.setdefault(find(v), []).append(v)
    groups: list[list[int]] = []
    for group in members.values():
        groups.extend([[v] for v in group] if len(group) > MAX_GROUP else [group])
    return sorted(groups)


def block_slots(graph: OrderGraph, rest: list[int], group: set[int]) -> tuple[int, int]:
    """The slots [lo, hi] of ``rest`` where the group fits as one block."""
    where = {op: i for i, op in enumerate(rest)}
    lo, hi = 0, len(rest)
    for g in group:
        for p in graph.pred[g]:
            if p not in group:
                lo = max(lo, where[p] + 1)
        for s in graph.succ[g]:
            if s not in group:
                hi = min(hi, where[s])
    return lo, hi


def schedule_updates(graph: OrderGraph, order: list[int], naive: bool = False,
                     budget: int = 20_000, deadline: Deadline = NO_DEADLINE,
                     feeders: bool = False) -> tuple[list[int], int]:
    """Move update groups where they lower (peak, area); returns (order, work).

    Each pass over the order (an evaluation, or splitting out a group) costs
    ``scan_cost(N)`` work units. ``naive`` moves every group as early as its deps allow,
    unconditionally (OLLA's rule, kept to measure what the guarded rule saves).
    """
    key = "update_groups+feeders" if feeders else "update_groups"
    if key not in graph.cache:
        flags = update_ops(graph)
        graph.cache[key] = update_groups(graph, with_feeders(graph, flags) if feeders
                                         else flags)
    groups = graph.cache[key]
    current = list(order)
    score = graph.score(current)
    unit = scan_cost(graph.n)
    work = unit
    for members in groups:
        if work >= budget or deadline.expired():
            break
        group = set(members)
        block = [op for op in current if op in group]
        rest = [op for op in current if op not in group]
        lo, hi = block_slots(graph, rest, group)
        work += unit
        if naive:
            current = rest[:lo] + block + rest[lo:]
            continue
        slots = {lo}
        rest_prof = np.asarray(graph.profile(rest + block))[:len(rest)]  # block last
        for span in (hi - lo, (hi - lo) // 2, (hi - lo) // 4):
            if span > 0:
                slots.add(lo + 1 + int(np.argmin(rest_prof[lo:lo + span])))
        best, best_order = score, None
        for slot in sorted(s for s in slots if s <= hi):
            if deadline.expired():
                break
            candidate = rest[:slot] + block + rest[slot:]
            cand = graph.score(candidate)
            work += unit
            if cand < best:
                best, best_order = cand, candidate
        if best_order is not None:
            current, score = best_order, best
    return current, work
