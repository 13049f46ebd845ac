"""xDSL 0.74's scf dialect, with MLIR 22's syntax where xDSL's differs or is missing.

xDSL lacks ``scf.forall`` and its terminator ``scf.forall.in_parallel`` (tiling emits them),
reads ``scf.parallel`` in generic form only, and knows neither ``scf.for unsigned`` (the
``unsignedCmp`` property) nor ``scf.execute_region ... no_inline``. It writes
``scf.while``'s operand list even when empty (MLIR: ``scf.while : () -> ()``) and drops an
``scf.execute_region``'s ``scf.yield`` terminators, which MLIR always prints. The
subclasses here keep xDSL's class names and operands, so ``isinstance(op, scf.ForOp)``
still matches.
"""

from __future__ import annotations

from xdsl.dialects import scf
from xdsl.dialects.builtin import (
    DYNAMIC_INDEX,
    ArrayAttr,
    DenseArrayBase,
    IndexType,
    TensorType,
    UnitAttr,
    i64,
)
from xdsl.dialects.utils import (
    parse_dynamic_index_list_without_types,
    print_dynamic_index_list,
)
from xdsl.ir import Attribute, Block, Dialect, Region
from xdsl.irdl import (
    AttrSizedOperandSegments,
    IRDLOperation,
    irdl_op_definition,
    lazy_traits_def,
    opt_prop_def,
    prop_def,
    region_def,
    traits_def,
    var_operand_def,
    var_result_def,
)
from xdsl.parser import Parser
from xdsl.printer import Printer
from xdsl.traits import (
    HasParent,
    IsTerminator,
    NoTerminator,
    RecursiveMemoryEffect,
    SingleBlockImplicitTerminator,
    ensure_terminator,
)
from xdsl.utils.exceptions import VerifyException


def _verify_besides(op: IRDLOperation, name: str, xdsl_verify) -> None:
    """xDSL's checks of ``op``, blind to MLIR's unit property ``name`` (xDSL lacks it)."""
    found = op.properties.pop(name, None)
    try:
        xdsl_verify(op)
    finally:
        if found is not None:
            if not isinstance(found, UnitAttr):
                raise VerifyException(f"property '{name}' must be a unit attribute")
            op.properties[name] = found


def _parse_arrow_types(parser: Parser) -> list[Attribute]:
    """``-> T`` or ``-> (T, U)``, or nothing."""
    if parser.parse_optional_punctuation("->") is None:
        return []
    found = parser.parse_optional_comma_separated_list(parser.Delimiter.PAREN,
                                                       parser.parse_type)
    return found if found is not None else [parser.parse_type()]


def _print_arrow_types(printer: Printer, types) -> None:
    if types:
        printer.print_string(" -> (")
        printer.print_list(types, printer.print_attribute)
        printer.print_string(")")


def _implicit_terminator(op: IRDLOperation) -> IRDLOperation:
    for trait in op.get_traits_of_type(SingleBlockImplicitTerminator):
        ensure_terminator(op, trait)
    return op


class ForOp(scf.ForOp):
    """``scf.for unsigned %i = %lb to %ub step %s ... : i32``: xDSL's, with ``unsignedCmp``."""

    def verify_(self) -> None:
        _verify_besides(self, "unsignedCmp", scf.ForOp.verify_)

    @classmethod
    def parse(cls, parser: Parser) -> ForOp:
        unsigned = parser.parse_optional_keyword("unsigned") is not None
        op = super().parse(parser)
        if unsigned:
            op.properties["unsignedCmp"] = UnitAttr()
        return op

    def print(self, printer: Printer) -> None:
        if "unsignedCmp" in self.properties:
            printer.print_string(" unsigned")
        super().print(printer)



class WhileOp(scf.WhileOp):
    """``scf.while (%a = %x) : (i32) -> i32 {...} do {...}``; ``scf.while : () -> ()``
    without operands."""

    @classmethod
    def parse(cls, parser: Parser) -> WhileOp:
        pairs = parser.parse_optional_comma_separated_list(parser.Delimiter.PAREN, lambda: (
            parser.parse_argument(expect_type=False),
            (parser.parse_punctuation("="), parser.parse_unresolved_operand())[1])) or []
        parser.parse_punctuation(":")
        at = parser.pos
        signature = parser.parse_function_type()
        inputs = signature.inputs.data
        if len(pairs) != len(inputs):
            parser.raise_error(f"expected {len(pairs)} operand types, got {len(inputs)}",
                               at, parser.pos)
        args = [arg.resolve(t) for (arg, _), t in zip(pairs, inputs)]
        operands = [parser.resolve_operand(v, t) for (_, v), t in zip(pairs, inputs)]
        before = parser.parse_region(args)
        parser.parse_keyword("do")
        after = parser.parse_region()
        attrs = parser.parse_optional_attr_dict_with_keyword()
        op = cls(operands, signature.outputs.data, before, after)
        if attrs is not None:
            op.attributes |= attrs.data
        return op

    def print(self, printer: Printer) -> None:
        def print_pair(pair) -> None:  # ``%a = %x``
            printer.print_ssa_value(pair[0])
            printer.print_string(" = ")
            printer.print_ssa_value(pair[1])

        if self.arguments:
            printer.print_string(" (")
            printer.print_list(zip(self.before_region.block.args, self.arguments), print_pair)
            printer.print_string(")")
        printer.print_string(" : ")
        printer.print_operation_type(self)
        printer.print_string(" ")
        printer.print_region(self.before_region, print_entry_block_args=False)
        printer.print_string(" do ")
        printer.print_region(self.after_region)
        if self.attributes:
            printer.print_op_attributes(self.attributes, print_keyword=True)


class ExecuteRegionOp(scf.ExecuteRegionOp):
    """``%r = scf.execute_region -> i32 no_inline { ... }``: any number of blocks, each
    ending in its terminator (MLIR prints them all)."""

    def verify_(self) -> None:
        _verify_besides(self, "no_inline", scf.ExecuteRegionOp.verify_)

    @classmethod
    def parse(cls, parser: Parser) -> ExecuteRegionOp:
        types = _parse_arrow_types(parser)
        no_inline = parser.parse_optional_keyword("no_inline") is not None
        region = parser.parse_region()
        op = cls(types, region)
        op.attributes |= parser.parse_optional_attr_dict()
        if no_inline:
            op.properties["no_inline"] = UnitAttr()
        return op

    def print(self, printer: Printer) -> None:
        _print_arrow_types(printer, self.outs.types)
        if "no_inline" in self.properties:
            printer.print_string(" no_inline")
        printer.print_string(" ")
        printer.print_region(self.region, print_entry_block_args=False)
        printer.print_op_attributes(self.attributes)



def _parse_index_list(parser: Parser) -> list:
    return parser.parse_comma_separated_list(
        parser.Delimiter.PAREN,
        lambda: parser.resolve_operand(parser.parse_unresolved_operand(), IndexType()))


class ParallelOp(scf.ParallelOp):
    """``scf.parallel (%i) = (%lb) to (%ub) step (%s) init (%x) -> f32 { ... scf.reduce }``"""

    @classmethod
    def parse(cls, parser: Parser) -> ParallelOp:
        ivs = parser.parse_comma_separated_list(
            parser.Delimiter.PAREN, lambda: parser.parse_argument(expect_type=False))
        parser.parse_punctuation("=")
        lower = _parse_index_list(parser)
        parser.parse_keyword("to")
        upper = _parse_index_list(parser)
        parser.parse_keyword("step")
        steps = _parse_index_list(parser)
        inits = []
        if parser.parse_optional_keyword("init") is not None:
            inits = parser.parse_comma_separated_list(parser.Delimiter.PAREN,
                                                      parser.parse_unresolved_operand)
        at = parser.pos
        types = _parse_arrow_types(parser)
        inits = parser.resolve_operands(inits, types, at)
        body = parser.parse_region([iv.resolve(IndexType()) for iv in ivs])
        op = cls(lower, upper, steps, body, inits)
        op.attributes |= parser.parse_optional_attr_dict()
        return _implicit_terminator(op)

    def print(self, printer: Printer) -> None:
        printer.print_string(" (")
        printer.print_list(self.body.block.args, printer.print_ssa_value)
        for word, values in ((") = (", self.lowerBound), (") to (", self.upperBound),
                             (") step (", self.step)):
            printer.print_string(word)
            printer.print_list(values, printer.print_ssa_value)
        printer.print_string(")")
        if self.initVals:
            printer.print_string(" init (")
            printer.print_list(self.initVals, printer.print_ssa_value)
            printer.print_string(")")
        _print_arrow_types(printer, self.res.types)
        printer.print_string(" ")
        printer.print_region(self.body, print_entry_block_args=False)
        printer.print_op_attributes(self.attributes)


class ReduceOp(scf.ReduceOp):
    """``scf.reduce(%a, %b : f32, i32) {...}, {...}``: MLIR separates the regions by commas."""

    @classmethod
    def parse(cls, parser: Parser) -> ReduceOp:
        args = []
        if parser.parse_optional_punctuation("(") is not None:
            names = parser.parse_comma_separated_list(parser.Delimiter.NONE,
                                                      parser.parse_unresolved_operand)
            parser.parse_punctuation(":")
            at = parser.pos
            types = parser.parse_comma_separated_list(parser.Delimiter.NONE, parser.parse_type)
            parser.parse_punctuation(")")
            args = parser.resolve_operands(names, types, at)
        regions = []
        if (region := parser.parse_optional_region()) is not None:
            regions.append(region)
            while parser.parse_optional_punctuation(",") is not None:
                regions.append(parser.parse_region())
        op = cls(args, regions)
        op.attributes |= parser.parse_optional_attr_dict()
        return op

    def print(self, printer: Printer) -> None:
        if self.args:
            printer.print_string("(")
            printer.print_list(self.args, printer.print_ssa_value)
            printer.print_string(" : ")
            printer.print_list(self.args.types, printer.print_attribute)
            printer.print_string(")")
        if self.reductions:
            printer.print_string(" ")
            printer.print_list(self.reductions, printer.print_region)
        printer.print_op_attributes(self.attributes)


class IndexSwitchOp(scf.IndexSwitchOp):
    """``scf.index_switch %i -> i32 case 2 {...} default {...}``; an empty region (``{}``)
    holds one block with the implicit ``scf.yield``, as MLIR reads it."""

    @classmethod
    def parse(cls, parser: Parser) -> IndexSwitchOp:
        return _implicit_terminator(super().parse(parser))


@irdl_op_definition
class InParallelOp(IRDLOperation):
    """``scf.forall.in_parallel { tensor.parallel_insert_slice ... }``: the terminator of
    ``scf.forall``, its single block holds the parallel inserts and no terminator."""

    name = "scf.forall.in_parallel"
    region = region_def("single_block")
    traits = lazy_traits_def(lambda: (IsTerminator(), NoTerminator(), HasParent(ForallOp)))

    def __init__(self, region: Region | None = None):
        super().__init__(regions=[region if region is not None else Region(Block())])

    @classmethod
    def parse(cls, parser: Parser) -> InParallelOp:
        region = parser.parse_region()
        if not region.blocks:
            region.add_block(Block())
        return cls.create(regions=[region], attributes=parser.parse_optional_attr_dict())

    def print(self, printer: Printer) -> None:
        printer.print_string(" ")
        printer.print_region(self.region, print_entry_block_args=False)
        printer.print_op_attributes(self.attributes)


@irdl_op_definition
class ForallOp(IRDLOperation):
    """``scf.forall (%i, %j) in (8, %n) shared_outs(%o = %t) -> (tensor<...>) { ... }``, or
    with bounds ``= (%lb, 0) to (8, 16) step (2, %s)``; a bound is a constant or an index
    value (the static lists hold ``DYNAMIC_INDEX`` where a value stands)."""

    name = "scf.forall"
    dynamicLowerBound = var_operand_def(IndexType)
    dynamicUpperBound = var_operand_def(IndexType)
    dynamicStep = var_operand_def(IndexType)
    outputs = var_operand_def(TensorType)
    staticLowerBound = prop_def(DenseArrayBase.constr(i64))
    staticUpperBound = prop_def(DenseArrayBase.constr(i64))
    staticStep = prop_def(DenseArrayBase.constr(i64))
    mapping = opt_prop_def(ArrayAttr)
    res = var_result_def()
    region = region_def("single_block")
    irdl_options = (AttrSizedOperandSegments(as_property=True),)
    traits = traits_def(RecursiveMemoryEffect(), SingleBlockImplicitTerminator(InParallelOp))

    @classmethod
    def parse(cls, parser: Parser) -> ForallOp:
        ivs = parser.parse_comma_separated_list(
            parser.Delimiter.PAREN, lambda: parser.parse_argument(expect_type=False))

        def bounds():
            names, static = parse_dynamic_index_list_without_types(
                parser, DYNAMIC_INDEX, delimiter=parser.Delimiter.PAREN)
            return ([parser.resolve_operand(n, IndexType()) for n in names],
                    DenseArrayBase.from_list(i64, static))

        if parser.parse_optional_keyword("in") is not None:
            upper = bounds()
            lower = ([], DenseArrayBase.from_list(i64, [0] * len(ivs)))
            step = ([], DenseArrayBase.from_list(i64, [1] * len(ivs)))
        else:
            parser.parse_punctuation("=")
            lower = bounds()
            parser.parse_keyword("to")
            upper = bounds()
            parser.parse_keyword("step")
            step = bounds()
        pairs = []
        if parser.parse_optional_keyword("shared_outs") is not None:
            pairs = parser.parse_comma_separated_list(parser.Delimiter.PAREN, lambda: (
                parser.parse_argument(expect_type=False),
                (parser.parse_punctuation("="), parser.parse_unresolved_operand())[1]))
        at = parser.pos
        types = _parse_arrow_types(parser)
        outputs = parser.resolve_operands([v for _, v in pairs], types, at)
        body = parser.parse_region([iv.resolve(IndexType()) for iv in ivs]
                                   + [a.resolve(t) for (a, _), t in zip(pairs, types)])
        attrs = dict(parser.parse_optional_attr_dict())
        props: dict[str, Attribute] = {"staticLowerBound": lower[1],
                                       "staticUpperBound": upper[1], "staticStep": step[1]}
        if "mapping" in attrs:
            props["mapping"] = attrs.pop("mapping")
        if not body.blocks:
            body.add_block(Block())
        last = body.block.last_op
        if last is None or not last.has_trait(IsTerminator, value_if_unregistered=False):
            body.block.add_op(InParallelOp())  # implicit when the loop has no results
        return cls.build(operands=[lower[0], upper[0], step[0], outputs], result_types=[types],
                         properties=props, attributes=attrs, regions=[body])

    def print(self, printer: Printer) -> None:
        rank = len(self.staticUpperBound)
        ivs, outs = self.region.block.args[:rank], self.region.block.args[rank:]
        printer.print_string(" (")
        printer.print_list(ivs, printer.print_ssa_value)

        def bounds(values, static):
            print_dynamic_index_list(printer, DYNAMIC_INDEX, values, static.get_values(),
                                     delimiter=Parser.Delimiter.PAREN)

        if (not self.dynamicLowerBound and not self.dynamicStep
                and all(v == 0 for v in self.staticLowerBound.get_values())
                and all(v == 1 for v in self.staticStep.get_values())):
            printer.print_string(") in ")
            bounds(self.dynamicUpperBound, self.staticUpperBound)
        else:
            printer.print_string(") = ")
            bounds(self.dynamicLowerBound, self.staticLowerBound)
            printer.print_string(" to ")
            bounds(self.dynamicUpperBound, self.staticUpperBound)
            printer.print_string(" step ")
            bounds(self.dynamicStep, self.staticStep)
        if outs:
            printer.print_string(" shared_outs(")
            printer.print_list(zip(outs, self.outputs), lambda pair: (
                printer.print_ssa_value(pair[0]), printer.print_string(" = "),
                printer.print_ssa_value(pair[1])))
            printer.print_string(")")
        _print_arrow_types(printer, self.res.types)
        printer.print_string(" ")
        printer.print_region(self.region, print_entry_block_args=False,
                             print_block_terminators=bool(self.res))
        attrs = dict(self.attributes)
        if self.mapping is not None:
            attrs = {"mapping": self.mapping, **attrs}
        printer.print_op_attributes(attrs)


REPLACED = (ForOp, WhileOp, ExecuteRegionOp, ParallelOp, ReduceOp, IndexSwitchOp)
ADDED = (ForallOp, InParallelOp)


def dialect() -> Dialect:
    fixed = {op.name: op for op in REPLACED}
    return Dialect("scf", [fixed.get(op.name, op) for op in scf.Scf.operations]
                   + list(ADDED), list(scf.Scf.attributes))
