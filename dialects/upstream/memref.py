"""xDSL 0.74's memref dialect with MLIR 22's syntax and rules where xDSL's differ.

xDSL parses and prints ``memref.global``, ``copy``, ``cast``,
``extract_aligned_pointer_as_index``, ``alloca_scope``, ``atomic_rmw`` and the DMA ops in the
generic form only, and lacks ``generic_atomic_rmw``, ``prefetch``, ``realloc``, ``reshape``
and ``transpose``. It is also stricter than MLIR: a global's initial value must be a ``dense``
literal (torch-mlir's weights are ``dense_resource``), ``memref.copy`` must join ranked
memrefs of equal shapes (MLIR accepts ``memref<2xf32>`` to ``memref<?xf32>``, and unranked
memrefs) and a DMA tag must hold i32 (``dma_start`` also wants operand segments, which
MLIR's generic form does not have). The subclasses here add MLIR's syntax and rules and
nothing else: code that checks ``isinstance(op, memref.CopyOp)`` still matches. The ops xDSL
lacks, and ``dma_start``, are defined anew.
"""

from __future__ import annotations

import math
from dataclasses import replace

from xdsl.dialects import memref
from xdsl.dialects.builtin import (
    DYNAMIC_INDEX,
    I32,
    I64,
    AffineMapAttr,
    DenseIntOrFPElementsAttr,
    DenseResourceAttr,
    IndexType,
    IntegerAttr,
    IntegerType,
    MemRefType,
    StringAttr,
    TensorType,
    UnitAttr,
    UnrankedMemRefType,
    i32,
    i64,
)
from xdsl.ir import Attribute, Block, Dialect, SSAValue
from xdsl.irdl import (
    AnyAttr,
    BaseAttr,
    IRDLOperation,
    OpDef,
    OptPropertyDef,
    ParsePropInAttrDict,
    irdl_op_definition,
    operand_def,
    opt_operand_def,
    opt_prop_def,
    prop_def,
    region_def,
    result_def,
    traits_def,
    var_operand_def,
)
from xdsl.parser import Parser
from xdsl.printer import Printer
from xdsl.traits import HasParent, IsTerminator
from xdsl.utils.exceptions import VerifyException

from memir.dialects.limits import MAX_DENSE_ELEMENTS

_MEMREF = MemRefType | UnrankedMemRefType


def _parse_types(parser: Parser) -> tuple[Attribute, Attribute]:
    parser.parse_punctuation(":")
    first = parser.parse_type()
    parser.parse_keyword("to")
    return first, parser.parse_type()


def _print_types(printer: Printer, first: Attribute, second: Attribute) -> None:
    printer.print_string(" : ")
    printer.print_attribute(first)
    printer.print_string(" to ")
    printer.print_attribute(second)


class _CastSyntax:
    """``%d = memref.<cast> %s {attrs} : T to U``: MLIR's syntax for the casts."""

    @classmethod
    def parse(cls, parser: Parser):
        source = parser.parse_unresolved_operand()
        attrs = parser.parse_optional_attr_dict()
        source_type, dest_type = _parse_types(parser)
        return cls.create(operands=[parser.resolve_operand(source, source_type)],
                          result_types=[dest_type], attributes=attrs)

    def print(self, printer: Printer) -> None:
        printer.print_string(" ")
        printer.print_ssa_value(self.source)
        printer.print_op_attributes(self.attributes)
        _print_types(printer, self.source.type, self.dest.type)


class CastOp(_CastSyntax, memref.CastOp):
    """``%d = memref.cast %s : T to U``"""


@irdl_op_definition
class CopyOp(memref.CopyOp):
    """``memref.copy %s, %d : T to U``; ranked or unranked memrefs, as in MLIR."""

    source = operand_def(_MEMREF)
    destination = operand_def(_MEMREF)

    @classmethod
    def parse(cls, parser: Parser) -> CopyOp:  # memref.copy %s, %d : T to U
        source = parser.parse_unresolved_operand()
        parser.parse_punctuation(",")
        dest = parser.parse_unresolved_operand()
        attrs = parser.parse_optional_attr_dict()
        source_type, dest_type = _parse_types(parser)
        return cls.build(operands=[parser.resolve_operand(source, source_type),
                                   parser.resolve_operand(dest, dest_type)],
                         attributes=attrs)

    def print(self, printer: Printer) -> None:
        printer.print_string(" ")
        printer.print_ssa_value(self.source)
        printer.print_string(", ")
        printer.print_ssa_value(self.destination)
        printer.print_op_attributes(self.attributes)
        _print_types(printer, self.source.type, self.destination.type)

    def verify_(self) -> None:
        """MLIR's rule: same element type, and shapes that agree where both are static."""
        source, dest = self.source.type, self.destination.type
        assert isinstance(source, _MEMREF) and isinstance(dest, _MEMREF)
        if source.get_element_type() != dest.get_element_type():
            raise VerifyException("expects source and target of the same element type")
        if isinstance(source, UnrankedMemRefType) or isinstance(dest, UnrankedMemRefType):
            return
        first, second = source.get_shape(), dest.get_shape()
        if len(first) != len(second) or any(
                a != b and DYNAMIC_INDEX not in (a, b) for a, b in zip(first, second)):
            raise VerifyException("expects source and target of compatible shapes")


class GlobalOp(memref.GlobalOp):
    """``memref.global "private" constant @c : memref<2xf32> = dense<[1.0, 2.0]> {alignment = 64 : i64}``.

    The initial value may be absent (an external global), ``uninitialized`` (a unit
    attribute), a ``dense`` literal or a ``dense_resource`` handle; it is written without
    its type, which is the memref's shape as a tensor.
    """

    @classmethod
    def get_irdl_definition(cls) -> OpDef:
        return _GLOBAL_DEF

    def verify_(self) -> None:
        _GLOBAL_DEF.verify(self)
        alignment = self.alignment
        if alignment is not None and alignment.value.data & (alignment.value.data - 1):
            raise VerifyException(f"alignment {alignment.value.data} is not a power of 2")

    @classmethod
    def parse(cls, parser: Parser) -> GlobalOp:
        props: dict[str, Attribute] = {}
        if (visibility := parser.parse_optional_str_literal()) is not None:
            props["sym_visibility"] = StringAttr(visibility)
        if parser.parse_optional_keyword("constant") is not None:
            props["constant"] = UnitAttr()
        props["sym_name"] = parser.parse_symbol_name()
        attrs = dict(parser.parse_optional_attr_dict())
        parser.parse_punctuation(":")
        memref_type = parser.parse_type()
        if not isinstance(memref_type, MemRefType):
            parser.raise_error(f"expected a memref type, got {memref_type}")
        props["type"] = memref_type
        if parser.parse_optional_punctuation("=") is not None:
            props["initial_value"] = _initial_value(parser, memref_type)
        attrs.update(parser.parse_optional_attr_dict())
        for name in ("alignment",):  # inherent in MLIR: a property
            if name in attrs:
                props[name] = attrs.pop(name)
        return cls.create(properties=props, attributes=attrs)

    def print(self, printer: Printer) -> None:
        visibility = self.properties.get("sym_visibility")
        if isinstance(visibility, StringAttr):
            printer.print_string(" ")
            printer.print_string_literal(visibility.data)
        if self.constant is not None:
            printer.print_string(" constant")
        printer.print_string(" ")
        printer.print_symbol_name(self.sym_name.data)
        printer.print_string(" : ")
        printer.print_attribute(self.type)
        value = self.properties.get("initial_value")
        if isinstance(value, UnitAttr):
            printer.print_string(" = uninitialized")
        elif isinstance(value, (DenseIntOrFPElementsAttr, DenseResourceAttr)):
            printer.print_string(" = ")
            value.print_without_type(printer)
        elif value is not None:
            printer.print_string(" = ")
            printer.print_attribute(value)
        extra = dict(self.attributes)
        if self.alignment is not None:
            extra = {"alignment": self.alignment, **extra}
        printer.print_op_attributes(extra)


_GLOBAL_DEF = replace(memref.GlobalOp.get_irdl_definition(), properties={
    **memref.GlobalOp.get_irdl_definition().properties,
    "sym_visibility": OptPropertyDef(BaseAttr(StringAttr)),
    "initial_value": OptPropertyDef(AnyAttr()),
})
"""xDSL's definition, with MLIR's optional visibility and any initial value."""


def _initial_value(parser: Parser, memref_type: MemRefType) -> Attribute:
    if parser.parse_optional_keyword("uninitialized") is not None:
        return UnitAttr()
    tensor = TensorType(memref_type.get_element_type(), memref_type.get_shape())
    start = parser.pos
    if parser.parse_optional_keyword("dense") is not None:
        # Its type is the global's, so the literal's own bound (xdsl_patches) is not read:
        # xDSL would expand a splat over 2^32 elements into memory (found by fuzz.py).
        count = math.prod(tensor.get_shape())
        if count > MAX_DENSE_ELEMENTS:
            parser.raise_error(f"a dense literal of {count} elements: memir stores every "
                               f"element of a dense literal, splats too, and takes at most "
                               f"{MAX_DENSE_ELEMENTS} (give a large global as dense_resource "
                               "or uninitialized)", start, parser.pos)
        return parser.parse_dense_int_or_fp_elements_attr(tensor)
    if parser.parse_optional_keyword("dense_resource") is not None:
        parser.parse_punctuation("<")
        key = parser.parse_identifier(" for resource handle")
        parser.parse_punctuation(">")
        return DenseResourceAttr.from_params(key, tensor)
    return parser.parse_attribute()


class ExtractAlignedPointerAsIndexOp(memref.ExtractAlignedPointerAsIndexOp):
    @classmethod
    def parse(cls, parser: Parser) -> ExtractAlignedPointerAsIndexOp:  # %p = ... %m : T -> index
        source = parser.parse_unresolved_operand()
        parser.parse_punctuation(":")
        source_type = parser.parse_type()
        parser.parse_punctuation("->")
        result_type = parser.parse_type()
        attrs = parser.parse_optional_attr_dict()
        return cls.build(operands=[parser.resolve_operand(source, source_type)],
                         result_types=[result_type], attributes=attrs)

    def print(self, printer: Printer) -> None:
        printer.print_string(" ")
        printer.print_ssa_value(self.source)
        printer.print_string(" : ")
        printer.print_attribute(self.source.type)
        printer.print_string(" -> ")
        printer.print_attribute(self.aligned_pointer.type)
        printer.print_op_attributes(self.attributes)


class RankOp(memref.RankOp):
    """``%r = memref.rank %m : memref<*xf32>``; MLIR takes ranked and unranked memrefs."""

    @classmethod
    def parse(cls, parser: Parser) -> RankOp:
        source = parser.parse_unresolved_operand()
        attrs = parser.parse_optional_attr_dict()
        parser.parse_punctuation(":")
        source_type = parser.parse_type()
        return cls.create(operands=[parser.resolve_operand(source, source_type)],
                          result_types=[IndexType()], attributes=attrs)

    def print(self, printer: Printer) -> None:
        printer.print_string(" ")
        printer.print_ssa_value(self.source)
        printer.print_op_attributes(self.attributes)
        printer.print_string(" : ")
        printer.print_attribute(self.source.type)

    def verify_(self) -> None:
        if not isinstance(self.source.type, (MemRefType, UnrankedMemRefType)):
            raise VerifyException("expects a memref operand")


class MemorySpaceCastOp(_CastSyntax, memref.MemorySpaceCastOp):
    """``%d = memref.memory_space_cast %s : memref<?xf32> to memref<?xf32, 1>``"""


@irdl_op_definition
class ReshapeOp(IRDLOperation):
    """``%d = memref.reshape %s(%shape) : (memref<4x1xf32>, memref<1xi32>) -> memref<4xf32>``:
    a view of the source in the shape the shape operand holds (xDSL 0.74 lacks it)."""

    name = "memref.reshape"
    source = operand_def(MemRefType | UnrankedMemRefType)
    shape = operand_def(MemRefType)
    result = result_def(MemRefType | UnrankedMemRefType)
    assembly_format = "$source `(` $shape `)` attr-dict `:` functional-type(operands, results)"


def _parse_indexed(parser: Parser) -> tuple:
    """``%m[%i, %j]``: an unresolved memref and its unresolved indices."""
    memref_ = parser.parse_unresolved_operand()
    indices = parser.parse_comma_separated_list(parser.Delimiter.SQUARE,
                                                parser.parse_unresolved_operand)
    return memref_, indices


def _print_indexed(printer: Printer, memref_: SSAValue, indices) -> None:
    printer.print_ssa_value(memref_)
    printer.print_string("[")
    printer.print_list(indices, printer.print_ssa_value)
    printer.print_string("]")


def _resolve_indexed(parser: Parser, memref_, indices, memref_type: Attribute) -> list[SSAValue]:
    return [parser.resolve_operand(memref_, memref_type),
            *(parser.resolve_operand(i, IndexType()) for i in indices)]


@irdl_op_definition
class AllocaScopeReturnOp(memref.AllocaScopeReturnOp):
    """``memref.alloca_scope.return %v : f32``; left out of the print when it returns nothing."""

    ops = var_operand_def()
    assembly_format = "attr-dict ($ops^ `:` type($ops))?"


class AllocaScopeOp(memref.AllocaScopeOp):
    """``%r = memref.alloca_scope -> (f32) { ... }``; the terminator may be implicit."""

    @classmethod
    def parse(cls, parser: Parser) -> AllocaScopeOp:
        types = []
        if parser.parse_optional_punctuation("->") is not None:
            types = parser.parse_comma_separated_list(parser.Delimiter.PAREN, parser.parse_type)
        body = parser.parse_region()
        attrs = parser.parse_optional_attr_dict()
        if body.blocks.first is None:
            body.add_block(Block())
        block = body.blocks.first
        if not isinstance(block.last_op, memref.AllocaScopeReturnOp):
            block.add_op(AllocaScopeReturnOp.create())
        return cls.create(result_types=types, regions=[body], attributes=attrs)

    def print(self, printer: Printer) -> None:
        if self.results:
            printer.print_string(" -> (")
            printer.print_list(self.result_types, printer.print_attribute)
            printer.print_string(")")
        printer.print_string(" ")
        printer.print_region(self.scope, print_entry_block_args=False,
                             print_block_terminators=bool(self.results))
        printer.print_op_attributes(self.attributes)


ATOMIC_KINDS = ("addf", "addi", "andi", "assign", "maximumf", "maxnumf", "maxs", "maxu",
                "minimumf", "minnumf", "mins", "minu", "mulf", "muli", "ori", "xori")
"""MLIR's ``arith::AtomicRMWKind`` by value: ``kind = 5 : i64`` is ``maxnumf``."""


class AtomicRMWOp(memref.AtomicRMWOp):
    """``%x = memref.atomic_rmw addf %v, %m[%i] : (f32, memref<10xf32>) -> f32``"""

    @classmethod
    def parse(cls, parser: Parser) -> AtomicRMWOp:
        kind = parser.parse_keyword_in(ATOMIC_KINDS, " (an atomic_rmw kind)")
        value = parser.parse_unresolved_operand()
        parser.parse_punctuation(",")
        memref_, indices = _parse_indexed(parser)
        attrs = parser.parse_optional_attr_dict()
        parser.parse_punctuation(":")
        parser.parse_punctuation("(")
        value_type = parser.parse_type()
        parser.parse_punctuation(",")
        memref_type = parser.parse_type()
        parser.parse_punctuation(")")
        parser.parse_punctuation("->")
        result_type = parser.parse_type()
        return cls.create(
            operands=[parser.resolve_operand(value, value_type),
                      *_resolve_indexed(parser, memref_, indices, memref_type)],
            result_types=[result_type], attributes=attrs,
            properties={"kind": IntegerAttr(ATOMIC_KINDS.index(kind), i64)})

    def print(self, printer: Printer) -> None:
        printer.print_string(f" {ATOMIC_KINDS[self.kind.value.data]} ")
        printer.print_ssa_value(self.value)
        printer.print_string(", ")
        _print_indexed(printer, self.memref, self.indices)
        printer.print_op_attributes(self.attributes)
        printer.print_string(" : (")
        printer.print_attribute(self.value.type)
        printer.print_string(", ")
        printer.print_attribute(self.memref.type)
        printer.print_string(") -> ")
        printer.print_attribute(self.result.type)


@irdl_op_definition
class GenericAtomicRMWOp(IRDLOperation):
    """``%x = memref.generic_atomic_rmw %m[%i] : memref<4xf32> { ^bb0(%old: f32): ... }``:
    the region computes the new value from the old one (xDSL 0.74 lacks it)."""

    name = "memref.generic_atomic_rmw"
    memref = operand_def(MemRefType)
    indices = var_operand_def(IndexType)
    result = result_def()
    atomic_body = region_def("single_block")

    @classmethod
    def parse(cls, parser: Parser) -> GenericAtomicRMWOp:
        memref_, indices = _parse_indexed(parser)
        parser.parse_punctuation(":")
        memref_type = parser.parse_type()
        body = parser.parse_region()
        attrs = parser.parse_optional_attr_dict()
        if not isinstance(memref_type, MemRefType):
            parser.raise_error(f"expected a memref type, got {memref_type}")
        return cls.create(operands=_resolve_indexed(parser, memref_, indices, memref_type),
                          result_types=[memref_type.get_element_type()], regions=[body],
                          attributes=attrs)

    def print(self, printer: Printer) -> None:
        printer.print_string(" ")
        _print_indexed(printer, self.memref, self.indices)
        printer.print_string(" : ")
        printer.print_attribute(self.memref.type)
        printer.print_string(" ")
        printer.print_region(self.atomic_body)
        printer.print_op_attributes(self.attributes)


@irdl_op_definition
class AtomicYieldOp(IRDLOperation):
    """``memref.atomic_yield %new : f32``: ends a generic_atomic_rmw's region."""

    name = "memref.atomic_yield"
    result = operand_def()
    traits = traits_def(IsTerminator(), HasParent(GenericAtomicRMWOp))
    assembly_format = "$result attr-dict `:` type($result)"


@irdl_op_definition
class PrefetchOp(IRDLOperation):
    """``memref.prefetch %m[%i], read, locality<3>, data : memref<4xf32>``"""

    name = "memref.prefetch"
    memref = operand_def(MemRefType)
    indices = var_operand_def(IndexType)
    isWrite = prop_def(IntegerAttr[IntegerType(1)])
    localityHint = prop_def(IntegerAttr[I32])
    isDataCache = prop_def(IntegerAttr[IntegerType(1)])

    @classmethod
    def parse(cls, parser: Parser) -> PrefetchOp:
        memref_, indices = _parse_indexed(parser)
        write, locality, data = parse_prefetch_clauses(parser)
        attrs = parser.parse_optional_attr_dict()
        parser.parse_punctuation(":")
        memref_type = parser.parse_type()
        bit = IntegerType(1)
        return cls.create(operands=_resolve_indexed(parser, memref_, indices, memref_type),
                          attributes=attrs, properties={
                              "isWrite": IntegerAttr(int(write), bit),
                              "localityHint": IntegerAttr(locality, i32),
                              "isDataCache": IntegerAttr(int(data), bit)})

    def print(self, printer: Printer) -> None:
        printer.print_string(" ")
        _print_indexed(printer, self.memref, self.indices)
        print_prefetch_clauses(printer, self.isWrite.value.data,
                               self.localityHint.value.data, self.isDataCache.value.data)
        printer.print_op_attributes(self.attributes)
        printer.print_string(" : ")
        printer.print_attribute(self.memref.type)


def parse_prefetch_clauses(parser: Parser) -> tuple[bool, int, bool]:
    """``, read|write, locality<N>, data|instr`` after a prefetch's access (memref.prefetch
    and affine.prefetch): whether it writes, the locality hint, whether it is for data."""
    parser.parse_punctuation(",")
    write = parser.parse_keyword_in(("read", "write")) == "write"
    parser.parse_punctuation(",")
    parser.parse_keyword("locality")
    parser.parse_punctuation("<")
    locality = parser.parse_integer(allow_boolean=False, allow_negative=False)
    parser.parse_punctuation(">")
    parser.parse_punctuation(",")
    return write, locality, parser.parse_keyword_in(("data", "instr")) == "data"


def print_prefetch_clauses(printer: Printer, write: bool, locality: int, data: bool) -> None:
    printer.print_string(f", {'write' if write else 'read'}, locality<{locality}>, "
                         f"{'data' if data else 'instr'}")


@irdl_op_definition
class ReallocOp(IRDLOperation):
    """``%n = memref.realloc %m(%size) : memref<?xf32> to memref<?xf32>``"""

    name = "memref.realloc"
    source = operand_def(MemRefType)
    dynamicResultSize = opt_operand_def(IndexType)
    alignment = opt_prop_def(IntegerAttr[I64])
    result = result_def(MemRefType)
    irdl_options = (ParsePropInAttrDict(),)
    assembly_format = ("$source (`(` $dynamicResultSize^ `)`)? attr-dict "
                       "`:` type($source) `to` type($result)")


@irdl_op_definition
class TransposeOp(IRDLOperation):
    """``%t = memref.transpose %m (d0, d1) -> (d1, d0) : memref<?x?xf32> to memref<...>``"""

    name = "memref.transpose"
    source = operand_def(MemRefType)
    permutation = prop_def(AffineMapAttr)
    result = result_def(MemRefType)

    @classmethod
    def parse(cls, parser: Parser) -> TransposeOp:
        source = parser.parse_unresolved_operand()
        permutation = AffineMapAttr(parser.parse_affine_map())
        attrs = parser.parse_optional_attr_dict()
        source_type, result_type = _parse_types(parser)
        return cls.create(operands=[parser.resolve_operand(source, source_type)],
                          result_types=[result_type], attributes=attrs,
                          properties={"permutation": permutation})

    def print(self, printer: Printer) -> None:
        printer.print_string(" ")
        printer.print_ssa_value(self.source)
        printer.print_string(f" {self.permutation.data}")
        printer.print_op_attributes(self.attributes)
        _print_types(printer, self.source.type, self.result.type)


@irdl_op_definition
class DmaStartOp(IRDLOperation):
    """``memref.dma_start %src[%i], %dst[%j], %n, %tag[%k] (, %stride, %per_stride)? :
    T, U, V``. MLIR keeps the operands in one list, cut by the memrefs' ranks; xDSL's
    ``DmaStartOp`` wants segments and an i32 tag, so this one stands apart from it."""

    name = "memref.dma_start"
    args = var_operand_def()

    @classmethod
    def parse(cls, parser: Parser) -> DmaStartOp:
        src = _parse_indexed(parser)
        parser.parse_punctuation(",")
        dst = _parse_indexed(parser)
        parser.parse_punctuation(",")
        count = parser.parse_unresolved_operand()
        parser.parse_punctuation(",")
        tag = _parse_indexed(parser)
        stride = []
        if parser.parse_optional_punctuation(",") is not None:
            stride = [parser.parse_unresolved_operand()]
            parser.parse_punctuation(",")
            stride.append(parser.parse_unresolved_operand())
        attrs = parser.parse_optional_attr_dict()
        parser.parse_punctuation(":")
        types = parser.parse_comma_separated_list(parser.Delimiter.NONE, parser.parse_type)
        if len(types) != 3:
            parser.raise_error("expected three types: source, destination and tag memrefs")
        index = IndexType()
        operands = [*_resolve_indexed(parser, *src, types[0]),
                    *_resolve_indexed(parser, *dst, types[1]),
                    parser.resolve_operand(count, index),
                    *_resolve_indexed(parser, *tag, types[2]),
                    *(parser.resolve_operand(s, index) for s in stride)]
        return cls.create(operands=operands, attributes=attrs)

    def _layout(self) -> tuple:
        """((source, indices), (destination, indices), count, (tag, indices), stride operands)."""
        parts, at = [], 0
        for _ in range(3):
            memref_ = self.args[at]
            rank = len(memref_.type.get_shape()) if isinstance(memref_.type, MemRefType) else 0
            parts.append((memref_, self.args[at + 1:at + 1 + rank]))
            at += 1 + rank
            if len(parts) == 2:
                parts.append(self.args[at])
                at += 1
        return (*parts, self.args[at:])

    def print(self, printer: Printer) -> None:
        src, dst, count, tag, stride = self._layout()
        printer.print_string(" ")
        _print_indexed(printer, *src)
        printer.print_string(", ")
        _print_indexed(printer, *dst)
        printer.print_string(", ")
        printer.print_ssa_value(count)
        printer.print_string(", ")
        _print_indexed(printer, *tag)
        for value in stride:
            printer.print_string(", ")
            printer.print_ssa_value(value)
        printer.print_op_attributes(self.attributes)
        printer.print_string(" : ")
        printer.print_list((src[0].type, dst[0].type, tag[0].type), printer.print_attribute)

    def verify_(self) -> None:
        try:
            src, dst, _, tag, stride = self._layout()
        except IndexError:
            raise VerifyException("expects source, destination and tag memrefs with their "
                                  "indices, and an element count") from None
        if not all(isinstance(m.type, MemRefType) for m, _ in (src, dst, tag)):
            raise VerifyException("expects source, destination and tag memrefs")
        if len(stride) not in (0, 2):
            raise VerifyException("expects a stride and a count per stride, or neither")


@irdl_op_definition
class DmaWaitOp(memref.DmaWaitOp):
    """``memref.dma_wait %tag[%i], %n : memref<1xi32>``; MLIR takes a tag of any element type."""

    tag = operand_def(MemRefType)
    tag_indices = var_operand_def(IndexType)
    num_elements = operand_def(IndexType)
    assembly_format = "$tag `[` $tag_indices `]` `,` $num_elements attr-dict `:` type($tag)"

    def verify_(self) -> None:
        assert isinstance(self.tag.type, MemRefType)
        if len(self.tag.type.get_shape()) != len(self.tag_indices):
            raise VerifyException("expects as many tag indices as the tag memref's rank")


REPLACED = (CastOp, CopyOp, GlobalOp, ExtractAlignedPointerAsIndexOp, RankOp,
            MemorySpaceCastOp, AllocaScopeOp, AllocaScopeReturnOp, AtomicRMWOp, DmaStartOp,
            DmaWaitOp)
ADDED = (ReshapeOp, GenericAtomicRMWOp, AtomicYieldOp, PrefetchOp, ReallocOp, TransposeOp)


def dialect() -> Dialect:
    fixed = {op.name: op for op in REPLACED}
    return Dialect("memref", [fixed.get(op.name, op) for op in memref.MemRef.operations]
                   + list(ADDED), list(memref.MemRef.attributes))
