"""xDSL 0.74's arith dialect, with the shaped operands and the ops MLIR 22 has beyond it.

MLIR's arith ops are elementwise: each takes a scalar, or a vector or tensor of scalars,
with operands and results of one shape (``arith.extsi %t : tensor<8xi32> to tensor<8xi64>``,
``arith.cmpi slt, %v, %w : vector<4xi32>`` giving ``vector<4xi1>``). xDSL 0.74 allows that
for the binary ops but not for the casts, the comparisons' results or ``arith.select``'s
condition. The subclasses here take xDSL's definition with those constraints widened
(``_Elementwise``), and check what xDSL checks (bit widths) on the element types; code that
checks ``isinstance(op, arith.ExtSIOp)`` still matches, and scalars read as before.

Also: ``arith.trunci``'s ``overflowFlags`` (MLIR 22, ``arith.trunci %x overflow<nsw> : ...``),
the comparisons' attribute dictionary, ``arith.select``'s shaped condition
(``arith.select %c, %a, %b : tensor<4xi1>, tensor<4xf32>``), and the ops xDSL lacks:
``arith.remf`` and ``arith.index_castui``.
"""

from __future__ import annotations

from dataclasses import replace
from typing import ClassVar

from xdsl.dialects import arith
from xdsl.dialects.builtin import (
    IndexType,
    IntegerAttr,
    IntegerType,
    TensorType,
    VectorType,
    container_of,
)
from xdsl.ir import Attribute, Dialect
from xdsl.irdl import (
    BaseAttr,
    IRDLOperation,
    OpDef,
    OptPropertyDef,
    irdl_op_definition,
    operand_def,
    result_def,
    traits_def,
)
from xdsl.irdl.declarative_assembly_format import FormatProgram
from xdsl.parser import Parser
from xdsl.printer import Printer
from xdsl.traits import Pure
from xdsl.utils.exceptions import VerifyException
from xdsl.utils.type import get_element_type_or_self, have_compatible_shape

_CAST = "$input attr-dict `:` type($input) `to` type($result)"


def _shaped_like(like: Attribute, element: Attribute) -> Attribute:
    """``like``'s shape holding ``element``: i1 for a comparison of ``vector<4xi32>`` is
    ``vector<4xi1>``."""
    if isinstance(like, VectorType):
        return VectorType(element, like.get_shape(), like.scalable_dims)
    if isinstance(like, TensorType):
        return TensorType(element, like.get_shape(), like.encoding)
    return element


def _verify_same_shape(types: list[Attribute]) -> None:
    """MLIR's ElementwiseMappable: all scalars, or all vectors or all tensors of one shape."""
    first = types[0]
    if any(type(t) is not type(first) and (isinstance(t, (VectorType, TensorType)) or
                                           isinstance(first, (VectorType, TensorType)))
           or not have_compatible_shape(first, t) for t in types[1:]):
        raise VerifyException("all non-scalar operands/results must have the same shape "
                              "and base type")


class _Elementwise:
    """Put before an xDSL arith op in the bases: the operands and results named in
    ``SHAPED`` may also be vectors or tensors of what xDSL allows them; ``PROPERTIES`` and
    ``FORMAT`` replace or add to xDSL's. ``verify_elements`` gets the element types."""

    SHAPED: ClassVar[tuple[str, ...]] = ()
    PROPERTIES: ClassVar[dict] = {}
    FORMAT: ClassVar[str | None] = None
    _def: ClassVar[OpDef]
    _format: ClassVar[FormatProgram | None]

    def __init_subclass__(cls, **kwargs) -> None:
        super().__init_subclass__(**kwargs)
        if issubclass(cls.__bases__[-1], _Elementwise):  # a base for more, not an op yet
            return
        base = cls.__bases__[-1].get_irdl_definition()

        def widen(defs):
            return [(name, type(d)(container_of(d.constr.constraint.constr))
                     if name in cls.SHAPED else d) for name, d in defs]

        cls._def = replace(base, operands=widen(base.operands), results=widen(base.results),
                           properties={**base.properties, **cls.PROPERTIES},
                           accessor_names={**base.accessor_names,
                                           **{p: (p, "property") for p in cls.PROPERTIES}},
                           assembly_format=cls.FORMAT or base.assembly_format)
        own_syntax = cls.parse.__func__ is not _Elementwise.parse.__func__
        cls._format = None if own_syntax or not cls._def.assembly_format else \
            FormatProgram.from_str(cls._def.assembly_format, cls._def)

    @classmethod
    def get_irdl_definition(cls) -> OpDef:
        return cls._def

    @classmethod
    def parse(cls, parser: Parser):
        assert cls._format is not None
        return cls._format.parse(parser, cls)

    def print(self, printer: Printer) -> None:
        assert self._format is not None
        self._format.print(printer, self)

    def verify_(self) -> None:
        self._def.verify(self)
        types = [v.type for v in (*self.operands, *self.results)]
        _verify_same_shape(types)
        self.verify_elements(*map(get_element_type_or_self, types))

    def verify_elements(self, *types: Attribute) -> None:
        pass


def _verify_index_cast(source: Attribute, result: Attribute) -> None:
    if isinstance(source, IndexType) == isinstance(result, IndexType):
        raise VerifyException(f"operand type '{source}' and result type '{result}' are cast "
                              "incompatible")


def _width(type_: Attribute) -> int:
    assert isinstance(type_, IntegerType)
    return type_.width.data


class _Extend(_Elementwise):
    SHAPED = ("input", "result")

    def verify_elements(self, source: Attribute, result: Attribute) -> None:
        if not _width(result) > _width(source):  # xDSL's rule, as it states it
            raise VerifyException("Destination bit-width must be larger than the input "
                                  "bit-width")


class ExtSIOp(_Extend, arith.ExtSIOp):
    pass


class ExtUIOp(_Extend, arith.ExtUIOp):
    pass


class TruncIOp(_Elementwise, arith.TruncIOp):
    """MLIR 22's ``overflowFlags`` (``arith.trunci %x overflow<nsw> : i32 to i16``)."""

    SHAPED = ("input", "result")
    PROPERTIES: ClassVar[dict] = {"overflowFlags":  # as arith.addi's
                                  arith.AddiOp.get_irdl_definition().properties["overflowFlags"]}
    FORMAT = "$input (`overflow` `` $overflowFlags^)? attr-dict `:` type($input) `to` " \
             "type($result)"

    def verify_elements(self, source: Attribute, result: Attribute) -> None:
        if not _width(result) < _width(source):
            raise VerifyException("Destination bit-width must be smaller than the input "
                                  "bit-width")


class IndexCastOp(_Elementwise, arith.IndexCastOp):
    SHAPED = ("input", "result")

    def verify_elements(self, source: Attribute, result: Attribute) -> None:
        _verify_index_cast(source, result)


class FPToSIOp(_Elementwise, arith.FPToSIOp):
    SHAPED = ("input", "result")


class FPToUIOp(_Elementwise, arith.FPToUIOp):
    SHAPED = ("input", "result")


class SIToFPOp(_Elementwise, arith.SIToFPOp):
    SHAPED = ("input", "result")


class UIToFPOp(_Elementwise, arith.UIToFPOp):
    SHAPED = ("input", "result")


_FASTMATH = {"fastmath": OptPropertyDef(BaseAttr(arith.FastMathFlagsAttr))}


class ExtFOp(_Elementwise, arith.ExtFOp):
    """MLIR 22's ``fastmath`` (``arith.extf %x fastmath<fast> : f16 to f32``)."""

    PROPERTIES: ClassVar[dict] = _FASTMATH
    FORMAT = "$input (`fastmath` `` $fastmath^)? attr-dict `:` type($input) `to` type($result)"


class TruncFOp(_Elementwise, arith.TruncFOp):
    """MLIR 22's rounding mode and ``fastmath``: ``arith.truncf %x downward : f32 to bf16``;
    the mode is a keyword in custom form, an i32 in generic form."""

    PROPERTIES: ClassVar[dict] = {**_FASTMATH, "roundingmode": OptPropertyDef(BaseAttr(IntegerAttr))}
    MODES = ("to_nearest_even", "downward", "upward", "toward_zero", "to_nearest_away")

    @classmethod
    def parse(cls, parser: Parser):
        source = parser.parse_unresolved_operand()
        properties: dict[str, Attribute] = {}
        for index, mode in enumerate(cls.MODES):
            if parser.parse_optional_keyword(mode):
                properties["roundingmode"] = IntegerAttr(index, 32)
                break
        if parser.parse_optional_keyword("fastmath"):
            properties["fastmath"] = arith.FastMathFlagsAttr(
                arith.FastMathFlagsAttr.parse_parameter(parser))
        attributes = parser.parse_optional_attr_dict()
        parser.parse_punctuation(":")
        source_type = parser.parse_type()
        parser.parse_keyword("to")
        result_type = parser.parse_type()
        return cls.create(operands=[parser.resolve_operand(source, source_type)],
                          result_types=[result_type], properties=properties,
                          attributes=attributes)

    def print(self, printer: Printer) -> None:
        printer.print_string(" ")
        printer.print_operand(self.input)
        if (mode := self.properties.get("roundingmode")) is not None:
            printer.print_string(f" {self.MODES[mode.value.data]}")
        _print_fastmath(printer, self.properties.get("fastmath"))
        printer.print_op_attributes(self.attributes)
        printer.print_string(" : ")
        printer.print_attribute(self.input.type)
        printer.print_string(" to ")
        printer.print_attribute(self.result.type)


def _print_fastmath(printer: Printer, fastmath: Attribute | None) -> None:
    if fastmath is not None and fastmath != arith.FastMathFlagsAttr("none"):
        printer.print_string(" fastmath")
        fastmath.print_parameter(printer)


class _Compare(_Elementwise):
    """``%r = arith.cmpi slt, %a, %b {attrs} : vector<4xi32>``: the result is i1 in the
    operands' shape; ``arith.cmpf`` may have ``fastmath<...>`` before the attributes."""

    SHAPED = ("result",)
    PREDICATES: ClassVar[list[str]]

    @classmethod
    def parse(cls, parser: Parser):
        predicate = parser.parse_identifier()
        if predicate not in cls.PREDICATES:
            parser.raise_error(f"unknown {cls.name} predicate '{predicate}'")
        properties = {"predicate": IntegerAttr(cls.PREDICATES.index(predicate), 64)}
        parser.parse_punctuation(",")
        operands = [parser.parse_unresolved_operand()]
        parser.parse_punctuation(",")
        operands.append(parser.parse_unresolved_operand())
        if "fastmath" in cls._def.properties and parser.parse_optional_keyword("fastmath"):
            properties["fastmath"] = arith.FastMathFlagsAttr(
                arith.FastMathFlagsAttr.parse_parameter(parser))
        attributes = parser.parse_optional_attr_dict()
        parser.parse_punctuation(":")
        type_ = parser.parse_type()
        return cls.create(operands=parser.resolve_operands(operands, [type_, type_],
                                                            parser.pos),
                          result_types=[_shaped_like(type_, IntegerType(1))],
                          properties=properties, attributes=attributes)

    def print(self, printer: Printer) -> None:
        printer.print_string(f" {self.PREDICATES[self.predicate.value.data]}, ")
        printer.print_operand(self.lhs)
        printer.print_string(", ")
        printer.print_operand(self.rhs)
        _print_fastmath(printer, self.properties.get("fastmath"))
        printer.print_op_attributes(self.attributes)
        printer.print_string(" : ")
        printer.print_attribute(self.lhs.type)


class CmpiOp(_Compare, arith.CmpiOp):
    PREDICATES = arith.CMPI_COMPARISON_OPERATIONS


class CmpfOp(_Compare, arith.CmpfOp):
    PREDICATES = arith.CMPF_COMPARISON_OPERATIONS


class SelectOp(_Elementwise, arith.SelectOp):
    """``arith.select %c, %a, %b : f32``, or with a shaped condition
    ``arith.select %c, %a, %b : tensor<4xi1>, tensor<4xf32>``."""

    SHAPED = ("cond",)

    @classmethod
    def parse(cls, parser: Parser):
        operands = [parser.parse_unresolved_operand()]
        for _ in range(2):
            parser.parse_punctuation(",")
            operands.append(parser.parse_unresolved_operand())
        attributes = parser.parse_optional_attr_dict()
        parser.parse_punctuation(":")
        types = [parser.parse_type()]
        if parser.parse_optional_punctuation(","):
            types.append(parser.parse_type())
        cond, result = types if len(types) == 2 else (IntegerType(1), types[0])
        return cls.create(
            operands=parser.resolve_operands(operands, [cond, result, result], parser.pos),
            result_types=[result], attributes=attributes)

    def print(self, printer: Printer) -> None:
        printer.print_string(" ")
        printer.print_list(self.operands, printer.print_operand)
        printer.print_op_attributes(self.attributes)
        printer.print_string(" : ")
        if isinstance(self.cond.type, (VectorType, TensorType)):
            printer.print_attribute(self.cond.type)
            printer.print_string(", ")
        printer.print_attribute(self.result.type)

    def verify_(self) -> None:  # a scalar condition selects whole values of any type
        self._def.verify(self)
        if isinstance(self.cond.type, (VectorType, TensorType)):
            _verify_same_shape([self.cond.type, self.result.type])


@irdl_op_definition
class RemFOp(arith.FloatingPointLikeBinaryOperation):
    """``%r = arith.remf %a, %b : f32``"""

    name = "arith.remf"
    traits = traits_def(Pure())
    assembly_format = ("$lhs `,` $rhs (`fastmath` `` $fastmath^)? attr-dict `:` "
                       "type($result)")


@irdl_op_definition
class IndexCastUIOp(IRDLOperation):
    """``%r = arith.index_castui %i : index to i32``: as ``arith.index_cast``, zero-extending."""

    name = "arith.index_castui"
    input = operand_def(container_of(IntegerType | IndexType))
    result = result_def(container_of(IntegerType | IndexType))
    traits = traits_def(Pure())
    assembly_format = _CAST

    def verify_(self) -> None:
        types = [self.input.type, self.result.type]
        _verify_same_shape(types)
        _verify_index_cast(*map(get_element_type_or_self, types))


_REPLACED = {op.name: op for op in (ExtSIOp, ExtUIOp, TruncIOp, IndexCastOp, FPToSIOp,
                                    FPToUIOp, SIToFPOp, UIToFPOp, ExtFOp, TruncFOp, CmpiOp,
                                    CmpfOp, SelectOp)}


def dialect() -> Dialect:
    ops = [_REPLACED.get(op.name, op) for op in arith.Arith.operations]
    return Dialect("arith", [*ops, RemFOp, IndexCastUIOp], list(arith.Arith.attributes))
