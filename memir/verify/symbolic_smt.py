"""Z3 proof that a symbolic plan is safe at every point of its range, not at samples.

Why its own reading: the checker interprets the offset expressions itself (a maximum as a
fresh integer at or above every term and equal to one, ``align`` as a multiple of the
alignment less than one alignment above it) and imports no planner, so it can vouch for
one. Each item (a size, an alignment, a conflicting pair, an end under the arena) is one
query, "broken somewhere?": unsat proves it for the whole range, sat gives the witness
point; a disjunction of a few items took Z3 seconds where each alone took milliseconds.
Products of symbols make queries nonlinear, so each is first asked with every product a
fresh integer in its linear (McCormick) envelope, whose unsat holds for the real products.
Items a corner test shows safe over the whole range skip Z3 (``_Decided``, as the tile
checker decides easy pairs first). "unknown" is a violation, never safe.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from itertools import product

import z3

from memir.model.symbolic import (OffsetExpr, Poly, Symbol, SymbolicBuffer, highest,
                                  nonnegative, point_text, rounding_slack)

KINDS = ("overlap", "alignment", "arena", "capacity", "negative-size", "unknown")
ARENA = -1
"""The arena's index among the offsets an item uses."""


@dataclass(frozen=True, slots=True)
class SymbolicViolation:
    kind: str  # one of KINDS
    buffers: tuple[int, ...]  # buffer indices concerned (empty: the plan as a whole)
    witness: dict[str, int] = field(default_factory=dict)  # a point where it happens
    message: str = ""


@dataclass(frozen=True, slots=True)
class _Item:
    key: tuple[int, ...]  # the buffers it concerns
    uses: tuple[int, ...]  # offsets (ARENA: the arena) its condition reads
    rule: Callable  # _Terms -> z3.BoolRef: the item is broken


class _Terms:
    """Sizes, offsets and the arena as Z3 terms, with products exact or relaxed; an offset
    is a fresh integer whose definition joins only the queries that read it."""

    def __init__(self, prover: _Prover, buffers, offsets, arena, relaxed: bool) -> None:
        self.prover, self.relaxed = prover, relaxed
        self.size = [prover.poly(b.size, relaxed) for b in buffers]
        self.start, self.definitions = {}, {}
        for index, expr in [*enumerate(offsets), (ARENA, arena)]:
            self.start[index], self.definitions[index] = self.offset(expr, index)
        self.top = self.start[ARENA]

    def offset(self, expr: OffsetExpr, index: int) -> tuple[z3.ArithRef, z3.BoolRef]:
        tag = f"{'r' if self.relaxed else 'x'}{index}"
        top, quotient = z3.Int(f"max_{tag}"), z3.Int(f"q_{tag}")
        terms = [self.prover.poly(t, self.relaxed) for t in expr.terms] + [z3.IntVal(0)]
        rules = [top >= t for t in terms] + [z3.Or([top == t for t in terms])]
        if expr.align == 1:
            return top, z3.And(rules)
        start = expr.align * quotient
        return start, z3.And(rules + [start >= top, start < top + expr.align])


class _Prover:
    def __init__(self, symbols: Mapping[str, Symbol], timeout_ms: int, rlimit: int | None):
        self.symbols = symbols
        self.vars = {name: z3.Int(name) for name in symbols}
        self.base = []
        for name, s in symbols.items():
            v = self.vars[name]
            self.base.append(v >= s.lower)
            if s.upper is not None:
                self.base.append(v <= s.upper)
            if s.divisor != 1:
                self.base.append(v % s.divisor == 0)
        self.products: dict[tuple[str, ...], z3.ArithRef] = {}
        self.envelope: list[z3.BoolRef] = []
        self.timeout_ms, self.rlimit = timeout_ms, rlimit
        self.ranges: dict[bool, z3.BoolRef] = {}

    def poly(self, poly: Poly, relaxed: bool = False) -> z3.ArithRef:
        total = z3.IntVal(0)
        for monomial, coefficient in poly.terms:
            if relaxed and len(monomial) > 1:
                term = coefficient * self.product(monomial)
            else:
                term = z3.IntVal(coefficient)
                for name in monomial:
                    term = term * self.vars[name]
            total = total + term
        return total

    def product(self, monomial: tuple[str, ...]) -> z3.ArithRef:
        """A fresh integer for ``monomial`` (two or more factors): its bounds, its divisor,
        and the linear envelope of its last factor times the rest."""
        found = self.products.get(monomial)
        if found is not None:
            return found
        var = self.products[monomial] = z3.Int("*".join(monomial))
        head = monomial[:-1]
        x = self.vars[head[0]] if len(head) == 1 else self.product(head)
        y = self.vars[monomial[-1]]
        (xl, xu), (yl, yu) = self.range_of(head), self.range_of(monomial[-1:])
        for a, b, sign in ((xl, yl, 1), (xu, yu, 1), (xu, yl, -1), (xl, yu, -1)):
            if a is not None and b is not None:
                bound = a * y + b * x - a * b
                self.envelope.append(var >= bound if sign > 0 else var <= bound)
        divisor = 1
        for name in monomial:
            divisor *= self.symbols[name].divisor
        if divisor > 1:
            self.envelope.append(var % divisor == 0)
        low, high = self.range_of(monomial)
        self.envelope += ([var >= low] if low is not None else []) + (
            [var <= high] if high is not None else [])
        return var

    def range_of(self, monomial: tuple[str, ...]) -> tuple[int | None, int | None]:
        """Least and greatest value of a product of symbols (None: unbounded that way)."""
        factors = [self.symbols[name] for name in monomial]
        if any(s.upper is None for s in factors):
            if any(s.lower < 0 for s in factors):
                return None, None
            low = 1
            for s in factors:
                low *= s.lower
            return low, None
        low = high = 1
        for s in factors:
            values = [a * b for a in (low, high) for b in (s.lower, s.upper)]
            low, high = min(values), max(values)
        return low, high

    def range(self, relaxed: bool) -> z3.BoolRef:
        """The symbols' ranges (and the products' envelope), as one term built once."""
        if relaxed not in self.ranges:
            self.ranges[relaxed] = z3.And(self.base + (self.envelope if relaxed else []))
        return self.ranges[relaxed]

    def check(self, item: _Item, terms: _Terms):
        """One query, on a fresh solver: Z3 preprocesses a one-shot query far better than
        an incremental one (push and pop), which made some of these time out."""
        solver = z3.Solver()
        solver.set(timeout=self.timeout_ms)
        solver.set("ctrl_c", False)  # Ctrl-C ends the run (memir/tools/signals.py), not the query
        if self.rlimit is not None:
            solver.set(rlimit=self.rlimit)
        solver.add(self.range(terms.relaxed), item.rule(terms),
                   *[terms.definitions[index] for index in item.uses])
        answer = solver.check()
        model = solver.model() if answer == z3.sat else None
        return answer, model, solver.reason_unknown() if answer == z3.unknown else ""

    def broken(self, items: list[_Item], exact: _Terms, relaxed: _Terms, kind: str,
               report: Callable[[tuple[int, ...], dict[str, int]], SymbolicViolation],
               name: Callable[[int], str]) -> list[SymbolicViolation]:
        """Every item broken somewhere in the range, one query each: a disjunction of a
        few items took Z3 seconds where each alone took milliseconds."""
        found: list[SymbolicViolation] = []
        for item in items:
            if self.products and self.check(item, relaxed)[0] == z3.unsat:
                continue
            answer, model, reason = self.check(item, exact)
            if answer == z3.sat:
                found.append(report(item.key, {n: model.eval(v, model_completion=True)
                                               .as_long() for n, v in self.vars.items()}))
            elif answer != z3.unsat:
                about = " and ".join(name(i) for i in item.key) or "the arena"
                found.append(SymbolicViolation(
                    "unknown", item.key, {}, f"Z3 could not decide ({reason}) the {kind} "
                    f"question on {about}: unverified, not safe"))
        return found


class _Decided:
    """Items settled without Z3, by a sufficient test over the whole range: a polynomial
    with each power ``s^k`` taken alone over ``[first^k, last^k]`` is multilinear, so it is
    >= 0 everywhere if it is at every corner of that box; with a symbol unbounded,
    ``memir.model.symbolic.nonnegative`` decides the same way. Only where every symbol
    starts at 0 or above; otherwise every item goes to Z3."""

    def __init__(self, symbols: Mapping[str, Symbol], polys: list[Poly]) -> None:
        self.symbols = symbols
        keys = sorted({(n, k) for p in polys for m, _ in p.terms for n, k in Counter(m).items()})
        self.usable = all(s.first >= 0 for s in symbols.values())
        bounded = all(s.upper is not None for s in symbols.values())
        self.corners = [dict(zip(keys, v)) for v in product(
            *[(symbols[n].first ** k, symbols[n].last ** k) for n, k in keys])
        ] if self.usable and bounded and len(keys) <= 8 else None
        self.cache: dict[Poly, tuple[int, ...]] = {}

    def values(self, poly: Poly) -> tuple[int, ...]:
        found = self.cache.get(poly)
        if found is None:
            found = self.cache[poly] = tuple(
                sum(c * _power_product(corner, m) for m, c in poly.terms)
                for corner in self.corners)
        return found

    def at_least(self, high: Poly, low: Poly, plus: Poly, constant: int) -> bool:
        """Whether ``high >= low + plus + constant`` everywhere (False: not shown)."""
        if self.corners is None:
            return nonnegative(high - low - plus - constant, self.symbols)
        return all(h - l - p >= constant for h, l, p in
                   zip(self.values(high), self.values(low), self.values(plus)))

    def greatest(self, poly: Poly) -> int | None:
        return max(self.values(poly)) if self.corners is not None else highest(
            poly, self.symbols)

    def above(self, upper: OffsetExpr, lower: OffsetExpr, size: Poly, align: int) -> bool:
        """Whether offset ``upper`` is at or above ``lower + size`` everywhere: every term
        of ``lower``, rounded up to ``align`` (at most by ``rounding``, and at most to its
        greatest value rounded up), plus ``size`` is under a term of ``upper``, because
        ``align(max(ts), A) = max(align(t, A))``."""
        if not self.usable:
            return False
        highs = [*upper.terms, Poly()]
        return all(any(self.at_least(h, t, size, rounding(t, align, self.symbols))
                       or self.rounded_under(h, t, size, align) for h in highs)
                   for t in [*lower.terms, Poly()])

    def rounded_under(self, high: Poly, term: Poly, size: Poly, align: int) -> bool:
        top = self.greatest(term)
        return top is not None and self.at_least(high, Poly(), size, -(-top // align) * align)


def rounding(term: Poly, align: int, symbols: Mapping[str, Symbol]) -> int:
    """The most ``align_up(term, align) - term`` is anywhere (the model's rule)."""
    return rounding_slack(term, align, symbols) if align > 1 else 0


def _power_product(corner: dict[tuple[str, int], int], monomial: tuple[str, ...]) -> int:
    value = 1
    for name, power in Counter(monomial).items():
        value *= corner[name, power]
    return value


def prove_symbolic(buffers: list[SymbolicBuffer], symbols: dict[str, Symbol],
                   neighbours: list[list[int]], offsets: list[OffsetExpr], arena: OffsetExpr,
                   capacity: int | None = None, timeout_ms: int = 2000,
                   rlimit: int | None = None, decide_first: bool = True
                   ) -> list[SymbolicViolation]:
    """Every rule the plan breaks somewhere in the range (empty: proven everywhere).
    ``timeout_ms`` and ``rlimit`` (Z3's deterministic resource limit) bound each query.
    ``decide_first``: settle what ``_Decided`` shows safe (pairs apart, offsets aligned by
    their own ``align``, ends under the arena) before Z3; False asks Z3 everything."""
    prover = _Prover(symbols, timeout_ms, rlimit)
    exact = _Terms(prover, buffers, offsets, arena, False)
    relaxed = _Terms(prover, buffers, offsets, arena, True)
    n = len(buffers)
    decided = _Decided(symbols, [b.size for b in buffers] + [t for o in [*offsets, arena]
                                                              for t in o.terms])
    zero = OffsetExpr()

    def apart(i: int, j: int) -> bool:
        if not decide_first:
            return False
        return (decided.above(offsets[i], offsets[j], buffers[j].size, offsets[j].align)
                or decided.above(offsets[j], offsets[i], buffers[i].size, offsets[i].align)
                or decided.above(zero, zero, buffers[i].size, 1)
                or decided.above(zero, zero, buffers[j].size, 1))

    def name(i: int) -> str:
        name = buffers[i].name
        if not name:
            return f"#{i}"
        return f"{name} (#{i})" if name[0] in "\"%@" else f"'{name}' (#{i})"  # IR labels: as read

    def span(i: int, point: dict[str, int]) -> str:
        o = offsets[i].evaluate(point)
        return f"[{o}, {o + buffers[i].size.evaluate(point)})"

    def rule(items, kind: str, text: Callable[..., str]) -> list[SymbolicViolation]:
        return prover.broken(items, exact, relaxed, kind,
                             lambda key, p: SymbolicViolation(kind, key, p, text(*key, p)),
                             name)

    out = rule([_Item((i,), (), lambda t, i=i: t.size[i] < 0) for i in range(n)
                if not (decide_first and decided.above(zero, zero, -buffers[i].size, 1))],
               "negative-size", lambda i, p: f"buffer {name(i)} has size "
               f"{buffers[i].size.evaluate(p)} at {point_text(p)}")
    out += rule([_Item((i,), (i,), lambda t, i=i: t.start[i] % buffers[i].alignment != 0)
                 for i in range(n) if offsets[i].align % buffers[i].alignment or
                 not decide_first],
                "alignment", lambda i, p: f"buffer {name(i)} {span(i, p)} is not aligned to "
                f"{buffers[i].alignment} at {point_text(p)}")
    out += rule([_Item((i, j), (i, j), lambda t, i=i, j=j: z3.And(
                     t.size[i] > 0, t.size[j] > 0, t.start[i] < t.start[j] + t.size[j],
                     t.start[j] < t.start[i] + t.size[i]))
                 for i in range(n) for j in neighbours[i] if j > i and not apart(i, j)],
                "overlap", lambda i, j, p: f"buffers {name(i)} {span(i, p)} and {name(j)} "
                f"{span(j, p)} overlap at {point_text(p)}")
    out += rule([_Item((i,), (i, ARENA), lambda t, i=i: t.start[i] + t.size[i] > t.top)
                 for i in range(n) if not (decide_first and decided.above(
                     arena, offsets[i], buffers[i].size, offsets[i].align))],
                "arena", lambda i, p: f"buffer {name(i)} {span(i, p)} ends beyond the arena "
                f"of {arena.evaluate(p)} bytes at {point_text(p)}")
    if capacity is not None:
        out += rule([_Item((), (ARENA,), lambda t: t.top > capacity)], "capacity",
                    lambda p: f"the arena needs {arena.evaluate(p)} bytes at "
                    f"{point_text(p)}, more than the capacity of {capacity}")
    return out
