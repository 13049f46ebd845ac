"""Exact checker for tile-aware plans: no two items of different buffers that are live at the
same time share a byte.

Items are the whole buffers (over their own lifetimes) and their tiles (over the tiles'
lifetimes), read by the checker itself (``tile_geometry``: it shares no code with the
planner it checks).  A sweep over lifetimes lists the pairs live at once whose byte spans
meet; each is decided exactly: by listing both items' byte runs when there are few, by a
search over their index vectors otherwise.  Each distinct relative situation (two shapes at
one distance) is decided once.  Nothing is sampled, so the answer is exact; a pathological
pair that exceeds the search budget is reported as ``undecided`` rather than passed.
"""

from __future__ import annotations

from dataclasses import dataclass

from memir.model.layout import Plan
from memir.model.tiles import TiledBuffer
from memir.verify.tile_geometry import RUN_LIMIT, Undecided, items, shared_bytes
from memir.verify.tile_geometry import candidate_pairs as candidate_pairs  # re-export


@dataclass(frozen=True, slots=True)
class TileViolation:
    kind: str  # "overlap", "undecided" (analytic budget exhausted) or "alignment"
    a: str
    b: str
    lo: int = 0  # shared absolute byte range [lo, hi) for "overlap"
    hi: int = 0
    buffer: int = -1  # index of the buffer ``a`` belongs to, for the caller to point at

    def __str__(self) -> str:
        if self.kind == "alignment":
            return f"{self.a}: {self.b}"
        if self.kind == "undecided":
            return f"{self.a} and {self.b}: could not decide whether they share a byte"
        return f"{self.a} and {self.b} are live at the same time and share bytes [{self.lo}, {self.hi})"


def check_tiles(
    buffers: list[TiledBuffer], plan: Plan, limit: int = RUN_LIMIT
) -> list[TileViolation]:
    """Every violation of ``plan``: each overlapping pair once, with its lowest shared bytes."""
    if len(plan.offsets) != len(buffers):
        raise ValueError(f"plan has {len(plan.offsets)} offsets for {len(buffers)} buffers")
    out: list[TileViolation] = []
    for k, (b, o) in enumerate(zip(buffers, plan.offsets)):
        if o < 0 or o % b.alignment:
            out.append(TileViolation("alignment", b.name, f"offset {o} not a non-negative "
                                     f"multiple of {b.alignment}", buffer=k))
    its = items(buffers)
    offs = plan.offsets
    # the answer only depends on the two shapes and their distance: tiled workloads repeat
    # the same relative situation many times, so decide each once
    memo: dict[tuple, tuple[int, int] | None | str] = {}
    for i, j in candidate_pairs(its, offs):
        a, b = its[i], its[j]
        a0 = offs[a.buffer] + a.first
        key = (a.dims, a.elem, b.dims, b.elem, offs[b.buffer] + b.first - a0)
        rel = memo.get(key, "?")
        if rel == "?":
            try:
                r = shared_bytes(a, offs[a.buffer], b, offs[b.buffer], limit)
                rel = None if r is None else (r[0] - a0, r[1] - a0)
            except Undecided:
                rel = "undecided"
            memo[key] = rel
        if rel == "undecided":
            out.append(TileViolation("undecided", a.name, b.name, buffer=a.buffer))
        elif rel is not None:
            out.append(TileViolation("overlap", a.name, b.name, rel[0] + a0, rel[1] + a0,
                                     a.buffer))
    return out
