"""Operand accessors that read an op's segment sizes once per distinct size list.

Why: IRDL's accessor of an operand group sized by ``operandSegmentSizes`` unpacks the
``DenseArrayBase`` (a ``struct.unpack``) on every access. A 47k-op training graph's
verifier, bufferize, stream-safety reader and printer access ``memir.compute``'s
``stream``/``inputs``/``outputs``/``workspaces`` 1.3M times, and the unpacking was about
a tenth of ``memir-opt``'s time on it. The size lists are few (one per operand shape of
the graph), so each accessor keeps where its group lies for each list, by its bytes.

``unpacked_segments`` replaces, on one op class, each accessor IRDL defined from its
``AttrSizedOperandSegments`` option with one that takes the same operands (an index, a
slice, or None, as IRDL's ``index`` computes them) from the op's private operand tuple
(``xdsl_internals.raw_operands``); the class is memir's, so nothing changes for other
xDSL users.
"""

from __future__ import annotations

from typing import Any, NoReturn

from xdsl.dialects.builtin import DenseArrayBase, i32
from xdsl.irdl.operations import (
    BaseAttrAccessor,
    OptionalAttrAccessor,
    VariadicAttrAccessor,
    VarIRConstruct,
)

from memir.dialects.xdsl_internals import raw_operands


class _CachedAccessor:
    """IRDL's accessor ``accessor`` with its place among the operands kept per distinct
    size list (by the attribute's bytes, for i32 lists; others go to IRDL's accessor,
    whose verifier rejects them)."""

    __slots__ = ("accessor", "name", "places")

    def __init__(self, accessor: BaseAttrAccessor) -> None:
        self.accessor = accessor
        self.name = accessor.option.attribute_name
        self.places: dict[bytes, int | slice | None] = {}

    def __get__(self, op, objtype=None) -> Any:
        if op is None:
            return self
        attr = op.properties.get(self.name)
        if not isinstance(attr, DenseArrayBase) or attr.elt_type is not i32:
            return self.accessor.__get__(op, objtype)
        place = self.places.get(attr.data.data, _UNSEEN)
        if place is _UNSEEN:
            place = self.places[attr.data.data] = self._place(attr.get_values())
        return None if place is None else raw_operands(op)[place]

    def _place(self, sizes: tuple[int, ...]) -> int | slice | None:
        """Where IRDL's ``index`` takes the construct from: an index, a slice, or None."""
        a = self.accessor
        start = sum(sizes[:a.idx])
        if isinstance(a, VariadicAttrAccessor):
            return slice(start, start + sizes[a.idx])
        if isinstance(a, OptionalAttrAccessor) and not sizes[a.idx]:
            return None
        return start

    def __set__(self, op, value) -> NoReturn:
        self.accessor.__set__(op, value)


_UNSEEN = object()


def unpacked_segments(cls: type) -> type:
    """Class decorator (after ``irdl_op_definition``): cached accessors for the operand
    groups sized by a property (``AttrSizedOperandSegments(as_property=True)``)."""
    for name, value in list(vars(cls).items()):
        if isinstance(value, BaseAttrAccessor) and value.construct is VarIRConstruct.OPERAND \
                and value.option.as_property:
            setattr(cls, name, _CachedAccessor(value))
    return cls
