"""Exact checker for tile-aware plans: no two items of different buffers that are live at the
same time share a byte.

Items are the whole buffers (over their own lifetimes) and their tiles (over the tiles'
lifetimes).  A time sweep (interval tree) lists the pairs live at once; their byte *spans* are
compared in bulk; only pairs whose spans meet are decided chunk by chunk: a sorted merge when
both are rendered, the analytic strided search (``tile_overlap.pattern_overlap``) when one is
compact.  Each distinct relative situation (two patterns at one distance) is decided once.
Nothing is sampled, so the answer is exact; a pathological compact pair that exceeds
the analytic budget is reported as ``undecided`` rather than passed.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from memir.planning.problem import Plan
from memir.planning.tile_allocate import IntervalIndex
from memir.planning.tile_overlap import Undecided, shared_range
from memir.planning.tiles import DEFAULT_CHUNK_LIMIT, Item, TiledBuffer, items_of


@dataclass(frozen=True, slots=True)
class TileViolation:
    kind: str  # "overlap", "undecided" (analytic budget exhausted) or "alignment"
    a: str
    b: str
    lo: int = 0  # shared absolute byte range [lo, hi) for "overlap"
    hi: int = 0

    def __str__(self) -> str:
        if self.kind == "alignment":
            return f"{self.a}: {self.b}"
        if self.kind == "undecided":
            return f"{self.a} and {self.b}: could not decide whether they share a byte"
        return f"{self.a} and {self.b} are live at the same time and share bytes [{self.lo}, {self.hi})"


def candidate_pairs(items: list[Item], offsets: list[int]) -> list[tuple[int, int]]:
    """Pairs (i < j) of items of different buffers, live at once, whose byte spans meet."""
    if not items:
        return []
    index = IntervalIndex([it.lower for it in items], [it.upper for it in items])
    base = np.array([offsets[it.buffer] for it in items], np.int64)
    lo = base + np.array([it.chunks.span[0] for it in items], np.int64)
    hi = base + np.array([it.chunks.span[1] for it in items], np.int64)
    buf = np.array([it.buffer for it in items], np.int64)
    out: list[tuple[int, int]] = []
    for i, it in enumerate(items):
        js = np.array(index.query(it.lower, it.upper), np.int64)
        if len(js) == 0:
            continue
        keep = (js > i) & (buf[js] != it.buffer) & (lo[js] < hi[i]) & (lo[i] < hi[js])
        out.extend((i, int(j)) for j in js[keep])
    return out


def check_tiles(
    buffers: list[TiledBuffer], plan: Plan, limit: int = DEFAULT_CHUNK_LIMIT
) -> list[TileViolation]:
    """Every violation of ``plan``: each overlapping pair once, with its lowest shared bytes."""
    if len(plan.offsets) != len(buffers):
        raise ValueError(f"plan has {len(plan.offsets)} offsets for {len(buffers)} buffers")
    out: list[TileViolation] = []
    for b, o in zip(buffers, plan.offsets):
        if o < 0 or o % b.alignment:
            out.append(TileViolation("alignment", b.name, f"offset {o} not a non-negative "
                                     f"multiple of {b.alignment}"))
    items = items_of(buffers, limit)
    offs = plan.offsets
    # the answer only depends on the two patterns and their distance: tiled workloads repeat
    # the same relative situation many times, so decide each once
    memo: dict[tuple, tuple[int, int] | None | str] = {}
    for i, j in candidate_pairs(items, offs):
        a, b = items[i], items[j]
        pa, pb = a.pattern, b.pattern
        a0 = offs[a.buffer] + pa.base
        key = (pa.run, pa.dims, pb.run, pb.dims, offs[b.buffer] + pb.base - a0)
        rel = memo.get(key, "?")
        if rel == "?":
            try:
                r = shared_range(a.chunks, offs[a.buffer], b.chunks, offs[b.buffer])
                rel = None if r is None else (r[0] - a0, r[1] - a0)
            except Undecided:
                rel = "undecided"
            memo[key] = rel
        if rel == "undecided":
            out.append(TileViolation("undecided", a.name, b.name))
        elif rel is not None:
            out.append(TileViolation("overlap", a.name, b.name, rel[0] + a0, rel[1] + a0))
    return out
