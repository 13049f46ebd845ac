"""Types and attributes of the memir dialect.

Why custom types: xDSL spends most of its parse time on memref types, so buffer-level IR
uses the parameterless ``!memir.buf`` (sizes live on ``memir.alloc``) and ``!memir.stream``,
``!memir.event``. Analysis results are compact per-buffer summaries (``#memir.safety``),
never the quadratic list of unsafe pairs. The module-level plan (``#memir.plan``) records
what assign-layout decided.
"""

from __future__ import annotations

from collections.abc import Sequence

from xdsl.dialects.builtin import FloatData, IntAttr, StringAttr
from xdsl.ir import Data, ParametrizedAttribute, TypeAttribute
from xdsl.irdl import irdl_attr_definition
from xdsl.parser import AttrParser
from xdsl.printer import Printer
from xdsl.utils.exceptions import VerifyException

REMARK_ATTR = "memir.remark"
"""A pass's note on an op it left as it was, saying why (``memref-to-memir`` on an alloc it
does not plan, ``schedule`` on a function it keeps in its input order)."""


@irdl_attr_definition
class StreamType(ParametrizedAttribute, TypeAttribute):
    """An execution stream: ops on one stream run in program order."""

    name = "memir.stream"


@irdl_attr_definition
class EventType(ParametrizedAttribute, TypeAttribute):
    """A point on a stream that another stream can wait for."""

    name = "memir.event"


@irdl_attr_definition
class BufferType(ParametrizedAttribute, TypeAttribute):
    """A byte buffer; its size, alignment and placement live on the op that defines it."""

    name = "memir.buf"


@irdl_attr_definition
class SafetyAttr(Data[tuple[tuple[int, ...], ...]]):
    """Per-buffer stream-safety summary: a few int vectors, O(streams) each.

    ``#memir.safety<[0, 3], [2, -1]>``. The meaning of the vectors belongs to
    ``memir.analysis.stream_safety.BufferSummary``; the IR only carries them.
    """

    name = "memir.safety"

    @classmethod
    def parse_parameter(cls, parser: AttrParser) -> tuple[tuple[int, ...], ...]:
        with parser.in_angle_brackets():
            vectors = parser.parse_comma_separated_list(
                parser.Delimiter.NONE,
                lambda: tuple(
                    parser.parse_comma_separated_list(
                        parser.Delimiter.SQUARE, lambda: parser.parse_integer()
                    )
                ),
            )
        return tuple(vectors)

    def print_parameter(self, printer: Printer) -> None:
        printer.print_string(self.parameter_text())

    def parameter_text(self) -> str:
        return "<" + ", ".join("[" + ", ".join(map(str, v)) + "]" for v in self.data) + ">"


@irdl_attr_definition
class PlanAttr(ParametrizedAttribute):
    """The arena decided by assign-layout: size, proven lower bound, how it was found.

    ``#memir.plan<arena 3072, bound 2048, strategy "many/size/best", status "heuristic",
    seconds 0.01>``
    """

    name = "memir.plan"

    arena: IntAttr
    bound: IntAttr
    strategy: StringAttr
    status: StringAttr
    seconds: FloatData

    def __init__(self, arena: int, bound: int, strategy: str, status: str, seconds: float):
        super().__init__(
            IntAttr(arena), IntAttr(bound), StringAttr(strategy), StringAttr(status),
            FloatData(float(seconds)),
        )

    @classmethod
    def parse_parameters(cls, parser: AttrParser) -> Sequence:
        with parser.in_angle_brackets():
            parser.parse_keyword("arena")
            arena = parser.parse_integer(allow_negative=False)
            parser.parse_punctuation(",")
            parser.parse_keyword("bound")
            bound = parser.parse_integer(allow_negative=False)
            parser.parse_punctuation(",")
            parser.parse_keyword("strategy")
            strategy = parser.parse_str_literal()
            parser.parse_punctuation(",")
            parser.parse_keyword("status")
            status = parser.parse_str_literal()
            parser.parse_punctuation(",")
            parser.parse_keyword("seconds")
            seconds = float(parser.parse_number())
        return (IntAttr(arena), IntAttr(bound), StringAttr(strategy), StringAttr(status),
                FloatData(seconds))

    def print_parameters(self, printer: Printer) -> None:
        printer.print_string(f"<arena {self.arena.data}, bound {self.bound.data}, strategy ")
        printer.print_string_literal(self.strategy.data)
        printer.print_string(", status ")
        printer.print_string_literal(self.status.data)
        printer.print_string(f", seconds {self.seconds.data:.6f}>")

    def verify(self) -> None:
        if self.arena.data < 0 or self.bound.data < 0:
            raise VerifyException("plan arena and bound must be non-negative")
        if max(self.arena.data, self.bound.data) >= 2**62:  # as memir.dialects.limits
            raise VerifyException("plan arena and bound must be below 2^62")
