"""What memir's tools know: dialects and passes, including passes from other packages.

A pass from outside the package registers through the ``memir.passes`` entry-point group:

    [project.entry-points."memir.passes"]
    my-pass = "my_package.my_module:MyPass"

``memir-opt`` loads it on start; ``memir-opt --help`` lists it with the built-in ones.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from importlib import import_module
from importlib.metadata import entry_points

from xdsl.context import Context
from xdsl.dialects.builtin import Builtin
from xdsl.dialects.func import Func
from xdsl.dialects.test import Test
from xdsl.ir import Dialect
from xdsl.passes import ModulePass

from memir.dialects import Memir

ENTRY_POINT_GROUP = "memir.passes"


UPSTREAM_DIALECTS = {
    "arith": ("memir.dialects.upstream.arith", "dialect"),
    "math": ("memir.dialects.upstream.math", "dialect"),
    "memref": ("memir.dialects.upstream.memref", "dialect"),
    "linalg": ("memir.dialects.upstream.linalg", "dialect"),
    "scf": ("memir.dialects.upstream.scf", "dialect"),
    "cf": ("memir.dialects.upstream.cf", "dialect"),
    "affine": ("memir.dialects.upstream.affine", "dialect"),
    "tensor": ("memir.dialects.upstream.tensor", "dialect"),
    "bufferization": ("memir.dialects.upstream.bufferization", "dialect"),
    "vector": ("memir.dialects.upstream.vector", "dialect"),
    "index": ("memir.dialects.upstream.index", "dialect"),
    "ub": ("xdsl.dialects.ub", "UB"),
}
"""Upstream MLIR dialects a bufferized program uses: name -> (module, class or factory).

Registered, not loaded: xDSL imports a dialect's module the first time the parser meets
one of its ops or types, so ``printf '' | memir-opt`` pays nothing for them (linalg alone
costs tens of milliseconds to import). tests/passes/test_memref.py checks it
(``test_empty_input_loads_no_upstream_dialect`` and the tests after it). What xDSL
lacks or writes differently from MLIR 22 is added in memir/dialects/upstream/.
"""


def _loader(module: str, attr: str) -> Callable[[], Dialect]:
    def load() -> Dialect:
        found = getattr(import_module(module), attr)
        return found if isinstance(found, Dialect) else found()

    return load


@cache
def _context_class() -> type[Context]:
    """memir's context, open to the upstream dialects' ops memir does not define."""
    from memir.dialects.upstream.opaque import OpenUpstreamDialects
    from memir.passes.support.analysis_manager import MemirContext

    return dataclass(type("UpstreamContext", (OpenUpstreamDialects, MemirContext), {}))


def make_context() -> Context:
    """A context with memir's dialects and an analysis cache (passes/support/analyses.py).

    builtin, func, test and memir are loaded; the upstream dialects of
    ``UPSTREAM_DIALECTS`` are registered lazily.
    """
    ctx = _context_class()()
    for dialect in (Builtin, Func, Test, Memir):
        ctx.load_dialect(dialect)
    for name, (module, attr) in UPSTREAM_DIALECTS.items():
        ctx.register_dialect(name, _loader(module, attr))
    return ctx


def builtin_passes() -> dict[str, Callable[[], type[ModulePass]]]:
    """memir's passes by name; each factory imports its module when first called."""
    from memir.passes import PASS_MODULES, load_pass

    return {name: (lambda name=name: load_pass(name)) for name in PASS_MODULES}


def external_passes() -> tuple[dict[str, Callable[[], type[ModulePass]]], list[str]]:
    """Passes from other packages; a broken plug-in is reported, not fatal."""
    found: dict[str, Callable[[], type[ModulePass]]] = {}
    problems: list[str] = []
    for entry in entry_points(group=ENTRY_POINT_GROUP):
        try:
            cls = entry.load()
        except Exception as error:  # a plug-in's import error must not kill the tool
            problems.append(f"cannot load pass plug-in '{entry.name}': {error}")
            continue
        if not (isinstance(cls, type) and issubclass(cls, ModulePass)):
            problems.append(f"pass plug-in '{entry.name}' is not a ModulePass subclass")
            continue
        found[cls.name] = lambda cls=cls: cls
    return found, problems


def all_passes(plugins: bool = True
               ) -> tuple[dict[str, Callable[[], type[ModulePass]]], list[str]]:
    """Built-in passes and, with ``plugins``, those of installed plug-ins (reading the
    entry points costs start-up time: memir-opt asks only when a pipeline names a pass it
    does not know, or for --help)."""
    passes = builtin_passes()
    if not plugins:
        return passes, []
    extra, problems = external_passes()
    for name, factory in extra.items():
        passes.setdefault(name, factory)
    return passes, problems
