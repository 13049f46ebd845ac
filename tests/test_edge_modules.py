"""Every registered pass on the degenerate modules a user or a pipeline can hand it.

An empty module, allocs and nothing else, a function without ops, duplicate symbols: each
pass alone and every pass in pipeline order must either succeed or give a located error
(exit 1) -- never an internal error, a traceback or a hang. These are the shapes the
fuzzing found crashes on (``rematerialize`` with nothing to recompute); they are pinned
here for every pass, present and future, instead of waiting for a random draw.
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "benchmarks"))

import fuzz  # noqa: E402  (benchmarks/fuzz.py: the in-process runner and its verdict)

from memir.passes import PASS_MODULES  # noqa: E402

# Options a pass cannot run without (its check_options refuses the defaults).
REQUIRED = {"rematerialize": "{capacity=1}"}

FUNCTION = """func.func @f(%x: tensor<4xf32>) -> tensor<4xf32> {
  %s = memir.stream 0
  %y = memir.compute "relu" on %s (%x) : tensor<4xf32>
  func.return %y : tensor<4xf32>
}
"""
MODULES = {
    "empty": "",
    "empty-module": "builtin.module {\n}\n",
    "allocs-with-lifetimes": '%a = memir.alloc 64 live [0, 2) id "a"\n'
                             '%b = memir.alloc 128 live [1, 3) id "b"\n',
    "allocs-in-a-function": "func.func @f() {\n  %a = memir.alloc 64\n  %b = memir.alloc 128\n"
                            "  func.return\n}\n",
    "function-without-ops": "func.func @f() {\n  func.return\n}\n",
    "declaration-only": "func.func private @g(memref<4xf32>)\n",
    "duplicate-functions": FUNCTION + FUNCTION,
    "duplicate-empty-functions": "func.func @f() {\n  func.return\n}\n" * 2,
    "memref-allocs-only": "func.func @f() {\n  %a = memref.alloc() : memref<16xf32>\n"
                          "  memref.dealloc %a : memref<16xf32>\n  func.return\n}\n",
}
EVERY_PASS = ",".join(
    name + REQUIRED.get(name, "")
    for name in (*fuzz.PASS_ORDER, *(n for n in PASS_MODULES if n not in fuzz.PASS_ORDER))
)


def _run(pipeline: str, module: str) -> fuzz.Outcome:
    outcome, _ = fuzz.run_tool("opt", ["-p", pipeline], module.encode(), timeout=60)
    return outcome


@pytest.mark.parametrize("name", sorted(PASS_MODULES))
@pytest.mark.parametrize("module", sorted(MODULES))
def test_pass_on_degenerate_module(name: str, module: str) -> None:
    outcome = _run(name + REQUIRED.get(name, ""), MODULES[module])
    assert outcome.problem is None, (name, module, outcome.stderr)


@pytest.mark.parametrize("module", sorted(MODULES))
def test_every_pass_in_order_on_degenerate_module(module: str) -> None:
    outcome = _run(EVERY_PASS, MODULES[module])
    assert outcome.problem is None, (module, outcome.stderr)


def test_duplicate_symbols_are_located_errors() -> None:
    outcome = _run("bufferize", MODULES["duplicate-functions"])
    assert outcome.status == 1 and 'Redefinition of symbol "f"' in outcome.stderr


def test_the_degenerate_modules_that_are_valid_run_through() -> None:
    """The runner would call a refused input fine too: the valid shapes must succeed, so
    the passes really run on them."""
    for module in ("empty", "empty-module", "allocs-with-lifetimes", "function-without-ops",
                   "allocs-in-a-function"):
        outcome = _run("bufferize", MODULES[module])
        assert outcome.status == 0, (module, outcome.stderr)


def test_every_registered_pass_is_in_the_full_pipeline() -> None:
    assert all(name in EVERY_PASS for name in PASS_MODULES)
