"""xDSL 0.74's memref dialect with MLIR 22's syntax and rules where xDSL's differ.

xDSL parses and prints ``memref.global``, ``memref.copy``, ``memref.cast`` and
``memref.extract_aligned_pointer_as_index`` in the generic form only, requires a global's
initial value to be a ``dense`` literal (torch-mlir's weights are ``dense_resource``) and
``memref.copy`` to join equal shapes (MLIR accepts ``memref<2xf32>`` to ``memref<?xf32>``).
The subclasses here add MLIR's syntax and rules and nothing else: code that checks
``isinstance(op, memref.CopyOp)`` still matches.
"""

from __future__ import annotations

from dataclasses import replace

from xdsl.dialects import memref
from xdsl.dialects.builtin import (
    DYNAMIC_INDEX,
    DenseIntOrFPElementsAttr,
    DenseResourceAttr,
    IndexType,
    MemRefType,
    StringAttr,
    TensorType,
    UnitAttr,
    UnrankedMemRefType,
)
from xdsl.ir import Attribute, Dialect
from xdsl.irdl import (
    AnyAttr,
    BaseAttr,
    IRDLOperation,
    OpDef,
    OptPropertyDef,
    irdl_op_definition,
    operand_def,
    result_def,
)
from xdsl.parser import Parser
from xdsl.printer import Printer
from xdsl.utils.exceptions import VerifyException


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


class CopyOp(memref.CopyOp):
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
        self.get_irdl_definition().verify(self)
        source, dest = self.source.type, self.destination.type
        assert isinstance(source, MemRefType) and isinstance(dest, MemRefType)
        if source.get_element_type() != dest.get_element_type():
            raise VerifyException("expects source and target of the same element type")
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
    if parser.parse_optional_keyword("dense") is not None:
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


REPLACED = (CastOp, CopyOp, GlobalOp, ExtractAlignedPointerAsIndexOp, RankOp,
            MemorySpaceCastOp)
ADDED = (ReshapeOp,)


def dialect() -> Dialect:
    fixed = {op.name: op for op in REPLACED}
    return Dialect("memref", [fixed.get(op.name, op) for op in memref.MemRef.operations]
                   + list(ADDED), list(memref.MemRef.attributes))
