"""``schedule``: the strategies the pass offers, and ``auto``'s portfolio.

``auto`` runs list scheduling, moves optimizer updates where that lowers memory, re-solves
windows around the peak exactly, with several streams moves updates onto existing events,
raises the lower bound with min-cut bounds while it is below the best peak, and tries the
exact search on small graphs. It returns the best order found, and the input order unless
something beats it, so the peak never rises.

Budgets, not seconds, decide what it does (each charged by its cost: ``scan_cost``,
``streams.keeps_cost``), so the same problem gives the same order everywhere.
``time_limit`` / ``deadline`` is an optional wall-clock cap on top: a stage that finds it
passed returns what it has, which is always a valid order.
"""

from __future__ import annotations

from memir import progress
from memir.planning.budget import NO_DEADLINE, Deadline
from memir.planning.schedule.order_bound import CUT_COST, DEFAULT_MAX_OPS, CutBounds, lower_bound
from memir.planning.schedule.prefix_search import exact_order
from memir.planning.schedule.list_scheduling import DEFAULT_LOOKAHEAD, RULES, greedy_order
from memir.planning.schedule.order_model import (OrderGraph, ScheduleProblem, ScheduleResult,
                                                 scan_cost)
from memir.planning.schedule.segments import refine_peak, segment_order
from memir.planning.schedule.streams import base_problem, move_updates
from memir.planning.schedule.update_placement import schedule_updates

DEFAULT_BUDGET = 200_000  # search states expanded + orders evaluated
EXACT_WHOLE_MAX_OPS = 64  # whole-graph exact search only below this size
LOOKAHEAD_MAX_OPS = 50_000  # larger graphs: list scheduling without lookahead
STRATEGIES = ("auto", "greedy", "exact", "keep")
# Min-cut bounds go ops at the peak first and stop after CUT_PATIENCE cuts in a row that
# raise nothing: with several streams the bound is over data deps alone and rarely meets
# the peak. Updates are moved on the input order and on the greedy one, also with each
# update's weight-gradient kernel as part of its block.
CUT_SHARE = 4  # auto's min-cut bounds get at most budget // CUT_SHARE
CUT_PATIENCE = 256  # cuts in a row that raise nothing end the min-cut bounds


def schedule(problem: ScheduleProblem, strategy: str = "auto", budget: int = DEFAULT_BUDGET,
             time_limit: float | None = None, deadline: Deadline | None = None
             ) -> ScheduleResult:
    """Reorder the ops of ``problem`` to lower the peak of live bytes (see module doc).

    ``time_limit`` (seconds from now) or ``deadline`` (a ``Deadline``, e.g. the pass's,
    which also counts its own work) caps the wall clock: every stage checks it in its
    inner loops and returns the best order found so far."""
    if strategy not in STRATEGIES:
        raise ValueError(f"unknown strategy {strategy!r}; expected one of {STRATEGIES}")
    if deadline is None:
        deadline = Deadline.after(time_limit) if time_limit is not None else NO_DEADLINE
    graph = OrderGraph(problem)
    keep = list(range(graph.n))
    before = graph.peak(keep)
    streams = problem.stream_info is not None and problem.stream_info.num_streams > 1
    # Several streams, parallelism kept: the deps are only sufficient (streams.py), so the
    # bound is taken over data deps and events alone, which every accepted order keeps.
    bound_graph = OrderGraph(base_problem(problem)) if streams else graph
    bound = lower_bound(bound_graph, deadline=deadline)
    best, best_peak, work = keep, before, 0
    stages: dict[str, int] = {"input": before}

    def offer(name: str, order: list[int]) -> None:
        nonlocal best, best_peak
        peak = graph.peak(order)
        stages[name] = peak
        if peak < best_peak:
            best, best_peak = order, peak
        progress.note(f"ordering: {name} done", work, budget, best_peak)

    if strategy == "greedy":
        order = greedy_order(graph, deadline=deadline)
        return _result(graph, order, before, bound, "greedy", graph.n, {"greedy": 0})
    if strategy == "exact":
        if not deadline.expired():
            result = exact_order(graph, greedy_order(graph, deadline=deadline), budget,
                                 deadline)
            offer("exact", result.order)
            if not streams:
                bound = max(bound, result.lower_bound)
            work = result.work
        if best_peak > bound and not deadline.expired():
            bound, spent = cut_bound(bound_graph, best, bound, max(0, budget - work),
                                     deadline)
            work += spent
    elif strategy == "auto":
        lookahead = DEFAULT_LOOKAHEAD if graph.n <= LOOKAHEAD_MAX_OPS else 1
        for rule in RULES:
            if deadline.expired():
                break
            offer(f"greedy-{rule}", greedy_order(graph, lookahead, rule=rule,
                                                 deadline=deadline))
            work += scan_cost(graph.n)
        for name, base, feeders in (("updates", keep, False), ("greedy+updates", best, False),
                                    ("updates+feeders", best, True)):
            if deadline.expired():
                break
            order, spent = schedule_updates(graph, base, budget=max(1, budget // 10),
                                            deadline=deadline, feeders=feeders)
            work += spent
            offer(name, order)
        if not deadline.expired():
            remaining = max(0, budget - work)
            order, spent = segment_order(graph, best, budget=remaining // 3,
                                         deadline=deadline)
            work += spent
            offer("segments", order)
        if not deadline.expired():
            order, spent = refine_peak(graph, best, budget=max(0, budget - work) // 2,
                                       deadline=deadline)
            work += spent
            offer("refine", order)
        if streams:
            for name, base in (("streams", keep), ("best+streams", best)):
                if deadline.expired():
                    break
                order, spent = move_updates(graph, base, budget=max(1, budget // 6),
                                            deadline=deadline)
                work += spent
                offer(name, order)
        if best_peak > bound and not deadline.expired():
            bound, spent = cut_bound(bound_graph, best, bound,
                                     min(max(0, budget - work), budget // CUT_SHARE), deadline)
            work += spent
        if graph.n <= EXACT_WHOLE_MAX_OPS and best_peak > bound and not deadline.expired():
            result = exact_order(graph, best, max(0, budget - work), deadline)
            work += result.work
            offer("exact", result.order)
            if not streams:
                bound = max(bound, result.lower_bound)
    return _result(graph, best, before, bound, strategy, work, stages)


def cut_bound(graph: OrderGraph, order: list[int], bound: int, budget: int,
              deadline: Deadline = NO_DEADLINE) -> tuple[int, int]:
    """Raise ``bound`` with min-cut bounds (bound.CutBounds) until it meets the peak of
    ``order``, the budget runs out, or ``CUT_PATIENCE`` cuts in a row raise nothing: the
    ops at the peak of ``order`` first, then by reachability bound, highest first (the
    later ones rarely matter once the peak's own ops are settled). Returns (bound, work)."""
    n = graph.n
    unit = CUT_COST + 2 * scan_cost(n)
    if n == 0 or n > DEFAULT_MAX_OPS or budget < unit + 2 * scan_cost(n):
        return bound, 0
    prof = graph.profile(order)
    peak = int(prof.max())
    cuts = CutBounds(graph, deadline)
    work = 2 * scan_cost(n) + unit
    if cuts.base is None:  # the deadline passed while building the reachability rows
        return bound, work
    at_peak = [order[q] for q in range(n) if prof[q] == peak]
    rest = sorted(range(n), key=lambda v: (-int(cuts.base[v]), v))
    seen: set[int] = set()
    idle = 0
    for v in at_peak + rest:
        if bound >= peak or work + unit > budget or idle >= CUT_PATIENCE:
            break
        if deadline.expired():
            break
        if v in seen:
            continue
        seen.add(v)
        work += unit
        raised = cuts.cut(v)
        idle = idle + 1 if raised <= bound else 0
        bound = max(bound, raised)
    return min(bound, peak), work


def _result(graph: OrderGraph, order: list[int], before: int, bound: int, strategy: str,
            work: int, stages: dict[str, int]) -> ScheduleResult:
    peak = graph.peak(order)
    if strategy == "greedy":
        stages = {"input": before, "greedy": peak}
    bound = min(bound, peak)
    status = "optimal" if peak <= bound else ("kept" if order == list(range(graph.n))
                                               else "feasible")
    return ScheduleResult(order, before, peak, bound, status, work, strategy, stages)
