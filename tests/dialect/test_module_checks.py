"""verify_module's rules that text cannot reach: the parser scopes names per function, so
only a pass can make an op use a value of another function."""

from __future__ import annotations

import pytest
from xdsl.dialects import func
from xdsl.dialects.builtin import ModuleOp
from xdsl.ir import Block, Region

from memir.dialects import AllocOp, BufferType, ComputeOp, ModuleCheckError, verify_module


def function(name: str, ops: list) -> func.FuncOp:
    block = Block(arg_types=[BufferType()])
    block.add_ops([*ops, func.ReturnOp()])
    return func.FuncOp(name, ((BufferType(),), ()), Region(block))


def test_a_value_of_another_function_is_out_of_scope():
    alloc = AllocOp(64)
    alloc.result.name_hint = "a"
    first = function("first", [alloc, ComputeOp("fill", None, [], [alloc.result])])
    stray = ComputeOp("read", None, [alloc.result])  # a pass moved the use elsewhere
    second = function("second", [stray])
    with pytest.raises(ModuleCheckError, match="value %a is used outside its scope") as error:
        verify_module(ModuleOp([first, second]))
    assert error.value.op is stray


def test_in_place_updates_verify():
    """The second writer reads what it writes: an in-place update, no error."""
    alloc = AllocOp(64)
    arg_user = function("f", [alloc])
    weight = arg_user.body.block.args[0]
    arg_user.body.block.insert_ops_before(
        [ComputeOp("fill", None, [weight], [alloc.result]),
         ComputeOp("relu_", None, [alloc.result], [alloc.result]),
         ComputeOp("sgd_", None, [weight, alloc.result], [weight])],
        arg_user.body.block.last_op)
    verify_module(ModuleOp([arg_user]))
