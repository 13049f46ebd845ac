"""memir verifies a module's IsolatedFromAbove and SymbolTable rules with its own, shorter
walks (dialects/fast_path.py) instead of replacing xDSL's: same verdicts, same messages."""

from __future__ import annotations

import pytest
from xdsl.dialects import test
from xdsl.dialects.builtin import ModuleOp, StringAttr, i32
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


@pytest.mark.parametrize("name", MODULES)
def test_memir_module_check_agrees_with_xdsl(name):
    module = MODULES[name]()
    ours = _verdict(lambda: verify_op_fast(module) or pytest.fail("fast path not taken"))
    assert ours == _verdict(lambda: module.verify(verify_nested_ops=False))
    assert (ours == "ok") == (name == "valid")


def test_xdsl_keeps_its_own_trait_verifiers():
    assert IsolatedFromAbove.verify.__module__ == SymbolTable.verify.__module__ == "xdsl.traits"
