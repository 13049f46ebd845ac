"""xDSL 0.74's math dialect, with the ops MLIR 22 has beyond it: ``math.clampf`` and
``math.sincos``.

Both are elementwise on floats, or vectors or tensors of floats, as xDSL's math ops are:
``%r = math.clampf %x to [%lo, %hi] : f32`` and ``%s, %c = math.sincos %x : vector<4xf32>``,
each with MLIR's optional ``fastmath<...>`` flags.
"""

from __future__ import annotations

from typing import ClassVar

from xdsl.dialects import math
from xdsl.dialects.arith import FastMathFlagsAttr
from xdsl.ir import Dialect
from xdsl.irdl import (
    IRDLOperation,
    VarConstraint,
    irdl_op_definition,
    operand_def,
    prop_def,
    result_def,
    traits_def,
)
from xdsl.traits import Pure


@irdl_op_definition
class ClampFOp(IRDLOperation):
    """``%r = math.clampf %x to [%lo, %hi] : f32``"""

    name = "math.clampf"
    T: ClassVar = VarConstraint("T", math.floatingPointLike)
    operand = operand_def(T)
    min = operand_def(T)
    max = operand_def(T)
    result = result_def(T)
    fastmath = prop_def(FastMathFlagsAttr, default_value=FastMathFlagsAttr("none"))
    traits = traits_def(Pure())
    assembly_format = ("$operand `to` ` ` `[` $min `,` $max `]` (`fastmath` `` $fastmath^)? "
                       "attr-dict `:` type($result)")


@irdl_op_definition
class SincosOp(IRDLOperation):
    """``%s, %c = math.sincos %x : f32``"""

    name = "math.sincos"
    T: ClassVar = VarConstraint("T", math.floatingPointLike)
    operand = operand_def(T)
    sin = result_def(T)
    cos = result_def(T)
    fastmath = prop_def(FastMathFlagsAttr, default_value=FastMathFlagsAttr("none"))
    traits = traits_def(Pure())
    assembly_format = "$operand (`fastmath` `` $fastmath^)? attr-dict `:` type($operand)"


def dialect() -> Dialect:
    return Dialect("math", [*math.Math.operations, ClampFOp, SincosOp],
                   list(math.Math.attributes))
