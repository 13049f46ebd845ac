"""What both memref passes know of a ``memref.alloc``: its size in bytes (or why it has
none memir can plan; the size rule is ``memir.dialects.type_sizes``'s, under MLIR's default
data layout) and the attribute that links it to its ``memir.alloc``.

``memref-to-memir`` plans the allocs and sets the link; ``memir-to-memref`` follows it back
to rewrite them as views of one arena. A helper, not a pass, so that neither pass imports
the other. A dynamic size that is a polynomial of the function's arguments (an ``index``
argument, or a ``memref.dim``/``tensor.dim`` of one) is a polynomial of size symbols; both
passes read it here, so the size planned is the size lowered, and ``ArithBuilder`` turns
such polynomials back into ``arith``.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

from xdsl.dialects.builtin import (
    IndexType,
    IntegerAttr,
    MemRefType,
    NoneAttr,
    ShapedType,
    TensorType,
)
from xdsl.ir import Block, BlockArgument, Operation, SSAValue

from memir.dialects.type_sizes import element_bytes, shaped_bytes
from memir.model.symbolic import OffsetExpr, Poly
from memir.passes.support.upstream_program import op_name

BUFFER_ATTR = "memir.buffer"
"""On a planned memref.alloc: the integer handle of its memir.alloc."""
SOURCES_ATTR = "memir.symbol_sources"
"""On a func.func: where each size symbol's value comes from, ``{n = "arg 1", x_d0 = "arg 0
dim 0"}`` (memir-to-memref computes them at the function's entry)."""


def alloc_bytes(alloc) -> tuple[int | None, str]:
    """(byte size, "") of a plannable alloc, or (None, why it is not plannable)."""
    kind = alloc.memref.type
    if not isinstance(kind, MemRefType):
        return None, f"result type {kind} is not a ranked memref"
    shape = static_shape(alloc)
    if shape is None:
        return None, "dynamic shape"
    if why := _unplannable(alloc):
        return None, why
    size = shaped_bytes(shape, kind.element_type, data_layout=True)
    if size is None:
        return None, f"element type {kind.element_type} has no known byte size"
    if size == 0:  # one byte gives it an address of its own, as malloc would
        return 1, ""
    if size >= 2**62:
        return None, "larger than 2^62 bytes"
    return size, ""


def static_shape(alloc) -> list[int] | None:
    """The alloc's shape, its dynamic sizes taken from ``arith.constant`` operands (as
    ``memref.alloc(%c5, %c3) : memref<?x?xf32>``); None if a size is not a constant."""
    sizes = iter(alloc.dynamic_sizes)
    shape = []
    for dim in alloc.memref.type.get_shape():
        if dim >= 0:
            shape.append(dim)
            continue
        value = _constant(next(sizes, None))
        if value is None or value < 0:
            return None
        shape.append(value)
    return shape


# ----------------------------------------------------------------------------- symbolic


@dataclass(frozen=True, order=True)
class SymbolSource:
    """Where a size symbol's value comes from at the function's entry: entry argument
    ``arg`` itself (an ``index``), or its dimension ``dim``."""

    arg: int
    dim: int | None = None

    def __str__(self) -> str:
        return f"arg {self.arg}" + ("" if self.dim is None else f" dim {self.dim}")

    @staticmethod
    def parse(text: str) -> SymbolSource | None:
        found = re.fullmatch(r"arg (\d+)(?: dim (\d+))?", text)
        if found is None:
            return None
        return SymbolSource(int(found.group(1)), None if found.group(2) is None
                            else int(found.group(2)))


NOT_OF_ARGUMENTS = "dynamic size not a function of the arguments"


def _unplannable(alloc) -> str:
    """Why a ranked memref alloc cannot be planned whatever its size ("" if it can)."""
    kind = alloc.memref.type
    if alloc.symbol_operands:
        return "symbol operands"
    if not isinstance(kind.layout, NoneAttr):
        return f"non-identity layout {kind.layout}"
    if not isinstance(kind.memory_space, NoneAttr):
        return f"memory space {kind.memory_space}"
    return ""


def planned_bytes(alloc, entry: Block | None, symbol_of: Callable[[SymbolSource], str | None]
                  ) -> tuple[int | Poly | None, str]:
    """The bytes memir plans for the alloc: an integer (``alloc_bytes``), or for a dynamic
    one a polynomial of size symbols (``symbol_of`` names the symbol of a source, None:
    none; a constant polynomial is an integer), or None and why."""
    size, why = alloc_bytes(alloc)
    if why != "dynamic shape":
        return size, why
    kind = alloc.memref.type
    if why := _unplannable(alloc):
        return None, why
    width = element_bytes(kind.element_type, True)
    if width is None:
        return None, f"element type {kind.element_type} has no known byte size"
    total = Poly.const(width)
    sizes = iter(alloc.dynamic_sizes)
    for dim in kind.get_shape():
        factor = Poly.const(dim) if dim >= 0 else _poly_of(next(sizes), entry, symbol_of)
        if factor is None:
            return None, NOT_OF_ARGUMENTS
        total = total * factor
    if not total.is_constant:
        return total, ""
    if not 0 <= total.constant < 2**62:
        return None, f"size of {total.constant} bytes"
    return max(total.constant, 1), ""


_COMBINE = {"arith.addi": Poly.__add__, "arith.subi": Poly.__sub__, "arith.muli": Poly.__mul__}
_DEPTH = 32  # arithmetic this deep is not a shape computation


def _poly_of(value: SSAValue, entry: Block, symbol_of, depth: int = 0) -> Poly | None:
    if (constant := _constant(value)) is not None:
        return Poly.const(constant)
    if isinstance(value, BlockArgument):
        if value.block is not entry or not isinstance(value.type, IndexType):
            return None
        name = symbol_of(SymbolSource(value.index))
        return None if name is None else Poly.var(name)
    owner = value.owner
    name = op_name(owner)
    if name in _COMBINE and depth < _DEPTH and len(owner.operands) == 2:
        lhs, rhs = (_poly_of(v, entry, symbol_of, depth + 1) for v in owner.operands)
        return None if lhs is None or rhs is None else _COMBINE[name](lhs, rhs)
    if name in ("memref.dim", "tensor.dim") and len(owner.operands) == 2:
        source, index = owner.operands
        dim = _constant(index)
        if not (isinstance(source, BlockArgument) and source.block is entry
                and isinstance(source.type, ShapedType) and dim is not None
                and 0 <= dim < len(source.type.get_shape())):
            return None
        if (extent := source.type.get_shape()[dim]) >= 0:
            return Poly.const(extent)
        symbol = symbol_of(SymbolSource(source.index, dim))
        return None if symbol is None else Poly.var(symbol)
    return None


def _constant(value: SSAValue | None) -> int | None:
    """The integer an ``arith.constant`` defines, else None."""
    owner = getattr(value, "owner", None)
    if owner is None or isinstance(value, BlockArgument) or op_name(owner) != "arith.constant":
        return None
    attr = owner.properties.get("value")
    attr = owner.attributes.get("value") if attr is None else attr
    return attr.value.data if isinstance(attr, IntegerAttr) else None


# ----------------------------------------------------------------------------- lowering


class ArithBuilder:
    """The way back: ``arith`` ops on ``index`` that compute polynomials and offset
    expressions of the size symbols at a function's entry, each symbol read once from the
    arguments (ops kept in ``ops``, in order; constants and repeated terms shared)."""

    def __init__(self, entry, sources: dict[str, SymbolSource]) -> None:
        self.entry, self.sources = entry, sources
        self.ops: list[Operation] = []
        self.constants: dict[int, SSAValue] = {}
        self.symbols: dict[str, SSAValue] = {}
        self.known: dict[Poly | OffsetExpr, SSAValue] = {}

    def _add_op(self, op: Operation) -> SSAValue:
        self.ops.append(op)
        return op.results[0]

    def const(self, value: int) -> SSAValue:
        from xdsl.dialects import arith

        if value not in self.constants:
            self.constants[value] = self._add_op(arith.ConstantOp(IntegerAttr(value,
                                                                              IndexType())))
            self.constants[value].name_hint = f"c{value}" if value >= 0 else f"cm{-value}"
        return self.constants[value]

    def symbol(self, name: str) -> SSAValue:
        from xdsl.dialects import memref, tensor

        if name not in self.symbols:
            source = self.sources[name]
            arg = self.entry.args[source.arg]
            if source.dim is None:
                self.symbols[name] = arg
                return arg
            index = self.const(source.dim)
            dim = tensor.DimOp(arg, index) if isinstance(arg.type, TensorType) else \
                memref.DimOp.from_source_and_index(arg, index)
            self.symbols[name] = self._add_op(dim)
            self.symbols[name].name_hint = name
        return self.symbols[name]

    def binary(self, kind: str, lhs: SSAValue, rhs: SSAValue) -> SSAValue:
        from xdsl.dialects import arith

        known = {v: k for k, v in self.constants.items()}
        a, b = known.get(lhs), known.get(rhs)
        if kind in ("addi", "subi", "maxui") and b == 0 or kind == "muli" and b == 1:
            return lhs
        if kind in ("addi", "maxui") and a == 0 or kind == "muli" and a == 1:
            return rhs
        ops = {"addi": arith.AddiOp, "subi": arith.SubiOp, "muli": arith.MuliOp,
               "maxsi": arith.MaxSIOp, "maxui": arith.MaxUIOp, "andi": arith.AndIOp,
               "divui": arith.DivUIOp}
        return self._add_op(ops[kind](lhs, rhs))

    def add(self, lhs: SSAValue, rhs: SSAValue) -> SSAValue:
        return self.binary("addi", lhs, rhs)

    def poly(self, poly: Poly) -> SSAValue:
        """Positive terms summed, then the negative ones subtracted (each polynomial
        computed once)."""
        if poly not in self.known:
            self.known[poly] = self._poly(poly)
        return self.known[poly]

    def _poly(self, poly: Poly) -> SSAValue:
        if len(poly.terms) == 1 and poly.terms[0][1] > 0:  # one term: |c| * symbols
            (monomial, coefficient), = poly.terms
            term = self.const(coefficient) if not monomial or coefficient != 1 else None
            for name in monomial:
                value = self.symbol(name)
                term = value if term is None else self.binary("muli", term, value)
            return term
        sums: dict[bool, SSAValue | None] = {True: None, False: None}
        for monomial, coefficient in poly.terms:
            term = self.poly(Poly.of({monomial: abs(coefficient)}))
            total = sums[coefficient > 0]
            sums[coefficient > 0] = term if total is None else self.add(total, term)
        plus = sums[True] if sums[True] is not None else self.const(0)
        return plus if sums[False] is None else self.binary("subi", plus, sums[False])

    def offset(self, expr: OffsetExpr, hint: str) -> SSAValue:
        """align_up(max(0, terms...), align): an unsigned max where no term can be
        negative, else a signed one with 0; rounding by mask for a power of two, else by
        division (each expression computed once)."""
        if expr not in self.known:
            self.known[expr] = self.name(self._offset(expr), hint)
        return self.known[expr]

    def name(self, value: SSAValue, hint: str) -> SSAValue:
        """Give a value computed here (not an argument, not a shared constant) a name."""
        if isinstance(value.owner, Operation) and value.owner in self.ops and \
                value not in self.constants.values():
            value.name_hint = hint
        return value

    def _offset(self, expr: OffsetExpr) -> SSAValue:
        signed = any(c < 0 for term in expr.terms for _, c in term.terms)
        top = self.const(0) if signed or not expr.terms else None
        for term in expr.terms:
            value = self.poly(term)
            top = value if top is None else self.binary("maxsi" if signed else "maxui",
                                                        top, value)
        align = expr.align
        if align == 1:
            return top
        bumped = self.add(top, self.const(align - 1))
        if align & (align - 1) == 0:
            return self.binary("andi", bumped, self.const(-align))
        return self.binary("muli", self.binary("divui", bumped, self.const(align)),
                           self.const(align))
