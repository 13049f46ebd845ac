"""memir verifies a module's (and a function's) IsolatedFromAbove and SymbolTable rules with
its own, shorter walks (dialects/fast_path.py) instead of replacing xDSL's: same verdicts,
same messages."""

from __future__ import annotations

import pytest
from xdsl.dialects import test
from xdsl.dialects.builtin import ModuleOp, StringAttr, i32, i64
from xdsl.dialects.func import FuncOp, ReturnOp
from xdsl.ir import Block, Region
from xdsl.traits import IsolatedFromAbove, SymbolTable
from xdsl.utils.exceptions import VerifyException

from memir.dialects import AllocOp
from memir.dialects.fast_path import verify_op_fast
from memir.tools.diagnostics import first_line


def _symbol(name: str) -> test.TestOp:
    return test.TestOp(properties={"sym_name": StringAttr(name)})


def _outside_use() -> ModuleOp:
    outer = test.TestOp(result_types=[i32])
    return ModuleOp([AllocOp(8), test.TestOp(regions=[[test.TestOp(operands=[outer])]])])


MODULES = {
    "valid": lambda: ModuleOp([AllocOp(8), _symbol("a"), _symbol("b")]),
    "redefined symbol": lambda: ModuleOp([_symbol("a"), AllocOp(8), _symbol("a")]),
    "value from outside": _outside_use,
}


def _verdict(check) -> str:
    try:
        check()
    except VerifyException as error:
        return first_line(error).removeprefix("Operation does not verify: ")
    return "ok"


def _function(body, arg_types=(i32,), signature=(i32,), after: bool = False):
    """A function (with a module around it, and an op after it when ``after``) whose
    block holds ``body(block)`` and a return."""
    block = Block(arg_types=arg_types)
    block.add_ops([*body(block), ReturnOp()])
    func = FuncOp("f", (signature, ()), Region(block))
    ModuleOp([func, *([AllocOp(8)] if after else [])])
    return func


def _nested_use(block):
    inner = Block()
    inner.add_op(test.TestOp(operands=[block.args[0]]))
    return [AllocOp(8), test.TestOp(regions=[Region(inner)])]


def _use_from_module(block):
    outer = test.TestOp(result_types=[i32])
    ModuleOp([outer])
    return [test.TestOp(operands=[outer.results[0]])]


def _use_of_nested_result(block):
    inner = test.TestOp(result_types=[i32])
    return [test.TestOp(regions=[Region(Block([inner]))]),
            test.TestOp(operands=[inner.results[0]])]


FUNCTIONS = {
    "valid, last in its module": lambda: _function(lambda b: [test.TestOp(operands=[b.args[0]])]),
    "valid, an op after it": lambda: _function(lambda b: [AllocOp(8)], after=True),
    "valid, an argument used in a nested region": lambda: _function(_nested_use),
    "valid, a nested result used outside its region": lambda: _function(_use_of_nested_result),
    "value from the module": lambda: _function(_use_from_module),
    "arguments unlike the signature": lambda: _function(lambda b: [], signature=(i64,)),
}


@pytest.mark.parametrize("name", FUNCTIONS)
def test_memir_function_check_agrees_with_xdsl(name):
    func = FUNCTIONS[name]()
    ours = _verdict(lambda: verify_op_fast(func) or pytest.fail("fast path not taken"))
    assert ours == _verdict(lambda: func.verify(verify_nested_ops=False))
    assert (ours == "ok") == name.startswith("valid")


def test_a_function_ending_a_block_that_needs_a_terminator_takes_the_full_verifier():
    func = _function(lambda b: [])
    func.detach()
    test.TestOp(regions=[Region(Block([func]))])
    assert verify_op_fast(func) is False
    assert "terminates block" in _verdict(lambda: func.verify(verify_nested_ops=False))


@pytest.mark.parametrize("name", MODULES)
def test_memir_module_check_agrees_with_xdsl(name):
    module = MODULES[name]()
    ours = _verdict(lambda: verify_op_fast(module) or pytest.fail("fast path not taken"))
    assert ours == _verdict(lambda: module.verify(verify_nested_ops=False))
    assert (ours == "ok") == (name == "valid")


def test_xdsl_keeps_its_own_trait_verifiers():
    assert IsolatedFromAbove.verify.__module__ == SymbolTable.verify.__module__ == "xdsl.traits"
