"""What both memref passes know of a ``memref.alloc``: its size in bytes (or why it has
none memir can plan) and the attribute that links it to its ``memir.alloc``.

``memref-to-memir`` plans the allocs and sets the link; ``memir-to-memref`` follows it back
to rewrite them as views of one arena. A helper, not a pass, so that neither pass imports
the other.
"""

from __future__ import annotations

from xdsl.dialects.builtin import (
    AnyFloat, ComplexType, IndexType, IntegerAttr, IntegerType, MemRefType, NoneAttr,
)
from xdsl.ir import Attribute

BUFFER_ATTR = "memir.buffer"
"""On a planned memref.alloc: the integer handle of its memir.alloc."""


def element_bytes(element: Attribute) -> int | None:
    """Bytes per element as the arena stores it (i1 is a byte; index is 64 bits)."""
    if isinstance(element, IndexType):
        return 8
    if isinstance(element, IntegerType):
        return (element.width.data + 7) // 8
    if isinstance(element, AnyFloat):
        return (element.bitwidth + 7) // 8
    if isinstance(element, ComplexType):
        inner = element_bytes(element.element_type)
        return None if inner is None else 2 * inner
    return None


def alloc_bytes(alloc) -> tuple[int | None, str]:
    """(byte size, "") of a plannable alloc, or (None, why it is not plannable)."""
    kind = alloc.memref.type
    if not isinstance(kind, MemRefType):
        return None, f"result type {kind} is not a ranked memref"
    shape = static_shape(alloc)
    if shape is None:
        return None, "dynamic shape"
    if alloc.symbol_operands:
        return None, "symbol operands"
    if not isinstance(kind.layout, NoneAttr):
        return None, f"non-identity layout {kind.layout}"
    if not isinstance(kind.memory_space, NoneAttr):
        return None, f"memory space {kind.memory_space}"
    width = element_bytes(kind.element_type)
    if width is None:
        return None, f"element type {kind.element_type} has no known byte size"
    count = 1
    for dim in shape:
        count *= dim
    if count * width == 0:  # one byte gives it an address of its own, as malloc would
        return 1, ""
    if count * width >= 2**62:
        return None, "larger than 2^62 bytes"
    return count * width, ""


def static_shape(alloc) -> list[int] | None:
    """The alloc's shape, its dynamic sizes taken from ``arith.constant`` operands (as
    ``memref.alloc(%c5, %c3) : memref<?x?xf32>``); None if a size is not a constant."""
    sizes = iter(alloc.dynamic_sizes)
    shape = []
    for dim in alloc.memref.type.get_shape():
        if dim >= 0:
            shape.append(dim)
            continue
        value = next(sizes, None)
        owner = getattr(value, "owner", None)
        attr = owner.properties.get("value") if getattr(owner, "name", "") == \
            "arith.constant" else None
        if not isinstance(attr, IntegerAttr) or attr.value.data < 0:
            return None
        shape.append(attr.value.data)
    return shape
