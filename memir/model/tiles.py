"""Tiled buffers as plain data: what the tile-aware planner places and the checkers check.

The data model, addresses and lifetimes are described in docs/passes/tiles.md
([NPU tiles] §II-C; the README lists the papers). Here are only the two records both sides
read, so that the checkers in ``memir.verify`` need nothing of the planner's pattern
algebra: a ``TileView`` is a strided view of a buffer with its own lifetime, a
``TiledBuffer`` the whole buffer with its own lifetime and its tiles. No numpy, no xDSL.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class TileView:
    offsets: tuple[int, ...]
    sizes: tuple[int, ...]
    strides: tuple[int, ...]
    elem_size: int = 1
    lower: int = 0
    upper: int = 1
    name: str = ""

    def __post_init__(self) -> None:
        for attr in ("offsets", "sizes", "strides"):
            object.__setattr__(self, attr, tuple(int(v) for v in getattr(self, attr)))
        if not (len(self.offsets) == len(self.sizes) == len(self.strides)):
            raise ValueError(f"tile {self.name!r}: offsets, sizes, strides differ in rank")
        if any(s < 0 for s in self.sizes):
            raise ValueError(f"tile {self.name!r}: negative size")
        if self.elem_size <= 0:
            raise ValueError(f"tile {self.name!r}: element size must be positive")

    @property
    def live(self) -> bool:
        return self.lower < self.upper

    def span(self) -> tuple[int, int] | None:
        """The bytes ``[lo, hi)`` from the tile's first to its last element, relative to the
        buffer's offset (None: the tile has no element). Every element lies inside; the
        bytes between them need not all be taken (``memir.planning.tiles.chunks`` says
        which are)."""
        if any(n == 0 for n in self.sizes):
            return None
        lo = hi = self.elem_size * sum(o * s for o, s in zip(self.offsets, self.strides))
        for n, s in zip(self.sizes, self.strides):
            reach = (n - 1) * s * self.elem_size
            if reach < 0:
                lo += reach
            else:
                hi += reach
        return lo, hi + self.elem_size


@dataclass(frozen=True, slots=True)
class TiledBuffer:
    size: int
    alignment: int = 1
    lower: int = 0
    upper: int = 0
    tiles: tuple[TileView, ...] = ()
    name: str = ""

    def __post_init__(self) -> None:
        object.__setattr__(self, "tiles", tuple(self.tiles))
        if self.size < 0 or self.alignment < 1:
            raise ValueError(f"buffer {self.name!r}: bad size or alignment")
        for t in self.tiles:
            span = t.span()
            if span is not None and (span[0] < 0 or span[1] > self.size):
                raise ValueError(
                    f"buffer {self.name!r}: tile {t.name!r} bytes [{span[0]}, {span[1]}) "
                    f"leave the buffer [0, {self.size})"
                )

    @property
    def hull(self) -> tuple[int, int]:
        """Union of the buffer's own and its tiles' lifetimes, as one interval (empty: (0, 0))."""
        spans = [(self.lower, self.upper)] + [(t.lower, t.upper) for t in self.tiles]
        spans = [s for s in spans if s[0] < s[1]]
        if not spans:
            return (0, 0)
        return (min(s[0] for s in spans), max(s[1] for s in spans))
