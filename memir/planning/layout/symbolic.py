"""One plan for a whole range of sizes: an offset expression per buffer, valid at every point.

Why "fixed order": a static plan at one point of the range decides, for every conflicting
pair, which buffer lies below the other; placing each buffer at or above an upper bound of
the end of every buffer directly below it keeps that order apart at every point, whatever
the sizes do there, so validity needs no sampling and the Z3 proof (``verify-layout``) is
only a second opinion. Offsets stay polynomials inside ``align(max(...))``: each buffer keeps
a few polynomial bounds none of which is under another everywhere, and past ``symbolic_bounds.TERM_CAP``
two merge into one above both (the cheapest at the range points). Which point gives the
order is a choice: each range point is tried, and the plan closest to the per-size static
plan there wins (``plan_symbolic``'s docstring says what each guarantee needs).
"""

from __future__ import annotations

from dataclasses import replace
from itertools import product

from memir.model.layout import Buffer, Problem
from memir.model.symbolic import (MAX_SYMBOL_VALUE, OffsetExpr, Poly, Symbol, SymbolicPlan,
                                  SymbolicProblem, highest, nonnegative,
                                  point_text, range_points)
from memir.planning.layout.greedy_family import best_of_family
from memir.planning.layout.symbolic_bounds import Frontier, aligned_up
from memir.planning.layout.portfolio import assign_layout

AUTO_BUFFERS = 40
"""Up to this many buffers the orders come from the static portfolio (``auto``); above, its
exact stages cost seconds per point, and the classical greedy family (within a few percent
of it on the benchmark's 200-buffer programs) gives the orders."""
ZERO = Poly()


class SymbolicLayoutError(Exception):
    """The arena exceeds the capacity somewhere in the range; ``witness`` is such a point."""

    def __init__(self, message: str, witness: dict[str, int]) -> None:
        super().__init__(message)
        self.message, self.witness = message, witness


def plan_symbolic(problem: SymbolicProblem, effort: int = 1,
                  upper_slack: int | None = None) -> SymbolicPlan:
    """A plan valid at every point of the symbols' ranges, by construction: for each
    conflicting pair one buffer's offset is at or above a bound of the other's end.

    Candidates: the fixed-order plan from the static plan at each range point whose arena
    is not 0 (and at the lower end again with padding exact there); where every size is bounded, the capped
    plan in the upper-bound plan's order, and the upper-bound plan. Kept are those at most
    ``upper_slack`` bytes above the upper-bound plan's arena at every range point; the one
    with the smallest worst ratio to the static plan there wins (ties: smaller sum, then
    order). ``upper_slack`` defaults to the rounding slack, the sum of (alignment - 1): a
    size that is not a multiple of its alignment everywhere rounds up by up to that much
    per level, and a plan exact at the upper end instead pays the rounding times the
    range's width at its lower end (``aligned_up``); 0 keeps the upper-bound rule strict.
    Guarantees: valid for any sizes with the given conflicts (a negative size is empty);
    with ``upper_slack=0`` and every size bounded, never above the upper-bound plan at the
    range points, and everywhere when the capped plan or the upper-bound plan wins. With a
    capacity, the best candidate that fits it; ``SymbolicLayoutError`` when none does."""
    symbols = problem.symbols
    points = range_points(symbols.values())
    adjacency = _static(problem, points[0]).adjacency()
    statics = [_static_plan(_static(problem, p), effort) for p in points]
    orders = [k for k, (_, arena) in enumerate(statics) if arena] or [len(points) - 1]
    candidates = [fixed_order(problem, statics[k][0], adjacency, points, k) for k in orders]
    if statics[0][1]:  # where everything is empty, the order of the lower end is arbitrary
        candidates.append(fixed_order(problem, statics[0][0], adjacency, points, 0,
                                      _corner(symbols, "first")))
    upper = _upper_static(problem, effort)
    ceiling = None
    if upper is not None:
        offsets, ceiling, _ = upper
        candidates.append(fixed_order(problem, offsets, adjacency, points, len(points) - 1,
                                      cap=(offsets, _room(offsets, ceiling, adjacency))))
        candidates.append(_constant_plan(problem, offsets, ceiling))
    if ceiling is not None:
        ceiling += (sum(b.alignment - 1 for b in problem.buffers) if upper_slack is None
                    else upper_slack)
    ranked = _ranked(candidates, points, [arena for _, arena in statics], ceiling)
    if problem.capacity is None:
        return _with_fallback(ranked[0], upper, symbols)
    errors = []
    for plan in ranked:
        try:
            check_capacity(plan.arena, symbols, problem.capacity)
            return _with_fallback(plan, upper, symbols)
        except SymbolicLayoutError as error:
            errors.append(error)
    raise errors[0]


def _with_fallback(plan: SymbolicPlan, upper, symbols: dict[str, Symbol]) -> SymbolicPlan:
    """The plan, with the upper-bound plan as its run-time fallback where its arena may
    exceed that plan's somewhere in the range: never above the upper-bound plan."""
    if upper is None or plan.fallback is not None:
        return plan
    offsets, arena, _ = upper
    if all((top := highest(t, symbols)) is not None and top <= arena for t in plan.arena.terms):
        return plan
    return replace(plan, fallback=(list(offsets), arena))


def _static(problem: SymbolicProblem, point: dict[str, int]) -> Problem:
    return replace(problem.at(point), capacity=None)


def _static_plan(problem: Problem, effort: int) -> tuple[list[int], int]:
    if len(problem) <= AUTO_BUFFERS:
        plan = assign_layout(problem, effort=effort)
        return plan.offsets, plan.arena
    arena, _, offsets = best_of_family(problem)
    return [int(o) for o in offsets], int(arena)


def _corner(symbols: dict[str, Symbol], end: str) -> dict[str, tuple[int, str]] | None:
    """Every symbol at its ``end`` ("first" or "last"), as an anchor (None: no such end)."""
    values = {name: getattr(s, end) for name, s in symbols.items()}
    if any(v is None for v in values.values()):
        return None
    return {name: (value, end) for name, value in values.items()}


def _ranked(candidates: list[SymbolicPlan], points, static_arenas, ceiling
            ) -> list[SymbolicPlan]:
    """The candidates within ``ceiling`` at every point, best first: smallest worst ratio
    to the static arenas (where one is 0, every size may be, and the point says nothing of
    the order), then smallest sum, then first."""
    scored = []
    for order, plan in enumerate(candidates):
        arenas = [plan.arena.evaluate(p) for p in points]
        if ceiling is not None and any(a > ceiling for a in arenas):
            continue
        ratio = max((a / s for a, s in zip(arenas, static_arenas) if s), default=1.0)
        scored.append((ratio, sum(arenas), order, plan))
    return [plan for *_, plan in sorted(scored, key=lambda t: t[:3])]


def _upper_static(problem: SymbolicProblem, effort: int
                  ) -> tuple[list[int], int, list[int]] | None:
    """(offsets, arena, sizes) of the static plan with every size at its greatest value
    over the range (None where one has none)."""
    tops = [highest(b.size, problem.symbols) for b in problem.buffers]
    if any(t is None for t in tops):
        return None
    tops = [max(t, 0) for t in tops]
    static = Problem([Buffer(t, b.lower, b.upper, b.alignment, None, b.name)
                      for t, b in zip(tops, problem.buffers)], problem.conflicts)
    offsets, arena = _static_plan(static, effort)
    return offsets, arena, tops


def _room(offsets: list[int], arena: int, adjacency: list[list[int]]) -> list[int]:
    """Where each buffer of a static plan may end at most: at the lowest buffer above it
    that it conflicts with, or the arena's end."""
    return [min([arena] + [offsets[k] for k in adjacency[i] if (offsets[k], k) > (o, i)])
            for i, o in enumerate(offsets)]


def _constant_plan(problem: SymbolicProblem, offsets: list[int], arena: int) -> SymbolicPlan:
    return SymbolicPlan([OffsetExpr((Poly.const(o),) if o else (), b.alignment)
                         for o, b in zip(offsets, problem.buffers)],
                        OffsetExpr((Poly.const(arena),) if arena else ()), "upper-bound")


def upper_bound_plan(problem: SymbolicProblem, effort: int = 1) -> SymbolicPlan | None:
    """ExecuTorch's plan: every size at its greatest value over the range, one static plan,
    its offsets used at every size (None where a size is unbounded above)."""
    upper = _upper_static(problem, effort)
    return None if upper is None else _constant_plan(problem, upper[0], upper[1])


def fixed_order(problem: SymbolicProblem, offsets: list[int], adjacency: list[list[int]],
                points: list[dict[str, int]], reference: int = 0,
                anchor: dict[str, tuple[int, str]] | None = None,
                cap: tuple[list[int], list[int]] | None = None) -> SymbolicPlan:
    """The plan that keeps the order of the static ``offsets`` (planned at
    ``points[reference]``): of each conflicting pair, the lower (offset, index) is below.
    ``anchor``: alignment padding exact at that corner (``aligned_up``).

    ``cap``: the upper-bound plan's offsets o* (``offsets`` too) and room R (``_room``).
    Every bound of buffer i's end is then kept at most R_i over the range, so no end and no
    arena passes the upper-bound plan's: a bound above it is taken with padding exact at
    the upper end, else replaced by o*_i + size_i (valid: every bound below i is at most
    o*_i, so i's offset is too) and merges must stay under the room."""
    symbols, buffers = problem.symbols, problem.buffers
    order = sorted(range(len(buffers)), key=lambda i: (offsets[i], i))
    rank = {i: r for r, i in enumerate(order)}
    below = [[j for j in adjacency[i] if rank[j] < rank[i]] for i in range(len(buffers))]
    if all(nonnegative(b.size, symbols) for b in buffers):
        below = _reduced(below, order, rank)  # a path j -> k -> i already lifts i over j
    point = points[reference]
    frontier = Frontier(symbols, [b.size for b in buffers], points, point)
    upper = _corner(symbols, "last")
    terms: list[list[Poly]] = [[] for _ in buffers]
    ends: list[list[Poly]] = [[] for _ in buffers]
    for i in order:
        b = buffers[i]
        limit = None if cap is None else cap[1][i]
        terms[i] = frontier.of([ZERO] + [e for j in below[i] for e in ends[j]],
                               None if cap is None else cap[0][i])
        bounds = [aligned_up(t, b.alignment, symbols, anchor) + b.size for t in terms[i]]
        if limit is not None:
            bounds = [_capped(e, t, b, frontier, upper, limit, cap[0][i])
                      for e, t in zip(bounds, terms[i])]
        ends[i] = frontier.of(bounds, limit)
    ceiling = None if cap is None else max(cap[1], default=0)
    top = frontier.of([ZERO] + [e for es in ends for e in es], ceiling)
    name = "capped@upper-bound" if cap else f"fixed-order@{point_text(point)}" + (
        "/anchored" if anchor else "")
    return SymbolicPlan([OffsetExpr(tuple(t for t in ts if t != ZERO), b.alignment)
                         for ts, b in zip(terms, buffers)],
                        OffsetExpr(tuple(t for t in top if t != ZERO)), name, dict(point))


def _capped(bound: Poly, term: Poly, buffer, frontier: Frontier, upper, limit: int,
            offset: int) -> Poly:
    if frontier.highest(bound) <= limit:
        return bound
    anchored = aligned_up(term, buffer.alignment, frontier.symbols, upper) + buffer.size
    return anchored if frontier.highest(anchored) <= limit else buffer.size + offset


def _reduced(below: list[list[int]], order: list[int], rank: dict[int, int]) -> list[list[int]]:
    """The transitive reduction of the "below" edges (bitsets of everything under each)."""
    under = [0] * len(below)
    kept: list[list[int]] = [[] for _ in below]
    for i in order:
        covered = 0
        for j in sorted(below[i], key=rank.__getitem__, reverse=True):
            if not covered >> j & 1:
                kept[i].append(j)
                covered |= under[j] | 1 << j
        under[i] = covered
    return kept


def check_capacity(arena: OffsetExpr, symbols: dict[str, Symbol], capacity: int) -> None:
    """Raise ``SymbolicLayoutError`` with a witness where the arena exceeds ``capacity``
    (its ends, a grid and, for unbounded symbols, doubling values are tried; a bound above
    the capacity with no such point found is left to the proof)."""
    tops = [highest(t, symbols) for t in arena.terms]
    if all(t is not None for t in tops):
        if OffsetExpr(tuple(Poly.const(t) for t in tops), arena.align).evaluate({}) <= capacity:
            return
    for point in _trial_points(symbols):
        value = arena.evaluate(point)
        if value > capacity:
            unbounded = [s.name for s in symbols.values() if s.last is None]
            growth = (f"; {', '.join(unbounded)} {'has' if len(unbounded) == 1 else 'have'}"
                      " no upper end, so neither has the arena") if unbounded else ""
            raise SymbolicLayoutError(
                f"the arena {arena} needs {value} bytes at {point_text(point)}, more than "
                f"the capacity of {capacity}{growth}", point)


def _trial_points(symbols: dict[str, Symbol]) -> list[dict[str, int]]:
    values = []
    for s in symbols.values():
        if s.last is None:
            ladder = [s.first] + [s.first + s.divisor * 2 ** k for k in range(41)]
            values.append([v for v in ladder if v <= MAX_SYMBOL_VALUE])
        else:
            grid = {s.first, s.last} | {max(s.first, (s.first + (s.last - s.first) * k // 16)
                                            // s.divisor * s.divisor) for k in range(17)}
            values.append(sorted(grid))
    names = list(symbols)
    return [dict(zip(names, combo)) for combo in product(*values)]
