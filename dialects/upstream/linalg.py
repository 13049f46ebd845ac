"""linalg as MLIR 22 prints it: xDSL 0.74's ops, and ``structured.StructuredOp`` for the rest.

xDSL's ``linalg.matmul`` drops its ``indexing_maps`` when printed (a transposed matmul would
print as a plain one), and its ``linalg.reduce`` does not read MLIR's short form
(``linalg.reduce { arith.addf } ins(...)``), so both are read by the structured definition
too. Every name xDSL does not define reads through the same definition
(``named_op``), registered on demand by the context (memir/tools/registry.py).

The ops that are not structured have their own syntax, defined here from MLIR's ODS:
``linalg.softmax``, the three Winograd transforms and ``linalg.pack``/``linalg.unpack``.
xDSL's ``linalg.fill`` takes a scalar only; MLIR also fills a tensor of vectors.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import replace
from typing import ClassVar

from xdsl.dialects import linalg
from xdsl.dialects.builtin import (
    I64,
    ArrayAttr,
    DenseArrayBase,
    DenseIntElementsAttr,
    IndexType,
    IntegerAttr,
    MemRefType,
    ShapedType,
    StringAttr,
    TensorType,
    i32,
    i64,
)
from xdsl.dialects.linalg import IteratorType, IteratorTypeAttr
from xdsl.dialects.linalg import ops as linalg_ops
from xdsl.dialects.linalg.abstract_ops import ElementwiseOperation
from xdsl.dialects.utils import DynamicIndexList
from xdsl.ir import Attribute, Dialect, SSAValue
from xdsl.ir.affine import AffineMap
from xdsl.irdl import (
    AttrSizedOperandSegments,
    IRDLOperation,
    OpDef,
    OptPropertyDef,
    PropertyDef,
    VarConstraint,
    base,
    irdl_op_definition,
    operand_def,
    opt_operand_def,
    opt_prop_def,
    prop_def,
    result_def,
    traits_def,
    var_operand_def,
    var_result_def,
)
from xdsl.irdl.declarative_assembly_format import (
    AttributeVariable,
    CustomDirective,
    ParsingState,
    PrintingState,
    irdl_custom_directive,
)
from xdsl.parser import Parser
from xdsl.printer import Printer
from xdsl.utils.exceptions import VerifyException

from memir.dialects.upstream.checks import check_permutation
from memir.dialects.upstream.structured import StructuredOp, operand_group

REPLACED = frozenset({"linalg.matmul", "linalg.reduce"})


class IndexOp(linalg_ops.IndexOp):
    """``linalg.index`` in any linalg op's body (xDSL allows it in linalg.generic only;
    MLIR's bufferization writes it in linalg.map too)."""

    traits = traits_def()

    @classmethod
    def get_irdl_definition(cls) -> OpDef:
        return _INDEX_DEF

    def verify_(self) -> None:
        _INDEX_DEF.verify(self)


_INDEX_DEF = replace(linalg_ops.IndexOp.get_irdl_definition(), traits=traits_def())


class FillOp(linalg.FillOp):
    """``linalg.fill ins(%v : vector<4xf32>) outs(%t : tensor<8xvector<4xf32>>)``: the value
    is the element of the output, whatever its type (xDSL wants a scalar)."""

    @staticmethod
    def body_arg_types(operands: Sequence[SSAValue]) -> Sequence[Attribute]:
        return [v.type.get_element_type() if isinstance(v.type, MemRefType | TensorType)
                else v.type for v in operands]

    def verify_(self) -> None:
        if any(isinstance(v.type, MemRefType | TensorType) for v in self.inputs):
            raise VerifyException("expects a scalar or vector value")


class GenericOp(linalg.GenericOp):
    """xDSL's ``linalg.generic``, reading several result types: ``} -> (T, U)``."""

    @classmethod
    def parse(cls, parser: Parser) -> GenericOp:
        pos = parser.pos
        attrs = parser.parse_optional_attr_dict()
        if "indexing_maps" not in attrs or "iterator_types" not in attrs:
            parser.raise_error("expected indexing_maps and iterator_types", pos, parser.pos)
        maps, iterators = attrs.pop("indexing_maps"), attrs.pop("iterator_types")
        doc, library_call = attrs.pop("doc", None), attrs.pop("library_call", None)
        ins, outs = operand_group(parser, "ins"), operand_group(parser, "outs")
        if parser.parse_optional_keyword("attrs"):
            parser.parse_punctuation("=")
            attrs |= parser.parse_optional_attr_dict()
        body = parser.parse_region()
        results = []
        if parser.parse_optional_punctuation("->"):
            results = parser.parse_optional_comma_separated_list(
                parser.Delimiter.PAREN, parser.parse_type) or [parser.parse_type()]
        assert isinstance(iterators, ArrayAttr)
        iterators = [IteratorTypeAttr(IteratorType(it.data)) if isinstance(it, StringAttr)
                     else it for it in iterators]
        op = cls(ins, outs, body, maps, iterators, results, doc, library_call)
        op.attributes |= attrs
        return op


class TransposeOp(linalg_ops.TransposeOp):
    """xDSL's ``linalg.transpose``, its permutation checked first: xDSL's verifier indexes
    the input's shape with it, and a value out of range was an internal error."""

    def verify_(self) -> None:
        if len(self.inputs) == 1 and isinstance(self.inputs[0].type, ShapedType):
            check_permutation(self.permutation.get_values(),
                              self.inputs[0].type.get_num_dims(), "permutation")
        super().verify_()


@irdl_op_definition
class SoftmaxOp(IRDLOperation):
    """``linalg.softmax dimension(1) ins(%x : T) outs(%y : T) [-> T]`` (a result on tensors)."""

    name = "linalg.softmax"
    input = operand_def(base(ShapedType))
    output = operand_def(base(ShapedType))
    result = var_result_def(TensorType)
    dimension = prop_def(IntegerAttr[I64])
    assembly_format = ("attr-dict `dimension` `(` $dimension `)` "
                       "`ins` `(` $input `:` type($input) `)` "
                       "`outs` `(` $output `:` type($output) `)` (`->` type($result)^)?")


FMR = ("F_2_3", "F_4_3", "F_2_5")
"""The tile sizes of a Winograd transform: MLIR's enum cases, stored as an i32."""


@irdl_custom_directive
class Fmr(CustomDirective):
    """``F_4_3``: the case name of an ``fmr`` property."""

    fmr: AttributeVariable

    def parse(self, parser: Parser, state: ParsingState) -> bool:
        case = parser.parse_identifier(" (a Winograd fmr: F_2_3, F_4_3 or F_2_5)")
        if case not in FMR:
            parser.raise_error(f"unknown fmr {case}")
        self.fmr.set(state, IntegerAttr(FMR.index(case), i32))
        return True

    def print(self, printer: Printer, state: PrintingState, op: IRDLOperation) -> None:
        state.print_whitespace(printer)
        value = self.fmr.get(op)
        assert isinstance(value, IntegerAttr)
        printer.print_string(FMR[value.value.data])


class _WinogradOp(IRDLOperation):
    """``linalg.winograd_{filter,input,output}_transform fmr(F_4_3) ins(%x : T) outs(%y : U)
    -> U``: one syntax for the three transforms."""

    input = operand_def(TensorType)
    output = operand_def(TensorType)
    result = result_def(TensorType)
    fmr = prop_def(IntegerAttr.constr(type=i32))
    assembly_format = ("attr-dict `fmr` `` `(` custom<Fmr>($fmr) `)` "
                       "`ins` `(` $input `:` type($input) `)` "
                       "`outs` `(` $output `:` type($output) `)` `->` type($result)")
    custom_directives = (Fmr,)


WINOGRAD = [irdl_op_definition(type(f"Winograd{part.title()}TransformOp", (_WinogradOp,),
                                    {"name": f"linalg.winograd_{part}_transform"}))
            for part in ("filter", "input", "output")]


RELAYOUT = ("$source {}(`outer_dims_perm` `=` $outer_dims_perm^)? "
            "`inner_dims_pos` `=` $inner_dims_pos "
            "`inner_tiles` `=` custom<DynamicIndexList>($inner_tiles, $static_inner_tiles) "
            "`into` $dest attr-dict `:` type($source) `->` type($dest)")
"""``linalg.pack``/``unpack``: ``%s [padding_value(%p : T)] [outer_dims_perm = [..]]
inner_dims_pos = [..] inner_tiles = [8, %n] into %d {attrs} : S -> D`` (tensors only)."""


@irdl_op_definition
class PackOp(IRDLOperation):
    name = "linalg.pack"
    DEST: ClassVar = VarConstraint("DEST", base(TensorType))
    source = operand_def(TensorType)
    dest = operand_def(DEST)
    padding_value = opt_operand_def()
    inner_tiles = var_operand_def(IndexType)
    result = result_def(DEST)
    outer_dims_perm = opt_prop_def(DenseArrayBase.constr(i64))
    inner_dims_pos = prop_def(DenseArrayBase.constr(i64))
    static_inner_tiles = prop_def(DenseArrayBase.constr(i64))
    irdl_options = (AttrSizedOperandSegments(as_property=True),)
    custom_directives = (DynamicIndexList,)
    assembly_format = RELAYOUT.format(
        "(`padding_value` `(` $padding_value^ `:` type($padding_value) `)`)? ")


@irdl_op_definition
class UnPackOp(IRDLOperation):
    name = "linalg.unpack"
    DEST: ClassVar = VarConstraint("DEST", base(TensorType))
    source = operand_def(TensorType)
    dest = operand_def(DEST)
    inner_tiles = var_operand_def(IndexType)
    result = result_def(DEST)
    outer_dims_perm = opt_prop_def(DenseArrayBase.constr(i64))
    inner_dims_pos = prop_def(DenseArrayBase.constr(i64))
    static_inner_tiles = prop_def(DenseArrayBase.constr(i64))
    custom_directives = (DynamicIndexList,)
    assembly_format = RELAYOUT.format("")


WINDOW = ("strides", "dilations")
"""The properties of a convolution or pooling that MLIR defaults to all ones (one per
window dimension) and ``mlir-opt`` leaves out when they have that value."""


def window_rank(name: str) -> int:
    """How many window (spatial) dimensions the convolution or pooling ``name`` has:
    ``conv_2d_...`` says it; a pooling's layout (``pooling_nchw_max``) counts its d, h, w."""
    found = re.search(r"_(\d)d(?:_|$)", name)
    if found:
        return int(found.group(1))
    layout = name.split(".", 1)[-1].split("_")[1]
    return sum(layout.count(letter) for letter in "dhw")


def _ones(rank: int) -> DenseIntElementsAttr:
    """MLIR's default stride or dilation: ``dense<1> : tensor<RANKxi64>``."""
    return DenseIntElementsAttr.from_list(TensorType(i64, [rank]), [1] * rank)


def _defaulted_window(base: type[IRDLOperation]) -> type[IRDLOperation]:
    """xDSL's convolution or pooling ``base``, with ``strides`` and ``dilations`` optional.

    Why: xDSL 0.74 requires both, but MLIR gives them a default (all ones) and ``mlir-opt``
    prints an op that has the default with neither (``linalg.conv_2d_nchw_fchw ins(...)
    outs(...)``), so memir refused what MLIR prints. An op read without them keeps them
    absent (it prints back as it came, as MLIR's does); what xDSL computes from them (the
    indexing maps its verifier checks) sees MLIR's default."""
    definition = base.get_irdl_definition()
    properties = {key: OptPropertyDef(value.constr) if key in WINDOW else value
                  for key, value in definition.properties.items()}
    window_def = replace(definition, properties=properties)

    def accessor(key: str) -> property:
        def get(self) -> DenseIntElementsAttr:
            value = self.properties.get(key)
            return _ones(window_rank(self.name)) if value is None else value
        return property(get, doc=f"``{key}``, MLIR's default (all ones) when absent")

    def verify_(self) -> None:
        window_def.verify(self)
        rank = window_rank(self.name)
        for key in WINDOW:
            value = self.properties.get(key)
            if value is not None and len(value.get_values()) != rank:
                raise VerifyException(f"'{key}' must hold {rank} values, one per window "
                                      f"dimension, got {len(value.get_values())}")
        super(base, self).verify_()  # xDSL's own checks (ConvOperation's, NamedOperation's)

    return type(base.__name__, (base,), {
        "__doc__": base.__doc__, "__module__": __name__, "verify_": verify_,
        "get_irdl_definition": classmethod(lambda cls: window_def),
        **{key: accessor(key) for key in WINDOW}})


def _elementwise(base: type[IRDLOperation]) -> type[IRDLOperation]:
    """xDSL's elementwise op ``base`` (``linalg.add``, ``exp``, ``copy``, ``select``...) with
    MLIR's indexing maps: one loop per dimension of the output, a scalar or rank-0 operand
    broadcast (``(d0, d1) -> ()``), every other operand indexed as the output is.

    Why: xDSL 0.74 asserts that every operand is shaped and gives all of them the first
    one's rank, so ``linalg.add ins(%s, %x : f32, memref<4xf32>) outs(...)``, which MLIR 22
    reads, was an internal error (found by benchmarks/fuzz.py), and a rank-0 first operand
    a wrong error. An operand of another rank still fails xDSL's rank check, located."""

    def get_default_indexing_maps(self) -> tuple[AffineMap, ...]:
        out = self.outputs[0].type if self.outputs else None
        rank = len(out.get_shape()) if isinstance(out, ShapedType) else 0
        return tuple(AffineMap.identity(rank) if isinstance(t, ShapedType) and t.get_shape()
                     else AffineMap(rank, 0, ()) for t in self.operand_types)

    return type(base.__name__, (base,), {
        "__doc__": base.__doc__, "__module__": __name__,
        "get_default_indexing_maps": get_default_indexing_maps})


def _has_window(op: type[IRDLOperation]) -> bool:
    return all(isinstance(op.get_irdl_definition().properties.get(key), PropertyDef)
               and not isinstance(op.get_irdl_definition().properties.get(key),
                                  OptPropertyDef) for key in WINDOW)


def named_op(name: str) -> type[StructuredOp]:
    return StructuredOp.named(name)


def dialect() -> Dialect:
    own = {op.name: op for op in (IndexOp, FillOp, GenericOp, TransposeOp)}
    own |= {op.name: _defaulted_window(op) for op in linalg.Linalg.operations
            if _has_window(op)}
    own |= {op.name: _elementwise(op) for op in linalg.Linalg.operations
            if issubclass(op, ElementwiseOperation)}
    ops = [own.get(op.name, op) for op in linalg.Linalg.operations if op.name not in REPLACED]
    ops += [named_op(name) for name in sorted(REPLACED)]
    ops += [SoftmaxOp, *WINOGRAD, PackOp, UnPackOp]
    return Dialect("linalg", ops, list(linalg.Linalg.attributes))
