"""Size symbols in the IR: their declaration, the bracketed size text, the symbolic plan.

Why: sizes known only at run time (a sequence length, a batch) are named once with the
range the program promises, and sizes and offsets are polynomials of those names
(``memir.model.symbolic``). The declaration is a discardable attribute on the module or a
function, ``memir.symbols = #memir.symbols<s in [1, 2048] divisible by 8, n in [0, inf]>``;
names are unique in the module. Sizes and offsets are written in brackets
(``memir.alloc [3072*s + 64] ... offset [align(max(3072*s, 64), 64)]``), read here from the
source text (xDSL's lexer has no token for them), and kept as canonical text.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from functools import lru_cache

from xdsl.dialects.builtin import IntAttr, StringAttr
from xdsl.ir import Data, Operation, ParametrizedAttribute
from xdsl.irdl import irdl_attr_definition
from xdsl.parser import AttrParser
from xdsl.printer import Printer
from xdsl.utils.exceptions import VerifyException

from memir.dialects.xdsl_internals import resume_from
from memir.model.symbolic import (
    MAX_SYMBOL_VALUE,
    OffsetExpr,
    Poly,
    Symbol,
    SymbolicSyntaxError,
    parse_offset,
    parse_poly,
)

SYMBOLS_ATTR = "memir.symbols"
SYMBOLIC_PLAN_ATTR = "memir.symbolic_plan"
_BRACKET = re.compile(r"\s*\[([^\]\n]*)\]")


def read_bracketed(parser: AttrParser, read, what: str):
    """``[TEXT]`` at the parser's position, read by ``read`` (parse_poly or parse_offset);
    a syntax error points at its column. None if no ``[`` is next."""
    text = parser.lexer.input.content
    match = _BRACKET.match(text, parser.pos)
    if match is None or text[parser.pos] != "[":
        return None
    try:
        value = read(match.group(1))
    except SymbolicSyntaxError as error:
        at = match.start(1) + error.column
        parser.raise_error(f"{what}: {error.message}", at, at + 1)
    resume_from(parser, match.end())
    return value


@irdl_attr_definition
class SymbolsAttr(Data[tuple[Symbol, ...]]):
    """``#memir.symbols<s in [1, 2048] divisible by 8, n in [0, inf]>``: size symbols and
    the values each may take."""

    name = "memir.symbols"

    @property
    def symbols(self) -> tuple[Symbol, ...]:
        return self.data

    @classmethod
    def parse_parameter(cls, parser: AttrParser) -> tuple[Symbol, ...]:
        with parser.in_angle_brackets():
            return tuple(parser.parse_comma_separated_list(
                parser.Delimiter.NONE, lambda: _parse_symbol(parser)))

    def print_parameter(self, printer: Printer) -> None:
        printer.print_string("<" + ", ".join(map(str, self.data)) + ">")

    def verify(self) -> None:
        seen: set[str] = set()
        for symbol in self.data:
            if symbol.name in seen:
                raise VerifyException(f"size symbol {symbol.name} is declared twice")
            seen.add(symbol.name)
            check_symbol(symbol)


def check_symbol(symbol: Symbol) -> None:
    where = f"size symbol {symbol}"
    if symbol.lower < 0:
        raise VerifyException(f"{where}: a size is never negative, so the range must start "
                              "at 0 or above")
    if symbol.upper is not None and symbol.upper > MAX_SYMBOL_VALUE:
        raise VerifyException(f"{where}: the range ends beyond 2^40 ({MAX_SYMBOL_VALUE}); "
                              "memir plans sizes up to 2^40")
    if symbol.divisor < 1:
        raise VerifyException(f"{where}: 'divisible by' takes a positive integer")
    if symbol.empty:
        raise VerifyException(f"{where}: the range holds no value")


def _parse_symbol(parser: AttrParser) -> Symbol:
    name = parser.parse_identifier(" for a size symbol's name")
    if parser.parse_optional_keyword("in") is None:
        parser.raise_error(f"size symbol {name} has no range: write {name} in [LOW, HIGH] "
                           "(HIGH may be inf)")
    parser.parse_punctuation("[")
    lower = parser.parse_integer(allow_negative=True, context_msg=" for the range's low end")
    parser.parse_punctuation(",")
    upper = None
    if parser.parse_optional_keyword("inf") is None:
        upper = parser.parse_integer(allow_negative=True,
                                     context_msg=" for the range's high end (or inf)")
    parser.parse_punctuation("]")
    divisor = 1
    if parser.parse_optional_keyword("divisible") is not None:
        parser.parse_keyword("by")
        divisor = parser.parse_integer(allow_negative=True, context_msg=" after 'divisible by'")
    return Symbol(name, lower, upper, divisor)


@irdl_attr_definition
class SymbolicPlanAttr(ParametrizedAttribute):
    """``#memir.symbolic_plan<arena [max(3072*s + 64, 4096)], strategy "fixed-order@s=2048",
    else 8192>``: the arena of a plan whose sizes are symbolic, as an expression, how it was
    found, and (``else``) the arena of its fallback, the allocs' ``else`` offsets, taken at
    run time where the expression would be larger."""

    name = "memir.symbolic_plan"

    arena_text: StringAttr
    strategy_text: StringAttr
    fallback_arena: IntAttr  # -1: no fallback

    def __init__(self, arena: OffsetExpr, strategy: str, fallback: int | None = None) -> None:
        super().__init__(StringAttr(str(arena)), StringAttr(strategy),
                         IntAttr(-1 if fallback is None else fallback))

    @property
    def fallback(self) -> int | None:
        """The arena of the plan's fallback, taken where ``arena`` would be larger."""
        return None if self.fallback_arena.data < 0 else self.fallback_arena.data

    @property
    def arena(self) -> OffsetExpr:
        return offset_of(self.arena_text.data)

    @property
    def strategy(self) -> str:
        return self.strategy_text.data

    @classmethod
    def parse_parameters(cls, parser: AttrParser) -> Sequence:
        with parser.in_angle_brackets():
            parser.parse_keyword("arena")
            arena = read_bracketed(parser, parse_offset, "arena expression")
            if arena is None:
                parser.raise_error("expected the arena expression in brackets: arena [EXPR]")
            parser.parse_punctuation(",")
            parser.parse_keyword("strategy")
            strategy = parser.parse_str_literal()
            fallback = -1
            if parser.parse_optional_punctuation(",") is not None:
                parser.parse_keyword("else")
                fallback = parser.parse_integer(allow_negative=False,
                                                context_msg=" for the fallback's arena")
        return StringAttr(str(arena)), StringAttr(strategy), IntAttr(fallback)

    def print_parameters(self, printer: Printer) -> None:
        printer.print_string(f"<arena [{self.arena_text.data}], strategy ")
        printer.print_string_literal(self.strategy_text.data)
        if self.fallback is not None:
            printer.print_string(f", else {self.fallback}")
        printer.print_string(">")


@lru_cache(maxsize=4096)
def poly_of(text: str) -> Poly:
    """The canonical text an alloc keeps, read back (cached: passes read it often)."""
    return parse_poly(text)


@lru_cache(maxsize=4096)
def offset_of(text: str) -> OffsetExpr:
    return parse_offset(text)


def symbols_in_scope(op: Operation) -> dict[str, Symbol]:
    """The symbols declared on ``op``'s enclosing ops (and on itself), nearest last."""
    chain = []
    current: Operation | None = op
    while current is not None:
        chain.append(current)
        current = current.parent_op()
    found: dict[str, Symbol] = {}
    for holder in reversed(chain):
        attr = holder.attributes.get(SYMBOLS_ATTR)
        if isinstance(attr, SymbolsAttr):
            found.update((s.name, s) for s in attr.symbols)
    return found


def declarations(module: Operation):
    """(the op that declares it, symbol) for every symbol declared on the module or its
    top-level ops (functions), each name once: a second declaration or a malformed
    attribute raises, with ``where`` set to the op that holds it."""
    seen: set[str] = set()
    tops = [op for region in module.regions for block in region.blocks for op in block.ops]
    for op in [module, *tops]:
        attr = op.attributes.get(SYMBOLS_ATTR)
        if attr is None:
            continue
        if not isinstance(attr, SymbolsAttr):
            raise _located(f"{SYMBOLS_ATTR} must be a #memir.symbols attribute", op)
        for symbol in attr.symbols:
            if symbol.name in seen:
                raise _located(f"size symbol {symbol.name} is declared twice in the module: "
                               "names are module-wide", op)
            seen.add(symbol.name)
            yield op, symbol


def _located(message: str, op: Operation) -> VerifyException:
    error = VerifyException(message)
    error.where = op
    return error


def module_symbols(module: Operation) -> dict[str, Symbol]:
    """Every symbol declared in the module, by name (names are module-unique)."""
    return {symbol.name: symbol for _, symbol in declarations(module)}


def check_symbolic_alloc(op: Operation) -> None:
    """A symbolic size reads, names declared symbols, is a polynomial memir can bound (at
    most two symbols per product) and is never negative in the range (decided exactly for
    multilinear sizes, also where a range has no upper end, as upstream MLIR's sizes have
    none); a symbolic offset reads and names declared symbols."""
    props = op.properties
    scope = symbols_in_scope(op)
    size_text, offset_text = props.get("sym_size"), props.get("sym_offset")
    if size_text is not None:
        size = _read(poly_of, size_text, "size")
        _check_declared(size.symbols, scope, f"size {size}")
        _check_bounded(size, scope)
        _check_nonnegative(size, scope)
    if offset_text is not None:
        offset = _read(offset_of, offset_text, "offset")
        _check_declared(offset.symbols, scope, f"offset {offset}")


def _read(reader, text: StringAttr, what: str):
    if not isinstance(text, StringAttr):
        raise VerifyException(f"the symbolic {what} must be a string")
    try:
        return reader(text.data)
    except SymbolicSyntaxError as error:
        raise VerifyException(f"symbolic {what} '{text.data}': {error.message}") from None


def _check_declared(names, scope: dict[str, Symbol], what: str) -> None:
    for name in sorted(names):
        if name not in scope:
            raise VerifyException(f"{what} uses size symbol {name}, which no enclosing op "
                                  f"declares in {SYMBOLS_ATTR}")
        check_symbol(scope[name])


def _check_bounded(size: Poly, scope: dict[str, Symbol]) -> None:
    if size.degree > 2:
        raise VerifyException(f"size {size} multiplies more than two symbols: memir bounds "
                              "products of at most two")


def _check_nonnegative(size: Poly, scope: dict[str, Symbol]) -> None:
    from memir.model.symbolic import lowest

    low = lowest(size, scope)
    if low is not None and low >= 0:
        return
    corner = negative_corner(size, scope)
    where = f" at {', '.join(f'{k}={v}' for k, v in sorted(corner.items()))}" \
        if corner is not None else " for large values"
    raise VerifyException(f"size {size} can be negative in the range ({'unbounded below' if low is None else f'least {low}'}){where}")


def negative_corner(size: Poly, scope: dict[str, Symbol]) -> dict[str, int] | None:
    """A point at the ends of the ranges where ``size`` is negative, if one is."""
    from itertools import product

    names = sorted(size.symbols)
    ends = [sorted({scope[n].first} | ({scope[n].last} if scope[n].last is not None else set()))
            for n in names]
    for values in product(*ends):
        point = dict(zip(names, values))
        if size.evaluate(point) < 0:
            return point
    return None


def largest_size(size: Poly, scope: dict[str, Symbol]) -> int | None:
    """The largest value of ``size`` over the range (None: no upper end)."""
    from memir.model.symbolic import highest

    return highest(size, {n: scope[n] for n in size.symbols if n in scope}) \
        if size.symbols <= scope.keys() else None
