"""xDSL 0.74's affine dialect, with ``affine.max`` (xDSL has only ``affine.min``) and
MLIR's syntax for ``affine.if`` (xDSL reads it in generic form only).

MLIR's tiling and bufferization of ``tensor.pad``/``extract_slice`` emit both; they share
one syntax (``affine.max affine_map<(d0) -> (d0, 4)>(%n)``) and one definition.

xDSL reads every value of an access (``affine.load %m[%i + 1, symbol(%n)]``) as a symbol
and knows no ``symbol(...)``; MLIR binds a bare value to a dimension. The memory ops here
read and print accesses as MLIR does. Also added: ``affine.prefetch``,
``affine.delinearize_index`` and ``affine.linearize_index`` (MLIR's index arithmetic).
"""

from __future__ import annotations

from typing import ClassVar

from memir.dialects.upstream.memref import parse_prefetch_clauses, print_prefetch_clauses
from memir.dialects.xdsl_internals import affine_expr_reader
from xdsl.dialects import affine
from xdsl.dialects.builtin import (
    DYNAMIC_INDEX,
    AffineMapAttr,
    AffineSetAttr,
    BoolAttr,
    DenseArrayBase,
    IndexType,
    IntegerAttr,
    MemRefType,
    UnitAttr,
    i32,
    i64,
)
from xdsl.dialects.utils import (
    parse_dynamic_index_list_without_types,
    print_dynamic_index_list,
)
from xdsl.ir import Attribute, Block, Dialect, Region, SSAValue
from xdsl.ir.affine import (
    AffineBinaryOpExpr,
    AffineBinaryOpKind,
    AffineConstantExpr,
    AffineDimExpr,
    AffineExpr,
    AffineMap,
    AffineSymExpr,
)
from xdsl.irdl import (
    AttrSizedOperandSegments,
    IRDLOperation,
    irdl_op_definition,
    operand_def,
    opt_prop_def,
    prop_def,
    result_def,
    traits_def,
    var_operand_def,
    var_result_def,
)
from xdsl.parser import Parser
from xdsl.printer import Printer
from xdsl.traits import Pure


def _index_operands(parser: Parser) -> list:
    """``(%d0, ...)[%s0, ...]``: an affine map's dimension and symbol operands, all index."""
    def operand():
        return parser.resolve_operand(parser.parse_unresolved_operand(), IndexType())

    found = parser.parse_optional_comma_separated_list(parser.Delimiter.PAREN, operand) or []
    return found + (parser.parse_optional_comma_separated_list(
        parser.Delimiter.SQUARE, operand) or [])


class MaxOp(affine.MinOp):
    """``%m = affine.max #map(%d)[%s]``: affine.min's definition under the other name."""

    name = "affine.max"

    @classmethod
    def parse(cls, parser: Parser) -> MaxOp:
        map_attr = parser.parse_attribute()
        if not isinstance(map_attr, AffineMapAttr):
            parser.raise_error("expected an affine map")
        operands = _index_operands(parser)
        attrs = parser.parse_optional_attr_dict()
        return cls.create(operands=operands, result_types=[IndexType()], attributes=attrs,
                          properties={"map": map_attr})

    def print(self, printer: Printer) -> None:
        dims = self.map.data.num_dims
        printer.print_string(" ")
        printer.print_attribute(self.map)
        printer.print_string("(")
        printer.print_list(self.arguments[:dims], printer.print_ssa_value)
        printer.print_string(")")
        if len(self.arguments) > dims:
            printer.print_string("[")
            printer.print_list(self.arguments[dims:], printer.print_ssa_value)
            printer.print_string("]")
        printer.print_op_attributes(self.attributes)


class IfOp(affine.IfOp):
    """``affine.if #set(%d)[%s] -> (T) { ... } else { ... }``; without results the
    ``affine.yield`` terminators are implicit, as MLIR prints them."""

    @classmethod
    def parse(cls, parser: Parser) -> IfOp:
        condition = parser.parse_attribute()
        if not isinstance(condition, AffineSetAttr):
            parser.raise_error("expected an affine set")
        operands = _index_operands(parser)
        results = []
        if parser.parse_optional_punctuation("->") is not None:  # `-> T` or `-> (T, U)`
            results = parser.parse_optional_comma_separated_list(
                parser.Delimiter.PAREN, parser.parse_type) or [parser.parse_type()]
        then_region = parser.parse_region()
        else_region = parser.parse_region() if parser.parse_optional_keyword("else") else Region()
        attrs = parser.parse_optional_attr_dict()
        if not then_region.blocks:  # `{ }`: an empty body, its terminator implicit
            then_region.add_block(Block())
        for region in (then_region, else_region):
            for block in region.blocks:
                if block.last_op is None or block.last_op.name != "affine.yield":
                    block.add_op(affine.YieldOp.get())
        return cls.create(operands=operands, result_types=results, attributes=attrs,
                          properties={"condition": condition},
                          regions=[then_region, else_region])

    def print(self, printer: Printer) -> None:
        condition = self.condition.data
        dims = self.args[: condition.num_dims]
        syms = self.args[condition.num_dims:]
        printer.print_string(" ")
        printer.print_attribute(self.condition)
        printer.print_string("(")
        printer.print_list(dims, printer.print_ssa_value)
        printer.print_string(")")
        if syms:
            printer.print_string("[")
            printer.print_list(syms, printer.print_ssa_value)
            printer.print_string("]")
        if self.res:
            printer.print_string(" -> (")
            printer.print_list([r.type for r in self.res], printer.print_attribute)
            printer.print_string(")")
        terminators = bool(self.res)
        printer.print_string(" ")
        printer.print_region(self.then_region, print_block_terminators=terminators)
        if self.else_region.blocks:
            printer.print_string(" else ")
            printer.print_region(self.else_region, print_block_terminators=terminators)
        printer.print_op_attributes(self.attributes)


# ------------------------------------------------------------------ memory accesses
def _parse_access(parser: Parser) -> tuple[AffineMap, list[SSAValue]]:
    """``[%i + 1, symbol(%n) * 2]``: MLIR's affine map of SSA ids. A bare value is a
    dimension, ``symbol(%v)`` a symbol, each numbered where first met; the operands are
    the dimensions, then the symbols."""
    found: tuple[dict, dict] = ({}, {})  # dims, symbols: (name, number) -> position

    def bare_id() -> AffineExpr | None:
        symbol = parser.parse_optional_keyword("symbol") is not None
        if symbol:
            parser.parse_punctuation("(")
        value = (parser.parse_unresolved_operand() if symbol
                 else parser.parse_optional_unresolved_operand())
        if value is None:
            return None
        if symbol:
            parser.parse_punctuation(")")
        table = found[symbol]
        position = table.setdefault((value.operand_name, value.index), (len(table), value))[0]
        return AffineExpr.symbol(position) if symbol else AffineExpr.dimension(position)

    read_expr = affine_expr_reader(parser)
    exprs = parser.parse_comma_separated_list(parser.Delimiter.SQUARE,
                                              lambda: read_expr(bare_id))
    operands = [parser.resolve_operand(v, IndexType())
                for table in found for _, v in table.values()]
    return AffineMap(len(found[0]), len(found[1]), tuple(exprs)), operands


_PRECEDENCE = {AffineBinaryOpKind.Add: 10, AffineBinaryOpKind.Mul: 20,
               AffineBinaryOpKind.Mod: 20, AffineBinaryOpKind.FloorDiv: 20,
               AffineBinaryOpKind.CeilDiv: 20}


def _print_expr(printer: Printer, expr: AffineExpr, dims, syms, least: int = 0) -> None:
    """``%i + symbol(%n) * 2``: ``expr`` with its dimensions and symbols as values."""
    if isinstance(expr, AffineConstantExpr):
        printer.print_string(str(expr.value))
    elif isinstance(expr, AffineDimExpr):
        printer.print_ssa_value(dims[expr.position])
    elif isinstance(expr, AffineSymExpr):
        printer.print_string("symbol(")
        printer.print_ssa_value(syms[expr.position])
        printer.print_string(")")
    elif isinstance(expr, AffineBinaryOpExpr):
        own = _PRECEDENCE[expr.kind]
        if own < least:
            printer.print_string("(")
        _print_expr(printer, expr.lhs, dims, syms, own)
        printer.print_string(f" {expr.kind.get_token()} ")
        _print_expr(printer, expr.rhs, dims, syms,
                    own if expr.kind == AffineBinaryOpKind.Add else own + 1)
        if own < least:
            printer.print_string(")")


def _print_access(printer: Printer, memref: SSAValue, amap: AffineMap, operands) -> None:
    printer.print_ssa_value(memref)
    printer.print_string("[")
    dims, syms = operands[: amap.num_dims], operands[amap.num_dims:]
    printer.print_list(amap.results, lambda e: _print_expr(printer, e, dims, syms))
    printer.print_string("]")


def _parse_memref(parser: Parser) -> tuple:
    """``%m[access] {attrs} : memref<...>``: the memref, the map, its operands, the attrs."""
    name = parser.parse_unresolved_operand()
    amap, operands = _parse_access(parser)
    attrs = parser.parse_optional_attr_dict()
    parser.parse_punctuation(":")
    memref_type = parser.parse_type()
    if not isinstance(memref_type, MemRefType):
        parser.raise_error("expected a memref type")
    return parser.resolve_operand(name, memref_type), amap, operands, attrs


class _Access:
    """MLIR's syntax of the four affine accesses, one definition for all:
    ``[%value,] %m[%i + 1, symbol(%n)] {attrs} : memref<...>[, vector<...>]``."""

    STORES: ClassVar[bool] = False  # a value operand before the memref
    VECTOR: ClassVar[bool] = False  # a vector type after the memref's

    @classmethod
    def parse(cls, parser: Parser):
        value = parser.parse_unresolved_operand() if cls.STORES else None
        if cls.STORES:
            parser.parse_punctuation(",")
        memref, amap, operands, attrs = _parse_memref(parser)
        element = memref.type.element_type
        if cls.VECTOR:
            parser.parse_punctuation(",")
            element = parser.parse_type()
        stored = [parser.resolve_operand(value, element)] if cls.STORES else []
        return cls.create(operands=[*stored, memref, *operands], attributes=attrs,
                          result_types=[] if cls.STORES else [element],
                          properties={"map": AffineMapAttr(amap)})

    def print(self, printer: Printer) -> None:
        printer.print_string(" ")
        if self.STORES:
            printer.print_ssa_value(self.value)
            printer.print_string(", ")
        _print_access(printer, self.memref, self.map.data, self.indices)
        printer.print_op_attributes(self.attributes)
        printer.print_string(" : ")
        printer.print_attribute(self.memref.type)
        if self.VECTOR:
            printer.print_string(", ")
            printer.print_attribute((self.value if self.STORES else self.result).type)


class LoadOp(_Access, affine.LoadOp):
    """``%v = affine.load %m[%i + 1, symbol(%n)] : memref<...>``"""


class StoreOp(_Access, affine.StoreOp):
    """``affine.store %v, %m[%i, symbol(%n)] : memref<...>``"""

    STORES = True


class VectorLoadOp(_Access, affine.VectorLoadOp):
    """``%v = affine.vector_load %m[%i, %j + 8] : memref<...>, vector<8xf32>``"""

    VECTOR = True


class VectorStoreOp(_Access, affine.VectorStoreOp):
    """``affine.vector_store %v, %m[%i, %j] : memref<...>, vector<8xf32>``"""

    STORES = True
    VECTOR = True


@irdl_op_definition
class PrefetchOp(IRDLOperation):
    """``affine.prefetch %m[%i], read, locality<3>, data : memref<...>``"""

    name = "affine.prefetch"
    memref = operand_def(MemRefType)
    indices = var_operand_def(IndexType)
    isWrite = prop_def(BoolAttr)
    localityHint = prop_def(IntegerAttr)
    isDataCache = prop_def(BoolAttr)
    map = prop_def(AffineMapAttr)

    @classmethod
    def parse(cls, parser: Parser) -> PrefetchOp:
        name = parser.parse_unresolved_operand()
        amap, operands = _parse_access(parser)
        write, hint, data = parse_prefetch_clauses(parser)
        attrs = parser.parse_optional_attr_dict()
        parser.parse_punctuation(":")
        memref = parser.resolve_operand(name, parser.parse_type())
        return cls.create(operands=[memref, *operands], attributes=attrs, properties={
            "isWrite": BoolAttr.from_bool(write), "localityHint": IntegerAttr(hint, i32),
            "isDataCache": BoolAttr.from_bool(data), "map": AffineMapAttr(amap)})

    def print(self, printer: Printer) -> None:
        printer.print_string(" ")
        _print_access(printer, self.memref, self.map.data, self.indices)
        print_prefetch_clauses(printer, self.isWrite.value.data,
                               self.localityHint.value.data, self.isDataCache.value.data)
        printer.print_op_attributes(self.attributes)
        printer.print_string(" : ")
        printer.print_attribute(self.memref.type)


# ------------------------------------------------------------------- index arithmetic
def _parse_basis(parser: Parser) -> tuple[list[SSAValue], DenseArrayBase]:
    """``(4, %n)``: constants and index values; the static list marks each value
    ``DYNAMIC_INDEX``."""
    names, static = parse_dynamic_index_list_without_types(
        parser, DYNAMIC_INDEX, delimiter=parser.Delimiter.PAREN)
    return ([parser.resolve_operand(n, IndexType()) for n in names],
            DenseArrayBase.from_list(i64, static))


def _print_basis(printer: Printer, values, static: DenseArrayBase) -> None:
    print_dynamic_index_list(printer, DYNAMIC_INDEX, values, static.get_values(),
                             delimiter=Parser.Delimiter.PAREN)


@irdl_op_definition
class DelinearizeIndexOp(IRDLOperation):
    """``%i:2 = affine.delinearize_index %x into (4, %n) : index, index``"""

    name = "affine.delinearize_index"
    linear_index = operand_def(IndexType)
    dynamic_basis = var_operand_def(IndexType)
    static_basis = prop_def(DenseArrayBase.constr(i64))
    multi_index = var_result_def(IndexType)
    traits = traits_def(Pure())

    @classmethod
    def parse(cls, parser: Parser) -> DelinearizeIndexOp:
        linear = parser.resolve_operand(parser.parse_unresolved_operand(), IndexType())
        parser.parse_keyword("into")
        dynamic, static = _parse_basis(parser)
        attrs = parser.parse_optional_attr_dict()
        parser.parse_punctuation(":")
        types = parser.parse_comma_separated_list(parser.Delimiter.NONE, parser.parse_type)
        return cls.build(operands=[linear, dynamic], result_types=[types], attributes=attrs,
                         properties={"static_basis": static})

    def print(self, printer: Printer) -> None:
        printer.print_string(" ")
        printer.print_ssa_value(self.linear_index)
        printer.print_string(" into ")
        _print_basis(printer, self.dynamic_basis, self.static_basis)
        printer.print_op_attributes(self.attributes)
        printer.print_string(" : ")
        printer.print_list(self.result_types, printer.print_attribute)


@irdl_op_definition
class LinearizeIndexOp(IRDLOperation):
    """``%x = affine.linearize_index disjoint [%i, %j] by (4, %n) : index``"""

    name = "affine.linearize_index"
    multi_index = var_operand_def(IndexType)
    dynamic_basis = var_operand_def(IndexType)
    static_basis = prop_def(DenseArrayBase.constr(i64))
    disjoint = opt_prop_def(UnitAttr | BoolAttr)  # MLIR writes `disjoint = false` unset
    linear_index = result_def(IndexType)
    irdl_options = (AttrSizedOperandSegments(as_property=True),)
    traits = traits_def(Pure())

    @classmethod
    def parse(cls, parser: Parser) -> LinearizeIndexOp:
        props: dict[str, Attribute] = {}
        if parser.parse_optional_keyword("disjoint") is not None:
            props["disjoint"] = UnitAttr()
        indices = parser.parse_comma_separated_list(
            parser.Delimiter.SQUARE,
            lambda: parser.resolve_operand(parser.parse_unresolved_operand(), IndexType()))
        parser.parse_keyword("by")
        dynamic, props["static_basis"] = _parse_basis(parser)
        attrs = parser.parse_optional_attr_dict()
        parser.parse_punctuation(":")
        result = parser.parse_type()
        return cls.build(operands=[indices, dynamic], result_types=[result],
                         attributes=attrs, properties=props)

    def print(self, printer: Printer) -> None:
        if isinstance(self.disjoint, UnitAttr) or self.disjoint == BoolAttr.from_bool(True):
            printer.print_string(" disjoint")
        printer.print_string(" [")
        printer.print_list(self.multi_index, printer.print_ssa_value)
        printer.print_string("] by ")
        _print_basis(printer, self.dynamic_basis, self.static_basis)
        printer.print_op_attributes(self.attributes)
        printer.print_string(" : ")
        printer.print_attribute(self.linear_index.type)


REPLACED = (IfOp, LoadOp, StoreOp, VectorLoadOp, VectorStoreOp)
ADDED = (MaxOp, PrefetchOp, DelinearizeIndexOp, LinearizeIndexOp)


def dialect() -> Dialect:
    replaced = {op.name: op for op in REPLACED}
    ops = [replaced.get(op.name, op) for op in affine.Affine.operations]
    return Dialect("affine", [*ops, *ADDED], list(affine.Affine.attributes))
