"""The checkers' own reading of a tiled plan: items, their bytes, and whether two share one.

Why a second implementation: the checkers must vouch for the tile planner, so they share
none of its algorithms (its canonical patterns, chunk rendering or strided search). Only the
plain description (``TiledBuffer``, ``TileView``) is common. Everything here works on the raw
geometry of a view -- ``first + sum_k i_k * step_k + [0, elem)`` with ``0 <= i_k < n_k``,
straight from offsets, sizes, strides and element size -- and is kept simple rather than
fast: explicit byte runs when there are few, a plain depth-first search over the index
vectors otherwise.
"""

from __future__ import annotations

from dataclasses import dataclass
from math import gcd, prod

import numpy as np

from memir.model.tiles import TiledBuffer

# Items with more runs than this are decided by search, not by listing their runs.
RUN_LIMIT = 4096
SEARCH_NODES = 200_000


class Undecided(Exception):
    """The search over index vectors ran out of nodes: nothing was shown either way."""


@dataclass(frozen=True, slots=True)
class Item:
    """Bytes ``first + sum i_k * step_k + [0, elem)`` of one buffer, live in [lower, upper)."""

    buffer: int
    tile: int  # -1: the whole buffer
    lower: int
    upper: int
    name: str
    dims: tuple[tuple[int, int], ...]  # (count, step in bytes > 0)
    elem: int
    first: int

    @property
    def runs(self) -> int:
        return prod(n for n, _ in self.dims)

    @property
    def end(self) -> int:
        return self.first + self.elem + sum((n - 1) * s for n, s in self.dims)


def items(buffers: list[TiledBuffer]) -> list[Item]:
    """Every live, non-empty item: whole buffers over their own lifetimes, and tiles."""
    out: list[Item] = []
    for bi, b in enumerate(buffers):
        bname = b.name or f"buffer{bi}"
        if b.lower < b.upper and b.size > 0:
            out.append(Item(bi, -1, b.lower, b.upper, bname, (), b.size, 0))
        for ti, t in enumerate(b.tiles):
            if t.lower >= t.upper or any(n == 0 for n in t.sizes):
                continue
            e = t.elem_size
            first = e * sum(o * s for o, s in zip(t.offsets, t.strides))
            dims = []
            for n, s in zip(t.sizes, t.strides):
                if n > 1 and s != 0:
                    if s < 0:  # walk the dimension from its other end: same bytes
                        first += (n - 1) * s * e
                    dims.append((n, abs(s) * e))
            out.append(Item(bi, ti, t.lower, t.upper, f"{bname}/{t.name or f'tile{ti}'}",
                            tuple(dims), e, first))
    return out


def candidate_pairs(its: list[Item], offsets: list[int]) -> list[tuple[int, int]]:
    """Pairs (i < j) of items of different buffers, live at once, whose byte spans meet.

    A plain sweep over lifetimes: items sorted by start, each compared with the ones still
    live when it starts."""
    base = [offsets[it.buffer] for it in its]
    order = sorted(range(len(its)), key=lambda k: (its[k].lower, k))
    live: list[int] = []
    out: list[tuple[int, int]] = []
    for k in order:
        a = its[k]
        live = [j for j in live if its[j].upper > a.lower]
        lo, hi = base[k] + a.first, base[k] + a.end
        for j in live:
            b = its[j]
            if b.buffer != a.buffer and base[j] + b.first < hi and lo < base[j] + b.end:
                out.append((min(j, k), max(j, k)))
        live.append(k)
    return sorted(out)


def _chunks(it: Item, base: int) -> tuple[np.ndarray, np.ndarray]:
    """Absolute byte chunks [start, end) of an item, sorted and merged (runs listed)."""
    starts = np.array([base + it.first], dtype=np.int64)
    for n, s in it.dims:
        starts = (starts[:, None] + np.arange(n, dtype=np.int64)[None, :] * s).ravel()
    starts = np.unique(starts)
    ends = starts + it.elem
    reach = np.maximum.accumulate(ends)
    new = np.ones(len(starts), dtype=bool)
    new[1:] = starts[1:] > reach[:-1]
    idx = np.flatnonzero(new)
    last = np.append(idx[1:], len(starts)) - 1
    return starts[idx], reach[last]


def _listed(a: Item, base_a: int, b: Item, base_b: int) -> tuple[int, int] | None:
    """Lowest chunk of ``a`` that meets ``b``, intersected with the first chunk it meets."""
    a0, a1 = _chunks(a, base_a)
    b0, b1 = _chunks(b, base_b)
    j = np.searchsorted(b1, a0, side="right")  # first chunk of b ending after a's start
    jj = np.minimum(j, len(b0) - 1)
    hit = np.flatnonzero((j < len(b0)) & (b0[jj] < a1))
    if len(hit) == 0:
        return None
    i = int(hit[0])
    k = int(jj[i])
    return int(max(a0[i], b0[k])), int(min(a1[i], b1[k]))


def solve_sum(terms: list[tuple[int, int]], lo: int, hi: int, budget: int) -> list[int] | None:
    """Values ``x_t`` in ``[0, count_t)`` with ``sum x_t * coef_t`` in ``[lo, hi]``, or None.

    ``terms`` are (count, coef > 0). Depth-first over the terms, largest coefficient first,
    pruned by the range the remaining terms can still reach and by their gcd. Raises
    ``Undecided`` after ``budget`` nodes."""
    order = sorted(range(len(terms)), key=lambda t: -terms[t][1])
    m = len(order)
    reach = [0] * (m + 1)
    g = [0] * (m + 1)
    for k in range(m - 1, -1, -1):
        n, c = terms[order[k]]
        reach[k] = reach[k + 1] + (n - 1) * c
        g[k] = gcd(g[k + 1], c)
    xs = [0] * len(terms)
    nodes = 0

    def rec(k: int, lo: int, hi: int) -> bool:
        nonlocal nodes
        nodes += 1
        if nodes > budget:
            raise Undecided(f"more than {budget} nodes")
        lo, hi = max(lo, 0), min(hi, reach[k])
        if lo > hi:
            return False
        if k == m:
            return True
        if g[k] and -(-lo // g[k]) * g[k] > hi:
            return False
        n, c = terms[order[k]]
        for x in range(max(0, -(-(lo - reach[k + 1]) // c)), min(n - 1, hi // c) + 1):
            xs[order[k]] = x
            if rec(k + 1, lo - x * c, hi - x * c):
                return True
        return False

    return xs if rec(0, lo, hi) else None


def searched(a: Item, base_a: int, b: Item, base_b: int, budget: int = SEARCH_NODES
             ) -> tuple[int, int] | None:
    """A shared byte range of two items found over their index vectors, or None.

    Runs ``A + X + [0, ea)`` and ``B + Y + [0, eb)`` meet iff ``X - Y`` lies in
    ``[B - A - ea + 1, B - A + eb - 1]``; with ``y' = n - 1 - y`` every coefficient is
    positive."""
    A, B = base_a + a.first, base_b + b.first
    shift = sum((n - 1) * s for n, s in b.dims)
    lo = B - A - a.elem + 1 + shift
    hi = B - A + b.elem - 1 + shift
    xs = solve_sum(list(a.dims) + list(b.dims), lo, hi, budget)
    if xs is None:
        return None
    ra = A + sum(x * s for x, (_, s) in zip(xs, a.dims))
    rb = B + sum((n - 1 - y) * s for y, (n, s) in zip(xs[len(a.dims):], b.dims))
    return max(ra, rb), min(ra + a.elem, rb + b.elem)


def shared_bytes(a: Item, base_a: int, b: Item, base_b: int, limit: int = RUN_LIMIT,
                 budget: int = SEARCH_NODES) -> tuple[int, int] | None:
    """An absolute byte range ``[lo, hi)`` both items use (the lowest one when both are
    listed), or None. Exact; raises ``Undecided`` when the search gives up."""
    if a.runs <= limit and b.runs <= limit:
        return _listed(a, base_a, b, base_b)
    return searched(a, base_a, b, base_b, budget)
