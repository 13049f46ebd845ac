"""Polynomial bounds for the fixed-order symbolic planner (``symbolic.py``).

Why apart: the planner keeps, per buffer, a few polynomial upper bounds of where the buffers
below it end; this is the arithmetic of those bounds (rounding up to an alignment, merging
two bounds into one above both, keeping only bounds no other one lies under), on plain
polynomials, with no plan in sight.
"""

from __future__ import annotations

from collections import Counter
from itertools import product

from memir.model.symbolic import Poly, Symbol, at_most, highest, rounding_slack

TERM_CAP = 4
"""Polynomial bounds kept per offset before two merge (each is one ``If`` in the proof)."""
CORNERS = 256
"""Dominance is decided on the corners of the range's box up to this many, else by
``at_most`` (the same answer, slower)."""


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
    pad = rounding_slack(term, align, symbols)
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
