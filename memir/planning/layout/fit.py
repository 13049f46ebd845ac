"""Merge and Fit ([Multi-stream reuse], Algorithms 9-12), vectorised.

Everything here speaks of *start offsets of a block*. Avoid produces forbidden start
intervals ``[lo, hi)``: for a placed conflicting buffer at bytes ``[o, e)`` and a block member
at byte ``prefix`` of size ``s``, the block may not start in ``[o - prefix - s + 1, e - prefix)``.
(The paper's Fit compares ``lower + size`` against the next *forbidden start*, which is only
right for single buffers; working in start space handles blocks and single buffers alike.)

Merge sorts the intervals by ``lo`` and takes a running maximum of ``hi``; the complement
inside the domain ``[dom_lo, dom_hi)`` is the list of gaps. A gap's candidate is its first
start that meets the block's alignment. First-Fit takes the lowest candidate; Best-Fit the
smallest gap (ties: lower offset), measuring gaps in start space (for a single buffer this
is the free-byte gap minus ``size - 1``, so the order of gaps is the same).
"""

from __future__ import annotations

import numpy as np

from memir.planning.layout.blocks import Block

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
    if block.period > 1:  # align only the gaps that are not empty before alignment
        room = np.flatnonzero(glo < ghi)
        start = block.align_up_many(glo[room])
        fits = start < ghi[room]
        room, start = room[fits], start[fits]
        if not len(room):
            return None
        g = 0 if fit == "first" else int((ghi[room] - glo[room]).argmin())
        return int(start[g]), int(room[g])
    start = glo
    ok = start < ghi
    if fit == "first":
        k = int(ok.argmax())  # gaps come in increasing offset order
    else:
        k = int(np.where(ok, ghi - glo, INF + 1).argmin())  # first minimum: lowest offset
    if not ok[k]:
        return None
    return int(start[k]), k


def masked_gaps(off: np.ndarray, end: np.ndarray, mask: np.ndarray, scratch: np.ndarray
                ) -> tuple[np.ndarray, np.ndarray, int]:
    """Byte gaps ``[lo[j], hi[j])`` between the obstacles among the rows ``(off, end)`` (in
    offset order) where ``mask`` is set, and where the unbounded top gap starts.

    The obstacles are read through the mask, never compressed: a row left out raises no
    running maximum of ends and offers no gap (its end and offset count as 0: ``[lo, 0)``,
    where nothing fits). Gap ``j`` is ``[max end of obstacles before row j, off[j])``.
    ``lo`` is a view of ``scratch`` (int64, at least ``len(off)`` entries); ``hi`` is new.
    """
    m = len(off)
    if m == 0:
        return off, off, 0
    ends = np.multiply(end, mask)
    lo = scratch[:m]
    lo[0] = 0
    np.maximum.accumulate(ends[:-1], out=lo[1:])
    return lo, np.multiply(off, mask), max(int(lo[-1]), int(ends[-1]))


def fit_gaps(lo: np.ndarray, hi: np.ndarray, top: int, size: int, block: Block,
             best: bool) -> int:
    """Start of a single buffer of ``size`` (> 0) bytes in the byte gaps ``[lo, hi)`` (in
    offset order, empty ones allowed) below ``top``, where the unbounded gap starts (as
    ``masked_gaps`` gives them), as ``gaps`` then ``choose`` would pick it. The arrays are
    only read (an index may hand out its own)."""
    if block.period == 1:
        # slack = room - size, >= 0 where the buffer fits; read as unsigned, a negative
        # slack is larger than any other, so the first minimum is the best fit.
        slack = hi - lo
        slack -= size
        if len(slack):
            if best:
                g = int(slack.view(np.uint64).argmin())
            else:
                g = int((slack >= 0).argmax())
            if slack[g] >= 0:
                return int(lo[g])
    else:
        room, starts = aligned_room(lo, hi, size, block)
        if len(room):
            # smallest gap, measured before alignment as ``choose`` does; else the lowest
            g = int((hi[room] - lo[room]).argmin()) if best else 0
            return int(starts[g])
    return block.align_up(top)


def aligned_room(lo: np.ndarray, hi: np.ndarray, size: int, block: Block
                 ) -> tuple[np.ndarray, np.ndarray]:
    """(indices, aligned starts) of the gaps ``[lo, hi)`` that hold ``size`` bytes at an
    aligned start, in order. Alignment only raises a start, so a gap shorter than ``size``
    never qualifies; only the few long enough are aligned (the division is the costly part)."""
    room = np.flatnonzero(hi - lo >= size)
    starts = block.align_up_many(lo[room])
    ok = hi[room] - starts >= size
    return room[ok], starts[ok]


def fit_gaps_in_objects(lo: np.ndarray, hi: np.ndarray, top: int, size: int, block: Block,
                        best: bool, obj_lo: np.ndarray, obj_hi: np.ndarray) -> int | None:
    """Many Objects' first pass for a single buffer of ``size`` (> 0) bytes: the start
    the fitter picks in the lowest object (disjoint byte ranges ``[obj_lo, obj_hi)`` in
    increasing order) with room in the gaps of ``fit_gaps``; None if none has. The same
    choice as ``gaps`` over Avoid's intervals and the object boundaries.

    The gaps with room for the buffer are cut into pieces, one per object they meet; a
    piece's start-space room is its length minus ``size - 1``, so best fit takes the
    shortest piece (ties: the lowest).
    """
    room, _ = aligned_room(lo, hi, size, block)  # pieces of other gaps are too small
    gap_lo = np.append(lo[room], top)
    gap_hi = np.append(hi[room], INF)
    first = np.searchsorted(obj_hi, gap_lo, "right")  # first object ending above the gap
    last = np.searchsorted(obj_lo, gap_hi, "left") - 1  # last one starting below its end
    count = np.maximum(last - first + 1, 0)
    total = int(count.sum())
    if total == 0:
        return None
    gap = np.repeat(np.arange(len(count)), count)
    obj = np.arange(total) - np.repeat(np.cumsum(count) - count, count) + first[gap]
    piece_lo = np.maximum(gap_lo[gap], obj_lo[obj])
    piece_hi = np.minimum(gap_hi[gap], obj_hi[obj])
    starts = block.align_up_many(piece_lo) if block.period > 1 else piece_lo
    ok = piece_hi - starts >= size
    if not ok.any():
        return None
    ok &= obj == obj[ok.argmax()]  # pieces come in offset order: the lowest object
    if best:
        g = int(np.where(ok, piece_hi - piece_lo, INF).argmin())
    else:
        g = int(ok.argmax())
    return int(starts[g])


def first_fit_above(lo: np.ndarray, hi: np.ndarray, top: int, size: int, block: Block,
                    floor: int) -> int:
    """The lowest start at or above ``floor`` of a buffer of ``size`` (> 0) bytes in the
    gaps of ``fit_gaps`` (Many Objects opening a new object)."""
    room, starts = aligned_room(np.maximum(lo, floor), hi, size, block)
    return int(starts[0]) if len(room) else block.align_up(max(top, floor))
