"""Do two placed byte patterns share a byte?  Exact, and cheap for tile-shaped patterns.

* ``explicit_overlap``: a merge of two sorted chunk lists ([NPU tiles] Algorithm 2, vectorised).
* ``pattern_overlap``: analytic, for compact patterns that were never rendered.  Shared bytes
  exist iff ``sum_k x_k A_k - sum_l y_l B_l`` lies in a window ([NPU tiles] eq. 2 with the run
  lengths folded into the right-hand side).  ``y' = n - 1 - y`` makes all coefficients
  positive; strides whose sum is a contiguous range fold into one term; then a depth-first
  search over the largest term, pruned by the reachable range and the gcd, picks values.
  For tiles of row-major tensors this visits a handful of nodes; pathological stride mixes are
  bounded by ``budget`` and raise ``Undecided`` rather than guess.

``collision_size`` is the paper's Algorithm 2 interface on top of these.
"""

from __future__ import annotations

from dataclasses import dataclass
from math import gcd

import numpy as np

from memir.model.tiles import TileView

from memir.planning.tiles.chunks import Chunks, Strided, render_chunks

DEFAULT_BUDGET = 200_000


class Undecided(Exception):
    """The analytic search ran out of budget: neither overlap nor its absence was shown."""


def explicit_overlap(
    ca: Chunks, base_a: int, cb: Chunks, base_b: int
) -> tuple[int, int] | None:
    """First (lowest) shared byte range ``[lo, hi)`` in absolute bytes, or None."""
    if ca.offsets is None or cb.offsets is None:
        raise ValueError("explicit_overlap needs rendered chunks")
    if len(ca.offsets) == 0 or len(cb.offsets) == 0:
        return None
    a0, a1 = ca.offsets + base_a, ca.offsets + ca.sizes + base_a
    b0, b1 = cb.offsets + base_b, cb.offsets + cb.sizes + base_b
    if a1[-1] <= b0[0] or b1[-1] <= a0[0]:
        return None
    # for each chunk of a: first chunk of b that ends after it starts
    j = np.searchsorted(b1, a0, side="right")
    ok = j < len(b0)
    jj = np.minimum(j, len(b0) - 1)
    hit = ok & (b0[jj] < a1)
    idx = np.flatnonzero(hit)
    if len(idx) == 0:
        return None
    i = idx[0]
    k = jj[i]
    return int(max(a0[i], b0[k])), int(min(a1[i], b1[k]))


@dataclass(slots=True)
class _Term:
    coef: int
    count: int
    leaf: tuple[int, int] | None = None  # (side, dim index)
    kids: tuple[_Term, _Term, int] | None = None  # value = lo_kid + k * hi_kid

    def split(self, x: int, out: dict[tuple[int, int], int]) -> None:
        if self.leaf is not None:
            out[self.leaf] = x
            return
        t1, t2, k = self.kids
        x2 = min(t2.count - 1, x // k)
        t1.split(x - k * x2, out)
        t2.split(x2, out)


def _fold(terms: list[_Term]) -> list[_Term]:
    """Merge terms whose combined value set is a contiguous progression (exact)."""
    terms = sorted(terms, key=lambda t: t.coef)
    merged = True
    while merged:
        merged = False
        for a in range(len(terms)):
            for b in range(a + 1, len(terms)):
                t1, t2 = terms[a], terms[b]
                k = t2.coef // t1.coef
                if t2.coef % t1.coef == 0 and t1.count >= k:
                    terms[a] = _Term(t1.coef, t1.count + k * (t2.count - 1), kids=(t1, t2, k))
                    del terms[b]
                    merged = True
                    break
            if merged:
                break
        terms.sort(key=lambda t: t.coef)
    return terms


def _search(terms: list[_Term], lo: int, hi: int, budget: int) -> list[int] | None:
    """Values x_t in [0, count_t) with sum x_t * coef_t in [lo, hi]; terms sorted descending."""
    m = len(terms)
    reach = [0] * (m + 1)  # max of the sum of terms k.. onward
    g = [0] * (m + 1)
    for k in range(m - 1, -1, -1):
        reach[k] = reach[k + 1] + terms[k].coef * (terms[k].count - 1)
        g[k] = gcd(g[k + 1], terms[k].coef)
    nodes = 0
    xs = [0] * m

    def rec(k: int, lo: int, hi: int) -> bool:
        nonlocal nodes
        nodes += 1
        if nodes > budget:
            raise Undecided(f"analytic search exceeded {budget} nodes")
        lo, hi = max(lo, 0), min(hi, reach[k])
        if lo > hi:
            return False
        if k == m:
            return True
        if g[k] and -(-lo // g[k]) * g[k] > hi:
            return False
        c = terms[k].coef
        first = max(0, -(-(lo - reach[k + 1]) // c))
        last = min(terms[k].count - 1, hi // c)
        for x in range(first, last + 1):
            xs[k] = x
            if rec(k + 1, lo - x * c, hi - x * c):
                return True
        return False

    return list(xs) if rec(0, lo, hi) else None


def pattern_overlap(
    pa: Strided, base_a: int, pb: Strided, base_b: int, budget: int = DEFAULT_BUDGET
) -> tuple[int, int] | None:
    """A shared absolute byte range ``[lo, hi)`` of two placed patterns, or None (exact)."""
    if pa.empty or pb.empty:
        return None
    a0, b0 = base_a + pa.base, base_b + pb.base
    if a0 + (pa.end - pa.base) <= b0 or b0 + (pb.end - pb.base) <= a0:
        return None
    # runs [a0 + X, +Ra) and [b0 + Y, +Rb) meet iff X - Y in (b0 - a0 - Ra, b0 - a0 + Rb)
    lo = b0 - a0 - pa.run + 1
    hi = b0 - a0 + pb.run - 1
    terms = [_Term(s, n, leaf=(0, k)) for k, (n, s) in enumerate(pa.dims)]
    shift = 0
    for k, (n, s) in enumerate(pb.dims):  # -y*s = -(n-1)*s + (n-1-y)*s
        terms.append(_Term(s, n, leaf=(1, k)))
        shift += (n - 1) * s
    terms = _fold(terms)[::-1]
    xs = _search(terms, lo + shift, hi + shift, budget)
    if xs is None:
        return None
    vals: dict[tuple[int, int], int] = {}
    for t, x in zip(terms, xs):
        t.split(x, vals)
    ra = a0 + sum(vals[(0, k)] * s for k, (_, s) in enumerate(pa.dims))
    rb = b0 + sum((n - 1 - vals[(1, k)]) * s for k, (n, s) in enumerate(pb.dims))
    lo_b, hi_b = max(ra, rb), min(ra + pa.run, rb + pb.run)
    assert lo_b < hi_b, "witness reconstruction failed"
    return lo_b, hi_b


def shared_range(
    ca: Chunks, base_a: int, cb: Chunks, base_b: int, budget: int = DEFAULT_BUDGET
) -> tuple[int, int] | None:
    """Exact: explicit merge when both are rendered, analytic otherwise."""
    if ca.offsets is not None and cb.offsets is not None:
        return explicit_overlap(ca, base_a, cb, base_b)
    return pattern_overlap(ca.pattern, base_a, cb.pattern, base_b, budget)


def tile_offset(tile: TileView) -> int:
    """[NPU tiles] eq. 1 ``off(t, T)`` in bytes: where the tile's first element sits."""
    return tile.elem_size * sum(o * s for o, s in zip(tile.offsets, tile.strides))


def collision_size(t1: TileView, t1base: int, t2: TileView, t2base: int) -> int:
    """[NPU tiles] Algorithm 2 (CollisionSize): size of the first overlapping region of two tiles
    whose tensors sit at ``t1base`` and ``t2base``; 0 when they share no byte.

    The paper returns ``t1end - t2start`` of the first colliding chunk pair; we return the size
    of that pair's intersection, ``min(ends) - max(starts)``, which is the same number when
    the ``t1`` chunk starts first (the paper's worked example: 8192 - 128 = 8064) and is never
    larger than either chunk otherwise.
    """
    c1, c2 = render_chunks(t1), render_chunks(t2)
    r = shared_range(c1, t1base, c2, t2base)
    return 0 if r is None else r[1] - r[0]
