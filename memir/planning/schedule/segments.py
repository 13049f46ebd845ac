"""Segments (ROAM's independent segments): reorder consecutive windows of an order alone.

Any split of a valid order into consecutive windows may reorder each window inside itself
(deps between windows still point forward), so the concatenation is valid. Its peak is
evaluated honestly: a window becomes a small problem whose first op (a virtual source)
uses every buffer opened before the window and whose last op (a virtual sink) uses every
buffer still needed after it, and bytes that cross the window untouched are one merged
buffer used by both. Each window's peak is then exactly the peak of its positions in the
whole order, so lowering a window never raises the whole.

Windows are cut where the fewest bytes cross (ROAM cuts at memory-insensitive ops, where
a cut is crossed only by what every order keeps), each solved exactly when small and under
budget (warm-started with its current order, so it never gets worse), else greedily.
``refine_peak`` then keeps re-solving windows around the current peak while it drops.
"""

from __future__ import annotations

import numpy as np

from memir.model.lifetimes import live_profile
from memir.planning.budget import NO_DEADLINE, Deadline
from memir.planning.schedule.prefix_search import exact_order
from memir.planning.schedule.list_scheduling import greedy_order
from memir.planning.schedule.order_model import OrderGraph, ScheduleProblem, scan_cost

DEFAULT_WINDOW = 24  # ops solved exactly at once
WINDOW_COST = 50  # work units charged for building and checking one window


class _Spans:
    """First and last position of every used buffer in one order; bytes crossing gaps."""

    def __init__(self, graph: OrderGraph, order: list[int]) -> None:
        n = graph.n
        self.pos = np.empty(n, dtype=np.int64)
        self.pos[np.asarray(order, dtype=np.int64)] = np.arange(n, dtype=np.int64)
        first = np.full(len(graph.sizes), -1, dtype=np.int64)
        last = np.full(len(graph.sizes), -1, dtype=np.int64)
        if len(graph.used_buffers):
            p = self.pos[graph.pair_ops]
            first[graph.used_buffers] = np.minimum.reduceat(p, graph.pair_starts)
            last[graph.used_buffers] = np.maximum.reduceat(p, graph.pair_starts)
        self.first, self.last = first, last
        sizes = np.asarray(graph.sizes, dtype=np.int64)
        used = first >= 0
        # gap[i]: bytes open between positions i-1 and i (a buffer spans gaps first+1..last)
        self.gap = live_profile(sizes[used], first[used] + 1, last[used] + 1, n + 1)
        self.sizes = sizes


def window_problem(graph: OrderGraph, spans: _Spans, ops: list[int], start: int
                   ) -> ScheduleProblem:
    """The window ``ops`` (at positions start..) with a virtual source and sink."""
    k = len(ops)
    local = {op: i for i, op in enumerate(ops)}
    end = start + k
    touched = sorted({b for op in ops for b in graph.uses[op]})
    bid = {b: i for i, b in enumerate(touched)}
    sizes = [graph.sizes[b] for b in touched]
    source = [bid[b] for b in touched if spans.first[b] < start]
    sink = [bid[b] for b in touched if spans.last[b] >= end]
    crossing = (spans.first < start) & (spans.last >= end)
    through = int(spans.sizes[crossing].sum()) - sum(graph.sizes[b] for b in touched
                                                     if crossing[b])
    if through > 0:
        source.append(len(sizes))
        sink.append(len(sizes))
        sizes.append(through)
    uses = [[bid[b] for b in graph.uses[op]] for op in ops] + [source, sink]
    deps = [(local[op], local[s]) for op in ops for s in graph.succ[op] if s in local]
    deps += [(k, i) for i in range(k)] + [(i, k + 1) for i in range(k)]
    kinds = [graph.problem.kinds[op] if len(graph.problem.kinds) == graph.n else ""
             for op in ops] + ["source", "sink"]
    return ScheduleProblem(sizes, uses, deps, kinds)


def solve_window(graph: OrderGraph, order: list[int], start: int, end: int, budget: int,
                 deadline: Deadline, spans: _Spans) -> tuple[int, int]:
    """Reorder order[start:end] in place, alone: (window peak drop, work spent).

    Exact search when ``budget`` > 0 (warm-started with the current window order), else
    list scheduling; the window changes only if its peak drops. ``spans`` stays valid for
    other windows: buffers keep their first and last positions outside this window.
    """
    ops = order[start:end]
    sub = OrderGraph(window_problem(graph, spans, ops, start))
    k = len(ops)
    warm = [k, *range(k), k + 1]
    before = sub.peak(warm)
    if budget > 0:
        result = exact_order(sub, warm, budget, deadline)
        local, peak, work = result.order, result.peak, result.work + WINDOW_COST
    else:
        local, work = greedy_order(sub), WINDOW_COST
        peak = sub.peak(local)
    if peak >= before:
        return 0, work
    order[start:end] = [ops[i] for i in local if i < k]
    return before - peak, work


def cut_points(spans: _Spans, n: int, window: int) -> list[int]:
    """Window boundaries 0 = c0 < c1 < ... < n, each window <= ``window`` ops, cut at the
    gap with the fewest crossing bytes in the second half of each window."""
    cuts = [0]
    while cuts[-1] + window < n:
        s = cuts[-1]
        lo, hi = s + max(1, window // 2), s + window
        cuts.append(lo + int(np.argmin(spans.gap[lo:hi + 1])))
    cuts.append(n)
    return cuts


def segment_order(graph: OrderGraph, order: list[int], window: int = DEFAULT_WINDOW,
                  budget: int = 200_000, deadline: Deadline = NO_DEADLINE
                  ) -> tuple[list[int], int]:
    """Cut ``order`` into windows, reorder each (heaviest first); returns (order, work)."""
    order = list(order)
    if graph.n == 0:
        return order, 0
    spans = _Spans(graph, order)
    cuts = cut_points(spans, graph.n, window)
    prof = graph.profile(order)
    windows = sorted(zip(cuts, cuts[1:]), key=lambda w: (-int(prof[w[0]:w[1]].max()), w[0]))
    per_window = max(1, budget // max(1, len(windows)))
    work = scan_cost(graph.n)
    for start, end in windows:
        if work >= budget or deadline.expired():
            break
        share = min(per_window, budget - work)
        work += solve_window(graph, order, start, end, share, deadline, spans)[1]
    return order, work


def refine_peak(graph: OrderGraph, order: list[int], window: int = DEFAULT_WINDOW,
                budget: int = 200_000, deadline: Deadline = NO_DEADLINE
                ) -> tuple[list[int], int]:
    """Re-solve windows around the peak positions while the peak drops (budgeted)."""
    order = list(order)
    work = 0
    n = graph.n
    tried: set[tuple[int, int]] = set()
    while work < budget and n:
        if deadline.expired():
            break
        prof = graph.profile(order)
        spans = _Spans(graph, order)
        work += 2 * scan_cost(n)
        peak = int(prof.max())
        improved = False
        last_q = -window
        for q in np.flatnonzero(prof == peak).tolist():
            if q - last_q < window // 2:
                continue  # a window around the previous peak position covered it
            last_q = q
            for start in (q - window // 2, q - window + 1, q):
                start = min(max(0, start), max(0, n - window))
                end = min(n, start + window)
                if (start, end) in tried or work >= budget or deadline.expired():
                    continue
                tried.add((start, end))
                share = min(budget - work, max(1, budget // 8))
                drop, spent = solve_window(graph, order, start, end, share, deadline, spans)
                work += spent
                if drop > 0:
                    improved = True
                    tried.clear()
                    break
            if improved:
                break
        if not improved:
            break
    return order, work
