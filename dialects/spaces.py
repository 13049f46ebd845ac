"""Memory spaces and the copies between them (syntax: docs/ir.md).

Why spaces on the module and a name on each alloc: a target has several memories (on-chip
SRAM beside DRAM, HBM beside host memory), each laid out as an arena of its own; the module
says what the memories are (capacity, read and write bandwidth; no capacity: unbounded),
an alloc says which one holds it, and an alloc without ``space`` lives in the last
(default) space. Declared fastest first by convention.

Why ``memir.copy`` is a step like ``memir.compute``: a prefetch or an eviction reads one
buffer and writes another, on a stream of its own. The one reader (dialects/program.py)
reads it as a step with kernel ``memir.copy``, so stream safety, ``verify-layout`` and
``check-execution`` see copies as they see compute, events included. Its operands have
the compute's buffer form, so the module verifier's write rule applies unchanged.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from xdsl.dialects.builtin import ArrayAttr, FloatData, IntAttr, ModuleOp, StringAttr
from xdsl.ir import Attribute, ParametrizedAttribute, SSAValue
from xdsl.irdl import (
    AttrSizedOperandSegments,
    IRDLOperation,
    irdl_attr_definition,
    irdl_op_definition,
    opt_operand_def,
    var_operand_def,
)
from xdsl.parser import AttrParser, Parser
from xdsl.printer import Printer
from xdsl.utils.exceptions import VerifyException

from memir.dialects.attributes import BufferType, StreamType
from memir.dialects.limits import check_bytes
from memir.dialects.syntax import parse_defined_operand

SPACES_ATTR = "memir.spaces"
ARG_BYTES_ATTR = "memir.bytes"  # on a !memir.buf function argument: its bytes (bufferize)
COPY_KERNEL = "memir.copy"
UNBOUNDED = -1  # the capacity parameter of a space without one


@irdl_attr_definition
class SpaceAttr(ParametrizedAttribute):
    """``#memir.space<"sram", capacity 262144, read 4.0e9, write 4.0e9>``: one memory.

    Bandwidths in bytes per second; without ``capacity`` the space is unbounded."""

    name = "memir.space"

    space_name: StringAttr
    capacity_bytes: IntAttr
    read: FloatData
    write: FloatData

    def __init__(self, name: str, capacity: int | None, read: float, write: float):
        super().__init__(StringAttr(name), IntAttr(UNBOUNDED if capacity is None else capacity),
                         FloatData(float(read)), FloatData(float(write)))

    @property
    def capacity(self) -> int | None:
        value = self.capacity_bytes.data
        return None if value == UNBOUNDED else value

    @classmethod
    def parse_parameters(cls, parser: AttrParser) -> Sequence[Attribute]:
        with parser.in_angle_brackets():
            name = parser.parse_str_literal(" for the space name")
            parser.parse_punctuation(",")
            capacity = UNBOUNDED
            if parser.parse_optional_keyword("capacity") is not None:
                capacity = parser.parse_integer(allow_negative=False)
                parser.parse_punctuation(",")
            parser.parse_keyword("read")
            read = float(parser.parse_number())
            parser.parse_punctuation(",")
            parser.parse_keyword("write")
            write = float(parser.parse_number())
        return (StringAttr(name), IntAttr(capacity), FloatData(read), FloatData(write))

    def print_parameters(self, printer: Printer) -> None:
        printer.print_string("<")
        printer.print_string_literal(self.space_name.data)
        if self.capacity is not None:
            printer.print_string(f", capacity {self.capacity}")
        printer.print_string(f", read {_number_text(self.read.data)}, "
                             f"write {_number_text(self.write.data)}>")

    def verify(self) -> None:
        if self.capacity is not None:
            if self.capacity <= 0:
                raise VerifyException(f"space capacity must be positive, got {self.capacity}")
            check_bytes("space capacity", self.capacity)
        for what, value in (("read", self.read.data), ("write", self.write.data)):
            if not (value > 0 and math.isfinite(value)):
                raise VerifyException(f"space {what} bandwidth must be a positive number of "
                                      f"bytes per second, got {value}")


def _number_text(value: float) -> str:
    """``4.0e+09``: the shortest exact scientific form, with the point MLIR's float syntax
    needs."""
    for digits in range(1, 18):
        text = f"{value:.{digits}e}"
        if float(text) == value:
            return text
    return repr(value)


def module_spaces(module: ModuleOp) -> list[SpaceAttr]:
    """The module's declared spaces (none: one default space), checked: a list of
    ``#memir.space``, unique names, every space but the last with a capacity."""
    attr = module.attributes.get(SPACES_ATTR)
    if attr is None:
        return []
    if not isinstance(attr, ArrayAttr) or not all(isinstance(s, SpaceAttr) for s in attr):
        raise VerifyException(f"{SPACES_ATTR} must be a list of #memir.space attributes")
    spaces = list(attr.data)
    names = [s.space_name.data for s in spaces]
    if len(set(names)) != len(names):
        raise VerifyException(f"{SPACES_ATTR} declares a space twice: {names}")
    for space in spaces[:-1]:
        if space.capacity is None:
            raise VerifyException(f'space "{space.space_name.data}" needs a capacity: only the '
                                  "last (default) space may be unbounded")
    return spaces


@irdl_op_definition
class CopyOp(IRDLOperation):
    """``memir.copy %src to %dst on %s``: copy all of ``%src``'s bytes into ``%dst``.

    Read by the program reader as a step with kernel ``memir.copy`` that reads ``%src``
    and writes ``%dst`` (see the module docstring). Without ``on`` it runs on stream 0.
    """

    name = "memir.copy"
    stream = opt_operand_def(StreamType)
    inputs = var_operand_def(BufferType)
    outputs = var_operand_def(BufferType)
    irdl_options = (AttrSizedOperandSegments(as_property=True),)

    def __init__(self, source: SSAValue, target: SSAValue, stream: SSAValue | None):
        super().__init__(operands=[[stream] if stream else [], [source], [target]])

    @property
    def kernel(self) -> StringAttr:
        return StringAttr(COPY_KERNEL)

    @property
    def workspaces(self) -> tuple[SSAValue, ...]:
        return ()

    @property
    def is_buffer_form(self) -> bool:
        return True

    @property
    def source(self) -> SSAValue:
        return self.inputs[0]

    @property
    def target(self) -> SSAValue:
        return self.outputs[0]

    @classmethod
    def parse(cls, parser: Parser) -> CopyOp:
        source = parse_defined_operand(parser)
        parser.parse_keyword("to")
        target = parse_defined_operand(parser)
        stream = None
        if parser.parse_optional_keyword("on") is not None:
            stream = parse_defined_operand(parser)
        op = cls(source, target, stream)
        op.attributes.update(parser.parse_optional_attr_dict())
        return op

    def print(self, printer: Printer) -> None:
        printer.print_string(" ")
        printer.print_operand(self.source)
        printer.print_string(" to ")
        printer.print_operand(self.target)
        if self.stream is not None:
            printer.print_string(" on ")
            printer.print_operand(self.stream)
        printer.print_op_attributes(self.attributes)

    def verify_(self) -> None:
        if len(self.inputs) != 1 or len(self.outputs) != 1:
            raise VerifyException("copies one buffer into one other")
        if self.stream is not None and not isinstance(self.stream.type, StreamType):
            raise VerifyException(f"'on' expects a !memir.stream value, got {self.stream.type}")
        if self.source is self.target:
            raise VerifyException("copies a buffer into another, not into itself")
