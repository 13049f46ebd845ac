"""Sizes known only at run time: size symbols with ranges, sizes as polynomials of them, and
offsets as rounded maxima of such polynomials.

Why in the model: the IR reads and prints these, the symbolic planner builds them, and the
Z3 checker proves them, each on its own; the lowest layer is the one all three can share.
A size is a polynomial with integer coefficients in the symbols (``3072*s + 64``; products
of two symbols where ranges bound them). An offset is ``align(max(t1, t2, ...), A)``: the
smallest multiple of ``A`` at or above every term and zero, so that a plan built as "above
each buffer below it" is one expression per buffer. Bounds over a range are exact for
multilinear polynomials (each symbol at one of its ends) and sound for squares.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from itertools import product

MAX_SYMBOL_VALUE = 2**40
"""The largest end a declared range may have (a larger one is an error, not a plan)."""

Monomial = tuple[str, ...]
"""Symbol names, sorted, one per factor: () is the constant, ("s", "s") a square."""


class SymbolicSyntaxError(ValueError):
    """Unreadable size or offset text; ``column`` is 0-based into the text."""

    def __init__(self, message: str, column: int = 0) -> None:
        super().__init__(message)
        self.message, self.column = message, column


@dataclass(frozen=True, slots=True)
class Symbol:
    """A size known at run time: every multiple of ``divisor`` in ``[lower, upper]``
    (``upper`` None: no upper end)."""

    name: str
    lower: int
    upper: int | None
    divisor: int = 1

    @property
    def first(self) -> int:
        """The smallest value the symbol takes."""
        return -(-self.lower // self.divisor) * self.divisor

    @property
    def last(self) -> int | None:
        """The largest value it takes (None: none)."""
        return None if self.upper is None else self.upper // self.divisor * self.divisor

    @property
    def empty(self) -> bool:
        return self.last is not None and self.first > self.last

    def __str__(self) -> str:
        upper = "inf" if self.upper is None else str(self.upper)
        divisible = f" divisible by {self.divisor}" if self.divisor != 1 else ""
        return f"{self.name} in [{self.lower}, {upper}]{divisible}"


@dataclass(frozen=True, slots=True)
class Poly:
    """A polynomial with integer coefficients; ``terms`` sorted (highest degree first, the
    constant last), no zero coefficient."""

    terms: tuple[tuple[Monomial, int], ...] = ()

    @staticmethod
    def of(terms: Mapping[Monomial, int] | Iterable[tuple[Monomial, int]]) -> Poly:
        merged: dict[Monomial, int] = {}
        for monomial, coefficient in (terms.items() if isinstance(terms, Mapping) else terms):
            key = tuple(sorted(monomial))
            merged[key] = merged.get(key, 0) + coefficient
        return Poly(tuple(sorted(((m, c) for m, c in merged.items() if c),
                                 key=lambda t: (-len(t[0]), t[0]))))

    @staticmethod
    def const(value: int) -> Poly:
        return Poly.of({(): value})

    @staticmethod
    def var(name: str) -> Poly:
        return Poly.of({(name,): 1})

    def __add__(self, other: Poly | int) -> Poly:
        other = _poly(other)
        return Poly.of(list(self.terms) + list(other.terms))

    __radd__ = __add__

    def __neg__(self) -> Poly:
        return Poly(tuple((m, -c) for m, c in self.terms))

    def __sub__(self, other: Poly | int) -> Poly:
        return self + (-_poly(other))

    def __rsub__(self, other: int) -> Poly:
        return _poly(other) - self

    def __mul__(self, other: Poly | int) -> Poly:
        other = _poly(other)
        return Poly.of([(a + b, x * y) for (a, x), (b, y) in product(self.terms, other.terms)])

    __rmul__ = __mul__

    @property
    def degree(self) -> int:
        return max((len(m) for m, _ in self.terms), default=0)

    @property
    def symbols(self) -> frozenset[str]:
        return frozenset(name for m, _ in self.terms for name in m)

    @property
    def constant(self) -> int:
        return dict(self.terms).get((), 0)

    @property
    def is_constant(self) -> bool:
        return self.degree == 0

    def coefficient(self, monomial: Monomial) -> int:
        return dict(self.terms).get(tuple(sorted(monomial)), 0)

    def evaluate(self, values: Mapping[str, int]) -> int:
        total = 0
        for monomial, coefficient in self.terms:
            for name in monomial:
                coefficient *= values[name]
            total += coefficient
        return total

    def substitute(self, name: str, value: int) -> Poly:
        return Poly.of([(tuple(n for n in m if n != name), c * value ** m.count(name))
                        for m, c in self.terms])

    def __str__(self) -> str:
        if not self.terms:
            return "0"
        text = ""
        for monomial, coefficient in self.terms:
            sign = "-" if coefficient < 0 else "+"
            magnitude = abs(coefficient)
            factors = ([] if magnitude == 1 and monomial else [str(magnitude)]) + list(monomial)
            body = "*".join(factors)
            text += (("-" if sign == "-" else "") + body) if not text else f" {sign} {body}"
        return text


def _poly(value: Poly | int) -> Poly:
    return value if isinstance(value, Poly) else Poly.const(value)


@dataclass(frozen=True, slots=True)
class OffsetExpr:
    """``align(max(0, terms...), align)``: the smallest multiple of ``align`` at or above
    zero and every term (no terms: 0)."""

    terms: tuple[Poly, ...] = ()
    align: int = 1

    @staticmethod
    def of(value: Poly | int) -> OffsetExpr:
        return OffsetExpr((_poly(value),))

    @property
    def symbols(self) -> frozenset[str]:
        return frozenset().union(*(t.symbols for t in self.terms))

    @property
    def constant(self) -> int | None:
        """Its value where no term has a symbol, else None."""
        if any(not t.is_constant for t in self.terms):
            return None
        return self.evaluate({})

    def simplified(self) -> OffsetExpr:
        """The same value, without a rounding that changes nothing: every coefficient of
        every term a multiple of the alignment (for integer symbols)."""
        if self.align > 1 and all(c % self.align == 0 for t in self.terms for _, c in t.terms):
            return OffsetExpr(self.terms)
        return self

    def evaluate(self, values: Mapping[str, int]) -> int:
        top = max((t.evaluate(values) for t in self.terms), default=0)
        top = max(top, 0)
        return -(-top // self.align) * self.align

    def __str__(self) -> str:
        if not self.terms:
            inner = "0"
        elif len(self.terms) == 1:
            inner = str(self.terms[0])
        else:
            inner = "max(" + ", ".join(map(str, self.terms)) + ")"
        return inner if self.align == 1 else f"align({inner}, {self.align})"


# ----------------------------------------------------------------------------- reading

_TOKEN = re.compile(r"\s*(?:(?P<int>\d+)|(?P<name>[A-Za-z_][A-Za-z0-9_$.]*)|(?P<op>[-+*(),]))")


class _Reader:
    def __init__(self, text: str) -> None:
        self.text, self.pos = text, 0
        self.tokens: list[tuple[str, str, int]] = []
        while self.pos < len(text):
            if text[self.pos:].strip() == "":
                break
            match = _TOKEN.match(text, self.pos)
            if match is None:
                column = self.pos + len(text[self.pos:]) - len(text[self.pos:].lstrip())
                raise SymbolicSyntaxError(f"unexpected '{text[column]}'", column)
            kind = match.lastgroup
            self.tokens.append((kind, match.group(kind), match.start(kind)))
            self.pos = match.end()
        self.index = 0

    def peek(self) -> tuple[str, str, int]:
        if self.index < len(self.tokens):
            return self.tokens[self.index]
        return ("end", "", len(self.text))

    def take(self, value: str | None = None) -> tuple[str, str, int]:
        token = self.peek()
        if value is not None and token[1] != value:
            what = f"'{token[1]}'" if token[0] != "end" else "the end"
            raise SymbolicSyntaxError(f"expected '{value}', found {what}", token[2])
        self.index += 1
        return token

    def done(self) -> None:
        kind, value, column = self.peek()
        if kind != "end":
            raise SymbolicSyntaxError(f"unexpected '{value}'", column)

    def sum(self) -> Poly:
        total = self.product()
        while self.peek()[1] in ("+", "-"):
            sign = self.take()[1]
            term = self.product()
            total = total + term if sign == "+" else total - term
        return total

    def product(self) -> Poly:
        total = self.factor()
        while self.peek()[1] == "*":
            self.take()
            total = total * self.factor()
        return total

    def factor(self) -> Poly:
        kind, value, column = self.take()
        if kind == "int":
            return Poly.const(int(value))
        if kind == "name" and value not in ("max", "align"):
            return Poly.var(value)
        if value == "-":
            return -self.factor()
        if value == "(":
            inner = self.sum()
            self.take(")")
            return inner
        what = f"'{value}'" if kind != "end" else "the end"
        raise SymbolicSyntaxError(f"expected a number, a symbol or '(', found {what}", column)

    def offset(self) -> OffsetExpr:
        if self.peek()[1] == "align":
            self.take()
            self.take("(")
            inner = self.maximum()
            self.take(",")
            kind, value, column = self.take()
            if kind != "int" or int(value) < 1:
                raise SymbolicSyntaxError("align(...) takes a positive integer alignment",
                                          column)
            self.take(")")
            return OffsetExpr(inner, int(value))
        return OffsetExpr(self.maximum())

    def maximum(self) -> tuple[Poly, ...]:
        if self.peek()[1] != "max":
            return (self.sum(),)
        self.take()
        self.take("(")
        terms = [self.sum()]
        while self.peek()[1] == ",":
            self.take()
            terms.append(self.sum())
        self.take(")")
        return tuple(terms)


def parse_poly(text: str) -> Poly:
    """``3072*s + 64`` -> Poly; SymbolicSyntaxError with a column otherwise."""
    return _read_all(text, "a size expression", _Reader.sum)


def parse_offset(text: str) -> OffsetExpr:
    """``align(max(4*s, 64), 64)``, ``max(...)`` or a polynomial -> OffsetExpr."""
    return _read_all(text, "an offset expression", _Reader.offset)


def _read_all(text: str, what: str, read):
    """``read`` over the whole of ``text``: nothing before or after it."""
    reader = _Reader(text)
    if not reader.tokens:
        raise SymbolicSyntaxError(f"expected {what}", 0)
    value = read(reader)
    reader.done()
    return value


# ----------------------------------------------------------------------------- bounds


def lowest(poly: Poly, symbols: Mapping[str, Symbol]) -> int | None:
    """The least value of ``poly`` over the symbols' ranges (None: unbounded below).

    Exact where every monomial has each symbol at most once (the polynomial is linear in
    each symbol, so its least value is at an end of each range); a square ``s*s`` is read
    as a symbol of its own over ``[first^2, last^2]``, which gives a bound, not always the
    least value."""
    return _lowest(_relax_powers(poly, symbols), symbols)


def highest(poly: Poly, symbols: Mapping[str, Symbol]) -> int | None:
    """The greatest value (None: unbounded above); exact as ``lowest`` is."""
    low = lowest(-poly, symbols)
    return None if low is None else -low


def nonnegative(poly: Poly, symbols: Mapping[str, Symbol]) -> bool:
    low = lowest(poly, symbols)
    return low is not None and low >= 0


def at_most(a: Poly, b: Poly, symbols: Mapping[str, Symbol]) -> bool:
    """Whether ``a <= b`` everywhere in the ranges (decided as ``lowest`` is: never wrongly
    true)."""
    return nonnegative(b - a, symbols)


def _relax_powers(poly: Poly, symbols: Mapping[str, Symbol]) -> Poly:
    """Each power ``s^k`` (k > 1) becomes a fresh symbol ``s^k`` (added to a copy of
    ``symbols`` by ``_lowest``'s caller through ``_POWER``)."""
    terms = []
    for monomial, coefficient in poly.terms:
        names = []
        for name in sorted(set(monomial)):
            k = monomial.count(name)
            names.append(name if k == 1 else f"{name}{_POWER}{k}")
        terms.append((tuple(names), coefficient))
    return Poly.of(terms)


_POWER = "^"


def _range_of(name: str, symbols: Mapping[str, Symbol]) -> tuple[int, int | None]:
    if _POWER in name:
        base, k = name.split(_POWER)
        symbol, k = symbols[base], int(k)
        first, last = symbol.first, symbol.last
        if k % 2 or first >= 0:  # monotone over the range
            return first ** k, None if last is None else last ** k
        top = None if last is None else max(first ** k, last ** k)
        return (0 if last is None or last >= 0 else last ** k), top
    symbol = symbols[name]
    return symbol.first, symbol.last


def _lowest(poly: Poly, symbols: Mapping[str, Symbol]) -> int | None:
    names = sorted(poly.symbols)
    if not names:
        return poly.constant
    name = names[0]
    first, last = _range_of(name, symbols)
    rest = Poly.of([(m, c) for m, c in poly.terms if name not in m])  # g
    slope = Poly.of([(tuple(n for n in m if n != name), c)
                     for m, c in poly.terms if name in m])  # h: poly = g + name*h
    at_first = _lowest(rest + slope * first, symbols)
    if last is not None:
        at_last = _lowest(rest + slope * last, symbols)
        return None if at_first is None or at_last is None else min(at_first, at_last)
    slope_low = _lowest(slope, symbols)
    if slope_low is None or slope_low < 0 or at_first is None:
        return None
    return at_first


def rounding_slack(term: Poly, align: int, symbols: Mapping[str, Symbol]) -> int:
    """The most ``align_up(term, align) - term`` is anywhere in the range: the non-constant
    part is a multiple of ``g`` (the gcd of coefficient x divisors), so ``term mod align``
    only takes values ``constant + k*gcd(g, align)``; 0 where that is always 0."""
    from math import gcd

    g = 0
    for monomial, coefficient in term.terms:
        if monomial:
            for name in monomial:
                coefficient *= symbols[name].divisor
            g = gcd(g, coefficient)
    step = gcd(g, align)
    rest = term.constant % step
    return (align - (rest or step)) % align


# ----------------------------------------------------------------------------- points


def range_points(symbols: Iterable[Symbol], fractions: Iterable[float] = (0, 0.25, 0.5, 0.75, 1)
                 ) -> list[dict[str, int]]:
    """Points of the range where every symbol sits at the same fraction of its own range
    (rounded down to its divisor, at least its first value), in order, without repeats.
    A symbol with no upper end is taken up to ``first + 4096``: a point to report, not a
    bound of the plan."""
    symbols = list(symbols)
    points: list[dict[str, int]] = []
    for fraction in fractions:
        point = {}
        for symbol in symbols:
            last = symbol.last if symbol.last is not None else symbol.first + 4096
            value = symbol.first + int((last - symbol.first) * fraction)
            value = max(symbol.first, value // symbol.divisor * symbol.divisor)
            point[symbol.name] = value
        if point not in points:
            points.append(point)
    return points


def point_text(point: Mapping[str, int]) -> str:
    return ", ".join(f"{name}={value}" for name, value in sorted(point.items())) or "(none)"


# ----------------------------------------------------------------------------- problems


@dataclass(frozen=True, slots=True)
class SymbolicBuffer:
    """A buffer whose byte size is a polynomial of the symbols."""

    size: Poly
    lower: int = 0
    upper: int = 1
    alignment: int = 1
    name: str = ""


@dataclass(slots=True)
class SymbolicProblem:
    """Buffers of symbolic sizes to place in one arena for every point of the symbols'
    ranges. ``conflicts`` reads as ``memir.model.layout.Problem``'s does (None: the
    lifetimes decide); ``capacity``: bytes the arena may take anywhere in the range."""

    buffers: list[SymbolicBuffer]
    symbols: dict[str, Symbol]
    conflicts: object = None
    capacity: int | None = None

    def __len__(self) -> int:
        return len(self.buffers)

    def at(self, point: Mapping[str, int]):
        """The static problem at one point of the range (sizes evaluated, at least 0)."""
        from memir.model.layout import Buffer, Problem

        return Problem([Buffer(max(b.size.evaluate(point), 0), b.lower, b.upper, b.alignment,
                               None, b.name) for b in self.buffers],
                       self.conflicts, [], self.capacity)


@dataclass(slots=True)
class SymbolicPlan:
    """An offset expression per buffer and the arena's expression, valid (and proven by
    ``verify-layout``) at every point of the range. ``reference``: the point whose static
    plan gave the order, where the strategy has one. ``fallback``: constant offsets and
    arena, valid for every size in the range (the upper-bound plan), taken at run time
    wherever the expressions' arena would be larger: a plan never above it."""

    offsets: list[OffsetExpr]
    arena: OffsetExpr
    strategy: str = ""
    reference: dict[str, int] | None = None
    fallback: tuple[list[int], int] | None = None

    def uses_fallback(self, point: Mapping[str, int]) -> bool:
        return self.fallback is not None and self.arena.evaluate(point) > self.fallback[1]

    def at(self, point: Mapping[str, int]) -> tuple[list[int], int]:
        """(offsets, arena) at one point."""
        if self.uses_fallback(point):
            return list(self.fallback[0]), self.fallback[1]
        return [o.evaluate(point) for o in self.offsets], self.arena.evaluate(point)
