"""One plan for a whole range of sizes: an offset expression per buffer, valid at every point.

Why "fixed order": a static plan at one point of the range decides, for every conflicting
pair, which buffer lies below the other; placing each buffer at or above an upper bound of
the end of every buffer directly below it keeps that order apart at every point, whatever
the sizes do there, so validity needs no sampling and the Z3 proof (``verify-layout``) is
only a second opinion. Offsets stay polynomials inside ``align(max(...))``: each buffer keeps
a few polynomial bounds none of which is under another everywhere, and past ``TERM_CAP``
two merge into one above both (the cheapest at the range points). Which point gives the
order is a choice: each range point is tried, and the plan closest to the per-size static
plan there wins (``plan_symbolic``'s docstring says what each guarantee needs).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import replace
from itertools import product
from math import gcd

from memir.model.layout import Buffer, Problem
from memir.model.symbolic import (MAX_SYMBOL_VALUE, OffsetExpr, Poly, Symbol, SymbolicPlan,
                                  SymbolicProblem, at_most, highest, nonnegative,
                                  point_text, range_points)
from memir.planning.layout.greedy_family import best_of_family
from memir.planning.layout.portfolio import assign_layout

AUTO_BUFFERS = 40
"""Up to this many buffers the orders come from the static portfolio (``auto``); above, its
exact stages cost seconds per point, and the classical greedy family (within a few percent
of it on the benchmark's 200-buffer programs) gives the orders."""
TERM_CAP = 4
"""Polynomial bounds kept per offset before two merge (each is one ``If`` in the proof)."""
CORNERS = 256
"""Dominance is decided on the corners of the range's box up to this many, else by
``at_most`` (the same answer, slower)."""
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
        return ranked[0]
    errors = []
    for plan in ranked:
        try:
            check_capacity(plan.arena, symbols, problem.capacity)
            return plan
        except SymbolicLayoutError as error:
            errors.append(error)
    raise errors[0]


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


# ----------------------------------------------------------------------------- bounds


def aligned_up(term: Poly, align: int, symbols: dict[str, Symbol],
               anchor: dict[str, tuple[int, str]] | None = None) -> Poly:
    """A polynomial at or above ``align_up(term, align)`` at every point. The non-constant
    part is a multiple of ``g`` (gcd of coefficient x divisors), so with ``step = gcd(g,
    align)`` and ``rho = constant mod step`` the rounding adds at most ``align - (rho or
    step)``: exact where ``g`` is a multiple of ``align``. ``anchor`` (a corner, each symbol
    at its "first" or "last"): that padding becomes the exact rounding at the corner plus
    the padding times the distance from it (at least 1 anywhere else)."""
    if align == 1:
        return term
    g = 0
    for monomial, coefficient in term.terms:
        if monomial:
            for name in monomial:
                coefficient *= symbols[name].divisor
            g = gcd(g, coefficient)
    step = gcd(g, align)
    rho = term.constant % step
    pad = align - (rho or step)
    if pad == 0 or anchor is None:
        return term + pad
    at = {name: value for name, (value, _) in anchor.items()}
    value = term.evaluate(at)
    distance = Poly()
    for name in term.symbols:
        corner, end = anchor[name]
        distance += corner - Poly.var(name) if end == "last" else Poly.var(name) - corner
    return term + (-(-value // align) * align - value) + pad * distance


def coefficient_max(a: Poly, b: Poly) -> Poly:
    """The coefficient-wise maximum: at or above both where every monomial is >= 0."""
    monomials = {m for m, _ in a.terms} | {m for m, _ in b.terms}
    return Poly.of({m: max(a.coefficient(m), b.coefficient(m)) for m in monomials})


class Frontier:
    """Non-dominated sets of polynomial bounds, merged past ``TERM_CAP``."""

    def __init__(self, symbols: dict[str, Symbol], sizes: list[Poly], points, reference
                 ) -> None:
        self.symbols, self.points, self.reference = symbols, points, reference
        self.can_merge = all(s.first >= 0 for s in symbols.values())
        box = _box(symbols, sizes)
        self.keys, self.ends = box if box is not None else ([], [])
        self.corners = None if box is None else [dict(zip(self.keys, values))
                                                 for values in product(*self.ends)]
        self.vectors: dict[Poly, tuple[int, ...]] = {}
        self.decided: dict[tuple[Poly, Poly], bool] = {}
        self.values: dict[Poly, tuple[int, ...]] = {}

    def vector(self, poly: Poly) -> tuple[int, ...]:
        """Values at the corners of the box where each power of a symbol ranges alone."""
        found = self.vectors.get(poly)
        if found is None:
            found = tuple(sum(c * _product(corner, m) for m, c in poly.terms)
                          for corner in self.corners)
            self.vectors[poly] = found
        return found

    def below(self, a: Poly, b: Poly) -> bool:
        """Whether ``a <= b`` everywhere (as ``at_most`` decides it)."""
        if self.corners is not None:
            return all(x <= y for x, y in zip(self.vector(a), self.vector(b)))
        key = (a, b)
        if key not in self.decided:
            self.decided[key] = at_most(a, b, self.symbols)
        return self.decided[key]

    def at_points(self, poly: Poly) -> tuple[int, ...]:
        """Values at the reference point, then at the range points."""
        found = self.values.get(poly)
        if found is None:
            found = self.values[poly] = tuple(poly.evaluate(p) for p in
                                              [self.reference, *self.points])
        return found

    def highest(self, poly: Poly) -> float:
        if self.corners is not None:
            return max(self.vector(poly))
        top = highest(poly, self.symbols)
        return float("inf") if top is None else top

    def of(self, candidates: list[Poly], limit: int | None = None) -> list[Poly]:
        """The non-dominated ``candidates``, merged down to ``TERM_CAP`` where a merge
        keeps under ``limit`` everywhere."""
        kept: list[Poly] = []
        for t in dict.fromkeys(candidates):
            if any(self.below(t, u) for u in kept):
                continue
            kept = [u for u in kept if not self.below(u, t)] + [t]
        while len(kept) > TERM_CAP:
            merged = self._merge_cheapest(kept, limit)
            if merged is None:
                break
            kept = self.of(merged, limit)
        return kept

    def _merge_cheapest(self, kept: list[Poly], limit: int | None) -> list[Poly] | None:
        """Two terms replaced by one above both: of every pair and way to merge it
        (``coefficient_max``, ``interpolant`` from either corner), the one that loses least
        at the reference point, then summed over the range points (None: no way)."""
        best = None
        for x, y in ((x, y) for x in range(len(kept)) for y in range(x + 1, len(kept))):
            for merged in self._merges(kept[x], kept[y]):
                if limit is not None and self.highest(merged) > limit:
                    continue
                losses = [m - max(a, b) for m, a, b in zip(
                    self.at_points(merged), self.at_points(kept[x]), self.at_points(kept[y]))]
                loss = (losses[0], sum(losses[1:]))
                if best is None or loss < best[0]:
                    best = (loss, x, y, merged)
        if best is None:
            return None
        _, x, y, merged = best
        return [t for k, t in enumerate(kept) if k not in (x, y)] + [merged]

    def _merges(self, a: Poly, b: Poly) -> list[Poly]:
        merges = [coefficient_max(a, b)] if self.can_merge else []
        if self.corners is not None:
            tops = [max(x, y) for x, y in zip(self.vector(a), self.vector(b))]
            merges += [interpolant(tops, self.keys, self.ends, side) for side in (0, 1)]
        return merges


def _product(corner: dict[tuple[str, int], int], monomial: tuple[str, ...]) -> int:
    """A monomial at a corner: each power of a symbol is a key of the box, or (made by an
    ``interpolant``) a sum of distinct keys, ``s^3 = s * s^2``, still multilinear in them."""
    value = 1
    for name, power in Counter(monomial).items():
        if (name, power) in corner:
            value *= corner[name, power]
            continue
        for part in _parts(tuple(k for n, k in corner if n == name), power):
            value *= corner[name, part]
    return value


def _parts(powers: tuple[int, ...], total: int) -> tuple[int, ...]:
    """Distinct ``powers`` summing to ``total`` (the largest first that leaves a way)."""
    for index, power in sorted(enumerate(powers), key=lambda p: -p[1]):
        if power == total:
            return (power,)
        if power < total:
            rest = powers[:index] + powers[index + 1:]
            try:
                return (power,) + _parts(tuple(p for p in rest if p < power), total - power)
            except ValueError:
                continue
    raise ValueError(f"no distinct powers of {powers} sum to {total}")


def _box(symbols: dict[str, Symbol], sizes: list[Poly]
         ) -> tuple[list[tuple[str, int]], list[tuple[int, int]]] | None:
    """Each power ``s^k`` the sizes use (and ``s`` itself), ranging alone over its least
    and greatest value: a polynomial of these is multilinear, so least at a corner of this
    box (sums of sizes raise no power), or None where a symbol is unbounded or the corners
    exceed ``CORNERS``."""
    keys = sorted({(name, k) for size in sizes for m, _ in size.terms
                   for name, k in Counter(m).items()} |
                  {(name, 1) for size in sizes for name in size.symbols})
    if any(symbols[name].last is None for name, _ in keys) or 2 ** len(keys) > CORNERS:
        return None
    return keys, [_power_range(symbols[name], k) for name, k in keys]


def _power_range(symbol: Symbol, k: int) -> tuple[int, int]:
    low, high = symbol.first ** k, symbol.last ** k
    if k % 2 == 0 and symbol.first < 0 < symbol.last:
        return 0, max(low, high)
    return min(low, high), max(low, high)


def interpolant(values: list[int], keys: list[tuple[str, int]], ends: list[tuple[int, int]],
                side: int) -> Poly:
    """A polynomial at or above the multilinear interpolation of ``values`` (one per corner
    of the box, in ``product`` order): its coefficients on the basis ``prod (x - first)``
    (``side`` 0) or ``prod (last - x)`` (1), each >= 0 on the box, rounded up; exact at the
    corner where every power sits at that side. The interpolation is at or above every
    function convex along each axis with these corner values, as a maximum of multilinear
    polynomials is."""
    n = len(keys)
    index = {bits: i for i, bits in enumerate(product((0, 1), repeat=n))}
    coefficients: dict[tuple[str, ...], int] = {}
    for subset in product((0, 1), repeat=n):
        members = [k for k in range(n) if subset[k]]
        width = 1
        for k in members:
            width *= ends[k][1] - ends[k][0]
        if width == 0:
            continue  # a power with one value: its differences vanish
        difference = 0
        for moved in product((0, 1), repeat=len(members)):
            bits = [side] * n
            for k, flag in zip(members, moved):
                if flag:
                    bits[k] = 1 - side
            difference += (-1) ** (len(members) - sum(moved)) * values[index[tuple(bits)]]
        weight = -(-difference // width)
        if weight == 0:
            continue
        for chosen in product((0, 1), repeat=len(members)):  # expand prod (x - a) or (a - x)
            monomial, factor = (), weight
            for k, take in zip(members, chosen):
                name, power = keys[k]
                if take:
                    monomial += (name,) * power
                    factor *= 1 if side == 0 else -1
                else:
                    factor *= -ends[k][0] if side == 0 else ends[k][1]
            monomial = tuple(sorted(monomial))
            coefficients[monomial] = coefficients.get(monomial, 0) + factor
    return Poly.of(coefficients)
