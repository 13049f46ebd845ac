"""A local search over the greedy's order that scales: promote what defines the peak, rerun.

Why: above a few thousand buffers the exact search and pin-and-fill are out of reach, and
every single greedy order stops a fraction of a percent above the bound. Two moves, each
followed by a rerun of the greedy over the new order (iterated greedy): promote the column
(the blocks live at the instant where the plan reaches its top go to the front, closing a
hole a larger buffer left at the peak instant) and promote the top block (the block
ending at the arena top, placed when the space below it was already taken).

Rounds are charged in placements: a budget, not the clock, decides how many run, so the
plan is the same on every machine. The search is resumable (``OrderSearch.advance``): a
larger budget runs the same rounds and then more, never ending on a worse plan; that is
how ``effort`` buys more of it.
"""

from __future__ import annotations

import hashlib

import numpy as np

from memir.planning.budget import NO_DEADLINE, Deadline
from memir.planning.layout.greedy_family import block_spans
from memir.planning.layout.heuristics import Prepared, arena_of, run


def promote_top(prep: Prepared, order: np.ndarray, offsets: np.ndarray) -> np.ndarray:
    """``order`` with the block that reaches the arena top (the latest such in ``order``)
    moved to the front; ``order`` itself when that block is already first or pre-placed."""
    ends = offsets + prep.sizes
    top_blocks = np.unique(prep.block_of[np.flatnonzero(ends == ends.max())])
    position = np.full(len(prep.blocks), -1, dtype=np.int64)
    position[order] = np.arange(len(order))
    pos = position[top_blocks]
    if not (pos >= 0).any():
        return order
    chosen = top_blocks[np.argmax(pos)]
    if order[0] == chosen:
        return order
    return np.concatenate(([chosen], order[order != chosen]))


class LiveProfile:
    """Bytes live at every distinct lifetime bound (``[lower, upper)``), built once by a
    sweep; ``column`` finds the blocks live at the busiest instant under the top buffers."""

    def __init__(self, prep: Prepared) -> None:
        live = prep.lower < prep.upper
        self.points = np.unique(np.concatenate((prep.lower[live], prep.upper[live])))
        delta = np.zeros(len(self.points) + 1, dtype=np.int64)
        np.add.at(delta, np.searchsorted(self.points, prep.lower[live]), prep.sizes[live])
        np.add.at(delta, np.searchsorted(self.points, prep.upper[live]), -prep.sizes[live])
        self.live = np.cumsum(delta)[:-1]
        self.first = np.searchsorted(self.points, prep.lower)  # first point of each buffer
        self.stop = np.searchsorted(self.points, prep.upper)  # one past its last point
        _size, self.block_lo, self.block_hi, _first = block_spans(prep)

    def peak_instant(self, prep: Prepared, offsets: np.ndarray) -> int | None:
        """The instant with the most bytes live among those the top buffers live at
        (ties: the earliest); None when the top buffers have empty lifetimes."""
        ends = offsets + prep.sizes
        top = np.flatnonzero(ends == ends.max())
        cover = np.zeros(len(self.points) + 1, dtype=np.int64)
        np.add.at(cover, self.first[top], 1)
        np.add.at(cover, self.stop[top], -1)
        under = np.cumsum(cover)[:-1] > 0
        if not under.any():
            return None
        live = np.where(under, self.live, -1)
        return int(self.points[int(np.argmax(live))])

    def promote_column(self, prep: Prepared, order: np.ndarray, offsets: np.ndarray
                       ) -> np.ndarray:
        """``order`` with the blocks live at ``peak_instant`` moved to the front (stable)."""
        t = self.peak_instant(prep, offsets)
        if t is None:
            return order
        inside = (self.block_lo[order] <= t) & (self.block_hi[order] > t)
        return np.concatenate((order[inside], order[~inside]))


def _digest(order: np.ndarray) -> bytes:
    return hashlib.blake2b(order.tobytes(), digest_size=16).digest()


class _Trajectory:
    """One iterated-greedy trajectory: its current order and plan, the orders it ran."""

    def __init__(self, order: np.ndarray, offsets: np.ndarray, columns: bool) -> None:
        self.order, self.offsets, self.columns = order, offsets, columns
        self.seen = {_digest(order)}
        self.stalled = False

    def next_order(self, prep: Prepared, profile: LiveProfile | None) -> np.ndarray | None:
        """The order of the next round (None: nothing new to try)."""
        if self.columns and profile is not None:
            promoted = profile.promote_column(prep, self.order, self.offsets)
            if _digest(promoted) not in self.seen:
                return promoted
        promoted = promote_top(prep, self.order, self.offsets)
        if _digest(promoted) in self.seen:
            return None
        return promoted


# Two trajectories take turns, one round (one greedy run, about n log n on interval traces)
# each: the column one, which falls back to promoting the top block when the column gives
# an order it has already run, and the top one. The column is taken at the instant, of
# those the top buffers live at, with the most bytes live; its blocks keep their order.
class OrderSearch:
    """Iterated greedy from one (algorithm, fit, order): see the module docstring.

    ``best`` / ``best_offsets``: the smallest arena seen (the start included).
    ``columns=False`` keeps only the top-block trajectory (the small problems' promotion
    stage).
    """

    def __init__(self, prep: Prepared, algorithm: str, fit: str, order: np.ndarray,
                 offsets: np.ndarray, name: str = "", columns: bool = True) -> None:
        self.prep, self.algorithm, self.fit = prep, algorithm, fit
        self.name = f"{name}+promote"
        self.profile = LiveProfile(prep) if columns and len(prep.sizes) else None
        self.trajectories = ([_Trajectory(order, offsets, True)] if columns else []) + [
            _Trajectory(order, offsets, False)]
        self.best = arena_of(prep, offsets)
        self.best_offsets = offsets
        self.rounds = 0
        self.spent = 0  # placements, over every call of ``advance``

    @property
    def stalled(self) -> bool:
        """Every trajectory has nothing new to try."""
        return all(t.stalled for t in self.trajectories)

    def advance(self, placements: int, target: int = 0,
                deadline: Deadline = NO_DEADLINE) -> int:
        """Run rounds while ``placements`` last (one round places every buffer), the
        trajectories taking turns; returns the placements spent. Stops at ``target`` or
        when no trajectory has anything left to try."""
        n = max(len(self.prep.sizes), 1)
        spent = 0
        while spent + n <= placements and not self.stalled and self.best > target:
            if deadline.expired():
                break
            path = self.trajectories[self.rounds % len(self.trajectories)]
            self.rounds += 1
            if path.stalled:
                continue  # its turn passes to the other trajectory
            order = path.next_order(self.prep, self.profile)
            if order is None:
                path.stalled = True
                continue
            path.seen.add(_digest(order))
            path.order = order
            path.offsets = run(self.prep, self.algorithm, "size", self.fit, order, deadline)
            spent += n
            self.spent += n
            arena = arena_of(self.prep, path.offsets)
            if arena < self.best:
                self.best, self.best_offsets = arena, path.offsets
        return spent
