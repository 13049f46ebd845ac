"""What both memref passes know of a ``memref.alloc``: its size in bytes (or why it has
none memir can plan; the size rule is ``memir.dialects.type_sizes``'s, under MLIR's default
data layout) and the attribute that links it to its ``memir.alloc``.

``memref-to-memir`` plans the allocs and sets the link; ``memir-to-memref`` follows it back
to rewrite them as views of one arena. A helper, not a pass, so that neither pass imports
the other.
"""

from __future__ import annotations

from xdsl.dialects.builtin import IntegerAttr, MemRefType, NoneAttr

from memir.dialects.type_sizes import shaped_bytes

BUFFER_ATTR = "memir.buffer"
"""On a planned memref.alloc: the integer handle of its memir.alloc."""


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
    size = shaped_bytes(shape, kind.element_type, data_layout=True)
    if size is None:
        return None, f"element type {kind.element_type} has no known byte size"
    if size == 0:  # one byte gives it an address of its own, as malloc would
        return 1, ""
    if size >= 2**62:
        return None, "larger than 2^62 bytes"
    return size, ""


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
