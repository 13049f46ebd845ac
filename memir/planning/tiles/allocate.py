"""Tile-aware offset assignment: [NPU tiles] Algorithm 1 (TensorAllocate) and a baseline.

Buffers are placed one at a time in a sorted order: size, lifetime or number of peers (§III-A),
or "last-use" (ours: latest end of lifetime first, which lets each layer's output settle below
its input, the staircase that halo'd row tiles need). Each item of the buffer ``T`` being
placed must avoid the bytes of every placed item of another buffer whose lifetime meets it,
its peers (an interval tree, ``IntervalIndex``).

The paper shifts ``T`` by the collision size; we shift by ``occupied_end - chunk_start``:
every address skipped still collides, so the scan, iterated to a fixed point, returns the
*lowest* aligned address at which no tile of ``T`` meets a live peer byte.

Compact items (more runs than the render limit) take part with their whole span: safe, just
less tight. Contiguous groups are not supported by this planner.
"""

from __future__ import annotations

import time
from math import lcm

import numpy as np

from memir.planning.layout import IntervalIndex
from memir.model.layout import Plan, PlanStatus
from memir.model.tiles import TiledBuffer
from memir.planning.tiles.chunks import DEFAULT_CHUNK_LIMIT, Item, items_of, union

TILE_SORTS = ("size", "lifetime", "peers", "last-use")


def _bytes_of(item: Item) -> tuple[np.ndarray, np.ndarray]:
    """Chunk starts and ends relative to the buffer; a compact item counts as its span."""
    c = item.chunks
    if c.offsets is None:
        lo, hi = c.span
        return np.array([lo], np.int64), np.array([hi], np.int64)
    return c.offsets, c.offsets + c.sizes


def _next_free(
    xs: np.ndarray, xe: np.ndarray, os_: np.ndarray, oe: np.ndarray, addr: int, align: int
) -> int:
    """Lowest aligned ``a >= addr`` where chunks ``[xs, xe) + a`` miss the occupied list."""
    # Every address skipped still collides; the loop ends because the address only grows
    # and every address above all occupied bytes is free.
    n = len(os_)
    while True:
        a0, a1 = xs + addr, xe + addr
        j = np.searchsorted(oe, a0, side="right")
        jj = np.minimum(j, n - 1)
        hit = (j < n) & (os_[jj] < a1)
        if not hit.any():
            return addr
        last = np.searchsorted(os_, a1[hit], side="left") - 1
        addr = int((oe[last] - xs[hit]).max())
        addr = -(-addr // align) * align


def _order(buffers: list[TiledBuffer], items: list[Item], sort: str) -> list[int]:
    n = len(buffers)
    if sort == "size":
        key = [(-b.size, b.hull[0], i) for i, b in enumerate(buffers)]
    elif sort == "lifetime":
        key = [(-(b.hull[1] - b.hull[0]), -b.size, i) for i, b in enumerate(buffers)]
    elif sort == "last-use":  # latest end of lifetime first (ours, not in the seed)
        key = [(-b.hull[1], -b.size, i) for i, b in enumerate(buffers)]
    elif sort == "peers":
        lows = np.sort(np.array([it.lower for it in items], np.int64))
        ups = np.sort(np.array([it.upper for it in items], np.int64))
        peers = [0] * n
        for it in items:  # intervals meeting [lower, upper): all - ended before - start after
            meet = len(items) - np.searchsorted(ups, it.lower, "right")
            meet -= len(items) - np.searchsorted(lows, it.upper, "left")
            peers[it.buffer] += int(meet) - 1
        key = [(-peers[i], -b.size, i) for i, b in enumerate(buffers)]
    else:
        raise ValueError(f"unknown sort {sort!r}; expected one of {TILE_SORTS} or 'best'")
    return [k[-1] for k in sorted(key)]


def _csr(parts: list[np.ndarray]) -> tuple[np.ndarray, np.ndarray]:
    ptr = np.zeros(len(parts) + 1, np.int64)
    ptr[1:] = np.cumsum([len(p) for p in parts])
    flat = np.concatenate(parts) if parts else np.zeros(0, np.int64)
    return ptr, flat


def _gather(ptr: np.ndarray, sel: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Flat positions of the CSR rows ``sel`` and, for each, the row it came from."""
    lens = ptr[sel + 1] - ptr[sel]
    tot = int(lens.sum())
    first = np.repeat(ptr[sel] - (np.cumsum(lens) - lens), lens)
    return first + np.arange(tot, dtype=np.int64), np.repeat(sel, lens)


def tile_lower_bound(buffers: list[TiledBuffer], limit: int = DEFAULT_CHUNK_LIMIT) -> int:
    """Peak over time of the bytes live at once, and at least every buffer's size.

    Per buffer, the live bytes are the union of its live items' chunks, tracked exactly with a
    coverage count over the buffer's elementary byte segments as items come and go (a compact
    item counts with ``Strided.lower_size``, so the bound stays a bound)."""
    items = items_of(buffers, limit)
    per: dict[int, list[Item]] = {}
    for it in items:
        per.setdefault(it.buffer, []).append(it)
    events: dict[int, int] = {}
    for its in per.values():
        exact = [_bytes_of(it) for it in its]
        bounds = np.unique(np.concatenate([np.concatenate(e) for e in exact]))
        seg_len = np.diff(bounds)
        segs = []
        for it, (st, en) in zip(its, exact):
            if it.chunks.compact:
                segs.append(None)
                continue
            a = np.searchsorted(bounds, st)
            b = np.searchsorted(bounds, en)
            lens = b - a
            segs.append(np.repeat(a - (np.cumsum(lens) - lens), lens) + np.arange(lens.sum()))
        count = np.zeros(len(seg_len), np.int64)
        covered, compact_live, prev = 0, [], 0
        timeline: dict[int, list[tuple[int, int]]] = {}
        for k, it in enumerate(its):
            timeline.setdefault(it.lower, []).append((1, k))
            timeline.setdefault(it.upper, []).append((-1, k))
        for t in sorted(timeline):
            for sign, k in sorted(timeline[t]):  # removals first
                if segs[k] is None:
                    size = its[k].pattern.lower_size()
                    if sign > 0:
                        compact_live.append(size)
                    else:
                        compact_live.remove(size)
                    continue
                idx = segs[k]
                if sign > 0:
                    count[idx] += 1
                    covered += int(seg_len[idx][count[idx] == 1].sum())
                else:
                    count[idx] -= 1
                    covered -= int(seg_len[idx][count[idx] == 0].sum())
            live = max([covered] + compact_live)
            events[t] = events.get(t, 0) + live - prev
            prev = live
    peak = cur = 0
    for t in sorted(events):
        cur += events[t]
        peak = max(peak, cur)
    return max([peak] + [b.size for b in buffers])


def tensor_allocate(
    buffers: list[TiledBuffer],
    sort: str = "size",
    alignment: int = 1,
    limit: int = DEFAULT_CHUNK_LIMIT,
) -> Plan:
    """[NPU tiles] Algorithm 1 over all buffers in ``sort`` order ("size", "lifetime", "peers",
    "last-use", or "best": all of them, the smallest arena wins).  Offsets are multiples of
    ``lcm(alignment, buffer.alignment)``."""
    t0 = time.perf_counter()
    sorts = TILE_SORTS if sort == "best" else (sort,)
    runs = [(_allocate(buffers, s, alignment, limit), s) for s in sorts]
    offs, chosen = min(runs, key=lambda r: (_arena(buffers, r[0]), TILE_SORTS.index(r[1])))
    return Plan(
        offsets=offs,
        arena=_arena(buffers, offs),
        strategy=f"tile-aware/{chosen}",
        lower_bound=tile_lower_bound(buffers, limit),
        status=PlanStatus.HEURISTIC,
        seconds=time.perf_counter() - t0,
    )


def _arena(buffers: list[TiledBuffer], offsets: list[int]) -> int:
    return max((o + b.size for o, b in zip(offsets, buffers)), default=0)


def _allocate(buffers: list[TiledBuffer], sort: str, alignment: int, limit: int) -> list[int]:
    items = items_of(buffers, limit)
    index = IntervalIndex([it.lower for it in items], [it.upper for it in items])
    by_buffer: list[list[int]] = [[] for _ in buffers]
    for k, it in enumerate(items):
        by_buffer[it.buffer].append(k)
    rel = [_bytes_of(it) for it in items]
    ptr, cstart = _csr([r[0] for r in rel])
    _, cend = _csr([r[1] for r in rel])
    item_buf = np.array([it.buffer for it in items], np.int64)
    offsets = np.zeros(len(buffers), np.int64)
    placed = np.zeros(len(buffers), dtype=bool)
    for bi in _order(buffers, items, sort):
        align = lcm(alignment, buffers[bi].alignment)
        constraints = []
        for k in by_buffer[bi]:
            it = items[k]
            peers = index.query(it.lower, it.upper)
            peers = peers[placed[item_buf[peers]]]
            if len(peers) == 0:
                continue
            pos, row = _gather(ptr, peers)
            base = offsets[item_buf[row]]
            occ = union(cstart[pos] + base, cend[pos] + base)
            constraints.append((rel[k][0], rel[k][1], occ[0], occ[1]))
        addr, stable = 0, False
        while not stable:
            stable = True
            for xs, xe, os_, oe in constraints:
                a = _next_free(xs, xe, os_, oe, addr, align)
                if a != addr:
                    addr, stable = a, False
        offsets[bi], placed[bi] = addr, True
    return [int(o) for o in offsets]


def oblivious_buffers(buffers: list[TiledBuffer]) -> list[TiledBuffer]:
    """Each buffer as one block over the hull of its own and its tiles' lifetimes."""
    return [
        TiledBuffer(b.size, b.alignment, *b.hull, tiles=(), name=b.name) for b in buffers
    ]


def tile_oblivious_plan(
    buffers: list[TiledBuffer], sort: str = "size", alignment: int = 1
) -> Plan:
    """Baseline: the same first-fit planner, but every buffer occupies all of its bytes for the
    hull of its lifetimes (what a tile-unaware allocator must assume).  ``lower_bound`` is the
    tile-aware bound of the original problem, so both plans are judged against the same number.
    The plan is also valid for the original tiled problem (it is strictly more conservative)."""
    t0 = time.perf_counter()
    plan = tensor_allocate(oblivious_buffers(buffers), sort, alignment)
    plan.strategy = f"tile-oblivious/{plan.strategy.split('/')[1]}"
    plan.lower_bound = tile_lower_bound(buffers)
    plan.seconds = time.perf_counter() - t0
    return plan
