"""Brute-force oracles for the tile tests: enumerate every byte of every item."""

from __future__ import annotations

from itertools import product

from memir.model.tiles import TiledBuffer, TileView


def tile_bytes(t: TileView) -> set[int]:
    out: set[int] = set()
    for idx in product(*(range(n) for n in t.sizes)):
        a = t.elem_size * sum((o + i) * s for o, i, s in zip(t.offsets, idx, t.strides))
        out.update(range(a, a + t.elem_size))
    return out


def items(buffers: list[TiledBuffer], offsets: list[int]) -> list[tuple[int, str, int, int, set[int]]]:
    """(buffer, name, lower, upper, absolute bytes) of every live, non-empty item."""
    out = []
    for bi, (b, o) in enumerate(zip(buffers, offsets)):
        if b.lower < b.upper and b.size:
            out.append((bi, b.name, b.lower, b.upper, set(range(o, o + b.size))))
        for t in b.tiles:
            if t.lower < t.upper:
                bs = {o + x for x in tile_bytes(t)}
                if bs:
                    out.append((bi, f"{b.name}/{t.name}", t.lower, t.upper, bs))
    return out


def violations(buffers: list[TiledBuffer], offsets: list[int]) -> set[frozenset[str]]:
    its = items(buffers, offsets)
    bad = set()
    for x in range(len(its)):
        for y in range(x + 1, len(its)):
            a, b = its[x], its[y]
            if a[0] != b[0] and a[2] < b[3] and b[2] < a[3] and a[4] & b[4]:
                bad.add(frozenset((a[1], b[1])))
    return bad


def peak(buffers: list[TiledBuffer]) -> int:
    its = items(buffers, [0] * len(buffers))
    times = sorted({t for it in its for t in (it[2], it[3])})
    best = 0
    for t in times:
        per: dict[int, set[int]] = {}
        for bi, _, lo, hi, bs in its:
            if lo <= t < hi:
                per.setdefault(bi, set()).update(bs)
        best = max(best, sum(len(s) for s in per.values()))
    return max([best] + [b.size for b in buffers])
