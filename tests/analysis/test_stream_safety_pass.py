"""The stream-safety pass on IR the text syntax cannot express (ops moved after parsing),
and the summaries it writes against a direct analysis of the same graph."""

from __future__ import annotations

import pytest
from xdsl.parser import Parser

from memir.analysis.stream_safety import analyze
from memir.dialects import AllocOp, RecordOp, StreamOp, WaitOp
from memir.passes.ir_model import build_model
from memir.passes.stream_safety import StreamSafety
from memir.tools.diagnostics import OpError
from memir.tools.registry import make_context

TEXT = """
func.func @f(%x: !memir.buf) {
  %s0 = memir.stream 0
  %s1 = memir.stream 1
  %t = memir.alloc 64
  memir.compute "a" on %s0 ins(%x) outs(%t)
  %e = memir.record on %s0
  memir.wait %e on %s1
  %u = memir.alloc 64
  memir.compute "b" on %s1 ins(%t) outs(%u)
  func.return
}
"""


def parse():
    ctx = make_context()
    return ctx, Parser(ctx, TEXT).parse_module()


def ops_of(module, kind):
    return [op for op in module.walk() if isinstance(op, kind)]


def test_summaries_written_match_the_analysis():
    ctx, module = parse()
    StreamSafety().apply(ctx, module)
    model = build_model(module)
    result = analyze(model.graph)
    for alloc, tensor in zip(model.allocs, model.tensor_of_alloc):
        assert alloc.safety.data == tuple(tuple(v) for v in result.summaries[tensor].to_lists())
    t, u = ops_of(module, AllocOp)
    assert t.safety.data == ((-1, -1), (0, 0)) and u.safety.data == ((0, -1), (-1, 0))


def test_stream_used_before_it_is_declared():
    ctx, module = parse()
    s1 = ops_of(module, StreamOp)[1]
    block = s1.parent_block()
    s1.detach()
    block.insert_op_before(s1, block.last_op)  # now after the ops that run on it
    with pytest.raises(OpError, match="stream 1 is used before it is declared"):
        StreamSafety().apply(ctx, module)


def test_wait_for_an_event_recorded_later():
    ctx, module = parse()
    record, wait = ops_of(module, RecordOp)[0], ops_of(module, WaitOp)[0]
    record.detach()
    wait.parent_block().insert_op_after(record, wait)
    with pytest.raises(OpError, match="waits for an event that is recorded later") as error:
        StreamSafety().apply(ctx, module)
    assert error.value.op is wait
