"""``assign_layout``: one entry point from a Problem to a Plan.

The pass adapter (``assign-layout``) and the benchmarks call this; it picks the algorithm,
measures time, attaches the lower bound and rejects what cannot be planned.

Why stages: no single greedy order wins everywhere, and the searches that close the last
gap to the lower bound cost seconds, so ``auto`` runs each stage only while the plan is more
than ``NEAR_BOUND`` above the bound, and never returns worse than the classical greedy
family. Every stage is cut by a work budget (``memir.planning.budget``), never the clock, so
the same input gives the same plan on every machine; ``time_limit`` only caps the call, and
under it the plain greedy (``PLAIN``) runs to its end first, so a cut stage cannot leave a
worse plan. The strategies, ``effort`` and the time limit are described in
docs/passes/assign-layout.md.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import TYPE_CHECKING

import numpy as np

from memir import progress
from memir.planning.layout.blocks import BlockError
from memir.planning.layout import compiled as compiled_loops
from memir.planning.layout.lower_bound import lower_bound
from memir.planning.layout.obstacles import index_class
from memir.planning.budget import NO_DEADLINE, Deadline, auto_search_work
from memir.model.layout import Plan, PlanStatus, Problem
from memir.planning.layout.greedy_family import family_order, run_family
from memir.planning.layout.heuristics import ALGORITHMS, FITS, SORTS, Prepared, arena_of, run
from memir.planning.layout.input_order import canonical_permutation, permuted, restored
from memir.planning.layout.order_search import OrderSearch
from memir.planning.layout.window import WindowSearch

if TYPE_CHECKING:  # the exact layer loads only when a stage uses it
    from memir.planning.layout.exact.solver import SearchSession
from memir.planning.layout.pin_and_fill import pin_and_fill

STRATEGIES = ("auto", "single", "many", "exact")
# The plain greedy (sort by size, first fit: ``strategy=single sort=size fit=first``). Under
# a time limit it runs to its end first, however short the limit: the floor of the plan.
PLAIN = ("size", "first")
__all__ = ["STRATEGIES", "SORTS", "FITS", "LayoutError", "assign_layout"]

# Above this many buffers each greedy run costs seconds: the portfolio becomes
# LARGE_PORTFOLIO, run in its order while LARGE_PLACEMENTS (buffer placements) last but at
# least its first LARGE_MIN_RUNS entries, then the classical greedy family (the floor,
# ``memir.planning.layout.greedy_family``); the pinning, exact search and promotion stages give
# way to the order search (``memir.planning.layout.order_search``) for LARGE_SEARCH_PLACEMENTS.
# Why these: on large traces the conflict (degree) and lifetime sorts win where size
# sorts stop above the bound, and pinning the largest buffers gives nothing over
# conflicts/best.
LARGE_PROBLEM = 4000
LARGE_PORTFOLIO = (("single", "conflicts", "best"), ("single", "lifetime", "best"),
                   ("single", "size", "best"), ("many", "size", "first"),
                   ("single", "area", "best"), ("single", "size", "first"))
LARGE_MIN_RUNS = 2
# Enough for the first two entries at the largest traces' size, more at smaller ones.
LARGE_PLACEMENTS = 60_000
# The order search's budget, in placements: two to five greedy runs on large traces,
# sized to the rounds the search took to gain on them.
# Effort N continues the same search for N - 1 times as many more.
LARGE_SEARCH_PLACEMENTS = 60_000
# The window moves' budget after the order search (``memir.planning.layout.window``), in
# placements, and the largest window (buffers) at effort 1; effort N gives N x the window
# and (N - 1) x the placements more. A window costs 12 x (its buffers + the obstacles its
# crossing buffers merge into); sized to what the large traces' moves spend at effort 1.
WINDOW_PLACEMENTS = 60_000
WINDOW_LARGEST = 1024
# ``effort`` multiplies every work budget of ``auto`` (1..MAX_EFFORT).
MAX_EFFORT = 64
# A plan within this share of the bound (or one alignment unit) is kept as it is: the
# later stages cost seconds and can gain at most that (such a plan shows as 1.0000 of the
# bound).
NEAR_BOUND = 5e-5
# The exact search's second target when the bound itself is out of its reach: a plan this
# close is often found in a fraction of the work the bound needs (measurements:
# docs/planning-figures.md).
NEAR_SEARCH = 5e-4
# Work budget of the improvement phase, in buffer placements per seed (a few seconds at
# most): per seed, since one budget shared among the seeds lost (measurements:
# docs/planning-figures.md).
IMPROVE_PLACEMENTS = 25_000
IMPROVE_SEEDS = 3
IMPROVE_MAX_ROUNDS = 30


class LayoutError(Exception):
    """The problem cannot be planned as given (contradictory or does not fit capacity)."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


def _check_options(strategy: str, sort: str, fit: str) -> None:
    if strategy not in STRATEGIES:
        raise ValueError(f"unknown strategy {strategy!r}; choose one of {', '.join(STRATEGIES)}")
    if sort not in SORTS:
        raise ValueError(f"unknown sort {sort!r}; choose one of {', '.join(SORTS)}")
    if fit not in FITS:
        raise ValueError(f"unknown fit {fit!r}; choose one of {', '.join(FITS)}")


def _check_fixed(prep: Prepared) -> None:
    """Pre-placed blocks that conflict must not overlap: no planner could repair that."""
    from memir.verify.overlap import check_plan

    pairs = [(i, b.fixed_start + p) for b in prep.blocks if b.fixed_start is not None
             for i, p in zip(b.members, b.prefix)]
    if len(pairs) < 2:
        return
    problem = prep.problem
    fixed = [i for i, _ in pairs]
    offsets = [o for _, o in pairs]
    keep = {old: new for new, old in enumerate(fixed)}
    sub = Problem([problem.buffers[i] for i in fixed],
                  None if problem.conflicts is None
                  else [{keep[j] for j in problem.conflicts[i] if j in keep} for i in fixed])
    plan = Plan(offsets, Plan.arena_of(sub, offsets))
    for v in check_plan(sub, plan):
        if v.kind == "overlap" and v.b is not None:
            a, b = (problem.buffers[fixed[k]].name or f"#{fixed[k]}" for k in (v.a, v.b))
            raise LayoutError(f"pre-placed buffers {a} and {b} conflict but share bytes "
                              f"[{v.lo}, {v.hi})")


def _movable_order(prep: Prepared, sort: str) -> np.ndarray:
    order = prep.sort_keys()[sort]
    fixed = np.fromiter((b.fixed_start is not None for b in prep.blocks), dtype=bool,
                        count=len(prep.blocks))
    return order[~fixed[order]]


def _meet_bound(problem: Problem, bound: int, best: int, deadline: Deadline,
                session: SearchSession | None = None, units: int = 1
                ) -> tuple[np.ndarray, str] | None:
    """A plan at the lower bound from the exact interval search (``units`` x auto's search
    budget in all, continued from the earlier passes), or failing that one within
    ``NEAR_SEARCH`` of it if that beats ``best`` (half that more)."""
    from memir.planning.layout.exact.solver import fit_by_search

    full = auto_search_work(len(problem)) * units
    for target, name, work in ((bound, "auto/search", full),
                               (bound + int(bound * NEAR_SEARCH), "auto/search-near",
                                full // 2)):
        if target >= best or deadline.expired():
            break
        offsets = fit_by_search(problem, target, work, deadline, session, ("meet", target))
        if offsets is not None:
            return np.asarray(offsets, dtype=np.int64), name
    return None


def _auto(prep: Prepared, bound: int, deadline: Deadline, effort: int = 1
          ) -> tuple[np.ndarray, str]:
    if len(prep.sizes) > LARGE_PROBLEM:
        return _auto_large(prep, bound, deadline, effort)
    return _auto_small(prep, bound, deadline, effort)


def _auto_small(prep: Prepared, bound: int, deadline: Deadline, effort: int
                ) -> tuple[np.ndarray, str]:
    """``auto`` up to ``LARGE_PROBLEM`` buffers: the portfolio and the family once, then
    the searching stages in ``effort`` passes (see ``_Passes``), then the window moves
    (``memir.planning.layout.window``) from the first pass's plan, continued at a larger
    effort as on the large path (``_auto_large``); the best plan of all."""
    n = len(prep.sizes)
    portfolio = [(a, s, f) for a in ALGORITHMS for s in SORTS for f in FITS]
    close = _close_to(prep, bound)
    results = []
    for rank, (alg, sort, fit) in enumerate(portfolio):
        progress.note(f"greedy {alg}/{sort}/{fit}", rank, len(portfolio),
                      min((r[0] for r in results), default=None))
        offsets = run(prep, alg, sort, fit, deadline=deadline)
        results.append((arena_of(prep, offsets), rank, offsets))
        if results[-1][0] <= close or deadline.expired():
            break  # close enough, or out of time: keep the best plan so far
    results.sort(key=lambda r: (r[0], r[1]))
    best_arena, best_rank, best_offsets = results[0]
    alg, sort, fit = portfolio[best_rank]
    name = f"{alg}/{sort}/{fit}"
    floor = run_family(prep, best_arena, deadline) if best_arena > bound else None
    if floor is not None:  # the classical greedy family is the floor: never worse
        best_arena, name, best_offsets = floor
    if best_arena <= close or n == 0 or deadline.expired():
        return best_offsets, name
    seeds = []
    for _, rank, offsets in results:
        if len(seeds) < IMPROVE_SEEDS and portfolio[rank] not in (s[0] for s in seeds):
            seeds.append((portfolio[rank], offsets))
    passes = _Passes(prep, bound, close, seeds, deadline)
    best = (best_arena, best_offsets, name)
    windows: list[WindowSearch] = []
    for units in range(1, effort + 1):
        progress.note("searching for a smaller arena", units - 1, effort, best[0])
        arena, offsets, name = passes.run(best[0], best[1], best[2], units)
        if arena < best[0]:
            best = (arena, offsets, name)
        if units == 1:  # effort 1's window moves, from the first pass's plan
            windows.append(WindowSearch(prep, best[1], best[2]))
            windows[0].advance(WINDOW_PLACEMENTS, WINDOW_LARGEST, close, deadline)
        if best[0] <= close or deadline.expired() or not passes.open:
            break  # at the bound, or nothing a further pass could continue
    if effort > 1 and min(best[0], windows[0].best) > close:
        if best[0] < windows[0].start:  # later passes improved: move windows there too
            windows.append(WindowSearch(prep, best[1], best[2]))
        for w in windows:  # the first continues; effort 1's moves are its prefix
            w.advance(WINDOW_PLACEMENTS * (effort - 1), WINDOW_LARGEST * effort, close,
                      deadline)
    for w in windows:
        if w.best < best[0]:
            best = (w.best, w.best_offsets, w.name)
    return best[1], best[2]


class _Passes:
    """The searching stages of the small path: pin-and-fill, the exact interval search,
    and the promotion reruns from the portfolio's best seeds. Pass ``units`` gives each
    search ``units`` times its budget in all, continuing what the earlier passes began (the
    interval searches through one ``SearchSession``, pin-and-fill's fills once per core,
    the promotion searches resumed), so ``effort`` N costs about N passes' worth of new
    work. Pass k starts from the best plan before it, which is the same whatever the
    effort, so pass k is too: effort N's plan is the best of passes 1..N, never worse than
    a smaller effort's."""

    def __init__(self, prep: Prepared, bound: int, close: int, seeds, deadline: Deadline
                 ) -> None:
        from memir.planning.layout.exact.solver import SearchSession

        self.prep, self.bound, self.close, self.deadline = prep, bound, close, deadline
        self.seeds = seeds
        self.session = SearchSession()
        self.pins: dict = {}  # pin-and-fill's fills, once per core
        self.searches: dict = {}  # promotion searches by seed
        self.open = True

    def run(self, arena: int, offsets: np.ndarray, name: str, units: int
            ) -> tuple[int, np.ndarray, str]:
        prep, bound, close, deadline = self.prep, self.bound, self.close, self.deadline
        n = len(prep.sizes)
        pinned = pin_and_fill(prep.problem, False, deadline, close, units, self.session,
                              self.pins)
        if pinned is not None and arena_of(prep, pinned[0]) < arena:
            offsets, name = pinned
            arena = arena_of(prep, offsets)
        if arena > close:
            found = _meet_bound(prep.problem, bound, arena, deadline, self.session, units)
            if found is not None:  # one at the bound is returned just below
                offsets, name = found
                arena = arena_of(prep, offsets)
        rounds = min(IMPROVE_MAX_ROUNDS * units, IMPROVE_PLACEMENTS * units // max(n, 1))
        promoting = False
        if rounds >= 2 and arena > close:
            for (alg, sort, fit), seed_offsets in self.seeds:
                search = self.searches.get((alg, sort, fit))
                if search is None:
                    search = self.searches[(alg, sort, fit)] = OrderSearch(
                        prep, alg, fit, _movable_order(prep, sort), seed_offsets,
                        f"{alg}/{sort}/{fit}", columns=False)
                search.advance(rounds * n - search.spent, bound, deadline)
                promoting |= not search.stalled and search.best > bound
                if search.best < arena:
                    arena, offsets, name = search.best, search.best_offsets, search.name
                if arena <= bound:
                    break
        self.open = self.session.open or promoting
        return arena, offsets, name


def _close_to(prep: Prepared, bound: int) -> int:
    """Closer than this to the bound, what is left is alignment padding: stop there."""
    align = max((b.alignment for b in prep.problem.buffers), default=1)
    return bound + max(int(bound * NEAR_BOUND), align - 1)


def _auto_large(prep: Prepared, bound: int, deadline: Deadline, effort: int
                ) -> tuple[np.ndarray, str]:
    """``auto`` above ``LARGE_PROBLEM`` buffers: the first entries of ``LARGE_PORTFOLIO``
    that ``LARGE_PLACEMENTS`` pays for, the classical greedy family (the floor; its runs
    stop once they reach the best arena so far, so it costs least after the portfolio),
    then the order search (``memir.planning.layout.order_search``) from the best of them for
    ``LARGE_SEARCH_PLACEMENTS``; then the window moves (``memir.planning.layout.window``)
    re-place the buffers around the arena top of the best plan, ``WINDOW_PLACEMENTS`` and
    windows of ``WINDOW_LARGEST`` buffers at most. With ``effort`` N > 1 those steps run
    first, unchanged, and their plan is kept as a candidate; then the rest of the portfolio
    gets (N - 1) x ``LARGE_PLACEMENTS``, the same order search continues for (N - 1) x
    ``LARGE_SEARCH_PLACEMENTS``, and the window moves continue (and start again from the
    search's plan if it improved) for (N - 1) x ``WINDOW_PLACEMENTS`` with windows up to N
    times as large, so a larger effort never ends on a worse plan."""
    n = len(prep.sizes)
    close = _close_to(prep, bound)
    paid = max(LARGE_MIN_RUNS, LARGE_PLACEMENTS // n)
    alg, sort, fit = LARGE_PORTFOLIO[0]
    offsets = run(prep, alg, sort, fit, deadline=deadline)
    best = _Candidate(arena_of(prep, offsets), f"{alg}/{sort}/{fit}", offsets,
                      (alg, fit, _movable_order(prep, sort)))
    best = _portfolio_large(prep, LARGE_PORTFOLIO[1:paid], best, close, deadline)
    if best.arena > bound:  # the floor, each member stopped once it reaches the best
        floor = run_family(prep, best.arena, deadline)
        if floor is not None:
            arena, name, offsets = floor
            _, key, fit = name.split("/")
            best = _Candidate(arena, name, offsets, ("single", fit, family_order(prep, key)))
    search = OrderSearch(prep, *best.seed, best.offsets, best.name)
    progress.note("searching orders", best=best.arena)
    search.advance(LARGE_SEARCH_PLACEMENTS, close, deadline)
    best = best.or_search(search)
    windows = [WindowSearch(prep, best.offsets, best.name)]
    windows[0].advance(WINDOW_PLACEMENTS, WINDOW_LARGEST, close, deadline)
    if effort > 1 and min(best.arena, windows[0].best) > close:
        more = min(len(LARGE_PORTFOLIO), paid + (effort - 1) * LARGE_PLACEMENTS // n)
        best = _portfolio_large(prep, LARGE_PORTFOLIO[paid:more], best, close, deadline)
        search.advance(LARGE_SEARCH_PLACEMENTS * (effort - 1), close, deadline)
        best = best.or_search(search)
        if best.arena < windows[0].start:  # a better plan to move windows in too
            windows.append(WindowSearch(prep, best.offsets, best.name))
        for w in windows:  # the first continues; effort 1's moves are its prefix
            w.advance(WINDOW_PLACEMENTS * (effort - 1), WINDOW_LARGEST * effort, close,
                      deadline)
    for w in windows:
        if w.best < best.arena:
            best = _Candidate(w.best, w.name, w.best_offsets, best.seed)
    return best.offsets, best.name


@dataclass(frozen=True, slots=True)
class _Candidate:
    """A plan of the large path and the run that made it: (algorithm, fit, order)."""

    arena: int
    name: str
    offsets: np.ndarray
    seed: tuple[str, str, np.ndarray]

    def or_search(self, search: OrderSearch) -> _Candidate:
        if search.best >= self.arena:
            return self
        return _Candidate(search.best, search.name, search.best_offsets, self.seed)


def _portfolio_large(prep: Prepared, entries, best: _Candidate, close: int,
                     deadline: Deadline) -> _Candidate:
    """The best of ``best`` and the portfolio ``entries``; each run stops once its arena
    reaches the best so far, as it cannot win any more."""
    for alg, sort, fit in entries:
        if best.arena <= close or deadline.expired():
            break
        progress.note(f"greedy {alg}/{sort}/{fit}", best=best.arena)
        offsets = run(prep, alg, sort, fit, deadline=deadline, cap=best.arena)
        if offsets is not None:
            best = _Candidate(arena_of(prep, offsets), f"{alg}/{sort}/{fit}", offsets,
                              (alg, fit, _movable_order(prep, sort)))
    return best


def assign_layout(problem: Problem, strategy: str = "auto", sort: str = "size",
                  fit: str = "best", time_limit: float | None = None,
                  capacity: int | None = None, effort: int = 1) -> Plan:
    """Plan offsets for every buffer of ``problem``; see the module docstring."""
    _check_options(strategy, sort, fit)
    if not 1 <= effort <= MAX_EFFORT:
        raise ValueError(f"effort must be in 1..{MAX_EFFORT}, got {effort}")
    started = time.perf_counter()
    if _would_compile(problem, time_limit):
        with compiled_loops.numpy_only():
            left = max(0.0, time_limit - (time.perf_counter() - started))
            plan = assign_layout(problem, strategy, sort, fit, left, capacity, effort)
        plan.seconds = time.perf_counter() - started
        return plan
    perm = canonical_permutation(problem)
    if perm is not None:  # plan in content order: the input order cannot change the arena
        left = None if time_limit is None else max(
            0.0, time_limit - (time.perf_counter() - started))
        plan = assign_layout(permuted(problem, perm), strategy, sort, fit, left, capacity,
                             effort)
        return restored(plan, perm)
    deadline = Deadline.after(time_limit)
    capacity = problem.capacity if capacity is None else capacity
    try:
        prep = Prepared.of(problem)
    except BlockError as e:
        raise LayoutError(str(e)) from None
    _check_fixed(prep)
    floor = None
    if time_limit is not None and not (strategy == "exact" and capacity is not None):
        floor = _plain_greedy(prep)
    bound, _ = lower_bound(problem, deadline)

    if strategy == "exact" and capacity is not None:
        plan = _exact(problem, None, bound, capacity, deadline, effort)  # a decision
        plan.seconds = time.perf_counter() - started
        return plan
    if floor is not None and deadline.expired():  # the floor run took the time: no stage
        offsets, name = floor, "single/{}/{}".format(*PLAIN)
    elif strategy in ("single", "many"):
        offsets = run(prep, strategy, sort, fit, deadline=deadline)
        name = f"{strategy}/{sort}/{fit}"
    else:
        offsets, name = _auto(prep, bound, deadline, effort)
    if floor is not None and arena_of(prep, floor) < arena_of(prep, offsets):
        offsets, name = floor, "single/{}/{}".format(*PLAIN)  # the limit cut the stages
    arena = arena_of(prep, offsets)
    plan = Plan([int(o) for o in offsets], arena, name, bound,
                PlanStatus.OPTIMAL if arena == bound else PlanStatus.HEURISTIC)

    if strategy == "exact":
        plan = _exact(problem, plan, bound, capacity, deadline, effort)
    elif capacity is not None and arena > capacity:
        why = (f"the lower bound {bound} already exceeds it" if bound > capacity
               else f"best heuristic arena is {arena} bytes ({name}); try strategy=exact")
        raise LayoutError(f"layout does not fit capacity {capacity}: {why}")
    plan.seconds = time.perf_counter() - started
    return plan


def _would_compile(problem: Problem, time_limit: float | None) -> bool:
    """Whether planning ``problem`` under ``time_limit`` would first compile numba's loops
    (seconds, once per install: more than a limit can pay; the numpy path plans the same)."""
    loops = index_class(problem).LOOPS
    return (time_limit is not None and bool(loops)
            and len(problem.buffers) >= compiled_loops.COMPILED_FROM
            and compiled_loops.allowed() and not compiled_loops.warm(loops))


def _plain_greedy(prep: Prepared) -> np.ndarray:
    """The plain greedy (``PLAIN``), run to its end whatever the time limit: the floor of
    a plan made under a limit (a run the clock cut would stack what it had not placed)."""
    return run(prep, "single", *PLAIN, deadline=NO_DEADLINE)


def _exact(problem: Problem, heuristic: Plan | None, bound: int, capacity: int | None,
           deadline: Deadline, effort: int) -> Plan:
    """``solve_exact``, keeping the heuristic plan (if any) when it finds nothing better."""
    # the exact layer, loaded only when asked
    from memir.planning.layout.exact.solver import solve_exact

    solved = solve_exact(problem, capacity=capacity, warm_start=heuristic, deadline=deadline,
                         bound=bound, effort=effort)
    bound = max(bound, solved.lower_bound)
    usable = (len(solved.offsets) == len(problem.buffers)
              and solved.status in (PlanStatus.OPTIMAL, PlanStatus.FEASIBLE))
    if heuristic is None or (usable and (capacity is not None
                                         or solved.arena <= heuristic.arena)):
        solved.lower_bound = bound
        return solved
    fits = capacity is None or heuristic.arena <= capacity
    if heuristic.arena == bound:
        status = PlanStatus.OPTIMAL
    elif fits:
        status = PlanStatus.FEASIBLE
    else:
        status = solved.status  # "infeasible" (proven) or "unknown" (budget ran out)
    return Plan(heuristic.offsets, heuristic.arena, f"exact<-{heuristic.strategy}", bound,
                status)
