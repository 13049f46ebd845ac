"""xDSL 0.74's affine dialect, with ``affine.max`` (xDSL has only ``affine.min``) and
MLIR's syntax for ``affine.if`` (xDSL reads it in generic form only).

MLIR's tiling and bufferization of ``tensor.pad``/``extract_slice`` emit both; they share
one syntax (``affine.max affine_map<(d0) -> (d0, 4)>(%n)``) and one definition.
"""

from __future__ import annotations

from xdsl.dialects import affine
from xdsl.dialects.builtin import AffineMapAttr, AffineSetAttr, IndexType
from xdsl.ir import Block, Dialect, Region
from xdsl.parser import Parser
from xdsl.printer import Printer


def _index_operands(parser: Parser) -> list:
    """``(%d0, ...)[%s0, ...]``: an affine map's dimension and symbol operands, all index."""
    def operand():
        return parser.resolve_operand(parser.parse_unresolved_operand(), IndexType())

    found = parser.parse_optional_comma_separated_list(parser.Delimiter.PAREN, operand) or []
    return found + (parser.parse_optional_comma_separated_list(
        parser.Delimiter.SQUARE, operand) or [])


class MaxOp(affine.MinOp):
    """``%m = affine.max #map(%d)[%s]``: affine.min's definition under the other name."""

    name = "affine.max"

    @classmethod
    def parse(cls, parser: Parser) -> MaxOp:
        map_attr = parser.parse_attribute()
        if not isinstance(map_attr, AffineMapAttr):
            parser.raise_error("expected an affine map")
        operands = _index_operands(parser)
        attrs = parser.parse_optional_attr_dict()
        return cls.create(operands=operands, result_types=[IndexType()], attributes=attrs,
                          properties={"map": map_attr})

    def print(self, printer: Printer) -> None:
        dims = self.map.data.num_dims
        printer.print_string(" ")
        printer.print_attribute(self.map)
        printer.print_string("(")
        printer.print_list(self.arguments[:dims], printer.print_ssa_value)
        printer.print_string(")")
        if len(self.arguments) > dims:
            printer.print_string("[")
            printer.print_list(self.arguments[dims:], printer.print_ssa_value)
            printer.print_string("]")
        printer.print_op_attributes(self.attributes)


class IfOp(affine.IfOp):
    """``affine.if #set(%d)[%s] -> (T) { ... } else { ... }``; without results the
    ``affine.yield`` terminators are implicit, as MLIR prints them."""

    @classmethod
    def parse(cls, parser: Parser) -> IfOp:
        condition = parser.parse_attribute()
        if not isinstance(condition, AffineSetAttr):
            parser.raise_error("expected an affine set")
        operands = _index_operands(parser)
        results = []
        if parser.parse_optional_punctuation("->") is not None:
            results = parser.parse_comma_separated_list(parser.Delimiter.PAREN,
                                                        parser.parse_type)
        then_region = parser.parse_region()
        else_region = parser.parse_region() if parser.parse_optional_keyword("else") else Region()
        attrs = parser.parse_optional_attr_dict()
        if not then_region.blocks:  # `{ }`: an empty body, its terminator implicit
            then_region.add_block(Block())
        for region in (then_region, else_region):
            for block in region.blocks:
                if block.last_op is None or block.last_op.name != "affine.yield":
                    block.add_op(affine.YieldOp.get())
        return cls.create(operands=operands, result_types=results, attributes=attrs,
                          properties={"condition": condition},
                          regions=[then_region, else_region])

    def print(self, printer: Printer) -> None:
        condition = self.condition.data
        dims = self.args[: condition.num_dims]
        syms = self.args[condition.num_dims:]
        printer.print_string(" ")
        printer.print_attribute(self.condition)
        printer.print_string("(")
        printer.print_list(dims, printer.print_ssa_value)
        printer.print_string(")")
        if syms:
            printer.print_string("[")
            printer.print_list(syms, printer.print_ssa_value)
            printer.print_string("]")
        if self.res:
            printer.print_string(" -> (")
            printer.print_list([r.type for r in self.res], printer.print_attribute)
            printer.print_string(")")
        terminators = bool(self.res)
        printer.print_string(" ")
        printer.print_region(self.then_region, print_block_terminators=terminators)
        if self.else_region.blocks:
            printer.print_string(" else ")
            printer.print_region(self.else_region, print_block_terminators=terminators)
        printer.print_op_attributes(self.attributes)


def dialect() -> Dialect:
    replaced = {IfOp.name: IfOp}
    ops = [replaced.get(op.name, op) for op in affine.Affine.operations]
    return Dialect("affine", [*ops, MaxOp], list(affine.Affine.attributes))
