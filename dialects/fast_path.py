"""Fast paths for the two ops that make up most of a large graph: alloc and compute.

Why: xDSL's token-by-token parser and its generic IRDL construction and verification cost
about 0.3 ms per op, too slow for 10k-op graphs. The common one-line forms

    %b = memir.alloc 4096 align 64 live [0, 3) offset 128 id "b"
    memir.compute "conv" on %s ins(%a, %b) outs(%c)

are matched with one regular expression at the lexer's position, built with
``Operation.create`` and checked by the short structural verifiers below; anything else
(forward references, attribute dictionaries, the rarer clauses) falls back to the full
parser. This relies on xDSL 0.74's lexer layout (pinned). Output is identical either way;
the round-trip tests exercise both paths.
"""

from __future__ import annotations

import re

from xdsl.dialects.builtin import DenseArrayBase, IntAttr, StringAttr, i32
from xdsl.ir import Attribute, Operation, SSAValue
from xdsl.parser import Parser
from xdsl.utils.exceptions import VerifyException

from memir.dialects.attributes import BufferType, StreamType

BUFFER = BufferType()
_END = r"[ \t]*(?=\n|\r|$|//|\})"
_ALLOC = re.compile(
    r"(\d+)(?: align (\d+))?(?: live \[(-?\d+), (-?\d+)\))?(?: offset (\d+))?"
    r'(?: id "([^"\\\n]*)")?( external)?' + _END
)
_NAME = r"%[A-Za-z0-9_$.\-]+"
_LIST = rf"(?:{_NAME}(?:, {_NAME})*)?"
_COMPUTE = re.compile(
    rf'"([^"\\\n]*)"(?: on ({_NAME}))? ins\(({_LIST})\) outs\(({_LIST})\)(?: workspace (\d+))?'
    + _END
)
_segment_cache: dict[tuple[int, ...], Attribute] = {}


def segment_sizes(sizes: tuple[int, ...]) -> Attribute:
    attr = _segment_cache.get(sizes)
    if attr is None:
        attr = _segment_cache[sizes] = DenseArrayBase.from_list(i32, sizes)
    return attr


def _match(parser: Parser, pattern: re.Pattern) -> re.Match | None:
    return pattern.match(parser.lexer.input.content, parser.pos)


def _advance(parser: Parser, end: int) -> None:
    state = parser._parser_state
    state.lexer.pos = end
    state.current_token = state.lexer.lex()


def _lookup(parser: Parser, names: str) -> list[SSAValue] | None:
    if not names:
        return []
    values = []
    table = parser.ssa_values
    for name in names.split(", "):
        found = table.get(name[1:])
        if found is None or len(found) != 1:
            return None  # a forward reference or a tuple: let the full parser handle it
        values.append(found[0])
    return values


def try_parse_alloc(cls: type[Operation], parser: Parser) -> Operation | None:
    m = _match(parser, _ALLOC)
    if m is None:
        return None
    size, align, lower, upper, offset, buffer_id, external = m.groups()
    props: dict[str, Attribute] = {"size": IntAttr(int(size))}
    if align is not None and int(align) != 1:  # as AllocOp(): alignment 1 is the default
        props["alignment"] = IntAttr(int(align))
    if lower is not None:
        props["lower"], props["upper"] = IntAttr(int(lower)), IntAttr(int(upper))
    if offset is not None:
        props["offset"] = IntAttr(int(offset))
    if buffer_id is not None:
        props["id"] = StringAttr(buffer_id)
    if external is not None:
        from xdsl.dialects.builtin import UnitAttr

        props["external"] = UnitAttr()
    _advance(parser, m.end())
    return cls.create(result_types=[BUFFER], properties=props)


def try_parse_compute(cls: type[Operation], parser: Parser) -> Operation | None:
    m = _match(parser, _COMPUTE)
    if m is None:
        return None
    kernel, stream_name, ins, outs, workspace = m.groups()
    stream = _lookup(parser, stream_name) if stream_name else []
    inputs, outputs = _lookup(parser, ins), _lookup(parser, outs)
    if stream is None or inputs is None or outputs is None:
        return None
    props: dict[str, Attribute] = {
        "kernel": StringAttr(kernel),
        "operandSegmentSizes": segment_sizes((len(stream), len(inputs), len(outputs), 0)),
    }
    if workspace is not None:
        props["workspace"] = IntAttr(int(workspace))
    _advance(parser, m.end())
    return cls.create(operands=[*stream, *inputs, *outputs], properties=props)


_ALLOC_PROPS = {
    "size": IntAttr, "alignment": IntAttr, "lower": IntAttr, "upper": IntAttr,
    "offset": IntAttr, "id": StringAttr,
}


def check_alloc_structure(op: Operation) -> bool:
    """True when the common structure holds; False asks for the full IRDL verifier."""
    if op.operands or len(op.results) != 1 or op.regions or op.successors:
        return False
    if not isinstance(op.results[0].type, BufferType):
        return False
    props = op.properties
    if not isinstance(props.get("size"), IntAttr):
        return False
    for key, value in props.items():
        expected = _ALLOC_PROPS.get(key)
        if expected is None or type(value) is not expected:
            return False  # memref, safety, external, or a stranger: the slow path decides
    return True


def check_compute_structure(op: Operation) -> bool:
    """Buffer-form compute: stream?, ins, outs, ws segments and buffer-typed values."""
    if op.results or op.regions or op.successors:
        return False
    props = op.properties
    segments = props.get("operandSegmentSizes")
    if not isinstance(props.get("kernel"), StringAttr) or not isinstance(segments, DenseArrayBase):
        return False
    for key, value in props.items():
        if key == "workspace":
            if type(value) is not IntAttr:
                return False
        elif key not in ("kernel", "operandSegmentSizes"):
            return False
    sizes = segments.get_values()
    if len(sizes) != 4 or sizes[0] > 1 or sum(sizes) != len(op.operands):
        return False
    operands = op.operands
    if sizes[0] and not isinstance(operands[0].type, StreamType):
        return False
    return all(isinstance(v.type, BufferType) for v in operands[sizes[0]:])


def fast_verify(op_class: type[Operation], structure_check, semantic_check=None) -> None:
    """Replace the IRDL structural check of ``op_class`` by ``structure_check`` when it holds.

    The op's own semantic checks then run: ``semantic_check`` if given (the checks that
    the structure does not already imply), else ``check_semantics``.
    """
    full_verify = op_class.verify_
    semantic_check = semantic_check or op_class.check_semantics

    def verify_(self) -> None:
        if structure_check(self):
            semantic_check(self)
        else:
            full_verify(self)

    op_class.verify_ = verify_


__all__ = ["VerifyException", "fast_verify", "try_parse_alloc", "try_parse_compute"]
