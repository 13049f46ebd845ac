"""What memir's tools know: dialects and passes, including passes from other packages.

A pass from outside the package registers through the ``memir.passes`` entry-point group:

    [project.entry-points."memir.passes"]
    my-pass = "my_package.my_module:MyPass"

``memir-opt`` loads it on start; ``memir-opt --help`` lists it with the built-in ones.
"""

from __future__ import annotations

from collections.abc import Callable
from importlib import import_module
from importlib.metadata import entry_points

from xdsl.context import Context
from xdsl.dialects.builtin import Builtin
from xdsl.dialects.func import Func
from xdsl.dialects.test import Test
from xdsl.ir import Attribute, Dialect
from xdsl.passes import ModulePass

from memir.dialects import Memir

ENTRY_POINT_GROUP = "memir.passes"


UPSTREAM_DIALECTS = {
    "arith": ("xdsl.dialects.arith", "Arith"),
    "memref": ("memir.tools.registry", "memref_with_formats"),
    "linalg": ("xdsl.dialects.linalg", "Linalg"),
    "scf": ("xdsl.dialects.scf", "Scf"),
    "tensor": ("xdsl.dialects.tensor", "Tensor"),
    "bufferization": ("xdsl.dialects.bufferization", "Bufferization"),
    "math": ("xdsl.dialects.math", "Math"),
}
"""Upstream MLIR dialects a bufferized program uses: name -> (module, class).

Registered, not loaded: xDSL imports a dialect's module the first time the parser meets
one of its ops or types, so ``printf '' | memir-opt`` pays nothing for them (linalg alone
costs tens of milliseconds to import). tests/passes/test_memref.py checks it
(``test_empty_input_loads_no_upstream_dialect`` and the tests after it).
"""


def _loader(module: str, attr: str) -> Callable[[], Dialect]:
    def load() -> Dialect:
        found = getattr(import_module(module), attr)
        return found if isinstance(found, Dialect) else found()

    return load


def memref_with_formats() -> Dialect:
    """xDSL 0.74's memref dialect, with MLIR's syntax for ``memref.copy`` and ``memref.cast``.

    xDSL 0.74 parses and prints both in the generic form only, so a bufferized program
    written for mlir-opt (``memref.copy %a, %b : memref<4xf32> to memref<4xf32>``) would
    not read. The subclasses add MLIR's syntax and nothing else (same definition, same
    verifier): xDSL code that checks ``isinstance(op, memref.CopyOp)`` still matches.
    """
    from xdsl.dialects import memref

    def parse_types(parser) -> tuple[Attribute, Attribute]:
        parser.parse_punctuation(":")
        first = parser.parse_type()
        parser.parse_keyword("to")
        return first, parser.parse_type()

    def print_types(printer, first: Attribute, second: Attribute) -> None:
        printer.print_string(" : ")
        printer.print_attribute(first)
        printer.print_string(" to ")
        printer.print_attribute(second)

    class CastOp(memref.CastOp):
        @classmethod
        def parse(cls, parser):  # %d = memref.cast %s : T to U
            source = parser.parse_unresolved_operand()
            attrs = parser.parse_optional_attr_dict()
            source_type, dest_type = parse_types(parser)
            op = cls.build(operands=[parser.resolve_operand(source, source_type)],
                           result_types=[dest_type], attributes=attrs)
            return op

        def print(self, printer) -> None:
            printer.print_string(" ")
            printer.print_ssa_value(self.source)
            printer.print_op_attributes(self.attributes)
            print_types(printer, self.source.type, self.dest.type)

    class CopyOp(memref.CopyOp):
        @classmethod
        def parse(cls, parser):  # memref.copy %s, %d : T to U
            source = parser.parse_unresolved_operand()
            parser.parse_punctuation(",")
            dest = parser.parse_unresolved_operand()
            attrs = parser.parse_optional_attr_dict()
            source_type, dest_type = parse_types(parser)
            return cls.build(operands=[parser.resolve_operand(source, source_type),
                                       parser.resolve_operand(dest, dest_type)],
                             attributes=attrs)

        def print(self, printer) -> None:
            printer.print_string(" ")
            printer.print_ssa_value(self.source)
            printer.print_string(", ")
            printer.print_ssa_value(self.destination)
            printer.print_op_attributes(self.attributes)
            print_types(printer, self.source.type, self.destination.type)

    fixed = {op.name: op for op in (CastOp, CopyOp)}
    return Dialect("memref", [fixed.get(op.name, op) for op in memref.MemRef.operations],
                   list(memref.MemRef.attributes))


def make_context() -> Context:
    """A context with memir's dialects and an analysis cache (passes/analyses.py).

    builtin, func, test and memir are loaded; the upstream dialects of
    ``UPSTREAM_DIALECTS`` are registered lazily.
    """
    from memir.passes.analysis_manager import MemirContext

    ctx = MemirContext()
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
