"""Small parsing/printing helpers shared by the memir ops' custom syntax.

Why: graph-level operands are always defined before use (straight-line graphs), so we look
them up by name instead of printing their types; this keeps the text short and the parse
cheap. Buffer-level operands all have type ``!memir.buf``.
"""

from __future__ import annotations

from collections.abc import Sequence

from xdsl.ir import SSAValue
from xdsl.parser import Parser
from xdsl.printer import Printer

from memir.model.text import string_literal  # noqa: F401  (re-exported for the ops)


def parse_defined_operand(parser: Parser) -> SSAValue:
    """An operand that must already be defined; its type is taken from the definition."""
    unresolved = parser.parse_unresolved_operand()
    values = parser.ssa_values.get(unresolved.operand_name)
    if values is None:
        parser.raise_error(
            f"use of undefined value %{unresolved.operand_name}", unresolved.span
        )
    if unresolved.index >= len(values):
        parser.raise_error("SSA value tuple index out of bounds", unresolved.span)
    return values[unresolved.index]


def parse_operand_list(parser: Parser, delimiter=Parser.Delimiter.PAREN) -> list[SSAValue]:
    return parser.parse_comma_separated_list(delimiter, lambda: parse_defined_operand(parser))


def parse_int_list(parser: Parser) -> list[int]:
    return parser.parse_comma_separated_list(
        Parser.Delimiter.SQUARE, lambda: parser.parse_integer()
    )


def parse_lifetime(parser: Parser) -> tuple[int, int]:
    """``[lower, upper)``: a half-open interval of program steps."""
    parser.parse_punctuation("[")
    lower = parser.parse_integer()
    parser.parse_punctuation(",")
    upper = parser.parse_integer()
    parser.parse_punctuation(")")
    return lower, upper


def print_operands(printer: Printer, values: Sequence[SSAValue]) -> None:
    printer.print_string("(")
    printer.print_list(values, printer.print_operand)
    printer.print_string(")")


def int_list_text(values: Sequence[int]) -> str:
    return "[" + ", ".join(map(str, values)) + "]"


