"""Importing memir leaves xDSL as it was; ``xdsl_patches.apply()`` changes what it says.

Why in a fresh interpreter: this test process has applied the patches (tests/conftest.py)
and imported memir long before; only a new one shows what an import alone does. What is
compared is described in tests/dialect/xdsl_state.py.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from types import ModuleType

import pytest

from memir.dialects import xdsl_patches

STATE = Path(__file__).with_name("xdsl_state.py")


def state(*args: str) -> object:
    done = subprocess.run([sys.executable, str(STATE), *args], capture_output=True,
                          text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


@pytest.fixture(scope="module")
def xdsl_modules() -> str:
    """The xdsl modules importing memir loads, as JSON: snapshotted before memir is."""
    modules = state("modules")
    assert "xdsl.traits" in modules and "xdsl.utils.mlir_lexer" in modules
    return json.dumps(modules)


def test_importing_memir_changes_nothing_in_xdsl(xdsl_modules):
    found = state("import", xdsl_modules)
    imported = set(found["memir"])
    assert {"memir.dialects", "memir.dialects.xdsl_patches", "memir.passes",
            "memir.tools.memir_opt", "memir.tools.memir_translate", "memir.io"} <= imported
    assert found["changes"] == []


def _patched_keys() -> set[str]:
    """The snapshot's key of each patched member: ``module.Class.name`` for a class member,
    ``module.name`` for a module-level function."""
    return {f"{p.owner.__name__}.{p.name}" if isinstance(p.owner, ModuleType)
            else f"{p.owner.__module__}.{p.owner.__qualname__}.{p.name}"
            for p in xdsl_patches.PATCHES}


def test_apply_changes_exactly_the_patches_and_is_idempotent(xdsl_modules):
    found = state("apply", xdsl_modules)
    changed = {line.split(": ", 1)[0] for line in found["first"]}
    assert changed == _patched_keys() | {
        "probe:escaped UTF-8", "probe:wide integer type", "probe:ceildiv by a symbol",
        "probe:dimension times symbol", "probe:floordiv by a symbol", "probe:mod by a symbol",
        "probe:hexadecimal float element", "probe:huge dense type", "probe:static index 2^63",
        "probe:i64 list element 2^63"}
    assert found["second"] == []


def test_the_patches_are_the_documented_ones():
    assert _patched_keys() == {
        "xdsl.utils.mlir_lexer.MLIRLexer._unescaped_characters_regex",
        "xdsl.utils.mlir_lexer.MLIRLexer._lex_string_literal",
        "xdsl.parser.attribute_parser.AttrParser._builtin_integer_type_regex",
        "xdsl.ir.affine.affine_expr.AffineExpr.ceil_div",
        "xdsl.ir.affine.affine_expr.AffineExpr.__mul__",
        "xdsl.ir.affine.affine_expr.AffineExpr.__floordiv__",
        "xdsl.ir.affine.affine_expr.AffineExpr.__mod__",
        "xdsl.parser.attribute_parser.AttrParser._parse_tensor_literal_element",
        "xdsl.parser.attribute_parser.AttrParser._parse_dense_literal_type",
        "xdsl.irdl.declarative_assembly_format.DenseArrayAttributeVariable.parse_attr",
        "xdsl.dialects.utils.dynamic_index_list.parse_dynamic_index_without_type",
        "xdsl.dialects.utils.dynamic_index_list.parse_dynamic_index_with_type",
    }
    for patch in xdsl_patches.PATCHES:
        assert patch.reason and patch.applied()  # tests/conftest.py applied them


OTHER_VERSION = """
import warnings
import xdsl
xdsl.__version__ = "0.75.0"
from memir.dialects import xdsl_patches
with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    applied = xdsl_patches.apply() + xdsl_patches.apply()
print(applied == (), [p.applied() for p in xdsl_patches.PATCHES], len(caught))
print(caught[0].message)
"""


def test_on_another_xdsl_version_apply_changes_nothing_and_says_so():
    done = subprocess.run([sys.executable, "-c", OTHER_VERSION], capture_output=True,
                          text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    result, message = done.stdout.splitlines()
    assert result == f"True {[False] * len(xdsl_patches.PATCHES)} 1"
    assert "xDSL 0.75.0 is not 0.74.0" in message and "AffineExpr.ceil_div" in message
