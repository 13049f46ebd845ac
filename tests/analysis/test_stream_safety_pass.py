"""The stream-safety pass on IR the text syntax cannot express (ops moved after parsing),
and the summaries it writes against a direct analysis of the same graph."""

from __future__ import annotations

import pytest
from xdsl.parser import Parser

from memir.analysis.stream_safety import analyze
from memir.dialects import AllocOp, ModuleCheckError, PassError, RecordOp, StreamOp, WaitOp
from memir.dialects import verify_module
from memir.dialects.program import read_program
from memir.passes.stream_safety import StreamSafety
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
    prog = read_program(module)
    result = analyze(prog.data.graph)
    for alloc, tensor in zip(prog.ir.allocs, prog.data.tensor_of_buffer):
        assert alloc.safety.data == tuple(tuple(v) for v in result.summaries[tensor].to_lists())
    t, u = ops_of(module, AllocOp)
    assert t.safety.data == ((-1, -1), (0, 0)) and u.safety.data == ((0, -1), (-1, 0))


def test_stream_used_before_it_is_declared():
    ctx, module = parse()
    s1 = ops_of(module, StreamOp)[1]
    block = s1.parent_block()
    s1.detach()
    block.insert_op_before(s1, block.last_op)  # now after the ops that run on it
    with pytest.raises(ModuleCheckError, match="stream") as error:
        verify_module(module)
    assert error.value.op is not s1


def test_wait_for_an_event_recorded_later():
    ctx, module = parse()
    record, wait = ops_of(module, RecordOp)[0], ops_of(module, WaitOp)[0]
    record.detach()
    wait.parent_block().insert_op_after(record, wait)
    with pytest.raises(PassError, match="waits for an event that is recorded later") as error:
        StreamSafety().apply(ctx, module)
    assert error.value.op is wait
