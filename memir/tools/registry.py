"""What memir's tools know: dialects and passes, including passes from other packages.

A pass from outside the package registers through the ``memir.passes`` entry-point group:

    [project.entry-points."memir.passes"]
    my-pass = "my_package.my_module:MyPass"

``memir-opt`` loads it on start; ``memir-opt --help`` lists it with the built-in ones.
"""

from __future__ import annotations

from collections.abc import Callable
from importlib.metadata import entry_points

from xdsl.context import Context
from xdsl.dialects.builtin import Builtin
from xdsl.dialects.func import Func
from xdsl.dialects.test import Test
from xdsl.passes import ModulePass

from memir.dialects import Memir

ENTRY_POINT_GROUP = "memir.passes"


def make_context() -> Context:
    """A context with memir's dialects and an analysis cache (passes/analyses.py)."""
    from memir.passes.analyses import MemirContext

    ctx = MemirContext()
    for dialect in (Builtin, Func, Test, Memir):
        ctx.load_dialect(dialect)
    return ctx


def builtin_passes() -> dict[str, Callable[[], type[ModulePass]]]:
    from memir.passes import PASSES

    return {cls.name: (lambda cls=cls: cls) for cls in PASSES}


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


def all_passes() -> tuple[dict[str, Callable[[], type[ModulePass]]], list[str]]:
    passes = builtin_passes()
    extra, problems = external_passes()
    for name, factory in extra.items():
        passes.setdefault(name, factory)
    return passes, problems
