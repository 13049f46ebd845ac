"""Strided tiles of buffers as byte sets ([NPU tiles] §II-C, Algorithm 3).

Why: a tile-aware plan reuses the bytes of a tile as soon as *that tile* is dead, even while
other tiles of the same buffer are live, so the planner and checkers need each tile's exact
bytes. Everything that occupies memory for a while is an ``Item`` (the whole buffer, or one
tile); its byte set is first reduced to a canonical ``Strided`` pattern (base, run length,
(count, stride) dimensions), from which ``render_chunks`` draws explicit sorted, merged
chunks, or, beyond a limit, keeps the compact pattern that the checkers handle analytically.
The data model (addresses, half-open lifetimes) is in docs/passes/tiles.md.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import reduce
from math import gcd, prod

import numpy as np

from memir.model.tiles import TiledBuffer, TileView

DEFAULT_CHUNK_LIMIT = 4096


@dataclass(frozen=True, slots=True)
class Strided:
    """Bytes ``base + sum_k x_k * stride_k + [0, run)`` for ``0 <= x_k < count_k``.

    Canonical: dims sorted by stride ascending, every count >= 2, every stride > run for the
    innermost dim (otherwise it is folded into ``run``).  ``run == 0`` is the empty set.
    """

    base: int
    run: int
    dims: tuple[tuple[int, int], ...] = ()

    @property
    def empty(self) -> bool:
        return self.run == 0

    @property
    def runs(self) -> int:
        """Number of runs before merging (an upper bound on the number of chunks)."""
        return 0 if self.empty else prod(n for n, _ in self.dims)

    @property
    def end(self) -> int:
        """One past the last byte: the span is ``[base, end)``."""
        return self.base + self.run + sum((n - 1) * s for n, s in self.dims)

    @property
    def nested(self) -> bool:
        """Each stride clears the whole extent of the dims inside it: runs are disjoint, sorted."""
        extent = self.run
        for n, s in self.dims:
            if s < extent:
                return False
            extent += (n - 1) * s
        return True

    def lower_size(self) -> int:
        """A lower bound on the number of bytes (exact when ``nested``)."""
        if self.empty:
            return 0
        return self.run * self.runs if self.nested else self.run

    @staticmethod
    def of_view(
        offsets: tuple[int, ...], sizes: tuple[int, ...], strides: tuple[int, ...], elem: int
    ) -> Strided:
        if any(s == 0 for s in sizes):
            return Strided(0, 0)
        base = 0
        dims: list[tuple[int, int]] = []
        for o, n, st in zip(offsets, sizes, strides):
            step = st * elem
            base += o * step
            if step < 0:  # walk the dimension the other way: same set of bytes
                base += (n - 1) * step
                step = -step
            if n > 1 and step > 0:
                dims.append((n, step))
        return Strided.canonical(base, elem, dims)

    @staticmethod
    def canonical(base: int, run: int, dims: list[tuple[int, int]]) -> Strided:
        """Fold dimensions whose combination is exactly an arithmetic progression or a run."""
        dims = sorted(dims, key=lambda d: d[1])
        changed = True
        while changed:
            changed = False
            while dims and dims[0][1] <= run:  # innermost dim overlaps/touches the run
                n, s = dims.pop(0)
                run += (n - 1) * s
                changed = True
            for a in range(len(dims)):
                for b in range(a + 1, len(dims)):
                    (n1, s1), (n2, s2) = dims[a], dims[b]
                    k = s2 // s1
                    if s2 % s1 == 0 and n1 >= k:  # {x1 + k*x2} is a contiguous range
                        dims[a] = (n1 + k * (n2 - 1), s1)
                        del dims[b]
                        changed = True
                        break
                if changed:
                    break
            dims.sort(key=lambda d: d[1])
        return Strided(base, run, tuple(dims))

    def run_starts(self) -> np.ndarray:
        """All run starts (unsorted, with repeats): ``runs`` values; call only when small."""
        starts = np.array([self.base], dtype=np.int64)
        for n, s in self.dims:
            starts = (starts[:, None] + np.arange(n, dtype=np.int64)[None, :] * s).ravel()
        return starts

    def gcd(self) -> int:
        return reduce(gcd, (s for _, s in self.dims), 0)


@dataclass(frozen=True, slots=True)
class Chunks:
    """Contiguous byte chunks of one item, relative to its buffer's offset ([NPU tiles]
    Algorithm 3).

    ``offsets``/``sizes`` are sorted, disjoint, non-adjacent (merged) -- or ``None`` when the
    item has more than the render limit of runs; then only ``pattern`` describes it.
    """

    pattern: Strided
    offsets: np.ndarray | None
    sizes: np.ndarray | None

    @property
    def compact(self) -> bool:
        return self.offsets is None

    @property
    def span(self) -> tuple[int, int]:
        return (self.pattern.base, self.pattern.end) if not self.pattern.empty else (0, 0)

    def __len__(self) -> int:
        return self.pattern.runs if self.offsets is None else len(self.offsets)

    def as_list(self) -> list[tuple[int, int]]:
        if self.offsets is None:
            raise ValueError("compact chunks: too many to list")
        return list(zip(self.offsets.tolist(), self.sizes.tolist()))


def union(starts: np.ndarray, ends: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Byte ranges ``[starts, ends)`` merged where they overlap or touch: sorted (starts, ends)."""
    if len(starts) == 0:
        return np.zeros(0, np.int64), np.zeros(0, np.int64)
    order = np.argsort(starts, kind="stable")
    s, e = starts[order], ends[order]
    # a new chunk starts where the previous ranges (running max of ends) stop short of it
    reach = np.maximum.accumulate(e)
    new = np.ones(len(s), dtype=bool)
    new[1:] = s[1:] > reach[:-1]
    idx = np.flatnonzero(new)
    last = np.append(idx[1:], len(s)) - 1
    return s[idx], reach[last]


def merge_runs(starts: np.ndarray, run: int) -> tuple[np.ndarray, np.ndarray]:
    """Sort equal-length runs and merge those that overlap or touch: (offsets, sizes)."""
    starts = np.unique(starts)
    offs, ends = union(starts, starts + run)
    return offs, ends - offs


def render_pattern(p: Strided, limit: int = DEFAULT_CHUNK_LIMIT) -> Chunks:
    if p.empty:
        return Chunks(p, np.zeros(0, np.int64), np.zeros(0, np.int64))
    if p.runs > limit:
        return Chunks(p, None, None)
    offs, sizes = merge_runs(p.run_starts(), p.run)
    return Chunks(p, offs, sizes)


def pattern_of(tile: TileView) -> Strided:
    """The tile's bytes as a canonical strided pattern."""
    return Strided.of_view(tile.offsets, tile.sizes, tile.strides, tile.elem_size)


def render_chunks(tile: TileView, limit: int = DEFAULT_CHUNK_LIMIT) -> Chunks:
    """[NPU tiles] Algorithm 3 (RenderChunks), vectorised: the tile's contiguous chunks, merged.

    Beyond ``limit`` runs the result is compact (``offsets is None``): its ``pattern`` is the
    strided description, never millions of chunk records.
    """
    return render_pattern(pattern_of(tile), limit)


@dataclass(frozen=True, slots=True)
class Item:
    """Something that occupies bytes of one buffer for a while: the whole buffer or a tile."""

    buffer: int
    tile: int  # -1: the whole buffer
    lower: int
    upper: int
    chunks: Chunks
    name: str = field(default="")

    @property
    def pattern(self) -> Strided:
        return self.chunks.pattern


def items_of(buffers: list[TiledBuffer], limit: int = DEFAULT_CHUNK_LIMIT) -> list[Item]:
    """Every live item of every buffer (empty lifetimes and empty tiles are skipped)."""
    out: list[Item] = []
    cache: dict[tuple, Chunks] = {}
    for bi, b in enumerate(buffers):
        bname = b.name or f"buffer{bi}"
        if b.lower < b.upper and b.size > 0:
            whole = render_pattern(Strided(0, b.size), limit)
            out.append(Item(bi, -1, b.lower, b.upper, whole, bname))
        for ti, t in enumerate(b.tiles):
            if not t.live:
                continue
            key = (t.offsets, t.sizes, t.strides, t.elem_size)
            ch = cache.get(key)
            if ch is None:
                ch = cache[key] = render_chunks(t, limit)
            if ch.pattern.empty:
                continue
            out.append(Item(bi, ti, t.lower, t.upper, ch, f"{bname}/{t.name or f'tile{ti}'}"))
    return out
