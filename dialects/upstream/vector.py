"""xDSL 0.74's vector dialect, with the ops and rules of MLIR 22 it lacks.

xDSL defines fifteen vector ops; MLIR's vectorizer and lowerings emit many more
(``vector.contract``, ``vector.mask``, ``vector.shape_cast``, ``vector.transpose``,
``vector.gather`` ...). memir plans memory and looks into none of them, but it must read
them and print them back as MLIR does. The ops xDSL lacks are defined here with MLIR's
syntax (declarative where MLIR's ODS has an ``assemblyFormat``); where xDSL's rules are
stricter than MLIR's (``vector.load`` from a memref of vectors, ``vector.bitcast`` to
``index`` elements) its classes are subclassed with MLIR's rule, so ``isinstance`` checks
against xDSL's classes still match.
"""

from __future__ import annotations

from typing import ClassVar

from xdsl.dialects import vector
from xdsl.dialects.builtin import (
    I64,
    AffineMapAttr,
    ArrayAttr,
    BoolAttr,
    DenseArrayBase,
    IndexType,
    IntegerAttr,
    MemRefType,
    StringAttr,
    TensorType,
    VectorType,
    i1,
    i64,
)
from xdsl.dialects.utils import EnumAttribute
from xdsl.ir import Attribute, Block, Dialect
from xdsl.irdl import (
    AnyAttr,
    IRDLOperation,
    ParsePropInAttrDict,
    VarConstraint,
    base,
    irdl_attr_definition,
    irdl_op_definition,
    lazy_traits_def,
    operand_def,
    opt_operand_def,
    opt_prop_def,
    opt_result_def,
    prop_def,
    region_def,
    result_def,
    traits_def,
    var_operand_def,
    var_result_def,
)
from xdsl.parser import AttrParser, Parser
from xdsl.printer import Printer
from xdsl.traits import HasParent, IsTerminator, Pure
from xdsl.utils.exceptions import VerifyException
from xdsl.utils.str_enum import StrEnum

from memir.dialects.upstream.checks import check_permutation
from memir.dialects.xdsl_internals import result_names_left_out

Kind = vector.CombiningKindAttr


class _AngleEnum:
    """``#vector.<name><value>``: MLIR writes these enums' values in angle brackets."""

    def print_parameter(self, printer: Printer) -> None:
        with printer.in_angle_brackets():
            printer.print_string(self.data)

    @classmethod
    def parse_parameter(cls, parser: AttrParser):
        with parser.in_angle_brackets():
            return cls.enum_type(parser.parse_identifier())


class IteratorType(StrEnum):
    PARALLEL = "parallel"
    REDUCTION = "reduction"


@irdl_attr_definition
class IteratorTypeAttr(_AngleEnum, EnumAttribute[IteratorType]):
    """``#vector.iterator_type<parallel>``: a ``vector.contract`` dimension's kind."""

    name = "vector.iterator_type"


class Punctuation(StrEnum):
    NO_PUNCTUATION = "no_punctuation"
    NEWLINE = "newline"
    COMMA = "comma"
    OPEN = "open"
    CLOSE = "close"


@irdl_attr_definition
class PunctuationAttr(_AngleEnum, EnumAttribute[Punctuation]):
    """``#vector.punctuation<comma>``: what ``vector.print`` writes after its value."""

    name = "vector.punctuation"


# ----------------------------------------------------------------- MLIR's rules, xDSL's ops
def _bits(element: Attribute) -> int | None:
    if isinstance(element, IndexType):
        return 64  # MLIR's internal storage width of index
    return getattr(element, "bitwidth", None)


class BitcastOp(vector.BitcastOp):
    """``vector.bitcast``: same rank, same leading sizes, last dimensions of equal bit size
    (``index`` counts as 64 bits, as in MLIR)."""

    def verify_(self) -> None:
        self.get_irdl_definition().verify(self)
        source, result = self.source.type, self.result.type
        assert isinstance(source, VectorType) and isinstance(result, VectorType)
        first, second = source.get_shape(), result.get_shape()
        if len(first) != len(second) or first[:-1] != second[:-1]:
            raise VerifyException("expects source and result of the same rank and leading "
                                  "dimensions")
        if not first:
            first, second = (1,), (1,)
        bits = (_bits(source.element_type), _bits(result.element_type))
        if None not in bits and first[-1] * bits[0] != second[-1] * bits[1]:
            raise VerifyException("source/result bitwidth of the minor 1-D vectors must be "
                                  "equal")



def _check_memory_access(base: Attribute, value: Attribute, indices: int) -> None:
    """MLIR's rule: the memref's element is the vector's element, or the vector itself."""
    assert isinstance(base, MemRefType) and isinstance(value, VectorType)
    element = base.element_type
    if isinstance(element, VectorType) and element != value:
        raise VerifyException("base memref and result vector types should match")
    if not isinstance(element, VectorType) and element != value.element_type:
        raise VerifyException("MemRef element type should match the Vector element type.")
    if base.get_num_dims() != indices:
        raise VerifyException("Expected an index for each dimension.")


class LoadOp(vector.LoadOp):
    def verify_(self) -> None:
        self.get_irdl_definition().verify(self)
        _check_memory_access(self.base.type, self.result.type, len(self.indices))


class StoreOp(vector.StoreOp):
    def verify_(self) -> None:
        self.get_irdl_definition().verify(self)
        _check_memory_access(self.base.type, self.vector.type, len(self.indices))


@irdl_op_definition
class PrintOp(IRDLOperation):
    """``vector.print %v : vector<4xf32>``, ``vector.print str "text"``,
    ``vector.print punctuation <comma>``: a value, a string, or neither, and what follows
    (a newline unless ``punctuation`` says otherwise). xDSL's requires the value."""

    name = "vector.print"
    source = opt_operand_def()
    punctuation = opt_prop_def(PunctuationAttr)
    stringLiteral = opt_prop_def(StringAttr)

    @classmethod
    def parse(cls, parser: Parser) -> PrintOp:
        operands = []
        if (name := parser.parse_optional_unresolved_operand()) is not None:
            parser.parse_punctuation(":")
            operands.append(parser.resolve_operand(name, parser.parse_type()))
        props: dict[str, Attribute] = {"punctuation": PunctuationAttr(Punctuation.NEWLINE)}
        while True:
            if parser.parse_optional_keyword("str") is not None:
                props["stringLiteral"] = StringAttr(parser.parse_str_literal())
            elif parser.parse_optional_keyword("punctuation") is not None:
                props["punctuation"] = PunctuationAttr(
                    PunctuationAttr.parse_parameter(parser))
            else:
                break
        attrs = dict(parser.parse_optional_attr_dict())
        for name in ("punctuation", "stringLiteral"):
            if name in attrs:
                props[name] = attrs.pop(name)
        return cls.create(operands=operands, properties=props, attributes=attrs)

    def print(self, printer: Printer) -> None:
        if self.operands:
            printer.print_string(" ")
            printer.print_ssa_value(self.operands[0])
            printer.print_string(" : ")
            printer.print_attribute(self.operands[0].type)
        text = self.properties.get("stringLiteral")
        if isinstance(text, StringAttr):
            printer.print_string(" str ")
            printer.print_string_literal(text.data)
        mark = self.properties.get("punctuation")
        if isinstance(mark, PunctuationAttr) and mark.data != Punctuation.NEWLINE:
            printer.print_string(" punctuation ")
            mark.print_parameter(printer)
        printer.print_op_attributes(self.attributes)


# ----------------------------------------------------------------------- new ops: shapes
@irdl_op_definition
class ShapeCastOp(IRDLOperation):
    name = "vector.shape_cast"
    source = operand_def(VectorType)
    result = result_def(VectorType)
    traits = traits_def(Pure())
    assembly_format = "$source attr-dict `:` type($source) `to` type($result)"


@irdl_op_definition
class TransposeOp(IRDLOperation):
    name = "vector.transpose"
    vector = operand_def(VectorType)
    permutation = prop_def(DenseArrayBase.constr(i64))
    result = result_def(VectorType)
    traits = traits_def(Pure())
    assembly_format = "$vector `,` $permutation attr-dict `:` type($vector) `to` type($result)"

    def verify_(self) -> None:
        check_permutation(self.permutation.get_values(), self.vector.type.get_num_dims(),
                          "permutation")


@irdl_op_definition
class ExtractStridedSliceOp(IRDLOperation):
    name = "vector.extract_strided_slice"
    source = operand_def(VectorType)
    offsets = prop_def(ArrayAttr)
    sizes = prop_def(ArrayAttr)
    strides = prop_def(ArrayAttr)
    result = result_def(VectorType)
    traits = traits_def(Pure())
    irdl_options = (ParsePropInAttrDict(),)
    assembly_format = "$source attr-dict `:` type($source) `to` type($result)"


@irdl_op_definition
class InsertStridedSliceOp(IRDLOperation):
    name = "vector.insert_strided_slice"
    T: ClassVar = VarConstraint("T", base(VectorType))
    valueToStore = operand_def(VectorType)
    dest = operand_def(T)
    offsets = prop_def(ArrayAttr)
    strides = prop_def(ArrayAttr)
    result = result_def(T)
    traits = traits_def(Pure())
    irdl_options = (ParsePropInAttrDict(),)
    assembly_format = ("$valueToStore `,` $dest attr-dict `:` type($valueToStore) `into` "
                       "type($dest)")


@irdl_op_definition
class ScalableExtractOp(IRDLOperation):
    name = "vector.scalable.extract"
    source = operand_def(VectorType)
    pos = prop_def(IntegerAttr[I64])
    res = result_def(VectorType)
    traits = traits_def(Pure())
    assembly_format = "$source `[` $pos `]` attr-dict `:` type($res) `from` type($source)"


@irdl_op_definition
class ScalableInsertOp(IRDLOperation):
    name = "vector.scalable.insert"
    T: ClassVar = VarConstraint("T", base(VectorType))
    valueToStore = operand_def(VectorType)
    dest = operand_def(T)
    pos = prop_def(IntegerAttr[I64])
    res = result_def(T)
    traits = traits_def(Pure())
    assembly_format = ("$valueToStore `,` $dest `[` $pos `]` attr-dict `:` "
                       "type($valueToStore) `into` type($dest)")


@irdl_op_definition
class InterleaveOp(IRDLOperation):
    name = "vector.interleave"
    T: ClassVar = VarConstraint("T", base(VectorType))
    lhs = operand_def(T)
    rhs = operand_def(T)
    result = result_def(VectorType)
    traits = traits_def(Pure())
    assembly_format = "$lhs `,` $rhs attr-dict `:` type($lhs) `->` type($result)"


@irdl_op_definition
class DeinterleaveOp(IRDLOperation):
    name = "vector.deinterleave"
    T: ClassVar = VarConstraint("T", base(VectorType))
    source = operand_def(VectorType)
    res1 = result_def(T)
    res2 = result_def(T)
    traits = traits_def(Pure())
    assembly_format = "$source attr-dict `:` type($source) `->` type($res1)"


@irdl_op_definition
class ConstantMaskOp(IRDLOperation):
    name = "vector.constant_mask"
    mask_dim_sizes = prop_def(DenseArrayBase.constr(i64))
    result = result_def(VectorType.constr(i1))
    traits = traits_def(Pure())
    assembly_format = "$mask_dim_sizes attr-dict `:` type($result)"


@irdl_op_definition
class VScaleOp(IRDLOperation):
    name = "vector.vscale"
    res = result_def(IndexType)
    traits = traits_def(Pure())
    assembly_format = "attr-dict"


# ------------------------------------------------------------------ new ops: reductions
@irdl_op_definition
class MultiDimReductionOp(IRDLOperation):
    name = "vector.multi_reduction"
    T: ClassVar = VarConstraint("T", AnyAttr())
    kind = prop_def(Kind)
    source = operand_def(VectorType)
    acc = operand_def(T)
    reduction_dims = prop_def(DenseArrayBase.constr(i64))
    dest = result_def(T)
    traits = traits_def(Pure())
    assembly_format = ("$kind `,` $source `,` $acc attr-dict $reduction_dims `:` "
                       "type($source) `to` type($dest)")


@irdl_op_definition
class ScanOp(IRDLOperation):
    name = "vector.scan"
    S: ClassVar = VarConstraint("S", base(VectorType))
    A: ClassVar = VarConstraint("A", base(VectorType))
    kind = prop_def(Kind)
    source = operand_def(S)
    initial_value = operand_def(A)
    reduction_dim = prop_def(IntegerAttr[I64])
    inclusive = prop_def(BoolAttr)
    dest = result_def(S)
    accumulated_value = result_def(A)
    traits = traits_def(Pure())
    irdl_options = (ParsePropInAttrDict(),)
    assembly_format = ("$kind `,` $source `,` $initial_value attr-dict `:` type($source) "
                       "`,` type($initial_value)")


@irdl_op_definition
class OuterProductOp(IRDLOperation):
    """``%r = vector.outerproduct %a, %b[, %acc] {kind = ...} : vector<4xf32>, vector<8xf32>``
    (a vector<4x8xf32>) or ``%a, %s : vector<4xf32>, f32`` (AXPY: a vector<4xf32>); the
    result type follows from the operands'."""

    name = "vector.outerproduct"
    lhs = operand_def(VectorType)
    rhs = operand_def()
    acc = opt_operand_def(VectorType)
    kind = prop_def(Kind)
    result = result_def(VectorType)
    traits = traits_def(Pure())

    @classmethod
    def parse(cls, parser: Parser) -> OuterProductOp:
        names = parser.parse_comma_separated_list(parser.Delimiter.NONE,
                                                  parser.parse_unresolved_operand)
        attrs = dict(parser.parse_optional_attr_dict())
        parser.parse_punctuation(":")
        at = parser.pos
        lhs_type = parser.parse_type()
        parser.parse_punctuation(",")
        rhs_type = parser.parse_type()
        if not isinstance(lhs_type, VectorType) or len(names) not in (2, 3):
            parser.raise_error("expected a vector lhs and two or three operands", at)
        if isinstance(rhs_type, VectorType):
            result = VectorType(lhs_type.element_type,
                                [*lhs_type.get_shape(), *rhs_type.get_shape()],
                                ArrayAttr([*lhs_type.scalable_dims, *rhs_type.scalable_dims]))
        else:
            result = lhs_type
        operands = [parser.resolve_operand(names[0], lhs_type),
                    parser.resolve_operand(names[1], rhs_type),
                    [parser.resolve_operand(n, result) for n in names[2:]]]
        kind = attrs.pop("kind", Kind(vector.CombiningKindFlag.ADD))
        return cls.build(operands=operands, result_types=[result],
                         properties={"kind": kind}, attributes=attrs)

    def print(self, printer: Printer) -> None:
        printer.print_string(" ")
        printer.print_list(self.operands, printer.print_ssa_value)
        attrs = dict(self.attributes)
        if self.kind.data != vector.CombiningKindFlag.ADD:
            attrs = {"kind": self.kind, **attrs}
        printer.print_op_attributes(attrs)
        printer.print_string(" : ")
        printer.print_attribute(self.lhs.type)
        printer.print_string(", ")
        printer.print_attribute(self.rhs.type)


@irdl_op_definition
class ContractionOp(IRDLOperation):
    """``vector.contract {indexing_maps = [...], iterator_types = ["parallel", ...],
    kind = #vector.kind<add>} %a, %b, %acc {attrs} : vector<..>, vector<..> into T``;
    written as strings, the iterator types are ``#vector.iterator_type`` attributes."""

    name = "vector.contract"
    TRAIT: ClassVar = ("indexing_maps", "iterator_types", "kind")
    lhs = operand_def(VectorType)
    rhs = operand_def(VectorType)
    acc = operand_def()
    indexing_maps = prop_def(ArrayAttr[AffineMapAttr])
    iterator_types = prop_def(ArrayAttr[IteratorTypeAttr])
    kind = prop_def(Kind)
    result = result_def()
    traits = traits_def(Pure())

    @classmethod
    def parse(cls, parser: Parser) -> ContractionOp:
        trait = dict(parser.parse_optional_attr_dict())
        names = parser.parse_comma_separated_list(parser.Delimiter.NONE,
                                                  parser.parse_unresolved_operand)
        attrs = dict(parser.parse_optional_attr_dict())
        parser.parse_punctuation(":")
        types = parser.parse_comma_separated_list(parser.Delimiter.NONE, parser.parse_type)
        parser.parse_keyword("into")
        result = parser.parse_type()
        if len(names) != 3 or len(types) != 2:
            parser.raise_error("expected three operands and two operand types")
        iterators = trait.get("iterator_types")
        if isinstance(iterators, ArrayAttr):
            trait["iterator_types"] = ArrayAttr([
                IteratorTypeAttr(IteratorType(i.data)) if isinstance(i, StringAttr) else i
                for i in iterators])
        trait.setdefault("kind", Kind(vector.CombiningKindFlag.ADD))
        props = {name: trait.pop(name) for name in cls.TRAIT if name in trait}
        operands = [parser.resolve_operand(n, t)
                    for n, t in zip(names, [*types, result])]
        return cls.build(operands=operands, result_types=[result], properties=props,
                         attributes={**trait, **attrs})

    def print(self, printer: Printer) -> None:
        printer.print_string(" {indexing_maps = ")
        printer.print_attribute(self.indexing_maps)
        printer.print_string(", iterator_types = [")
        printer.print_list(self.iterator_types, lambda i: printer.print_string_literal(i.data))
        printer.print_string("], kind = ")
        printer.print_attribute(self.kind)
        printer.print_string("} ")
        printer.print_list(self.operands, printer.print_ssa_value)
        printer.print_op_attributes(self.attributes)
        printer.print_string(" : ")
        printer.print_attribute(self.lhs.type)
        printer.print_string(", ")
        printer.print_attribute(self.rhs.type)
        printer.print_string(" into ")
        printer.print_attribute(self.result.type)


# ---------------------------------------------------------------------- new ops: memory
Base = base(MemRefType) | base(TensorType)


@irdl_op_definition
class GatherOp(IRDLOperation):
    name = "vector.gather"
    base = operand_def(Base)
    offsets = var_operand_def(IndexType)
    indices = operand_def(VectorType)
    mask = operand_def(VectorType.constr(i1))
    pass_thru = operand_def(VectorType)
    result = result_def(VectorType)
    irdl_options = (ParsePropInAttrDict(),)
    assembly_format = ("$base `[` $offsets `]` `[` $indices `]` `,` $mask `,` $pass_thru "
                       "attr-dict `:` type($base) `,` type($indices) `,` type($mask) `,` "
                       "type($pass_thru) `into` type($result)")


@irdl_op_definition
class ScatterOp(IRDLOperation):
    name = "vector.scatter"
    base = operand_def(Base)
    offsets = var_operand_def(IndexType)
    indices = operand_def(VectorType)
    mask = operand_def(VectorType.constr(i1))
    valueToStore = operand_def(VectorType)
    result = opt_result_def(TensorType)
    irdl_options = (ParsePropInAttrDict(),)
    assembly_format = ("$base `[` $offsets `]` `[` $indices `]` `,` $mask `,` $valueToStore "
                       "attr-dict `:` type($base) `,` type($indices) `,` type($mask) `,` "
                       "type($valueToStore) (`->` type($result)^)?")


@irdl_op_definition
class ExpandLoadOp(IRDLOperation):
    name = "vector.expandload"
    base = operand_def(MemRefType)
    indices = var_operand_def(IndexType)
    mask = operand_def(VectorType.constr(i1))
    pass_thru = operand_def(VectorType)
    result = result_def(VectorType)
    irdl_options = (ParsePropInAttrDict(),)
    assembly_format = ("$base `[` $indices `]` `,` $mask `,` $pass_thru attr-dict `:` "
                       "type($base) `,` type($mask) `,` type($pass_thru) `into` type($result)")


@irdl_op_definition
class CompressStoreOp(IRDLOperation):
    name = "vector.compressstore"
    base = operand_def(MemRefType)
    indices = var_operand_def(IndexType)
    mask = operand_def(VectorType.constr(i1))
    valueToStore = operand_def(VectorType)
    irdl_options = (ParsePropInAttrDict(),)
    assembly_format = ("$base `[` $indices `]` `,` $mask `,` $valueToStore attr-dict `:` "
                       "type($base) `,` type($mask) `,` type($valueToStore)")


# ----------------------------------------------------------------------- new ops: masks
@irdl_op_definition
class YieldOp(IRDLOperation):
    name = "vector.yield"
    operands_ = var_operand_def()
    traits = lazy_traits_def(lambda: (IsTerminator(), Pure(), HasParent(MaskOp)))
    assembly_format = "attr-dict ($operands_^ `:` type($operands_))?"


@irdl_op_definition
class MaskOp(IRDLOperation):
    """``%r = vector.mask %m[, %passthru] { vector.transfer_read ... } : vector<8xi1> -> T``:
    the one op of its region runs under the mask; the ``vector.yield`` of its results is
    implicit, and MLIR writes the op without its result names."""

    name = "vector.mask"
    mask = operand_def(VectorType.constr(i1))
    passthru = opt_operand_def()
    results_ = var_result_def()
    mask_region = region_def("single_block")

    @classmethod
    def parse(cls, parser: Parser) -> MaskOp:
        names = parser.parse_comma_separated_list(parser.Delimiter.NONE,
                                                  parser.parse_unresolved_operand)
        region = parser.parse_region()
        if not region.blocks:
            region.add_block(Block())
        block = region.block
        if block.last_op is None or not block.last_op.has_trait(IsTerminator):
            block.add_op(YieldOp.create(
                operands=list(block.last_op.results) if block.last_op else []))
        attrs = parser.parse_optional_attr_dict()
        parser.parse_punctuation(":")
        mask_type = parser.parse_type()
        types = []
        if parser.parse_optional_punctuation("->") is not None:
            types = parser.parse_optional_comma_separated_list(
                parser.Delimiter.PAREN, parser.parse_type) or [parser.parse_type()]
        if len(names) not in (1, 2) or (len(names) == 2 and len(types) != 1):
            parser.raise_error("expected a mask and at most one passthru value")
        operands = [parser.resolve_operand(names[0], mask_type),
                    [parser.resolve_operand(n, types[0]) for n in names[1:]]]
        return cls.build(operands=operands, result_types=[types], regions=[region],
                         attributes=attrs)

    def print(self, printer: Printer) -> None:
        printer.print_string(" ")
        printer.print_list(self.operands, printer.print_ssa_value)
        printer.print_string(" { ")
        first = self.mask_region.block.first_op
        if first is not None:
            with result_names_left_out(printer, first):  # as MLIR prints the masked op
                printer.print_op(first)
        printer.print_string(" }")
        printer.print_op_attributes(self.attributes)
        printer.print_string(" : ")
        printer.print_attribute(self.mask.type)
        if self.results:
            printer.print_string(" -> ")
            if len(self.results) == 1:
                printer.print_attribute(self.results[0].type)
            else:
                printer.print_string("(")
                printer.print_list(self.result_types, printer.print_attribute)
                printer.print_string(")")


REPLACED = (BitcastOp, LoadOp, StoreOp, PrintOp)  # PrintOp: a definition of its own
ADDED = (ShapeCastOp, TransposeOp, ExtractStridedSliceOp, InsertStridedSliceOp,
         ScalableExtractOp, ScalableInsertOp, InterleaveOp, DeinterleaveOp, ConstantMaskOp,
         VScaleOp, MultiDimReductionOp, ScanOp, OuterProductOp, ContractionOp, GatherOp,
         ScatterOp, ExpandLoadOp, CompressStoreOp, YieldOp, MaskOp)


def dialect() -> Dialect:
    fixed = {op.name: op for op in REPLACED}
    return Dialect("vector", [fixed.get(op.name, op) for op in vector.Vector.operations]
                   + list(ADDED),
                   [*vector.Vector.attributes, IteratorTypeAttr, PunctuationAttr])
