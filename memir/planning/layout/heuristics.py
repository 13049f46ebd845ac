"""Greedy offset assignment: Single Object and Many Objects, parameterised by Sort x Fit.

[Multi-stream reuse], section 4.1 and appendix D. Blocks (single buffers or ordered
contiguous groups) are taken in a sort order and each gets the start offset the fitter
chooses among those that avoid every placed conflicting buffer (Avoid -> Merge -> Fit ->
SetOffsets). Single Object (Alg. 6) has one unbounded memory object; Many Objects (Alg. 7)
a sequence of objects, each as large as the block that opened it (fast, sometimes smaller).
Pre-placed blocks go first, as obstacles. Ties go by first buffer index, fits to the lower
offset: runs are deterministic.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from memir.planning.layout.blocks import Block, build_blocks
from memir.analysis.summary_conflicts import SummaryConflicts
from memir.planning.budget import NO_DEADLINE, Deadline
from memir.planning.layout.fit import (
    INF,
    choose,
    first_fit_above,
    fit_gaps,
    fit_gaps_in_objects,
    gaps,
)
from memir.planning.layout.lifetimes import lifetimes
from memir.planning.layout.obstacles import (
    EMPTY,
    GraphObstacles,
    IntervalObstacles,
    SummaryObstacles,
    make_index,
    neighbour_csr,
)
from memir.model.layout import Problem

# Sorts, descending unless noted, then by size, then index: size (total bytes, then
# lifetime), breadth (bytes live at the block's first step, Pisarchyk & Lee), source
# (ascending first step), conflicts (the paper's "Greedy Unsafe"), lifetime (long-lived
# first, LLFB in [ROAM]), area (size x lifetime). Breadth, lifetime and area use
# lower/upper even when explicit conflicts are given.
SORTS = ("size", "breadth", "source", "conflicts", "lifetime", "area")
FITS = ("first", "best")
ALGORITHMS = ("single", "many")


@dataclass(slots=True)
class Prepared:
    """Per-problem data shared by every run of a portfolio."""

    problem: Problem
    blocks: list[Block]
    block_of: np.ndarray
    sizes: np.ndarray
    lower: np.ndarray
    upper: np.ndarray
    _keys: dict[str, np.ndarray] | None = None
    _csr: tuple[np.ndarray, np.ndarray] | None = None

    def neighbours(self) -> tuple[np.ndarray, np.ndarray] | None:
        """CSR conflict rows, built once for every run of a portfolio (None: intervals, or
        summary conflicts, which are decided row by row and never listed)."""
        if self.problem.conflicts is None or isinstance(self.problem.conflicts,
                                                        SummaryConflicts):
            return None
        if self._csr is None:
            self._csr = neighbour_csr(self.problem)
        return self._csr

    @staticmethod
    def of(problem: Problem) -> Prepared:
        blocks, block_of = build_blocks(problem)
        sizes, lower, upper = lifetimes(problem)
        return Prepared(problem, blocks, block_of, sizes, lower, upper)

    def degrees(self) -> np.ndarray:
        """Number of conflicting buffers of each buffer."""
        if isinstance(self.problem.conflicts, SummaryConflicts):
            return self.problem.conflicts.degrees()
        if self.problem.conflicts is not None:
            return np.fromiter((len(c) for c in self.problem.conflicts), dtype=np.int64,
                               count=len(self.sizes))
        lo, hi = np.sort(self.lower), np.sort(self.upper)
        # j conflicts with i iff lower_j < upper_i and upper_j > lower_i
        starts_before_end = np.searchsorted(lo, self.upper, "left")
        ended_by_start = np.searchsorted(hi, self.lower, "right")
        return starts_before_end - ended_by_start - 1

    def breadth(self) -> np.ndarray:
        """Bytes live at each buffer's first step."""
        order_lo = np.argsort(self.lower, kind="stable")
        order_hi = np.argsort(self.upper, kind="stable")
        cum_lo = np.concatenate(([0], np.cumsum(self.sizes[order_lo])))
        cum_hi = np.concatenate(([0], np.cumsum(self.sizes[order_hi])))
        started = cum_lo[np.searchsorted(self.lower[order_lo], self.lower, "right")]
        ended = cum_hi[np.searchsorted(self.upper[order_hi], self.lower, "right")]
        return started - ended

    def sort_keys(self) -> dict[str, np.ndarray]:
        """Block orders for every sort, computed once."""
        if self._keys is not None:
            return self._keys
        nb = len(self.blocks)
        first = np.fromiter((b.members[0] for b in self.blocks), dtype=np.int64, count=nb)
        member_block = self.block_of
        size = np.fromiter((b.size for b in self.blocks), dtype=np.int64, count=nb)
        lo = np.full(nb, np.iinfo(np.int64).max, dtype=np.int64)
        hi = np.full(nb, np.iinfo(np.int64).min, dtype=np.int64)
        np.minimum.at(lo, member_block, self.lower)
        np.maximum.at(hi, member_block, self.upper)
        length = np.maximum(hi - lo, 0)
        breadth = np.zeros(nb, dtype=np.int64)
        np.maximum.at(breadth, member_block, self.breadth())
        area = size.astype(np.float64) * length
        def by_conflicts() -> np.ndarray:  # degrees cost a row per buffer: only if asked
            deg = np.zeros(nb, dtype=np.int64)
            np.add.at(deg, member_block, self.degrees())
            return np.lexsort((first, -size, -deg))

        keys = _LazyKeys({"conflicts": by_conflicts}) | {
            "size": np.lexsort((first, -length, -size)),
            "breadth": np.lexsort((first, -size, -breadth)),
            "source": np.lexsort((first, -size, lo)),
            "lifetime": np.lexsort((first, -size, -length)),
            "area": np.lexsort((first, -size, -area)),
        }
        self._keys = keys
        return keys


class _LazyKeys(dict):
    """Sort orders; the ones given as functions are computed on first use."""

    def __init__(self, lazy: dict) -> None:
        super().__init__()
        self.lazy = lazy

    def __or__(self, other: dict) -> _LazyKeys:
        self.update(other)
        return self

    def __missing__(self, key: str) -> np.ndarray:
        if key not in self.lazy:
            raise KeyError(key)
        value = self[key] = self.lazy[key]()
        return value


def _forbidden(block: Block, index: IntervalObstacles | GraphObstacles, sizes: np.ndarray
               ) -> tuple[np.ndarray, np.ndarray, bool]:
    """Avoid: forbidden start intervals of a block given the placed buffers.

    The third value says whether the intervals come sorted by start (single buffers).
    """
    if len(block.members) == 1:
        i = block.members[0]
        s = int(sizes[i])
        if s == 0:
            return EMPTY, EMPTY, True
        off, end = index.obstacles(i)
        return off - (s - 1), end, True
    los, his = [], []
    for i, p in zip(block.members, block.prefix):
        s = int(sizes[i])
        if s == 0:
            continue
        off, end = index.obstacles(i)
        if len(off):
            los.append(off - (p + s - 1))
            his.append(end - p)
    if not los:
        return EMPTY, EMPTY, True
    return np.concatenate(los), np.concatenate(his), len(los) == 1


def _set_offsets(block: Block, start: int, offsets: np.ndarray, index, sizes: np.ndarray
                 ) -> None:
    """SetOffsets: members back to back from ``start``; register them as obstacles."""
    for i, p in zip(block.members, block.prefix):
        offsets[i] = start + p
        index.place(i, start + p, int(sizes[i]))


def _place_fixed(prep: Prepared, offsets: np.ndarray, index) -> tuple[list[int], int]:
    """Put pre-placed blocks first; return the indices of the movable blocks and the
    arena the pre-placed ones take."""
    movable, top = [], 0
    for k, block in enumerate(prep.blocks):
        if block.fixed_start is None:
            movable.append(k)
        else:
            _set_offsets(block, block.fixed_start, offsets, index, prep.sizes)
            top = max(top, block.fixed_start + block.size)
    return movable, top


def _ordered_movable(prep: Prepared, sort: str, movable: list[int]) -> np.ndarray:
    if sort not in SORTS:
        raise ValueError(f"unknown sort {sort!r}; choose one of {', '.join(SORTS)}")
    order = prep.sort_keys()[sort]
    is_movable = np.zeros(len(prep.blocks), dtype=bool)
    is_movable[movable] = True
    return order[is_movable[order]]


def _start(prep: Prepared, sort: str, fit: str, order: np.ndarray | None):
    """Offsets with the pre-placed blocks set, the obstacle index, the order of the rest,
    the arena taken so far."""
    _check_fit(fit)
    offsets = np.zeros(len(prep.sizes), dtype=np.int64)
    index = make_index(prep.problem, prep.neighbours())
    movable, top = _place_fixed(prep, offsets, index)
    if order is None:
        order = _ordered_movable(prep, sort, movable)
    return offsets, index, order, top


# A run checks the deadline once per this many placements: a check costs about a tenth
# of a microsecond, a placement tens to hundreds (a long-lived buffer among 50k scans
# thousands of rows), so a run cut by the deadline ends within a few milliseconds of it.
CHECK_EVERY = 16


def stack_rest(prep: Prepared, offsets: np.ndarray, rest: np.ndarray) -> None:
    """Out of time: the blocks in ``rest`` (not yet placed) go one above another over
    everything placed so far, which is valid whatever their conflicts."""
    blocks = [prep.blocks[k] for k in rest.tolist()]
    members = np.fromiter((i for b in blocks for i in b.members), np.int64)
    placed = np.ones(len(prep.sizes), dtype=bool)
    placed[members] = False
    top = int((offsets + prep.sizes)[placed].max()) if placed.any() else 0
    if len(members) == len(blocks) and all(b.period == 1 for b in blocks):
        sizes = prep.sizes[members]  # single buffers, any start: a running sum
        offsets[members] = top + np.cumsum(sizes) - sizes
        return
    for block in blocks:
        start = block.align_up(top)
        for i, p in zip(block.members, block.prefix):
            offsets[i] = start + p
        top = start + block.size


def single_object(prep: Prepared, sort: str = "size", fit: str = "best",
                  order: np.ndarray | None = None, deadline: Deadline = NO_DEADLINE,
                  cap: int | None = None) -> np.ndarray | None:
    """Algorithm 6. Returns the offset of every buffer.

    Past ``deadline`` the blocks not yet placed are stacked above the rest (``stack_rest``).
    With ``cap``, the run stops and returns None as soon as its arena reaches ``cap``
    (the arena only grows: such a run cannot beat a plan of ``cap`` bytes).
    """
    offsets, index, order, top = _start(prep, sort, fit, order)
    if cap is not None and top >= cap:
        return None
    blocks, sizes = prep.blocks, prep.sizes
    if isinstance(index, IntervalObstacles) and len(blocks) == len(sizes):
        done = _single_buffers(prep, order, fit == "best", offsets, index, deadline, top, cap)
        return offsets if done else None
    compiled = isinstance(index, SummaryObstacles) and index.kernels is not None
    for n, k in enumerate(order):
        if n % CHECK_EVERY == 0 and n and deadline.expired():
            stack_rest(prep, offsets, order[n:])
            break
        block = blocks[k]
        if compiled and len(block.members) == 1 and len(block.residues) == 1 and block.size:
            start = index.fit(block.members[0], block.size, block.period,
                              int(block.residues[0]), fit == "best")
        else:
            flo, fhi, presorted = _forbidden(block, index, sizes)
            glo, ghi = gaps(flo, fhi, 0, INF, presorted)
            chosen = choose(block, glo, ghi, fit)
            assert chosen is not None  # the top gap is unbounded
            start = chosen[0]
        _set_offsets(block, start, offsets, index, sizes)
        if cap is not None and start + block.size >= cap:
            return None
    return offsets


def _single_buffers(prep: Prepared, order: np.ndarray, best: bool, offsets: np.ndarray,
                    index: IntervalObstacles, deadline: Deadline, top: int,
                    cap: int | None) -> bool:
    """Single Object when every block is one buffer: Avoid, Merge and Fit in byte space
    in the index's gaps (``fit_gaps``: the same choice as the general path, with a
    fraction of its per-buffer cost). False when the arena reached ``cap``."""
    blocks, sizes = prep.blocks, prep.sizes.tolist()
    kernels = index.kernels
    a, b = index.a_list, index.b_list
    for n, k in enumerate(order.tolist()):
        if n % CHECK_EVERY == 0 and n and deadline.expired():
            stack_rest(prep, offsets, order[n:])
            return True
        block = blocks[k]
        i = block.members[0]
        s = sizes[i]
        if s and kernels is not None and len(block.residues) == 1:
            rows, m = index.home_rows(i)
            start = kernels.fit_rows(rows, m, a[i], b[i], s, block.period,
                                     int(block.residues[0]), best)
        elif s:
            lo, hi, top = index.gaps(i)
            start = fit_gaps(lo, hi, top, s, block, best)
        else:
            start = block.align_up(0)
        offsets[i] = start
        index.place(i, start, s)
        if start + s > top:
            top = start + s
            if cap is not None and top >= cap:
                return False
    return True


def many_objects(prep: Prepared, sort: str = "size", fit: str = "best",
                 order: np.ndarray | None = None, deadline: Deadline = NO_DEADLINE,
                 cap: int | None = None) -> np.ndarray | None:
    """Algorithm 7. Returns the offset of every buffer (None: arena reached ``cap``, as
    in ``single_object``).

    Objects occupy disjoint byte ranges in increasing offset order. A block may start in
    object ``k`` only where it ends inside it: starts in ``[hi_k - size + 1, lo_{k+1})`` are
    forbidden along with the Avoid intervals, so one pass of Merge/Fit over the whole
    arena sees every object at once; the lowest object with a candidate wins (the paper's
    first-object rule) and the fitter picks inside it.
    """
    offsets, index, order, top = _start(prep, sort, fit, order)
    if cap is not None and top >= cap:
        return None
    blocks, sizes = prep.blocks, prep.sizes
    # Single buffers on lifetimes: fit in the index's gaps (the same choices).
    masked = isinstance(index, IntervalObstacles) and len(blocks) == len(sizes)
    best = fit == "best"
    objects = _Objects()
    kernels = index.kernels if masked else None
    for n, k in enumerate(order.tolist()):
        if n % CHECK_EVERY == 0 and n and deadline.expired():
            stack_rest(prep, offsets, order[n:])
            break
        block = blocks[k]
        s = block.size
        chosen = None
        if kernels is not None and s and len(block.residues) == 1:
            chosen, opened = _compiled_in_objects(kernels, index, block, best, objects)
            if opened:
                objects.open(chosen, s)
        elif masked and s:
            i = block.members[0]
            lo, hi, top = index.gaps(i)
            if objects.lo:
                chosen = fit_gaps_in_objects(lo, hi, top, s, block, best, objects.lo_arr,
                                             objects.hi_arr)
            if chosen is None:
                chosen = first_fit_above(lo, hi, top, s, block, objects.end)
                objects.open(chosen, s)
        else:
            chosen = _many_step(block, index, sizes, objects, fit)
        _set_offsets(block, chosen, offsets, index, sizes)
        if cap is not None and chosen + s >= cap:
            return None
    return offsets


def _compiled_in_objects(kernels, index: IntervalObstacles, block: Block, best: bool,
                         objects: _Objects) -> tuple[int, bool]:
    """Many Objects' start for a single buffer by the compiled loop, and whether it opens
    an object (the numpy path's choice: ``compiled.fit_rows_in_objects``)."""
    i = block.members[0]
    rows, m = index.home_rows(i)
    return kernels.fit_rows_in_objects(rows, m, index.a_list[i], index.b_list[i],
                                       block.size, block.period,
                                       int(block.residues[0]), best, objects.lo_arr,
                                       objects.hi_arr, objects.end)


class _Objects:
    """Many Objects' memory objects: byte ranges [lo, hi), in increasing order."""

    def __init__(self) -> None:
        self.lo: list[int] = []
        self.hi: list[int] = []
        self.lo_arr = self.hi_arr = np.zeros(0, dtype=np.int64)
        self.end = 0  # where the next object may start

    def open(self, start: int, size: int) -> None:
        self.lo.append(start)
        self.hi.append(start + size)
        self.lo_arr = np.array(self.lo, dtype=np.int64)
        self.hi_arr = np.array(self.hi, dtype=np.int64)
        self.end = start + size


def _many_step(block: Block, index, sizes: np.ndarray, objects: _Objects, fit: str) -> int:
    """Many Objects' choice for one block from Avoid's forbidden start intervals."""
    flo, fhi, presorted = _forbidden(block, index, sizes)
    if objects.lo:
        lo_arr, hi_arr = objects.lo_arr, objects.hi_arr
        # object boundaries as forbidden starts: a block must end inside its object
        b_lo = np.concatenate((flo, hi_arr - (block.size - 1)))
        b_hi = np.concatenate((fhi, lo_arr[1:], [INF]))
        glo, ghi = gaps(b_lo, b_hi, int(lo_arr[0]), INF)
        if len(glo):
            start = block.align_up_many(glo)
            ok = start < ghi
            if ok.any():
                obj = np.searchsorted(lo_arr, start, "right") - 1
                first_obj = int(obj[ok].min())
                in_obj = ok & (obj == first_obj)
                sub = np.flatnonzero(in_obj)
                picked = choose(block, glo[sub], ghi[sub], fit)
                if picked is not None:
                    return picked[0]
    glo, ghi = gaps(flo, fhi, objects.end, INF, presorted)
    picked = choose(block, glo, ghi, "first")
    assert picked is not None
    objects.open(picked[0], block.size)
    return picked[0]


def _check_fit(fit: str) -> None:
    if fit not in FITS:
        raise ValueError(f"unknown fit {fit!r}; choose one of {', '.join(FITS)}")


def run(prep: Prepared, algorithm: str, sort: str, fit: str,
        order: np.ndarray | None = None, deadline: Deadline = NO_DEADLINE,
        cap: int | None = None) -> np.ndarray | None:
    """Offsets of one greedy run; None only when ``cap`` is given and the arena reached it."""
    if algorithm == "single":
        return single_object(prep, sort, fit, order, deadline, cap)
    if algorithm == "many":
        return many_objects(prep, sort, fit, order, deadline, cap)
    raise ValueError(f"unknown heuristic {algorithm!r}; choose one of {', '.join(ALGORITHMS)}")


def arena_of(prep: Prepared, offsets: np.ndarray) -> int:
    return int((offsets + prep.sizes).max()) if len(offsets) else 0
