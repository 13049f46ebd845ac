"""Graph-level memir ops: streams, events and compute ops.

``memir.compute`` has two forms: before bufferization it takes and makes tensor values;
after, it reads ``ins(...)`` and writes ``outs(...)`` buffers and has no results.

    %s1 = memir.stream 1
    %y = memir.compute "conv2d" on %s1 (%x, %w) workspace 4096 : tensor<1x64x56x56xf32>
    memir.compute "aten.add_" on %s1 (%y, %x) writes(%y) : ()
    %e = memir.record on %s1
    memir.wait %e on %s0
    memir.compute "relu" on %s0 ins(%a) outs(%b)

``writes(%y)``: operands updated in place (bufferize lists them in ``outs`` and ``ins``).
Without ``on``, stream 0. A stream runs in program order; data and record/wait order streams.
"""

from __future__ import annotations

from xdsl.dialects.builtin import DenseArrayBase, IntAttr, StringAttr, TensorType, i64
from xdsl.ir import Attribute, Operation, SSAValue, SSAValues
from xdsl.irdl import (
    AttrSizedOperandSegments,
    IRDLOperation,
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
from xdsl.parser import Parser
from xdsl.printer import Printer
from xdsl.traits import Pure
from xdsl.utils.exceptions import VerifyException

from memir.dialects.attributes import BufferType, EventType, StreamType
from memir.dialects.limits import MAX_STREAM, check_bytes
from memir.dialects.fast_path import (
    check_compute_structure,
    fast_verified,
    operand_indices,
    segment_sizes,
    try_parse_compute,
    try_parse_tensor_compute,
)
from memir.dialects.segments import unpacked_segments
from memir.dialects.syntax import parse_defined_operand, parse_operand_list, print_operands


@irdl_op_definition
class StreamOp(IRDLOperation):
    """``%s = memir.stream 1``: declares execution stream 1.

    Custom syntax: a declarative format would print the IntAttr as ``#builtin.int<1>``.
    ``Pure``: declaring a stream nothing runs on changes nothing, so it may be dropped."""

    name = "memir.stream"
    index = prop_def(IntAttr)
    result = result_def(StreamType)
    traits = traits_def(Pure())

    def __init__(self, index: int):
        super().__init__(properties={"index": IntAttr(index)}, result_types=[StreamType()])

    @classmethod
    def parse(cls, parser: Parser) -> StreamOp:
        op = cls(parser.parse_integer())
        op.attributes.update(parser.parse_optional_attr_dict())
        return op

    def print(self, printer: Printer) -> None:
        printer.print_string(f" {self.index.data}")
        printer.print_op_attributes(self.attributes)

    def verify_(self) -> None:
        if self.index.data < 0:
            raise VerifyException(f"stream index must be non-negative, got {self.index.data}")
        if self.index.data >= MAX_STREAM:
            raise VerifyException(f"stream index {self.index.data} is too large: it must be "
                                  "below 2^31")


def _parse_on_stream(parser: Parser) -> SSAValue | None:
    if parser.parse_optional_keyword("on") is None:
        return None
    return parse_defined_operand(parser)


def _print_on_stream(printer: Printer, stream: SSAValue | None) -> None:
    if stream is not None:
        printer.print_string(" on ")
        printer.print_operand(stream)


def _verify_stream(op: IRDLOperation, stream: SSAValue | None) -> None:
    if stream is not None and not isinstance(stream.type, StreamType):
        raise VerifyException(f"'on' expects a !memir.stream value, got {stream.type}")


_EVENT = EventType()


@irdl_op_definition
class RecordOp(IRDLOperation):
    """``%e = memir.record on %s``: an event after every op issued so far on stream %s.

    Declarative format. No effect trait (unknown effects: kept): it orders streams."""

    name = "memir.record"
    stream = opt_operand_def(StreamType)
    event = result_def(EventType)

    def __init__(self, stream: SSAValue | None):
        # Operation's own constructor, as ComputeOp's: IRDL's argument building was a
        # large part of parsing a training step's record and wait lines.
        Operation.__init__(self, operands=[stream] if stream else [], result_types=[_EVENT])

    assembly_format = "(`on` $stream^)? attr-dict"


@unpacked_segments
@irdl_op_definition
class WaitOp(IRDLOperation):
    """``memir.wait %e on %s``: later ops on %s start after event %e.

    Declarative format. No effect trait (unknown effects: kept): it orders streams."""

    name = "memir.wait"
    event = operand_def(EventType)
    stream = opt_operand_def(StreamType)
    irdl_options = (AttrSizedOperandSegments(as_property=True),)

    def __init__(self, event: SSAValue, stream: SSAValue | None):
        Operation.__init__(self, operands=[event, stream] if stream else [event],
                           properties={"operandSegmentSizes": _WAIT_SEGMENTS[bool(stream)]})

    assembly_format = "$event (`on` $stream^)? attr-dict"

    def verify_(self) -> None:
        if not isinstance(self.event.type, EventType):
            raise VerifyException(f"memir.wait expects a !memir.event, got {self.event.type}")


_WAIT_SEGMENTS = (segment_sizes((1, 0)), segment_sizes((1, 1)))  # without / with a stream


def _grouped(stream: SSAValue | None, inputs, outputs, workspaces
             ) -> tuple[list[SSAValue], Attribute]:
    """A compute op's operands in order (stream, inputs, outputs, workspaces) and their
    ``operandSegmentSizes``."""
    groups = ([stream] if stream is not None else [], list(inputs), list(outputs),
              list(workspaces))
    return ([SSAValue.get(v) for group in groups for v in group],
            segment_sizes(tuple(map(len, groups))))


def reads_buffers(op: Operation, inputs) -> bool:
    """``ComputeOp.is_buffer_form`` for a caller that has read the op's ``inputs``."""
    return not op.results and all(isinstance(v.type, BufferType) for v in inputs)


@unpacked_segments
@fast_verified(check_compute_structure, "check_structured")
@irdl_op_definition
class ComputeOp(IRDLOperation):
    """A kernel on a stream: tensor form (operands -> results) or buffer form (ins/outs).

    ``workspace N``: scratch bytes the kernel needs while it runs (bufferize turns it into
    a buffer used only by this op). Buffer form: ``ws(%w)`` names that buffer.
    Tensor form: ``writes(%x, ...)`` names the operands the kernel updates in place
    (property ``writes``: their indices among the operands, increasing).

    Custom syntax: two forms, optional clauses and a regex fast path. No effect trait
    (unknown: kept): it writes its outs, and a tensor-form op whose results go unused
    (an optimizer step) must stay in the graph.
    """

    name = "memir.compute"
    kernel = prop_def(StringAttr)
    workspace = opt_prop_def(IntAttr)
    writes = opt_prop_def(DenseArrayBase.constr(i64))
    stream = opt_operand_def(StreamType)
    inputs = var_operand_def()
    outputs = var_operand_def(BufferType)
    workspaces = var_operand_def(BufferType)
    tensor_results = var_result_def()
    irdl_options = (AttrSizedOperandSegments(as_property=True),)

    def __init__(
        self,
        kernel: str | StringAttr,
        stream: SSAValue | None,
        inputs: list[SSAValue],
        outputs: list[SSAValue] = (),
        result_types: list[Attribute] = (),
        workspace: int | None = None,
        workspaces: list[SSAValue] = (),
        writes: list[int] = (),
    ):
        if not isinstance(kernel, StringAttr):
            kernel = StringAttr(kernel)
        props: dict[str, Attribute] = {"kernel": kernel}
        if workspace:
            props["workspace"] = IntAttr(workspace)
        if writes:
            props["writes"] = DenseArrayBase.from_list(i64, list(writes))
        operands, props["operandSegmentSizes"] = _grouped(stream, inputs, outputs, workspaces)
        # Operation's own constructor, as ``create`` and the fast path build it: IRDL's
        # argument building was half of parsing and bufferizing a 47k-op graph. The
        # verifier checks the same structure (segments, types) afterwards.
        Operation.__init__(self, operands=operands, result_types=list(result_types),
                           properties=props)

    def to_buffer_form(self, inputs: list[SSAValue], outputs: list[SSAValue],
                       workspaces: list[SSAValue]) -> None:
        """This op, in place, as the buffer-form op ``ComputeOp(kernel, stream, inputs,
        outputs, workspaces=workspaces)`` with this op's attributes; each result's uses go
        to the output in its place first.

        Why in place: building a new op and replacing the old one (its uses, its erasure)
        was a large part of bufferize's time on a training graph."""
        for result, output in zip(self.results, outputs):
            result.replace_all_uses_with(output)
        self.operands, segments = _grouped(self.stream, inputs, outputs, workspaces)
        self.results = SSAValues()
        self.properties = {"kernel": self.kernel, "operandSegmentSizes": segments}

    @property
    def written_indices(self) -> tuple[int, ...]:
        """Tensor form: indices of the operands updated in place."""
        return () if self.writes is None else self.writes.get_values()

    @property
    def is_buffer_form(self) -> bool:
        """No results and no tensor inputs: it reads and writes buffers."""
        return reads_buffers(self, self.inputs)

    @classmethod
    def parse(cls, parser: Parser) -> ComputeOp:
        if (op := try_parse_compute(cls, parser) or try_parse_tensor_compute(cls, parser)
                ) is not None:
            return op
        kernel = parser.parse_str_literal(" for the kernel name")
        stream = _parse_on_stream(parser)
        if parser.parse_optional_keyword("ins") is not None:
            inputs = parse_operand_list(parser)
            parser.parse_keyword("outs")
            outputs = parse_operand_list(parser)
            workspaces = []
            if parser.parse_optional_keyword("ws") is not None:
                workspaces = parse_operand_list(parser)
            op = cls(kernel, stream, inputs, outputs, workspaces=workspaces)
            if parser.parse_optional_keyword("workspace") is not None:
                op.properties["workspace"] = IntAttr(parser.parse_integer(allow_negative=False))
        else:
            inputs = parse_operand_list(parser)
            writes = _parse_writes(parser, inputs)
            workspace = None
            if parser.parse_optional_keyword("workspace") is not None:
                workspace = parser.parse_integer(allow_negative=False)
            parser.parse_punctuation(":")
            types = parser.parse_optional_comma_separated_list(
                Parser.Delimiter.PAREN, parser.parse_type
            )
            if types is None:
                types = [parser.parse_type()]
            op = cls(kernel, stream, inputs, result_types=types, workspace=workspace,
                     writes=writes)
        op.attributes.update(parser.parse_optional_attr_dict())
        return op

    def print(self, printer: Printer) -> None:
        printer.print_string(" ")
        printer.print_string_literal(self.kernel.data)
        _print_on_stream(printer, self.stream)
        if self.is_buffer_form:
            printer.print_string(" ins")
            print_operands(printer, self.inputs)
            printer.print_string(" outs")
            print_operands(printer, self.outputs)
            if self.workspaces:
                printer.print_string(" ws")
                print_operands(printer, self.workspaces)
            if self.workspace is not None:
                printer.print_string(f" workspace {self.workspace.data}")
        else:
            printer.print_string(" ")
            print_operands(printer, self.inputs)
            if self.writes is not None:
                printer.print_string(" writes")
                print_operands(printer, [self.inputs[i] for i in self.written_indices])
            if self.workspace is not None and self.workspace.data != 0:  # parse drops 0
                printer.print_string(f" workspace {self.workspace.data}")
            printer.print_string(" : ")
            types = [r.type for r in self.results]
            if len(types) == 1:
                printer.print_attribute(types[0])
            else:
                printer.print_string("(")
                printer.print_list(types, printer.print_attribute)
                printer.print_string(")")
        printer.print_op_attributes(self.attributes)

    def verify_(self) -> None:
        self.check_semantics()

    def check_semantics(self) -> None:
        _verify_stream(self, self.stream)
        self.check_workspace()
        if self.writes is not None:
            indices = self.written_indices
            if any(b <= a for a, b in zip(indices, indices[1:])) or not indices \
                    or indices[0] < 0 or indices[-1] >= len(self.inputs):
                raise VerifyException(
                    f"writes must list distinct operand indices in increasing order, below "
                    f"{len(self.inputs)}, got {list(indices)}")
        if self.is_buffer_form:
            if self.writes is not None:
                raise VerifyException(
                    "buffer-form memir.compute lists the buffers it writes in outs(...), "
                    "not writes")
            for value in self.inputs:
                if not isinstance(value.type, BufferType):
                    raise VerifyException(
                        f"buffer-form memir.compute reads !memir.buf values, got {value.type}"
                    )
        else:
            if self.outputs or self.workspaces:
                raise VerifyException("tensor-form memir.compute cannot have outs(...) or ws(...)")
            for value in (*self.inputs, *self.results):
                if not isinstance(value.type, TensorType):
                    raise VerifyException(
                        f"tensor-form memir.compute takes and returns tensors, got {value.type}"
                    )

    def check_structured(self) -> None:
        """The rules left once check_compute_structure holds: for a buffer-form op (no
        results, no writes, buffer inputs) only the workspace bytes; otherwise all of
        them."""
        if self.results or "writes" in self.properties \
                or any(type(v.type) is not BufferType for v in self.inputs):
            self.check_semantics()
        else:
            self.check_workspace()

    def check_workspace(self) -> None:
        """The workspace bytes (properties read directly: the IRDL accessors cost more
        than the check, on every op after every pass)."""
        workspace = self.properties.get("workspace")
        if workspace is not None:
            if workspace.data < 0:
                raise VerifyException("workspace bytes must be non-negative")
            check_bytes("workspace", workspace.data)


def _parse_writes(parser: Parser, inputs: list[SSAValue]) -> list[int]:
    """``writes(%x, %y)``: operands updated in place, as increasing operand indices."""
    if parser.parse_optional_keyword("writes") is None:
        return []
    start = parser.pos
    written = parse_operand_list(parser)
    indices = operand_indices(inputs, written)
    for value, index in zip(written, indices):
        if index is None:
            parser.raise_error(f"writes(...) names {value_label_text(value)}, which is not "
                               "an operand of this op", start, parser.pos)
    if len(set(indices)) != len(indices):
        parser.raise_error("writes(...) names an operand twice", start, parser.pos)
    return sorted(indices)


def value_label_text(value: SSAValue) -> str:
    return f"%{value.name_hint}" if value.name_hint else "a value"

