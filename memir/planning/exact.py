"""Exact layout: minimise the arena, or decide whether a capacity suffices.

Why two engines: interval problems without groups go to a MiniMalloc-style search
(``exact_search``), which decides MiniMalloc's challenging instances in seconds where a
CP-SAT model stalls; general conflict graphs and contiguous groups, and interval problems
the search could not settle in its share of the time, go to CP-SAT (``exact_cpsat``).
Minimisation bisects the capacity between the proven lower bound and the best plan known,
asking the decision engine at each step; every infeasible answer raises the proven bound.

Contract of ``solve_exact``:

* ``capacity=None``: minimise.  Returns the best plan found; ``lower_bound`` is proven;
  ``status`` is ``"optimal"`` when the plan meets it, else ``"feasible"``.  If
  ``problem.capacity`` is set it caps the arena: when no plan fits under it the status is
  ``"infeasible"``, or ``"unknown"`` if that was not settled in time; such plans carry the
  best known offsets anyway (the greedy or the warm start), which then exceed the cap.
* ``capacity=C``: a decision problem.  ``"feasible"``: the returned offsets fit in ``C``
  (always checked).  ``"infeasible"``: proven that nothing fits; ``"unknown"``: time ran out.
  In both of those cases the offsets are the best plan known (warm start or greedy, larger
  than ``C``) and ``arena`` is its size.
* Pre-placed offsets that collide, or alignments a group cannot meet, make the problem
  infeasible in either mode; then ``offsets`` is ``[]`` and ``arena`` is 0.
"""

from __future__ import annotations

import math
import sys
import time

from memir.planning.bounds import peak_live_bytes
from memir.planning.exact_cpsat import clique_cover, solve_cpsat
from memir.planning.exact_search import NOT_FOUND, OK, IntervalSearch
from memir.planning.problem import Buffer, Plan, Problem

# Share of the time the interval search gets before CP-SAT takes over a decision.
SEARCH_SHARE = 0.6


def solve_exact(
    problem: Problem,
    time_limit: float = 60.0,
    capacity: int | None = None,
    warm_start: Plan | None = None,
    workers: int = 2,
) -> Plan:
    """Exact arena minimisation or capacity decision; see the module docstring."""
    start = time.monotonic()
    deadline = start + max(0.0, time_limit)
    lb = lower_bound(problem)
    incumbent = greedy_offsets(problem)
    if warm_start is not None and is_valid(problem, warm_start.offsets):
        if incumbent is None or _arena(problem, warm_start.offsets) < _arena(problem, incumbent):
            incumbent = list(warm_start.offsets)

    def plan(offsets: list[int] | None, status: str, method: str, bound: int) -> Plan:
        offs = offsets or []
        return Plan(
            offs, _arena(problem, offs), f"exact/{method}", bound, status, time.monotonic() - start
        )

    if incumbent is None:  # colliding pre-placed buffers or unsatisfiable group alignment
        return plan(None, "infeasible", "none", lb)
    if capacity is not None:
        if _arena(problem, incumbent) <= capacity:
            return plan(incumbent, "feasible", "greedy", lb)
        if lb > capacity:
            return plan(incumbent, "infeasible", "bound", lb)
        status, offs, method = _decide(problem, capacity, deadline, workers, incumbent)
        if status == "feasible":
            return plan(offs, "feasible", method, lb)
        return plan(incumbent, status, method, lb)
    return _minimise(problem, lb, incumbent, deadline, workers, plan)


def _minimise(problem, lb, incumbent, deadline, workers, plan) -> Plan:  # type: ignore[no-untyped-def]
    best = incumbent
    hi = _arena(problem, best)
    limit = problem.capacity
    method = "greedy"
    if not _search_applies(problem):
        res = solve_cpsat(
            problem, deadline - time.monotonic(), None, hi, lb, hint=best, workers=workers
        )
        bound = max(lb, res.bound)
        if res.offsets is not None and is_valid(problem, res.offsets):
            if _arena(problem, res.offsets) <= hi:
                best, hi, method = res.offsets, _arena(problem, res.offsets), "cpsat"
        if res.status == "optimal":
            bound = hi
        return _finish(plan, best, hi, bound, limit, method)
    # Bisection on the capacity with the decision engine; the first probe is the bound.
    # Arenas of settled plans are multiples of the unit, so the bound rounds up to one.
    unit = _unit(problem)
    lo = -(-lb // unit) * unit  # proven
    soft = lo  # lowest capacity not yet tried (timed-out probes count as tried)
    first = True
    while soft < hi and time.monotonic() < deadline:
        mid = soft if first else (soft + hi) // 2
        mid = max(soft, mid - mid % unit)
        share = 0.25 if first else 0.5
        first = False
        probe_end = time.monotonic() + share * (deadline - time.monotonic())
        status, offs, m = _decide(problem, mid, probe_end, workers, best, allow_cpsat=False)
        if status == "feasible" and offs is not None:
            best, hi, method = offs, _arena(problem, offs), m
        elif status == "infeasible":
            lo = max(lo, -(-(mid + 1) // unit) * unit)
            soft = max(soft, mid + 1)
        else:
            soft = mid + 1
    if lo < hi and time.monotonic() < deadline:
        # Let CP-SAT try to improve with what is left.
        res = solve_cpsat(problem, deadline - time.monotonic(), None, hi, lo, best, workers)
        lo = max(lo, res.bound)
        if res.offsets is not None and is_valid(problem, res.offsets):
            if _arena(problem, res.offsets) < hi:
                best, hi, method = res.offsets, _arena(problem, res.offsets), "cpsat"
        if res.status == "optimal":
            lo = hi
    return _finish(plan, best, hi, min(lo, hi), limit, method)


def _finish(plan, best, hi, bound, limit, method) -> Plan:  # type: ignore[no-untyped-def]
    if limit is not None and hi > limit:
        return plan(best, "infeasible" if bound > limit else "unknown", method, bound)
    return plan(best, "optimal" if bound >= hi else "feasible", method, bound)


def _decide(
    problem: Problem,
    capacity: int,
    deadline: float,
    workers: int,
    hint: list[int] | None,
    allow_cpsat: bool = True,
) -> tuple[str, list[int] | None, str]:
    """Does everything fit in ``capacity``?  ("feasible"|"infeasible"|"unknown", offsets, how)."""
    if _search_applies(problem):
        now = time.monotonic()
        share = (deadline - now) * (SEARCH_SHARE if allow_cpsat else 1.0)
        status, offs = _interval_search(problem, capacity, now + share)
        if status == OK and offs is not None and is_valid(problem, offs):
            if _arena(problem, offs) <= capacity:
                return "feasible", offs, "search"
        if status == NOT_FOUND:
            return "infeasible", None, "search"
        if not allow_cpsat:
            return "unknown", None, "search"
    left = deadline - time.monotonic()
    if left <= 0:
        return "unknown", None, "cpsat"
    res = solve_cpsat(problem, left, capacity, capacity, 0, hint=None, workers=workers)
    if res.offsets is not None and is_valid(problem, res.offsets):
        if _arena(problem, res.offsets) <= capacity:
            return "feasible", res.offsets, "cpsat"
    if res.status == "infeasible":
        return "infeasible", None, "cpsat"
    return "unknown", None, "cpsat"


def fit_by_search(problem: Problem, capacity: int, time_limit: float,
                  max_nodes: int | None = None) -> list[int] | None:
    """Offsets within ``capacity`` found by the interval search alone, or None.

    None when the search does not apply (general conflicts, groups), proves that nothing
    fits, or runs out of time. ``assign-layout``'s auto strategy uses it to try to meet
    the lower bound exactly before it settles for a heuristic plan. ``max_nodes`` bounds
    the search by work instead of time alone, so the answer does not depend on the machine.
    """
    if not _search_applies(problem) or time_limit <= 0:
        return None
    status, offs = _interval_search(problem, capacity, time.monotonic() + time_limit,
                                    max_nodes)
    if status == OK and offs is not None and is_valid(problem, offs):
        if _arena(problem, offs) <= capacity:
            return offs
    return None


def _search_applies(problem: Problem) -> bool:
    return problem.conflicts is None and not any(len(g) > 1 for g in problem.groups)


def _unit(problem: Problem) -> int:
    """Every end of a canonical plan is a multiple of this (sizes, alignments, pins)."""
    g = 0
    for b in problem.buffers:
        if b.size > 0:
            g = math.gcd(g, b.size)
            if b.alignment > 1 and b.offset is None:
                g = math.gcd(g, b.alignment)
            if b.offset is not None:
                g = math.gcd(g, b.offset)
    return max(g, 1)


def _interval_search(
    problem: Problem, capacity: int, deadline: float, max_nodes: int | None = None
) -> tuple[int, list[int] | None]:
    """Runs the interval search on the positive-size buffers, scaled by their common unit."""
    bufs = problem.buffers
    g = _unit(problem)
    idx = [i for i, b in enumerate(bufs) if b.size > 0]
    search = IntervalSearch(
        [bufs[i].size // g for i in idx],
        [bufs[i].lower for i in idx],
        [bufs[i].upper for i in idx],
        [max(1, bufs[i].alignment // g) for i in idx],
        [bufs[i].offset // g if bufs[i].offset is not None else -1 for i in idx],
        capacity // g,
    )
    old = sys.getrecursionlimit()
    sys.setrecursionlimit(max(old, 8 * len(idx) + 1000))
    try:
        status, offs = search.solve(deadline, max_nodes=max_nodes)
    finally:
        sys.setrecursionlimit(old)
    if status != OK or offs is None:
        return status, None
    out = [b.offset if b.offset is not None else 0 for b in bufs]
    for k, i in enumerate(idx):
        out[i] = offs[k] * g
    return OK, out


# -- bounds, checks and a greedy incumbent ----------------------------------------------


def _arena(problem: Problem, offsets: list[int]) -> int:
    return Plan.arena_of(problem, offsets)


def lower_bound(problem: Problem) -> int:
    """Max-live bytes (heaviest clique found) and the ends of pre-placed buffers."""
    bufs = problem.buffers
    lb = max((b.offset + b.size for b in bufs if b.offset is not None), default=0)
    lb = max(lb, max((b.size for b in bufs), default=0))
    if problem.conflicts is None:
        lb = max(lb, peak_live_bytes(problem))
    else:
        active = [i for i, b in enumerate(bufs) if b.size > 0]
        for clique in clique_cover(problem, active):
            lb = max(lb, sum(bufs[i].size for i in clique))
    for g in problem.groups:
        lb = max(lb, sum(bufs[i].size for i in g))
    return lb


def is_valid(problem: Problem, offsets: list[int]) -> bool:
    """Pins, alignment, groups and conflicts (an independent check lives in the tests)."""
    bufs = problem.buffers
    if len(offsets) != len(bufs):
        return False
    for o, b in zip(offsets, bufs):
        if o < 0 or (b.offset is not None and o != b.offset):
            return False
        if b.offset is None and o % max(1, b.alignment):
            return False
    for g in problem.groups:
        for a, b in zip(g, g[1:]):
            if offsets[b] != offsets[a] + bufs[a].size:
                return False
    for i, nbrs in enumerate(problem.adjacency()):
        if bufs[i].size == 0:
            continue
        oi, ei = offsets[i], offsets[i] + bufs[i].size
        for j in nbrs:
            if j > i and bufs[j].size and oi < offsets[j] + bufs[j].size and offsets[j] < ei:
                return False
    return True


def _units(problem: Problem) -> list[list[tuple[int, int]]]:
    """Groups and lone buffers as lists of (buffer, offset relative to the unit's base)."""
    bufs = problem.buffers
    seen: set[int] = set()
    units: list[list[tuple[int, int]]] = []
    for g in problem.groups:
        rel, members = 0, []
        for i in g:
            members.append((i, rel))
            rel += bufs[i].size
            seen.add(i)
        units.append(members)
    units += [[(i, 0)] for i in range(len(bufs)) if i not in seen]
    return units


def _aligned_base(base: int, unit: list[tuple[int, int]], bufs: list[Buffer]) -> int | None:
    """Smallest base >= ``base`` that aligns every member, or None if none exists."""
    step = max(1, bufs[unit[0][0]].alignment)
    period = 1
    for i, _ in unit:
        period = math.lcm(period, max(1, bufs[i].alignment))
    b = -(-base // step) * step
    for _ in range(period // step + 1):
        if all((b + r) % max(1, bufs[i].alignment) == 0 for i, r in unit):
            return b
        b += step
    return None


def greedy_offsets(problem: Problem) -> list[int] | None:
    """Lowest-fit in order of size (pinned units first); None if pins collide."""
    bufs = problem.buffers
    adj = problem.adjacency()
    offsets: list[int | None] = [None] * len(bufs)
    units = _units(problem)

    def pinned_base(unit: list[tuple[int, int]]) -> int | None:
        bases = {bufs[i].offset - r for i, r in unit if bufs[i].offset is not None}
        return bases.pop() if len(bases) == 1 else (-1 if bases else None)

    def key(unit: list[tuple[int, int]]) -> tuple[int, int, int]:
        span = max(bufs[i].upper for i, _ in unit) - min(bufs[i].lower for i, _ in unit)
        return (pinned_base(unit) is None, -sum(bufs[i].size for i, _ in unit), -span)

    for unit in sorted(units, key=key):
        blocked: list[tuple[int, int]] = []  # base values in (lo, hi) collide
        for i, r in unit:
            if bufs[i].size == 0:
                continue
            for j in adj[i]:
                oj = offsets[j]
                if oj is not None and bufs[j].size:
                    blocked.append((oj - r - bufs[i].size, oj + bufs[j].size - r))
        pin = pinned_base(unit)
        if pin is not None:
            if pin < 0 or any(lo < pin < hi for lo, hi in blocked):
                return None
            base: int | None = pin
        else:
            base = 0
            while True:
                base = _aligned_base(base, unit, bufs)
                if base is None:
                    return None
                hit = max((hi for lo, hi in blocked if lo < base < hi), default=None)
                if hit is None:
                    break
                base = hit
        for i, r in unit:
            offsets[i] = base + r
    out = [o if o is not None else 0 for o in offsets]
    return out if is_valid(problem, out) else None
