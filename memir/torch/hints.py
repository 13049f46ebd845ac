"""Sizes of a ``dynamic=True`` graph as the plan sees them: each symbolic size at its hint.

Why hints: a dynamic graph's sizes are symbols, and the size each was traced at (its hint)
is what PyTorch's min-cut partitioner plans with too. memir plans the step at those sizes;
the two graphs it writes back stay symbolic, so they run at any size, with the plan's order
and recomputations. Reading a hint adds no guard: ``int()`` on a symbol would specialise
the graph to that size.
"""

from __future__ import annotations

import torch


class NoHint(Exception):
    """A size with no hint: data-dependent (``nonzero``, masked indexing)."""


def hint(size) -> int:
    """``size`` as an integer: a plain int, or a symbolic size's hint."""
    if not isinstance(size, torch.SymInt):
        return int(size)
    found = size.node.hint if size.node.has_hint() else None
    if found is not None:
        try:  # PyTorch's public door where it has one (2.13), the symbol's own hint before
            from torch.fx.experimental.symbolic_shapes import optimization_hint
        except ImportError:
            pass
        else:
            found = optimization_hint(size)
    if found is None:
        raise NoHint(f"size {size} is data-dependent (no hint)")
    return int(found)


def hinted(value):
    """A node's value with every symbolic size at its hint: a SymInt becomes an int, a
    tensor a (shape, stride) pair of int tuples; anything else is returned as it is."""
    if isinstance(value, torch.Tensor):
        return tuple(map(hint, value.shape)), tuple(map(hint, value.stride()))
    if isinstance(value, torch.SymInt):
        return hint(value)
    return value


def real_zeros(value, device: torch.device | None = None):
    """A real zero tensor with a (fake) tensor's shape, strides and dtype at the hinted
    sizes, on ``device`` (its own by default); a size as its hint. The strides may overlap
    (an expanded value): the zeros are a flat storage viewed with them."""
    if not isinstance(value, torch.Tensor):
        return hinted(value)
    shape, stride = hinted(value)
    extent = 1 + sum((n - 1) * step for n, step in zip(shape, stride)) if all(shape) else 0
    storage = torch.zeros(extent, dtype=value.dtype, device=device or value.device)
    return storage.as_strided(shape, stride)


def storage_bytes(tensor: torch.Tensor) -> int:
    """A tensor's storage bytes at the hinted sizes."""
    return hint(tensor.untyped_storage().nbytes())
