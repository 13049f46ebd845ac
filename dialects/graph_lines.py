"""Runs of graph lines read in bulk: ``memir.compute``, ``memir.record``, ``memir.wait``.

Why: an imported training step is tens of thousands of such lines, and xDSL's
``parse_operation`` costs per op what the op's own fast path does not save (the result
list, the op name, the location, one token at a time). ``parse_graph_lines`` reads a run
of the common one-line forms, each with one regular expression at the line's start, as
``fast_path.parse_alloc_lines`` does for allocs, and builds the ops as their own parsers
do. The run stops, leaving the parser on that line, at anything else (another op, a name
clash, a forward reference, an operand the full parser would refuse, a line that does not
end where the form does); the full parser then reads that line and reports what is wrong
with it. Output is identical either way (tests/test_syntax_differential.py).
"""

from __future__ import annotations

import re

from xdsl.ir import Block, Operation
from xdsl.parser import Parser
from xdsl.utils.exceptions import VerifyException

from memir.dialects.attributes import EventType, StreamType
from memir.dialects.fast_path import (
    BUFFER_COMPUTE,
    GAP,
    LINE_END,
    TENSOR_COMPUTE,
    VALUE_NAME,
    buffer_compute,
    lookup_values,
    tensor_compute,
)
from memir.dialects.xdsl_internals import resume_from

_RESULT = r"%[A-Za-z_$.\-][A-Za-z0-9_$.\-]*"  # a name xDSL keeps as the value's name hint
_TENSOR_LINE = re.compile(rf"(?:({_RESULT}(?:, {_RESULT})*) = )?memir\.compute "
                          + TENSOR_COMPUTE.pattern + GAP)
_BUFFER_LINE = re.compile(r"memir\.compute " + BUFFER_COMPUTE.pattern + GAP)
_RECORD_LINE = re.compile(rf"({_RESULT}) = memir\.record(?: on ({VALUE_NAME}))?" + LINE_END + GAP)
_WAIT_LINE = re.compile(rf"memir\.wait ({VALUE_NAME})(?: on ({VALUE_NAME}))?" + LINE_END + GAP)


class GraphLineReader:
    """The op classes a context maps the three names to; a line of an op the context maps
    elsewhere is left to the full parser."""

    def __init__(self, compute: type[Operation] | None, record: type[Operation] | None,
                 wait: type[Operation] | None) -> None:
        self.compute, self.record, self.wait = compute, record, wait

    def read(self, parser: Parser, block: Block, op_starts: dict) -> bool:
        """Parse the run of graph lines at the parser's position into ``block``, noting
        where each op began; True when it read at least one."""
        text = parser.lexer.input.content
        pos = start = parser.pos
        while (found := self._taken(parser, text, pos)) is not None:
            op, names, end = found
            for name, value in zip(names, op.results):  # as xDSL's parser names them
                parser.ssa_values[name] = (value,)
                value.name_hint = name  # the setter drops a ``_N`` suffix, as xDSL's
            block.add_op(op)
            op_starts[op] = pos
            pos = end
        if pos != start:
            resume_from(parser, pos)
        return pos != start

    def _taken(self, parser: Parser, text: str, pos: int):
        """``_line``, or None where building the op refused a value (a type or an
        attribute's own check): the full parser reads that line again and says why, at
        the op, as for any op."""
        try:
            return self._line(parser, text, pos)
        except (ValueError, TypeError, OverflowError, VerifyException):
            return None

    def _line(self, parser: Parser, text: str, pos: int):
        """(op, its result names, the end of the line) for the line at ``pos``, or None;
        an op is built only once its line is known to be taken whole."""
        head = text[pos:pos + 11]
        if head == "memir.wait ":
            return self._wait(parser, text, pos)
        if head == "memir.compu" and self.compute is not None \
                and (m := _BUFFER_LINE.match(text, pos)):
            op = buffer_compute(self.compute, parser, m.groups())
            return None if op is None else (op, (), m.end())
        if self.record is not None and (m := _RECORD_LINE.match(text, pos)):
            names = _free_names(parser, m.group(1), 1)
            stream = _typed_operand(parser, m.group(2), StreamType)
            if names is None or stream is _REFUSED:
                return None
            return self.record(stream), names, m.end()
        if self.compute is not None and (m := _TENSOR_LINE.match(text, pos)):
            results, *groups = m.groups()
            types = groups[-2]
            names = _free_names(parser, results, types.count(", ") + (types != "()"))
            if names is None:
                return None
            op = tensor_compute(self.compute, parser, tuple(groups))
            return None if op is None else (op, names, m.end())
        return None

    def _wait(self, parser: Parser, text: str, pos: int):
        if self.wait is None or (m := _WAIT_LINE.match(text, pos)) is None:
            return None
        event = _typed_operand(parser, m.group(1), EventType)
        stream = _typed_operand(parser, m.group(2), StreamType)
        if event is _REFUSED or stream is _REFUSED:
            return None
        return self.wait(event, stream), (), m.end()


_REFUSED = object()  # an operand the full parser must read


def _typed_operand(parser: Parser, name: str | None, kind: type):
    """The value ``name`` names if it has type ``kind`` (the type the op's declarative
    format resolves it to), None for no name, ``_REFUSED`` for what the full parser must
    read (a forward reference, another type)."""
    if name is None:
        return None
    found = lookup_values(parser, name)
    if found is None or type(found[0].type) is not kind:
        return _REFUSED
    return found[0]


def _free_names(parser: Parser, names: str | None, count: int) -> tuple[str, ...] | None:
    """The result names of a line that binds ``count`` results, without their ``%``; None
    when the counts differ or a name is repeated, taken, or used before its definition
    (xDSL's parser reports each)."""
    if not names:
        return () if count == 0 else None
    found = tuple(name[1:] for name in names.split(", "))
    defined, forward = parser.ssa_values, parser.forward_ssa_references
    if len(found) != count or len(set(found)) != count \
            or any(name in defined or name in forward for name in found):
        return None
    return found


def reader_for(ctx) -> GraphLineReader:
    """The reader for the ops ``ctx`` maps the three names to, when those are memir's."""
    from memir.dialects.graph_ops import ComputeOp, RecordOp, WaitOp

    def own(name: str, cls: type[Operation]) -> type[Operation] | None:
        return cls if ctx.get_optional_op(name) is cls else None

    return GraphLineReader(own("memir.compute", ComputeOp), own("memir.record", RecordOp),
                           own("memir.wait", WaitOp))


__all__ = ["GraphLineReader", "reader_for"]
