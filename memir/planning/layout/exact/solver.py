"""Exact layout: minimise the arena, or decide whether a capacity suffices.

Why several engines: interval problems without groups go to a portfolio that takes turns
between a MiniMalloc-style search in Python (``interval_search``: strong per-node inference)
and CP-SAT driven as MiniMalloc's canonical search (``canonical``: CP-SAT's learning).
General conflict graphs, contiguous groups and what the portfolio could not settle go to a
plain CP-SAT model (``cpsat``). Minimisation bisects the capacity between the proven lower
bound and the best plan known; every infeasible answer raises the bound.

Every engine is cut off by a count (``memir.planning.budget`` work units, CP-SAT conflicts
or deterministic time), so without a time limit the answer is the same on every machine;
the two portfolio engines run side by side (``race``) with the answer of taking their turns
in sequence. Reference: docs/passes/assign-layout.md.
"""

from __future__ import annotations

import math
import sys
import time
from collections.abc import Iterator
from dataclasses import replace

from memir.planning.layout.blocks import BlockError
from memir.planning.layout.lower_bound import lower_bound
from memir.planning.budget import (
    CPSAT_DETERMINISTIC_TIME,
    CPSAT_WORKERS,
    EXACT_SEARCH_WORK,
    NO_DEADLINE,
    Deadline,
    StoppableDeadline,
)
from memir.planning.layout.exact.interval_search import NOT_FOUND, OK, TIMEOUT, IntervalSearch
from memir.planning.layout.exact.race import run_race
from memir.planning.layout.heuristics import Prepared, run
from memir.model.layout import Plan, PlanStatus, Problem
from memir.verify.overlap import check_plan

S = PlanStatus
# The decision portfolio (see ``_take_turns``): a first taste of the interval search (it
# settles easy instances before CP-SAT, slow to load, is even loaded), then
# rounds of CP-SAT's canonical search per pre-order on a deterministic-time budget and
# interval-search slices, both budgets growing each round.  The pre-orders are tried most
# often successful first.
#
# The two engines share a round about equally in wall time, since which one settles an
# instance is not known beforehand (an even split costs at most about twice the winner's own
# time).  ``SEARCH_PER_DTIME`` is the exchange rate between their counts: search work that
# takes as long as one unit of CP-SAT deterministic time, measured on MiniMalloc's
# challenging instances.  So the first round's two slices
# together match its three CP-SAT turns; a lighter search share made instances that need a little
# more search pay every pre-order before their search could finish.  Later rounds let CP-SAT's
# budget grow faster (4x against 2x): each of its runs starts afresh, the search resumes.
FIRST_SLICE = 4_000_000
CANONICAL_DTIME = 0.03
SEARCH_PER_DTIME = 700_000_000
CANONICAL_ORDERS = ("TWA", "TAW", "WAT")
# Half of round 0's CP-SAT share (31.5M), rounded up.
SEARCH_SLICE = 32_000_000


def solve_exact(
    problem: Problem,
    time_limit: float | None = None,
    capacity: int | None = None,
    warm_start: Plan | None = None,
    workers: int = CPSAT_WORKERS,
    deadline: Deadline | None = None,
    bound: int | None = None,
    effort: int = 1,
) -> Plan:
    """Exact arena minimisation or capacity decision.

    ``capacity=None``: minimise. Returns the best plan found; ``lower_bound`` is proven;
    ``status`` is ``"optimal"`` when the plan meets it, else ``"feasible"``. A set
    ``problem.capacity`` caps the arena: when no plan fits under it the status is
    ``"infeasible"`` (or ``"unknown"`` if not settled), with the best known offsets anyway.
    ``capacity=C``: a decision. ``"feasible"``: the offsets fit in ``C`` (always checked);
    ``"infeasible"`` (proven) or ``"unknown"`` (budget ran out) return the best plan known,
    larger than ``C``. Colliding pre-placed offsets, or alignments a group cannot meet, are
    infeasible in either mode, with ``offsets == []`` and ``arena == 0``. Budgets: a decision
    gets the whole search budget and then CP-SAT's deterministic time; minimisation gives
    its first probe (at the bound) half of twice that budget, each later probe half the rest.

    ``effort`` multiplies every budget: the search work (``EXACT_SEARCH_WORK``) and
    CP-SAT's deterministic time (``CPSAT_DETERMINISTIC_TIME``). A capacity decision gets
    them at once; a minimisation runs ``effort`` passes of effort 1's, each continuing the
    last (``_minimise``), so that more effort never ends on a larger arena.

    ``time_limit`` (seconds) or ``deadline`` (shared with a caller) cap the wall clock.
    ``bound``: the problem's lower bound if the caller has it (``assign_layout`` always
    does), else computed here. ``warm_start`` competes with the size-sorted greedy plan,
    which is always run: the caller's plan is not that one (auto's winner among equal
    arenas is an earlier portfolio entry), and the smaller arena wins, the greedy on ties.
    """
    start = time.perf_counter()
    if deadline is None:
        deadline = Deadline.after(time_limit)
    problem = _pins_keep_any_alignment(problem)  # the same bound: it reads no alignment
    lb = lower_bound(problem)[0] if bound is None else bound
    incumbent = greedy_offsets(problem)
    if warm_start is not None and is_valid(problem, warm_start.offsets):
        if incumbent is None or Plan.arena_of(problem, warm_start.offsets) < Plan.arena_of(problem, incumbent):
            incumbent = list(warm_start.offsets)

    def plan(offsets: list[int] | None, status: PlanStatus, method: str, bound: int) -> Plan:
        offs = offsets or []
        return Plan(
            offs, Plan.arena_of(problem, offs), f"exact/{method}", bound, status,
            time.perf_counter() - start
        )

    if incumbent is None:  # colliding pre-placed buffers or unsatisfiable group alignment
        return plan(None, S.INFEASIBLE, "none", lb)
    if capacity is not None:
        if Plan.arena_of(problem, incumbent) <= capacity:
            return plan(incumbent, S.FEASIBLE, "greedy", lb)
        if lb > capacity:
            return plan(incumbent, S.INFEASIBLE, "bound", lb)
        status, offs, method = _decide(problem, capacity, EXACT_SEARCH_WORK * effort, deadline,
                                       workers, dtime=CPSAT_DETERMINISTIC_TIME * effort)
        if status == S.FEASIBLE:
            return plan(offs, S.FEASIBLE, method, lb)
        return plan(incumbent, status, method, lb)
    return _minimise(problem, lb, incumbent, deadline, workers, plan, effort)


def _minimise(  # type: ignore[no-untyped-def]
    problem, lb, incumbent, deadline, workers, plan, effort
) -> Plan:
    """Bisection on the capacity with the decision engine, then CP-SAT below the best plan
    (CP-SAT alone where the interval search does not apply), in ``effort`` passes of
    effort 1's budgets. Each pass continues from the best plan, the proven bound and the
    lowest capacity not yet tried of the one before, and gives CP-SAT another seed, so
    effort N's plan is the best of passes 1..N: a larger effort never ends worse, and
    effort 1 is the first pass alone."""
    dtime = CPSAT_DETERMINISTIC_TIME
    best = incumbent
    hi = Plan.arena_of(problem, best)
    limit = problem.capacity
    method = "greedy"
    searching = _search_applies(problem)
    # Arenas of settled plans are multiples of the unit, so the bound rounds up to one.
    unit = _unit(problem) if searching else 1
    lo = -(-lb // unit) * unit if searching else lb  # proven
    soft = lo  # lowest capacity not yet tried (probes that gave up count as tried)
    first = True  # the first probe is the bound
    for seed in range(effort):
        if seed and (lo >= hi or deadline.expired()):
            break
        if not searching:
            res = solve_cpsat(problem, dtime, None, hi, lo, best, workers, deadline, seed=seed)
            lo = max(lo, res.bound)
            if res.offsets is not None and is_valid(problem, res.offsets):
                if Plan.arena_of(problem, res.offsets) <= hi:
                    best, hi, method = res.offsets, Plan.arena_of(problem, res.offsets), "cpsat"
            if res.status == S.OPTIMAL:
                lo = hi
            continue
        work_left = 2 * EXACT_SEARCH_WORK
        while soft < hi and not deadline.expired() and work_left > 0:
            mid = soft if first else (soft + hi) // 2
            mid = max(soft, mid - mid % unit)
            first = False
            work = work_left // 2
            status, offs, m = _decide(problem, mid, work, deadline, workers, allow_cpsat=False)
            work_left -= work
            if status == S.FEASIBLE and offs is not None:
                best, hi, method = offs, Plan.arena_of(problem, offs), m
            elif status == S.INFEASIBLE:
                lo = max(lo, -(-(mid + 1) // unit) * unit)
                soft = max(soft, mid + 1)
            else:
                soft = mid + 1
        if lo < hi and not deadline.expired():
            # Let CP-SAT try to improve with what is left.
            res = solve_cpsat(problem, dtime, None, hi, lo, best, workers, deadline, seed=seed)
            lo = max(lo, res.bound)
            if res.offsets is not None and is_valid(problem, res.offsets):
                if Plan.arena_of(problem, res.offsets) < hi:
                    best, hi, method = res.offsets, Plan.arena_of(problem, res.offsets), "cpsat"
            if res.status == S.OPTIMAL:
                lo = hi
    return _finish(plan, best, hi, min(lo, hi), limit, method)


def solve_cpsat(*args, **kwargs):  # type: ignore[no-untyped-def]
    """CP-SAT, imported when first needed: auto's searches should not pay for loading it."""
    from memir.planning.layout.exact.cpsat import solve_cpsat as solve

    return solve(*args, **kwargs)


def _finish(plan, best, hi, bound, limit, method) -> Plan:  # type: ignore[no-untyped-def]
    if limit is not None and hi > limit:
        return plan(best, S.INFEASIBLE if bound > limit else S.UNKNOWN, method, bound)
    return plan(best, S.OPTIMAL if bound >= hi else S.FEASIBLE, method, bound)


def _decide(
    problem: Problem,
    capacity: int,
    work: int,
    deadline: Deadline,
    workers: int,
    allow_cpsat: bool = True,
    dtime: float = CPSAT_DETERMINISTIC_TIME,
) -> tuple[PlanStatus, list[int] | None, str]:
    """Does everything fit in ``capacity``?  (FEASIBLE|INFEASIBLE|UNKNOWN, offsets, how)."""
    if _search_applies(problem):
        status, offs = _interval_search(problem, capacity, work, deadline, portfolio=True)
        if status == OK and offs is not None and is_valid(problem, offs):
            if Plan.arena_of(problem, offs) <= capacity:
                return S.FEASIBLE, offs, "search"
        if status == NOT_FOUND:
            return S.INFEASIBLE, None, "search"
        if not allow_cpsat:
            return S.UNKNOWN, None, "search"
    if deadline.expired():
        return S.UNKNOWN, None, "cpsat"
    res = solve_cpsat(problem, dtime, capacity, capacity, 0, None, workers,
                      deadline)
    if res.offsets is not None and is_valid(problem, res.offsets):
        if Plan.arena_of(problem, res.offsets) <= capacity:
            return S.FEASIBLE, res.offsets, "cpsat"
    if res.status == S.INFEASIBLE:
        return S.INFEASIBLE, None, "cpsat"
    return S.UNKNOWN, None, "cpsat"


def fit_by_search(problem: Problem, capacity: int, work: int,
                  deadline: Deadline = NO_DEADLINE, session: SearchSession | None = None,
                  key: object = None) -> list[int] | None:
    """Offsets within ``capacity`` found by the interval search alone, or None.

    None when the search does not apply (general conflicts, groups), proves that nothing
    fits, or runs out of ``work`` (or time). ``assign-layout``'s auto strategy uses it to
    try to meet the lower bound exactly before it settles for a heuristic plan. With a
    ``session``, the search of ``key`` is kept and continued: ``work`` is then the total it
    may have spent once this call returns (see ``SearchSession``).
    """
    if not _search_applies(problem) or work <= 0 or deadline.expired():
        return None
    if session is not None:
        return session.fit(key, problem, capacity, work, deadline)
    status, offs = _interval_search(problem, capacity, work, deadline)
    if status == OK and offs is not None and is_valid(problem, offs):
        if Plan.arena_of(problem, offs) <= capacity:
            return offs
    return None


class SearchSession:
    """Interval searches kept between calls, each under a caller's key, so that a later
    call with a larger total budget continues where the last one stopped (the search keeps
    its round-robin position and the failures it proved) instead of starting over.

    Why: ``effort`` N runs auto's search stages in N passes, pass k giving each search k
    units of work in all; with the searches continued, N passes cost about N units, not
    1 + 2 + ... + N. The sequence of budgets each search sees is fixed by the pass, so the
    outcome is the same on every machine. ``open``: whether some search ran out of work
    (a further pass could still find something)."""

    def __init__(self) -> None:
        self._searches: dict[object, list] = {}

    @property
    def open(self) -> bool:
        return any(entry[2] == TIMEOUT for entry in self._searches.values())

    def fit(self, key: object, problem: Problem, capacity: int, work: int,
            deadline: Deadline) -> list[int] | None:
        entry = self._searches.get(key)
        if entry is None:
            search, g, idx = _make_search(problem, capacity)
            entry = self._searches[key] = [search, 0, TIMEOUT, None, g, idx]
        search, spent, status, offs, g, idx = entry
        if status == TIMEOUT and work > spent and not deadline.expired():
            old = sys.getrecursionlimit()
            sys.setrecursionlimit(max(old, 8 * len(idx) + 1000))
            try:
                status, offs = search.solve(work - spent, deadline)
            finally:
                sys.setrecursionlimit(old)
            entry[1:4] = [work, status, offs]
        if status != OK or offs is None:
            return None
        out = _offsets_back(problem, g, idx, offs)
        if is_valid(problem, out) and Plan.arena_of(problem, out) <= capacity:
            return out
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
    problem: Problem, capacity: int, work: int, deadline: Deadline, portfolio: bool = False
) -> tuple[int, list[int] | None]:
    """Runs the interval search on the positive-size buffers, scaled by their common unit.

    With ``portfolio`` it takes turns with CP-SAT's canonical search (``exact_canonical``)
    on the schedule of ``_turns``.  Either engine's proof or plan ends the decision; both
    budgets are counts (search work, CP-SAT deterministic time), so the answer is the same
    on every machine.  The engines complement each other: CP-SAT's
    learning settles in under a second instances the Python search needs minutes for, and
    the Python search settles cheaply the ones where CP-SAT's propagation over large live
    sets crawls.
    """
    search, g, idx = _make_search(problem, capacity)
    old = sys.getrecursionlimit()
    sys.setrecursionlimit(max(old, 8 * len(idx) + 1000))
    try:
        if not portfolio:
            status, offs = search.solve(work, deadline)
        else:
            status, offs, by_cpsat = _take_turns(problem, capacity, search, work, deadline)
            if by_cpsat:
                return status, offs  # CP-SAT's plan, already in the problem's units
    finally:
        sys.setrecursionlimit(old)
    if status != OK or offs is None:
        return status, None
    return OK, _offsets_back(problem, g, idx, offs)


def _make_search(problem: Problem, capacity: int) -> tuple[IntervalSearch, int, list[int]]:
    """The search over the positive-size buffers in their common unit ``g``: (search, g,
    the buffers it covers)."""
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
    return search, g, idx


def _offsets_back(problem: Problem, g: int, idx: list[int], offs: list[int]) -> list[int]:
    """The search's offsets (in unit ``g``, for ``idx``) as offsets of every buffer."""
    out = [b.offset if b.offset is not None else 0 for b in problem.buffers]
    for k, i in enumerate(idx):
        out[i] = offs[k] * g
    return out


def _turns() -> Iterator[tuple[str, float]]:
    """The portfolio's schedule: ("search", work) or (pre-order, CP-SAT deterministic time).

    Round ``r`` gives CP-SAT ``CANONICAL_DTIME * 4**r`` per pre-order (each run starts
    afresh, so the budget grows fast and little is redone) and the resumable interval search
    ``SEARCH_SLICE * 2**r`` twice: once after the first pre-order, so that instances the
    search settles cheaply are not held up by every pre-order, and once after the others.
    """
    yield "search", FIRST_SLICE
    r = 0
    while True:
        dtime = CANONICAL_DTIME * 4**r
        slice_ = SEARCH_SLICE << r
        first, *rest = CANONICAL_ORDERS
        yield first, dtime
        yield "search", slice_
        for h in rest:
            yield h, dtime
        yield "search", slice_
        r += 1


def _schedule(work: int) -> list[tuple[str, float]]:
    """The turns of ``_turns`` that a search budget of ``work`` pays for: the search's
    pieces (each at most what is left) and CP-SAT's turns between them, up to the piece
    that spends the last of ``work``."""
    turns: list[tuple[str, float]] = []
    left = work
    for turn, budget in _turns():
        if left <= 0:
            break
        if turn == "search":
            budget = min(left, int(budget))
            left -= budget
        turns.append((turn, budget))
    return turns


def _take_turns(
    problem: Problem, capacity: int, search: IntervalSearch, work: int, deadline: Deadline
) -> tuple[int, list[int] | None, bool]:
    """The portfolio of ``_interval_search``: (status, offsets, whether CP-SAT decided:
    then the offsets are a whole plan, else the search's in its unit).  It ends when the
    search's ``work`` is spent (CP-SAT's turns are bounded by the rounds that takes).

    The turns run in ``memir.planning.layout.exact.race``: the search's on this thread,
    CP-SAT's beside them, and the first deciding turn in schedule order gives the answer,
    exactly as taking the turns one after the other would."""

    def run_turn(step: tuple[str, float], on_stop) -> tuple | None:
        turn, budget = step
        stop = StoppableDeadline(deadline.at)
        on_stop(stop.stop.set)
        if stop.expired():
            return None
        if turn == "search":
            status, offs = search.solve(int(budget), stop)
            return (status, offs, False) if status in (OK, NOT_FOUND) else None
        # Imported here: loading CP-SAT is slow, and the first slice often saves it.
        from memir.planning.layout.exact.canonical import (
            FEASIBLE,
            INFEASIBLE,
            decide_canonical,
        )

        verdict, plan = decide_canonical(problem, capacity, turn, budget, stop,
                                         lambda solver: on_stop(solver.stop_search))
        if verdict == FEASIBLE and plan is not None:
            return OK, plan, True
        if verdict == INFEASIBLE:
            return NOT_FOUND, None, True
        return None

    decision = run_race(_schedule(work), lambda step: step[0] == "search", run_turn)
    return decision if decision is not None else (TIMEOUT, None, False)


# -- checks and a greedy incumbent ------------------------------------------------------


def is_valid(problem: Problem, offsets: list[int]) -> bool:
    """Pins, alignment, groups and conflicts, by the independent checker (capacity aside:
    the callers compare arenas with the capacity themselves)."""
    if len(offsets) != len(problem.buffers):
        return False
    plan = Plan(list(offsets), Plan.arena_of(problem, offsets))
    return not any(v.kind != "capacity" for v in check_plan(problem, plan))


def _pins_keep_any_alignment(problem: Problem) -> Problem:
    """A pre-placed buffer stays where it is, whatever its alignment says (the search and
    CP-SAT treat pins so): the same problem with those alignments set to 1."""
    if not any(b.offset is not None and b.alignment > 1 for b in problem.buffers):
        return problem
    bufs = [replace(b, alignment=1) if b.offset is not None else b for b in problem.buffers]
    return Problem(bufs, problem.conflicts, problem.groups, problem.capacity)


def greedy_offsets(problem: Problem) -> list[int] | None:
    """Single Object, size order, best fit (pre-placed blocks first); None if contradictory
    (colliding pins, group alignments that cannot be met)."""
    try:
        prep = Prepared.of(problem)
    except BlockError:
        return None
    out = [int(o) for o in run(prep, "single", "size", "best")]
    return out if is_valid(problem, out) else None
