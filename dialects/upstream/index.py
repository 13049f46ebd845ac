"""MLIR's index dialect (xDSL 0.74 has none): arithmetic on ``index`` values.

MLIR emits it when lowering shape computations (``tensor.generate`` bodies, affine
expansions); memir only needs to read and print it, in MLIR's syntax.
"""

from __future__ import annotations

from xdsl.dialects.builtin import BoolAttr, IndexType, IntegerAttr, IntegerType, StringAttr
from xdsl.ir import Attribute, Dialect
from xdsl.irdl import (
    IRDLOperation,
    irdl_op_definition,
    operand_def,
    prop_def,
    result_def,
    traits_def,
)
from xdsl.parser import Parser
from xdsl.printer import Printer
from xdsl.traits import Pure

BINARY = ("add", "sub", "mul", "divs", "divu", "ceildivs", "ceildivu", "floordivs", "rems",
          "remu", "maxs", "maxu", "mins", "minu", "shl", "shrs", "shru", "and", "or", "xor")

PREDICATES = ("eq", "ne", "slt", "sle", "sgt", "sge", "ult", "ule", "ugt", "uge")


def _binary(mnemonic: str) -> type[IRDLOperation]:
    class BinaryOp(IRDLOperation):
        name = f"index.{mnemonic}"
        lhs = operand_def(IndexType)
        rhs = operand_def(IndexType)
        result = result_def(IndexType)
        traits = traits_def(Pure())
        assembly_format = "$lhs `,` $rhs attr-dict"

    BinaryOp.__name__ = f"{mnemonic.capitalize()}Op"
    return irdl_op_definition(BinaryOp)


@irdl_op_definition
class ConstantOp(IRDLOperation):
    """``%c = index.constant 42``"""

    name = "index.constant"
    value = prop_def(IntegerAttr)
    result = result_def(IndexType)
    traits = traits_def(Pure())

    @classmethod
    def parse(cls, parser: Parser) -> ConstantOp:
        value = parser.parse_integer()
        attrs = parser.parse_optional_attr_dict()
        return cls.create(properties={"value": IntegerAttr(value, IndexType())},
                          result_types=[IndexType()], attributes=attrs)

    def print(self, printer: Printer) -> None:
        printer.print_string(f" {self.value.value.data}")
        printer.print_op_attributes(self.attributes)


@irdl_op_definition
class BoolConstantOp(IRDLOperation):
    """``%t = index.bool.constant true``"""

    name = "index.bool.constant"
    value = prop_def(BoolAttr)
    result = result_def(IntegerType(1))
    traits = traits_def(Pure())

    @classmethod
    def parse(cls, parser: Parser) -> BoolConstantOp:
        value = parser.parse_boolean()
        attrs = parser.parse_optional_attr_dict()
        return cls.create(properties={"value": IntegerAttr(int(value), IntegerType(1))},
                          result_types=[IntegerType(1)], attributes=attrs)

    def print(self, printer: Printer) -> None:
        printer.print_string(" true" if self.value.value.data else " false")
        printer.print_op_attributes(self.attributes)


@irdl_op_definition
class CmpOp(IRDLOperation):
    """``%b = index.cmp slt(%x, %y)``; the predicate is kept as the text of MLIR's enum
    attribute (``#index<cmp_predicate slt>``), as a generic-form input gives it."""

    name = "index.cmp"
    pred = prop_def(Attribute)
    lhs = operand_def(IndexType)
    rhs = operand_def(IndexType)
    result = result_def(IntegerType(1))
    traits = traits_def(Pure())

    @classmethod
    def parse(cls, parser: Parser) -> CmpOp:
        from xdsl.dialects.builtin import UnregisteredAttr

        predicate = parser.parse_identifier()
        if predicate not in PREDICATES:
            parser.raise_error(f"unknown index.cmp predicate '{predicate}'")
        parser.parse_punctuation("(")
        lhs = parser.resolve_operand(parser.parse_unresolved_operand(), IndexType())
        parser.parse_punctuation(",")
        rhs = parser.resolve_operand(parser.parse_unresolved_operand(), IndexType())
        parser.parse_punctuation(")")
        attrs = parser.parse_optional_attr_dict()
        pred = UnregisteredAttr.with_name_and_type("index", False)(
            "index", False, False, f"cmp_predicate {predicate}")
        return cls.create(operands=[lhs, rhs], properties={"pred": pred},
                          result_types=[IntegerType(1)], attributes=attrs)

    def print(self, printer: Printer) -> None:
        text = getattr(self.pred, "value", StringAttr("<?>")).data.strip("<> ").split()[-1]
        printer.print_string(f" {text}(")
        printer.print_operand(self.lhs)
        printer.print_string(", ")
        printer.print_operand(self.rhs)
        printer.print_string(")")
        printer.print_op_attributes(self.attributes)


@irdl_op_definition
class SizeOfOp(IRDLOperation):
    """``%n = index.sizeof``: the bit width of ``index`` on the target."""

    name = "index.sizeof"
    result = result_def(IndexType)
    traits = traits_def(Pure())
    assembly_format = "attr-dict"


def _cast(mnemonic: str) -> type[IRDLOperation]:
    class CastOp(IRDLOperation):
        name = f"index.{mnemonic}"
        input = operand_def(Attribute)
        output = result_def(Attribute)
        traits = traits_def(Pure())
        assembly_format = "$input attr-dict `:` type($input) `to` type($output)"

    CastOp.__name__ = f"{mnemonic.capitalize()}Op"
    return irdl_op_definition(CastOp)


def dialect() -> Dialect:
    ops = [_binary(m) for m in BINARY] + [_cast("casts"), _cast("castu")]
    return Dialect("index", [*ops, ConstantOp, BoolConstantOp, CmpOp, SizeOfOp], [])
