"""What memir does not know of an upstream dialect is kept, not refused.

MLIR 22's dialects have hundreds of ops, attributes and types; memir defines the ones its
passes look at. Any other upstream op reads in generic form as xDSL's ``UnregisteredOp``
and prints back exactly as it came; a linalg op of any name reads in custom form too
(``structured.StructuredOp``). An unknown upstream attribute or type is kept as its text.
Other dialects are still errors unless ``--allow-unregistered-dialect``, as in ``mlir-opt``.
memir's analyses treat an unknown op conservatively: it may read and write every memref
operand, and a memref result may alias every memref operand.

The fallbacks are written into the Context's private tables (``xdsl_internals.file_op``
and the like): the public ``load_op`` files a class under its own ``name``, which for the
Unregistered classes is ``builtin.unregistered`` whatever they stand for. Only contexts
memir makes use the mixin.
"""

from __future__ import annotations

from xdsl.dialects.builtin import UnregisteredAttr, UnregisteredOp
from xdsl.ir import Attribute, Operation, TypeAttribute

from memir.dialects.xdsl_internals import file_attr, file_op, file_type

OPEN_DIALECTS = frozenset({"arith", "math", "memref", "linalg", "scf", "cf", "affine",
                           "bufferization", "tensor", "vector", "index", "func", "builtin",
                           "ub", "llvm", "ptr", "complex", "gpu", "omp"})
"""Upstream dialects whose unknown ops, attributes and types are kept."""


def _dialect_of(name: str) -> str:
    return name.split(".", 1)[0]


def _kept(name: str) -> type[Operation]:
    """xDSL's unregistered op for ``name``, whose custom form is refused with a way out."""

    class KeptOp(UnregisteredOp.with_name(name)):  # type: ignore[misc]
        @classmethod
        def parse(cls, parser):
            at = parser.lexer.input.content.rfind(name, 0, parser.pos)  # the op's name
            parser.raise_error(f"memir does not know the custom syntax of '{name}'; give "
                               "this op in generic form (mlir-opt --mlir-print-op-generic)",
                               *((at, at + len(name)) if at >= 0 else ()))

    return KeptOp


class OpenUpstreamDialects:
    """A mixin for xDSL's Context: the fallbacks above. Put it before Context in the bases."""

    def get_optional_op(self, name: str, *, dialect_stack=()) -> type[Operation] | None:
        found = super().get_optional_op(name, dialect_stack=dialect_stack)  # type: ignore[misc]
        if (found is not None and not issubclass(found, UnregisteredOp)) or "." not in name \
                or _dialect_of(name) not in OPEN_DIALECTS:
            return found
        if _dialect_of(name) == "linalg":
            from memir.dialects.upstream.structured import StructuredOp

            found = StructuredOp.named(name)
        else:
            found = _kept(name)
        # Not load_op: it files under the class's own name (builtin.unregistered) and refuses
        # a name --allow-unregistered-dialect has just filled with an UnregisteredOp.
        file_op(self, name, found)  # type: ignore[arg-type]
        return found

    def get_optional_attr(self, name: str) -> type[Attribute] | None:
        found = super().get_optional_attr(name)  # type: ignore[misc]
        if found is None and _dialect_of(name) in OPEN_DIALECTS:
            found = UnregisteredAttr.with_name_and_type(name, False)
            file_attr(self, name, found)  # type: ignore[arg-type]
        return found

    def get_optional_type(self, name: str) -> type[TypeAttribute] | None:
        found = super().get_optional_type(name)  # type: ignore[misc]
        if found is None and _dialect_of(name) in OPEN_DIALECTS:
            found = UnregisteredAttr.with_name_and_type(name, True)
            file_type(self, name, found)  # type: ignore[arg-type]
        return found
