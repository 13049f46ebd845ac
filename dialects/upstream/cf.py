"""xDSL 0.74's cf dialect, with MLIR 22's branch weights on ``cf.cond_br``.

MLIR writes a conditional branch's optional weights between the condition and the
successors (``cf.cond_br %c weights([60, 40]), ^bb1, ^bb2``) and keeps them in the
``branch_weights`` property, which xDSL's definition lacks. The subclass adds the property
and the syntax and nothing else: ``isinstance(op, cf.ConditionalBranchOp)`` still matches.
"""

from __future__ import annotations

from dataclasses import replace

from xdsl.dialects import cf
from xdsl.dialects.builtin import DenseArrayBase, i1, i32
from xdsl.ir import Block, Dialect, SSAValue
from xdsl.irdl import OpDef, OptPropertyDef
from xdsl.parser import Parser
from xdsl.printer import Printer


def _parse_destination(parser: Parser) -> tuple[Block, list[SSAValue]]:
    """``^bb1`` or ``^bb1(%a, %b : i32, f32)``."""
    block = parser.parse_successor()
    if parser.parse_optional_punctuation("(") is None:
        return block, []
    names = parser.parse_comma_separated_list(parser.Delimiter.NONE,
                                              parser.parse_unresolved_operand)
    parser.parse_punctuation(":")
    types = parser.parse_comma_separated_list(parser.Delimiter.NONE, parser.parse_type)
    parser.parse_punctuation(")")
    if len(names) != len(types):
        parser.raise_error(f"expected {len(names)} types, got {len(types)}")
    return block, [parser.resolve_operand(n, t) for n, t in zip(names, types)]


def _print_destination(printer: Printer, block: Block, args) -> None:
    printer.print_block_name(block)
    if args:
        printer.print_string("(")
        printer.print_list(args, printer.print_ssa_value)
        printer.print_string(" : ")
        printer.print_list([a.type for a in args], printer.print_attribute)
        printer.print_string(")")


class ConditionalBranchOp(cf.ConditionalBranchOp):
    """``cf.cond_br %c weights([60, 40]), ^bb1(%x : i32), ^bb2``"""

    @classmethod
    def get_irdl_definition(cls) -> OpDef:
        return _COND_BR_DEF

    def verify_(self) -> None:
        _COND_BR_DEF.verify(self)

    @classmethod
    def parse(cls, parser: Parser) -> ConditionalBranchOp:
        cond = parser.resolve_operand(parser.parse_unresolved_operand(), i1)
        props = {}
        if parser.parse_optional_keyword("weights") is not None:
            parser.parse_punctuation("(")
            weights = parser.parse_comma_separated_list(parser.Delimiter.SQUARE,
                                                        parser.parse_integer)
            parser.parse_punctuation(")")
            props["branch_weights"] = DenseArrayBase.from_list(i32, weights)
        parser.parse_punctuation(",")
        then_block, then_args = _parse_destination(parser)
        parser.parse_punctuation(",")
        else_block, else_args = _parse_destination(parser)
        attrs = parser.parse_optional_attr_dict()
        op = cls(cond, then_block, then_args, else_block, else_args)
        op.properties.update(props)
        op.attributes.update(attrs)
        return op

    def print(self, printer: Printer) -> None:
        printer.print_string(" ")
        printer.print_ssa_value(self.cond)
        weights = self.properties.get("branch_weights")
        if isinstance(weights, DenseArrayBase):
            printer.print_string(" weights([")
            printer.print_list(weights.get_values(), lambda w: printer.print_string(str(w)))
            printer.print_string("])")
        printer.print_string(", ")
        _print_destination(printer, self.then_block, self.then_arguments)
        printer.print_string(", ")
        _print_destination(printer, self.else_block, self.else_arguments)
        printer.print_op_attributes(self.attributes)


_COND_BR_DEF = replace(cf.ConditionalBranchOp.get_irdl_definition(), properties={
    **cf.ConditionalBranchOp.get_irdl_definition().properties,
    "branch_weights": OptPropertyDef(DenseArrayBase.constr(i32)),
})
"""xDSL's definition, with MLIR's optional ``branch_weights`` (two i32)."""


def dialect() -> Dialect:
    replaced = {ConditionalBranchOp.name: ConditionalBranchOp}
    return Dialect("cf", [replaced.get(op.name, op) for op in cf.Cf.operations],
                   list(cf.Cf.attributes))
