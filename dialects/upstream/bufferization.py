"""xDSL 0.74's bufferization dialect with MLIR 22's ops and rules where xDSL's differ.

xDSL ties a tensor to a memref of the same shape *and layout and memory space*, so it refuses
``bufferization.to_buffer %t : tensor<4xf32> to memref<4xf32, strided<[?], offset: ?>>``,
``to_tensor`` of a memref in a memory space and ``materialize_in_destination`` into one; MLIR
asks only for the same shape and element type. xDSL's ``alloc_tensor`` lacks the optional
``memory_space`` property, and xDSL lacks ``dealloc`` (what ``-ownership-based-buffer-
deallocation`` inserts) and ``dealloc_tensor``. The subclasses keep xDSL's class names, so
``isinstance`` checks against xDSL's classes still match.
"""

from __future__ import annotations

from xdsl.dialects import bufferization
from xdsl.dialects.builtin import (
    DYNAMIC_INDEX,
    IndexType,
    MemRefType,
    TensorType,
    UnitAttr,
    UnrankedMemRefType,
    UnrankedTensorType,
    i1,
)
from xdsl.ir import Attribute, Dialect, Operation
from xdsl.irdl import (
    AnyAttr,
    AttrSizedOperandSegments,
    IRDLOperation,
    ParsePropInAttrDict,
    irdl_op_definition,
    operand_def,
    opt_operand_def,
    opt_prop_def,
    opt_result_def,
    result_def,
    var_operand_def,
    var_result_def,
)
from xdsl.parser import Parser
from xdsl.printer import Printer
from xdsl.utils.exceptions import VerifyException

_MEMREF = MemRefType | UnrankedMemRefType
_TENSOR = TensorType | UnrankedTensorType


class _Refined:
    """Put first in the bases of a subclass that redefines every field of an xDSL op with an
    ``assembly_format``: ``irdl_op_definition`` then builds the format again for the new
    fields (it refuses a class whose ``parse``/``print`` are not Operation's own), and
    verifies by the new definition alone (not by xDSL's too, as the inherited one would)."""

    parse = classmethod(Operation.parse.__func__)
    print = Operation.print

    def verify_(self) -> None:
        pass


def _same_contents(buffer: Attribute, tensor: Attribute, compatible: bool = False) -> None:
    """MLIR's rule between a tensor and a buffer: same element type and shape (or, where
    ``compatible``, shapes that agree where both are static)."""
    assert isinstance(buffer, _MEMREF | _TENSOR) and isinstance(tensor, _MEMREF | _TENSOR)
    if buffer.get_element_type() != tensor.get_element_type():
        raise VerifyException(f"{buffer} and {tensor} have different element types")
    ranked = MemRefType | TensorType
    if not (isinstance(buffer, ranked) and isinstance(tensor, ranked)):
        return
    first, second = buffer.get_shape(), tensor.get_shape()
    if len(first) != len(second) or any(a != b and not (compatible and DYNAMIC_INDEX in (a, b))
                                         for a, b in zip(first, second)):
        raise VerifyException(f"{buffer} and {tensor} have different shapes")


@irdl_op_definition
class AllocTensorOp(_Refined, bufferization.AllocTensorOp):
    """``%t = bufferization.alloc_tensor(%n) {memory_space = 1 : i64} : tensor<?xf32>``"""

    dynamic_sizes = var_operand_def(IndexType)
    copy = opt_operand_def(bufferization.AllocTensorOp.T)
    size_hint = opt_operand_def(IndexType)
    memory_space = opt_prop_def(AnyAttr())
    tensor = result_def(bufferization.AllocTensorOp.T)
    irdl_options = (ParsePropInAttrDict(),)  # with xDSL's AttrSizedOperandSegments


@irdl_op_definition
class ToTensorOp(_Refined, bufferization.ToTensorOp):
    """``%t = bufferization.to_tensor %m restrict writable : memref<2xf32, 1> to tensor<2xf32>``"""

    memref = operand_def(_MEMREF)
    tensor = result_def(_TENSOR)
    writable = opt_prop_def(UnitAttr)
    restrict = opt_prop_def(UnitAttr)

    def verify_(self) -> None:
        _same_contents(self.memref.type, self.tensor.type)


@irdl_op_definition
class ToBufferOp(_Refined, bufferization.ToBufferOp):
    """``%m = bufferization.to_buffer %t read_only : tensor<4xf32> to memref<4xf32, strided<[?],
    offset: ?>>``"""

    tensor = operand_def(_TENSOR)
    memref = result_def(_MEMREF)
    read_only = opt_prop_def(UnitAttr)

    def verify_(self) -> None:
        _same_contents(self.memref.type, self.tensor.type)


@irdl_op_definition
class MaterializeInDestinationOp(_Refined, bufferization.MaterializeInDestinationOp):
    """``bufferization.materialize_in_destination %t in restrict writable %m : (tensor<?xf32>,
    memref<?xf32, 3>) -> ()``; into a tensor, the op gives the new tensor."""

    source = operand_def(_TENSOR)
    dest = operand_def(_TENSOR | _MEMREF)
    result = opt_result_def(_TENSOR)
    restrict = opt_prop_def(UnitAttr)
    writable = opt_prop_def(UnitAttr)

    def verify_(self) -> None:
        _same_contents(self.dest.type, self.source.type, compatible=True)
        into_tensor = isinstance(self.dest.type, _TENSOR)
        if into_tensor != (self.result is not None) or \
                (into_tensor and self.result.type != self.dest.type):
            raise VerifyException("a tensor destination's type is the result's; a buffer "
                                  "destination gives no result")


@irdl_op_definition
class DeallocTensorOp(IRDLOperation):
    """``bufferization.dealloc_tensor %t : tensor<4xi32>``"""

    name = "bufferization.dealloc_tensor"
    tensor = operand_def(_TENSOR)
    assembly_format = "$tensor attr-dict `:` type($tensor)"


@irdl_op_definition
class DeallocOp(IRDLOperation):
    """``%r = bufferization.dealloc (%a, %b : T, U) if (%c, %d) retain (%x : V)``: frees
    each memref whose condition holds, and tells for each retained memref whether it still
    has to be freed (one i1 result each)."""

    name = "bufferization.dealloc"
    memrefs = var_operand_def(_MEMREF)
    conditions = var_operand_def(i1)
    retained = var_operand_def(_MEMREF)
    updated_conditions = var_result_def(i1)
    irdl_options = (AttrSizedOperandSegments(as_property=True),)

    @classmethod
    def parse(cls, parser: Parser) -> DeallocOp:
        memrefs, conditions, retained = [], [], []
        if parser.parse_optional_punctuation("(") is not None:
            memrefs = _values_and_types(parser)
            parser.parse_keyword("if")
            conditions = [parser.resolve_operand(c, i1) for c in parser.parse_comma_separated_list(
                parser.Delimiter.PAREN, parser.parse_unresolved_operand)]
        if parser.parse_optional_keyword("retain") is not None:
            parser.parse_punctuation("(")
            retained = _values_and_types(parser)
        attrs = parser.parse_optional_attr_dict()
        return cls.build(operands=[memrefs, conditions, retained],
                         result_types=[[i1] * len(retained)], attributes=attrs)

    def print(self, printer: Printer) -> None:
        if self.memrefs:
            printer.print_string(" (")
            _print_values_and_types(printer, self.memrefs)
            printer.print_string(") if (")
            printer.print_list(self.conditions, printer.print_ssa_value)
            printer.print_string(")")
        if self.retained:
            printer.print_string(" retain (")
            _print_values_and_types(printer, self.retained)
            printer.print_string(")")
        printer.print_op_attributes(self.attributes)


def _values_and_types(parser: Parser) -> list:
    """``%a, %b : T, U)`` after the opening parenthesis."""
    values = parser.parse_comma_separated_list(parser.Delimiter.NONE,
                                               parser.parse_unresolved_operand)
    parser.parse_punctuation(":")
    types = parser.parse_comma_separated_list(parser.Delimiter.NONE, parser.parse_type)
    parser.parse_punctuation(")")
    if len(types) != len(values):
        parser.raise_error(f"{len(values)} values but {len(types)} types")
    return [parser.resolve_operand(v, t) for v, t in zip(values, types)]


def _print_values_and_types(printer: Printer, values) -> None:
    printer.print_list(values, printer.print_ssa_value)
    printer.print_string(" : ")
    printer.print_list([v.type for v in values], printer.print_attribute)


REPLACED = (AllocTensorOp, ToTensorOp, ToBufferOp, MaterializeInDestinationOp)
ADDED = (DeallocTensorOp, DeallocOp)


def dialect() -> Dialect:
    fixed = {op.name: op for op in REPLACED}
    return Dialect("bufferization",
                   [fixed.get(op.name, op) for op in bufferization.Bufferization.operations]
                   + list(ADDED), list(bufferization.Bufferization.attributes))
