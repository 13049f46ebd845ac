"""Byte sizes of element and shaped types, as memir's arena stores them.

One rule for every reader of a type's size: an element takes whole bytes (``i1`` is one,
``i7`` one, ``f16`` two); a shaped type is its element count times that. Two callers differ
only in which elements they size:

* memir's own IR (``memir.alloc memref<...>``, ``bufferize``'s tensors) sizes elements with
  a bit width of their own: integers and floats. ``index`` has none (its width is the
  target's), so such a type is refused rather than guessed.
* Upstream programs (``memref-to-memir``, ``memir-to-memref``) are lowered under MLIR's
  default data layout, where ``index`` is 64 bits; a complex number is two of its parts.
  These callers pass ``data_layout=True``.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from xdsl.dialects.builtin import ComplexType, IndexType
from xdsl.ir import Attribute

INDEX_BITS = 64
"""``index`` under MLIR's default data layout."""


def element_bytes(element: Attribute, data_layout: bool = False) -> int | None:
    """Bytes per element; None when the element has no size (see the module docstring)."""
    if data_layout and isinstance(element, IndexType):
        return INDEX_BITS // 8
    if data_layout and isinstance(element, ComplexType):
        part = element_bytes(element.element_type, data_layout)
        return None if part is None else 2 * part
    width = getattr(element, "bitwidth", None)
    return (width + 7) // 8 if isinstance(width, int) else None


def natural_alignment(element: Attribute) -> int | None:
    """The element's alignment under MLIR's default data layout: its size rounded up to a
    power of two (a complex number aligns as its parts); None when it has no size."""
    if isinstance(element, ComplexType):
        return natural_alignment(element.element_type)
    width = element_bytes(element, data_layout=True)
    return None if width is None else 1 << max(0, width - 1).bit_length()


def shaped_bytes(shape: Sequence[int], element: Attribute,
                 data_layout: bool = False) -> int | None:
    """Bytes of a static shape of ``element``; None for a dynamic dimension (negative) or an
    element without a size."""
    width = element_bytes(element, data_layout)
    if width is None or any(d < 0 for d in shape):
        return None
    return math.prod(shape) * width
