"""xDSL 0.74's tensor dialect, with the ops and rules MLIR 22 has beyond it.

xDSL lacks ``tensor.rank``, ``tensor.generate``, ``tensor.gather`` and ``tensor.scatter``;
its ``tensor.reshape`` refuses unranked tensors (``tensor<*xf32>``) and writes the attribute
dictionary where MLIR does not; its ``tensor.pad`` refuses a static result type where the
padding is dynamic (``tensor<?x?xf32> to tensor<2x3xf32>``), which MLIR allows: a static
result dimension must only agree with what the padding gives when that is static. The
subclasses keep xDSL's class names, so ``isinstance(op, tensor.PadOp)`` still matches.
"""

from __future__ import annotations

from dataclasses import replace

from xdsl.dialects import tensor
from xdsl.dialects.builtin import (
    DYNAMIC_INDEX,
    AnySignlessIntegerType,
    DenseArrayBase,
    IndexType,
    TensorType,
    UnitAttr,
    UnrankedTensorType,
    i64,
)
from xdsl.ir import Dialect
from xdsl.irdl import (
    IRDLOperation,
    OpDef,
    OperandDef,
    ResultDef,
    base,
    irdl_op_definition,
    operand_def,
    opt_prop_def,
    prop_def,
    region_def,
    result_def,
    traits_def,
    var_operand_def,
)
from xdsl.irdl.declarative_assembly_format import FormatProgram
from xdsl.parser import Parser
from xdsl.printer import Printer
from xdsl.traits import NoMemoryEffect, Pure, SingleBlockImplicitTerminator
from xdsl.utils.exceptions import VerifyException

from memir.dialects.upstream.checks import check_dimensions

_ANY_TENSOR = base(TensorType) | base(UnrankedTensorType)
_INDICES = TensorType.constr(AnySignlessIntegerType | IndexType)


@irdl_op_definition
class RankOp(IRDLOperation):
    """``%r = tensor.rank %t : tensor<4x?xf32>``"""

    name = "tensor.rank"
    tensor = operand_def(_ANY_TENSOR)
    result = result_def(IndexType)
    traits = traits_def(NoMemoryEffect())
    assembly_format = "$tensor attr-dict `:` type($tensor)"


@irdl_op_definition
class GenerateOp(IRDLOperation):
    """``%t = tensor.generate %m { ^bb0(%i: index, %j: index): ... tensor.yield %e : f32 }
    : tensor<?x3xf32>``: one index operand per dynamic dimension of the result."""

    name = "tensor.generate"
    dynamicExtents = var_operand_def(IndexType)
    body = region_def("single_block")
    result = result_def(TensorType)
    traits = traits_def(Pure(), SingleBlockImplicitTerminator(tensor.YieldOp))
    assembly_format = "$dynamicExtents $body attr-dict `:` type($result)"

    def verify_(self) -> None:
        shape = self.result.type.get_shape()
        if shape.count(DYNAMIC_INDEX) != len(self.dynamicExtents):
            raise VerifyException("must have as many index operands as dynamic extents in "
                                  "the result type")
        if len(self.body.block.args) != len(shape):
            raise VerifyException("must have one body argument per input dimension")


@irdl_op_definition
class GatherOp(IRDLOperation):
    """``%g = tensor.gather %src[%idx] gather_dims([1, 2]) unique : (T, I) -> R``"""

    name = "tensor.gather"
    source = operand_def(TensorType)
    indices = operand_def(_INDICES)
    gather_dims = prop_def(DenseArrayBase.constr(i64))
    unique = opt_prop_def(UnitAttr)
    result = result_def(TensorType)
    traits = traits_def(Pure())
    assembly_format = ("$source `[` $indices `]` `gather_dims` `(` $gather_dims `)` "
                       "(`unique` $unique^)? attr-dict `:` functional-type(operands, results)")

    def verify_(self) -> None:
        check_dimensions(self.gather_dims.get_values(), self.source.type.get_num_dims(),
                         "gather_dims")


@irdl_op_definition
class ScatterOp(IRDLOperation):
    """``%s = tensor.scatter %src into %dest[%idx] scatter_dims([1, 2]) unique :
    (T, D, I) -> D``"""

    name = "tensor.scatter"
    source = operand_def(TensorType)
    dest = operand_def(TensorType)
    indices = operand_def(_INDICES)
    scatter_dims = prop_def(DenseArrayBase.constr(i64))
    unique = opt_prop_def(UnitAttr)
    result = result_def(TensorType)
    traits = traits_def(Pure())
    assembly_format = ("$source `into` $dest `[` $indices `]` `scatter_dims` `(` "
                       "$scatter_dims `)` (`unique` $unique^)? attr-dict `:` "
                       "functional-type(operands, results)")

    def verify_(self) -> None:
        check_dimensions(self.scatter_dims.get_values(), self.dest.type.get_num_dims(),
                         "scatter_dims")


_RESHAPE_BASE = tensor.ReshapeOp.get_irdl_definition()
_RESHAPE_DEF = replace(
    _RESHAPE_BASE,
    operands=[("source", OperandDef(_ANY_TENSOR)), _RESHAPE_BASE.operands[1]],
    results=[("result", ResultDef(_ANY_TENSOR))],
    assembly_format="$source `(` $shape `)` attr-dict `:` `(` type($source) `,` type($shape) "
                    "`)` `->` type($result)")
_RESHAPE_FORMAT = FormatProgram.from_str(_RESHAPE_DEF.assembly_format, _RESHAPE_DEF)


class ReshapeOp(tensor.ReshapeOp):
    """``%r = tensor.reshape %t(%shape) : (tensor<*xf32>, tensor<1xi32>) -> tensor<?xf32>``:
    source and result may be unranked; a ranked result has the shape operand's length."""

    @classmethod
    def get_irdl_definition(cls) -> OpDef:
        return _RESHAPE_DEF

    @classmethod
    def parse(cls, parser: Parser) -> ReshapeOp:
        return _RESHAPE_FORMAT.parse(parser, cls)

    def print(self, printer: Printer) -> None:
        _RESHAPE_FORMAT.print(printer, self)

    def verify_(self) -> None:
        _RESHAPE_DEF.verify(self)
        source, shape, result = self.source.type, self.shape.type, self.result.type
        if source.get_element_type() != result.get_element_type():
            raise VerifyException("element types of source and result tensor types should "
                                  "be the same")
        if len(shape.get_shape()) != 1:
            raise VerifyException("shape tensor must have a rank one")
        if isinstance(result, TensorType) and shape.get_shape()[0] not in (
                DYNAMIC_INDEX, len(result.get_shape())):
            raise VerifyException("length of shape operand differs from the result's tensor "
                                  "rank")
        if isinstance(source, TensorType) and isinstance(result, TensorType):
            sizes = [source.get_shape(), result.get_shape()]
            if not any(DYNAMIC_INDEX in s for s in sizes) and \
                    _product(sizes[0]) != _product(sizes[1]):
                raise VerifyException("source and destination tensor should have the same "
                                      "number of elements")


def _product(shape: tuple[int, ...]) -> int:
    total = 1
    for size in shape:
        total *= size
    return total


class PadOp(tensor.PadOp):
    def verify_(self) -> None:
        """MLIR's rule: a result dimension is free where the padding or the source
        dimension is dynamic, and equals source + low + high where all three are static."""
        self.get_irdl_definition().verify(self)
        source = self.source.type.get_shape()
        low, high = self.static_low.get_values(), self.static_high.get_values()
        result = self.result.type.get_shape()
        if not len(source) == len(low) == len(high) == len(result):
            raise VerifyException(f"pad sizes low ({len(low)}) and high ({len(high)}), the "
                                  f"source ({len(source)}) and the result ({len(result)}) "
                                  "must have an equal number of dimensions")
        for dims in zip(source, low, high, result):
            if DYNAMIC_INDEX not in dims[:3] and dims[3] != sum(dims[:3]):
                raise VerifyException(f"specified type {self.result.type} does not match "
                                      "the inferred type")
        if len(self.region.block.args) != len(source):
            raise VerifyException("region must have an arg for each dimension of the "
                                  f"source tensor ({len(source)})")


_REPLACED = {op.name: op for op in (ReshapeOp, PadOp)}


def dialect() -> Dialect:
    ops = [_REPLACED.get(op.name, op) for op in tensor.Tensor.operations]
    return Dialect("tensor", [*ops, RankOp, GenerateOp, GatherOp, ScatterOp],
                   list(tensor.Tensor.attributes))
