"""The cached segment accessors give exactly what IRDL's own accessors give."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st
from xdsl.dialects.builtin import DenseArrayBase, TensorType, f32, i32, i64
from xdsl.ir import Block
from xdsl.irdl.operations import BaseAttrAccessor

from memir.dialects.attributes import BufferType, EventType, StreamType
from memir.dialects.graph_ops import ComputeOp, WaitOp

ACCESSORS = ("stream", "inputs", "outputs", "workspaces")


def irdl(op, name: str):
    accessor = type(op).__dict__[name].accessor
    assert isinstance(accessor, BaseAttrAccessor)
    return accessor.__get__(op)


@settings(max_examples=60, deadline=None)
@given(st.booleans(), st.integers(0, 3), st.integers(0, 3), st.integers(0, 2))
def test_compute_groups_are_irdls(stream, inputs, outputs, workspaces):
    block = Block(arg_types=[StreamType()] + [BufferType()] * 8)
    s, *bufs = block.args
    op = ComputeOp("k", s if stream else None, bufs[:inputs], bufs[inputs:inputs + outputs],
                   workspaces=bufs[7 - workspaces:7])
    for name in ACCESSORS:
        assert getattr(op, name) == irdl(op, name)
    # the same size list from another attribute object (as a generic-form parse builds it)
    sizes = op.properties["operandSegmentSizes"].get_values()
    op.properties["operandSegmentSizes"] = DenseArrayBase.from_list(i32, list(sizes))
    for name in ACCESSORS:
        assert getattr(op, name) == irdl(op, name)


def test_a_size_list_of_another_element_type_goes_to_irdl():
    block = Block(arg_types=[TensorType(f32, [4])] * 2)
    op = ComputeOp("k", None, list(block.args), result_types=[TensorType(f32, [4])])
    op.properties["operandSegmentSizes"] = DenseArrayBase.from_list(i64, [0, 2, 0, 0])
    assert op.inputs == irdl(op, "inputs") and op.stream is None


def test_wait_stream_is_irdls():
    block = Block(arg_types=[StreamType(), EventType()])
    s, e = block.args
    for stream in (s, None):
        op = WaitOp(e, stream)
        assert op.stream is irdl(op, "stream") and op.event is e


@settings(max_examples=40, deadline=None)
@given(st.booleans(), st.integers(1, 3), st.integers(0, 2), st.integers(0, 2),
       st.booleans())
def test_to_buffer_form_is_the_op_built_anew(stream, inputs, results, workspaces, workspace):
    """Bufferize turns a compute op into its buffer form in place: the op, printed, is
    the one the constructor builds from the same groups (attributes kept, ``writes`` and
    ``workspace`` gone), and its results' uses now use the outputs."""
    import io

    from xdsl.dialects.builtin import StringAttr
    from xdsl.dialects.test import TestOp
    from xdsl.printer import Printer

    block = Block(arg_types=[StreamType()] + [BufferType()] * 8)
    s, *bufs = block.args
    op = ComputeOp("k", s if stream else None, bufs[:inputs],
                   result_types=[TensorType(f32, [4])] * results,
                   workspace=64 if workspace else None, writes=[0] if inputs > 1 else ())
    op.attributes["note"] = StringAttr("kept")
    user = TestOp(operands=list(op.results))
    block.add_ops([op, user])
    outputs, spaces = bufs[3:3 + results], bufs[7 - workspaces:7]
    op.to_buffer_form(bufs[:inputs], outputs, spaces)
    built = ComputeOp("k", s if stream else None, bufs[:inputs], outputs, workspaces=spaces)
    built.attributes["note"] = StringAttr("kept")

    def text(o) -> str:
        out = io.StringIO()
        Printer(stream=out).print_op(o)
        return out.getvalue()

    assert text(op) == text(built) and not op.results and op.is_buffer_form
    assert list(user.operands) == outputs
    op.verify()
