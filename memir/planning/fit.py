"""Merge and Fit (seed 000, Algorithms 9-12), vectorised.

Everything here speaks of *start offsets of a block*. Avoid produces forbidden start
intervals ``[lo, hi)``: for a placed conflicting buffer at bytes ``[o, e)`` and a block member
at byte ``prefix`` of size ``s``, the block may not start in ``[o - prefix - s + 1, e - prefix)``.
(The seed's Fit compares ``lower + size`` against the next *forbidden start*, which is only
right for single buffers; working in start space handles blocks and single buffers alike.)

Merge sorts the intervals by ``lo`` and takes a running maximum of ``hi``; the complement
inside the domain ``[dom_lo, dom_hi)`` is the list of gaps. A gap's candidate is its first
start that meets the block's alignment. First-Fit takes the lowest candidate; Best-Fit the
smallest gap (ties: lower offset), measuring gaps in start space (for a single buffer this
is the free-byte gap minus ``size - 1``, so the order of gaps is the same).
"""

from __future__ import annotations

import numpy as np

from memir.planning.blocks import Block

INF = 1 << 62


def gaps(forbid_lo: np.ndarray, forbid_hi: np.ndarray, dom_lo: int, dom_hi: int,
         presorted: bool = False) -> tuple[np.ndarray, np.ndarray]:
    """Start ranges ``[glo, ghi)`` inside ``[dom_lo, dom_hi)`` hitting no interval, in order.

    Empty ranges may be included (``glo >= ghi``); ``choose`` skips them.
    ``presorted``: the intervals already come in increasing ``lo`` order.
    """
    if len(forbid_lo) == 0:
        return np.array([dom_lo], dtype=np.int64), np.array([dom_hi], dtype=np.int64)
    if not presorted:
        order = forbid_lo.argsort(kind="stable")
        forbid_lo, forbid_hi = forbid_lo[order], forbid_hi[order]
    glo = np.empty(len(forbid_lo) + 1, dtype=np.int64)
    glo[0] = dom_lo
    np.maximum.accumulate(forbid_hi, out=glo[1:])
    np.maximum(glo, dom_lo, out=glo)
    ghi = np.append(forbid_lo, dom_hi)
    if dom_hi < INF:
        np.minimum(ghi, dom_hi, out=ghi)
    return glo, ghi


def choose(block: Block, glo: np.ndarray, ghi: np.ndarray, fit: str) -> tuple[int, int] | None:
    """(start, gap index) chosen by the fitter, or None when no gap admits the block."""
    if len(glo) == 0:
        return None
    start = block.align_up_many(glo) if block.period > 1 else glo
    ok = start < ghi
    if fit == "first":
        k = int(ok.argmax())  # gaps come in increasing offset order
    else:
        k = int(np.where(ok, ghi - glo, INF + 1).argmin())  # first minimum: lowest offset
    if not ok[k]:
        return None
    return int(start[k]), k


def fit_masked(off: np.ndarray, end: np.ndarray, mask: np.ndarray, size: int, block: Block,
               best: bool, scratch: np.ndarray) -> int:
    """Start of a single buffer of ``size`` (> 0) bytes among the rows ``(off, end)`` (in
    offset order) where ``mask`` is set, as ``gaps`` then ``choose`` would pick it.

    The obstacles are read through the mask, never compressed: a row left out raises no
    running maximum of ends and offers no gap (its end and offset count as 0). Gap ``j`` is
    ``[max end of obstacles before row j, off[j])``, the top gap starts at the maximum end.
    ``scratch`` is an int64 work array of at least ``len(off)`` entries.
    """
    m = len(off)
    if m == 0:
        return block.align_up(0)
    ends = np.multiply(end, mask)
    lo = scratch[:m]  # lo[j]: the start of the gap before row j
    lo[0] = 0
    np.maximum.accumulate(ends[:-1], out=lo[1:])
    hi = np.multiply(off, mask)  # a row left out: [lo, 0), where nothing fits
    if block.period == 1:
        # slack = room - size, >= 0 where the buffer fits; read as unsigned, a negative
        # slack is larger than any other, so the first minimum is the best fit.
        slack = np.subtract(hi, lo, out=hi)
        slack -= size
        if best:
            g = int(slack.view(np.uint64).argmin())
        else:
            g = int((slack >= 0).argmax())
        if slack[g] >= 0:
            return int(lo[g])
    else:
        fits = hi - block.align_up_many(lo) >= size
        if best:  # smallest gap, measured before alignment as ``choose`` does
            hi -= lo
            hi[~fits] = INF
            g = int(hi.argmin())
        else:
            g = int(fits.argmax())
        if fits[g]:
            return block.align_up(int(lo[g]))
    return block.align_up(max(int(lo[-1]), int(ends[-1])))  # the unbounded top gap
