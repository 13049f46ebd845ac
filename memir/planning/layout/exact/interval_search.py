"""Depth-first decision search for interval layout problems, after MiniMalloc.

Why a search and not only CP-SAT: on tightly packed interval instances (MiniMalloc's
"challenging" set) a plain 2-D no-overlap model stalls, while a search that places buffers
in canonical order (non-decreasing offset, each buffer resting on what is below it) with
per-section capacity inference decides them quickly. The rules (Moffitt, "MiniMalloc",
ASPLOS 2024) and why each is sound are noted at ``IntervalSearch``.

State is kept in numpy arrays and changed in place with undo records; the search is a
decision procedure for a fixed capacity, complete when it is not cut off by its work budget
(``memir.planning.budget``: cells of candidate x unplaced evaluated plus ``NODE_WORK`` per
node, the same count on every machine), by the optional deadline, or by the node limit of a
round-robin restart.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from memir import progress
from memir.planning.budget import NO_DEADLINE, Deadline

# A node's fixed cost (Python overhead, memo key) in work units, as much as this many cells.
NODE_WORK = 7000
# TIMEOUT: the work budget or the deadline ran out (nothing proven either way).
OK, NOT_FOUND, ABORTED, TIMEOUT = 0, 1, 2, 3

# Static pre-orderings tried round robin (MiniMalloc's defaults): W = lifetime width,
# A = area (size x width), T = largest live total over the buffer's sections, Z = size.
HEURISTICS = ("WAT", "TAW", "TWA")


@dataclass(slots=True)
class _Node:
    """One search node's unplaced buffers and the section layout its checks use."""

    un: np.ndarray  # unplaced buffers of the partition
    mo: np.ndarray  # their minimum offsets
    sz: np.ndarray  # their sizes
    keys: np.ndarray  # their (min offset, rank) keys
    cols: np.ndarray  # column (index into un) of each kept section member
    starts: np.ndarray  # where each kept section's members begin in cols
    secs: np.ndarray  # the kept sections
    totals: np.ndarray  # their unplaced totals


@dataclass(slots=True)
class Sections:
    """Time cross-sections of an interval problem."""

    sec_lo: np.ndarray  # first section of each buffer
    sec_hi: np.ndarray  # one past its last section
    members: np.ndarray  # buffer ids of section 0, then section 1, ...
    start: np.ndarray  # members[start[s]:start[s+1]] are live in section s
    cuts: np.ndarray  # cuts[s]: buffers live in both s and s+1
    totals: np.ndarray  # sum of sizes live in each section


def build_sections(size: np.ndarray, lower: np.ndarray, upper: np.ndarray) -> Sections:
    """Sections between consecutive event times, keeping only those with live buffers."""
    n = len(size)
    times = np.unique(np.concatenate([lower, upper]))
    lo = np.searchsorted(times, lower)
    hi = np.searchsorted(times, upper)
    nraw = max(len(times) - 1, 0)
    delta = np.zeros(nraw + 1, dtype=np.int64)
    np.add.at(delta, lo, 1)
    np.add.at(delta, hi, -1)
    live_count = np.cumsum(delta)[:nraw]
    keep = live_count > 0
    new_index = np.cumsum(keep) - 1  # raw section -> kept section
    sec_lo = new_index[lo] if n else np.zeros(0, dtype=np.int64)
    sec_hi = (new_index[hi - 1] + 1) if n else np.zeros(0, dtype=np.int64)
    nsec = int(keep.sum())
    # Members: buffer b is live in sections sec_lo[b] .. sec_hi[b]-1.
    spans = sec_hi - sec_lo
    counts = np.zeros(nsec + 1, dtype=np.int64)
    np.add.at(counts, sec_lo, 1)
    np.add.at(counts, sec_hi, -1)
    per_section = np.cumsum(counts)[:nsec]
    start = np.zeros(nsec + 1, dtype=np.int64)
    np.cumsum(per_section, out=start[1:])
    members = np.empty(int(start[-1]), dtype=np.int64)
    fill = start[:-1].copy()
    totals = np.zeros(nsec, dtype=np.int64)
    for b in np.argsort(sec_lo, kind="stable"):
        for s in range(int(sec_lo[b]), int(sec_hi[b])):
            members[fill[s]] = b
            fill[s] += 1
            totals[s] += size[b]
    cuts = np.zeros(max(nsec - 1, 0), dtype=np.int64)
    for b in range(n):
        if spans[b] > 1:
            cuts[sec_lo[b] : sec_hi[b] - 1] += 1
    return Sections(sec_lo.astype(np.int64), sec_hi.astype(np.int64), members, start, cuts, totals)


# The rules, and why they are sound:
# - Canonical placement: every solution can be "settled" (no movable buffer can drop to a
#   lower free aligned offset); there each movable buffer sits at align_up(max end of the
#   conflicting buffers below it) or 0, so ordering by (offset, static rank), the search only
#   tries min_off[b] and requires keys (offset, rank) to increase.
# - Dominance: an offset >= min(min_off[u] + size[u]) over unplaced u leaves room for u below.
# - Section inference: in a section (constant live set) the unplaced live buffers lie above
#   max(current offset, their least min_off), so their sizes must fit below the capacity.
# - Hat-less pruning: if the buffer just placed had no unplaced conflicts and its subtree
#   failed, every sibling fails too (it would have to come later at a smaller key).
# - Dynamic decomposition: once no unplaced buffer crosses a section boundary, the two sides
#   are independent sub-problems.
# - Failure memo (ours): a subtree depends only on the unplaced set, their minimum offsets,
#   the current key and the static ranks, so failed states are remembered.
class IntervalSearch:
    """MiniMalloc-style search: does every buffer fit below ``capacity``?

    Sizes, offsets and the capacity are integers in one unit (the caller divides out common
    factors).  ``fixed[b] >= 0`` pins buffer ``b`` there.  All sizes must be positive.
    """

    def __init__(
        self,
        size: list[int],
        lower: list[int],
        upper: list[int],
        align: list[int],
        fixed: list[int],
        capacity: int,
    ) -> None:
        self.n = n = len(size)
        self.size = np.asarray(size, dtype=np.int64)
        self.lower = np.asarray(lower, dtype=np.int64)
        self.upper = np.asarray(upper, dtype=np.int64)
        fx = np.asarray(fixed, dtype=np.int64)
        # A pinned buffer keeps its offset whatever its alignment says.
        self.align = np.where(fx >= 0, 1, np.asarray(align, dtype=np.int64))
        self.unit_align = bool((self.align == 1).all())
        self.has_fixed = bool((fx >= 0).any())
        self.fixed = np.where(fx >= 0, fx, np.iinfo(np.int64).max // 4)
        self.capacity = int(capacity)
        self.sec = build_sections(self.size, self.lower, self.upper)
        self.adjm = self._adjacency_matrix()
        self.adj = [np.flatnonzero(row) for row in self.adjm]
        self.posmap = np.zeros(n, dtype=np.int64)
        sec = self.sec
        self.member_section = np.repeat(
            np.arange(len(sec.start) - 1, dtype=np.int64), np.diff(sec.start)
        )
        # Neighbour lists end to end, each closed by the sentinel ``n`` (always "placed"), so
        # that no list is empty for ``reduceat``.
        self.nbr_len = np.array([nb.size + 1 for nb in self.adj], dtype=np.int64)
        self.nbr_flat = np.concatenate(
            [np.append(nb, n) for nb in self.adj] or [np.zeros(0, dtype=np.int64)]
        ).astype(np.int64)
        self.nbr_start = np.cumsum(self.nbr_len) - self.nbr_len
        self.size_x = np.append(self.size, 0)
        self.width = self.upper - self.lower
        self.area = self.size * self.width
        self.backtracks = 0
        self.nodes = 0
        self.work = 0
        self.resume: tuple[int, int] | None = None  # (node limit, heuristic) to go on with

    def _adjacency_matrix(self) -> np.ndarray:
        """Which buffers share a section (never a buffer with itself)."""
        sec = self.sec
        adjm = np.zeros((self.n, self.n), dtype=bool)
        for s in range(len(sec.start) - 1):
            live = sec.members[sec.start[s]:sec.start[s + 1]]
            adjm[np.ix_(live, live)] = True
        np.fill_diagonal(adjm, False)
        return adjm

    # -- driver -------------------------------------------------------------------------

    def solve(
        self, work: int, deadline: Deadline = NO_DEADLINE,
        heuristics: tuple[str, ...] = HEURISTICS,
    ) -> tuple[int, list[int] | None]:
        """Returns (OK, offsets), (NOT_FOUND, None) when proven infeasible, or (TIMEOUT, None).

        ``work`` caps the cells evaluated in this call: a budget that, unlike the deadline,
        ends the search at the same point on every machine.  A call that ran out of work can
        be repeated with more: the search resumes at the round-robin run it stopped in, and
        the failures it has proven so far stay remembered.
        """
        n, cap = self.n, self.capacity
        if n == 0:
            return OK, []
        pinned = self.fixed <= cap
        if (self.size > cap).any() or (self.fixed[~pinned] < np.iinfo(np.int64).max // 4).any():
            return NOT_FOUND, None
        if (self.fixed[pinned] + self.size[pinned] > cap).any():
            return NOT_FOUND, None
        if len(self.sec.totals) and int(self.sec.totals.max()) > cap:
            return NOT_FOUND, None
        self.max_work = self.work + work
        self.deadline = deadline
        if self.resume is None:
            self.memo: set[tuple[bytes, bytes, bytes, int]] = set()  # valid across restarts
            self.resume = (2 * n, 0)
        limit, first = self.resume
        while True:
            for k in range(first, len(heuristics)):
                self.resume = (limit, k)
                self.nodes_left = limit if len(heuristics) > 1 else 1 << 62
                status = self._solve_all(heuristics[k])
                if status in (OK, NOT_FOUND, TIMEOUT):
                    return status, (self.solution[:n].tolist() if status == OK else None)
            limit, first = limit * 2, 0

    def _solve_all(self, heuristic: str) -> int:
        n = self.n
        self.heuristic = heuristic
        # One entry past the buffers: the sentinel neighbour, placed from the start.
        self.placed = np.zeros(n + 1, dtype=bool)
        self.placed[n] = True
        self.min_off = np.zeros(n + 1, dtype=np.int64)
        self.min_off[:n] = np.where(self.fixed <= self.capacity, self.fixed, 0)
        self.total = self.sec.totals.copy()
        self.cuts = self.sec.cuts.copy()
        self.solution = np.full(n, -1, dtype=np.int64)
        self.big = np.int64(self.capacity + 1)
        nsec = len(self.total)
        # Initial partitions: maximal section runs joined by cuts.
        bounds = [0, *(np.flatnonzero(self.cuts == 0) + 1).tolist(), nsec]
        which = np.searchsorted(np.asarray(bounds[1:-1], dtype=np.int64), self.sec.sec_lo, "right")
        everyone = np.arange(n, dtype=np.int64)
        for k in range(len(bounds) - 1):
            part = everyone[which == k]
            if part.size == 0:
                continue
            status = self._subsolve(part, bounds[k], bounds[k + 1])
            if status != OK:
                return status
        return OK

    def _rank(self, part: np.ndarray) -> np.ndarray:
        """Static pre-order of a partition: descending keys of the heuristic, then index."""
        keys: list[np.ndarray] = []
        for c in self.heuristic:
            if c == "W":
                keys.append(-self.width[part])
            elif c == "A":
                keys.append(-self.area[part])
            elif c == "Z":
                keys.append(-self.size[part])
            elif c == "T":
                t = np.array(
                    [self.total[self.sec.sec_lo[b] : self.sec.sec_hi[b]].max() for b in part],
                    dtype=np.int64,
                )
                keys.append(-t)
        keys.append(part)
        order = np.lexsort(keys[::-1])
        rank = np.zeros(self.n, dtype=np.int64)
        rank[part[order]] = np.arange(part.size, dtype=np.int64)
        return rank

    def _subsolve(self, part: np.ndarray, s_lo: int, s_hi: int) -> int:
        rank = self._rank(part)
        return self._search(part, s_lo, s_hi, rank, -1, 0)

    # -- search -------------------------------------------------------------------------

    def _search(
        self, part: np.ndarray, s_lo: int, s_hi: int, rank: np.ndarray, cur_key: int, cur_off: int
    ) -> int:
        self.nodes_left -= 1
        if self.nodes_left < 0:
            return ABORTED
        self.nodes += 1
        # Every node: on large problems one node's evaluation alone can take a second.
        if self.work > self.max_work or self.deadline.expired():
            return TIMEOUT
        progress.note("exact interval search", self.work, self.max_work)
        un = part[~self.placed[part]]
        if un.size == 0:
            return OK
        self.work += NODE_WORK + un.size
        mo = self.min_off[un]
        rk = rank[un]
        memo_key = (un.tobytes(), mo.tobytes(), rk.tobytes(), cur_key)
        if memo_key in self.memo:
            self.backtracks += 1
            return NOT_FOUND
        sz = self.size[un]
        keys = mo * self.n + rk
        # Dominance: nothing may start at or above the lowest possible top of an unplaced one.
        ci = np.flatnonzero((mo < (mo + sz).min()) & (keys > cur_key))
        if ci.size:
            ci = ci[np.argsort(keys[ci], kind="stable")]
            node = self._node(un, mo, sz, keys, s_lo, s_hi)
            # Candidates are checked in growing batches, in key order: each row of the check
            # depends on its candidate alone, so this is the same search, but a node whose
            # first candidate works (most of them) no longer pays for checking all of them.
            start, batch, stop = 0, 4, False
            while start < ci.size and not stop:
                chunk = ci[start:start + batch]
                ok, hatless = self._evaluate(node, chunk)
                for t, i in enumerate(chunk.tolist()):
                    if ok[t]:
                        status = self._place(int(un[i]), int(mo[i]), part, s_lo, s_hi, rank,
                                             int(keys[i]))
                        if status != NOT_FOUND:
                            return status
                    if hatless[t]:
                        stop = True
                        break
                start, batch = start + batch, batch * 4
        self.backtracks += 1
        if len(self.memo) < 4_000_000:
            self.memo.add(memo_key)
        return NOT_FOUND

    def _node(
        self, un: np.ndarray, mo: np.ndarray, sz: np.ndarray, keys: np.ndarray, s_lo: int,
        s_hi: int,
    ) -> _Node:
        """What every candidate check of one node shares, computed once per node."""
        self.posmap[un] = np.arange(un.size)
        # Sections holding unplaced buffers; a section whose unplaced live set equals its
        # predecessor's gives the same check, so only the first of each such run is kept.
        sec = self.sec
        first = np.zeros(len(sec.start), dtype=bool)
        first[s_lo] = True
        first[sec.sec_lo[un]] = True
        first[sec.sec_hi[un]] = True
        # A section whose unplaced total fits under the capacity even above the highest
        # floor a surviving candidate can give (``_floor_bound``) never fails: dropped.
        first[:-1] &= self.total + self._floor_bound(un, mo, sz) > self.capacity
        a, z = int(sec.start[s_lo]), int(sec.start[s_hi])
        mem = sec.members[a:z]
        msec = self.member_section[a:z]
        keep = ~self.placed[mem] & first[msec]
        mem = mem[keep]
        msec = msec[keep]
        # each kept section's first member (none when every section was left out)
        starts = np.flatnonzero(np.concatenate((msec[:1] >= 0, msec[1:] != msec[:-1])))
        secs = msec[starts]
        return _Node(un, mo, sz, keys, self.posmap[mem], starts, secs,
                     self.total[secs])

    def _floor_bound(self, un: np.ndarray, mo: np.ndarray, sz: np.ndarray) -> int:
        """An upper bound on every floor ``_evaluate`` finds for a candidate that passes its
        first test (every unplaced buffer still fits under the capacity).

        A floor is the least bound of some unplaced buffer other than the candidate, and a
        bound is the buffer's minimum offset, the candidate's aligned top, or (stuck) the
        candidate's offset plus a neighbour's size or a neighbour's top, all finite for a
        surviving candidate.  A candidate's offset is below ``T``, the least top of an
        unplaced buffer (dominance), so its aligned top is below ``T`` plus the largest size
        and alignment.
        """
        tops = mo + sz
        step = int(self.align[un].max()) - 1 if not self.unit_align else 0
        return max(int(tops.max()), int(tops.min()) - 1 + int(sz.max()) + step)

    def _neighbour_minima(self, node: _Node, cols: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """Smallest size and top among the unplaced neighbours of the unplaced buffers in
        columns ``cols`` (``big`` where there are none): only stuck buffers need them, so
        only their neighbour lists are read."""
        who = node.un[cols]
        lens = self.nbr_len[who]
        firsts = np.cumsum(lens) - lens  # where each list begins once gathered
        shift = np.repeat(firsts - self.nbr_start[who], lens)
        flat = self.nbr_flat[np.arange(int(lens.sum())) - shift]
        gone = self.placed[flat]
        big = self.big
        sizes = self.size_x[flat]
        min_sz = np.minimum.reduceat(np.where(gone, big, sizes), firsts)
        min_top = np.minimum.reduceat(np.where(gone, big, self.min_off[flat] + sizes), firsts)
        return min_sz, min_top

    def _evaluate(self, node: _Node, ci: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """Checks every candidate placement at once (rows: candidates, columns: unplaced).

        After placing candidate ``c`` at ``o_c``, an unplaced buffer's floor is its raised
        minimum offset if it conflicts with ``c``, its minimum offset if its key is above
        ``c``'s, and otherwise (it is stuck below the current key) ``o_c`` plus the smallest
        lift by an unplaced neighbour.  Each section's unplaced sizes must fit above the
        least floor in it.  Returns (passes, hat-less) per candidate.
        """
        un, sz = node.un, node.sz
        cap = self.capacity
        self.work += ci.size * un.size
        cand = un[ci]
        adj_c = self.adjm[cand][:, un]  # C x U
        hatless = ~adj_c.any(axis=1)
        lb = self._bounds(node, ci, adj_c)
        fail = ((lb + sz[None, :]) > cap).any(axis=1)
        if self.has_fixed:
            fail |= (lb > self.fixed[un][None, :]).any(axis=1)
        lb[np.arange(ci.size), ci] = self.big  # the candidate itself is placed
        # Section inference over the sections that still hold unplaced buffers.
        if node.secs.size == 0:
            return ~fail, hatless
        sec = self.sec
        floor = np.minimum.reduceat(lb.take(node.cols, axis=1), node.starts, axis=1)
        lo_c = sec.sec_lo[cand][:, None]
        hi_c = sec.sec_hi[cand][:, None]
        secs = node.secs
        inside = (secs[None, :] >= lo_c) & (secs[None, :] < hi_c)
        total = node.totals[None, :] - np.where(inside, sz[ci][:, None], 0)
        fail |= ((floor + total > cap) & (total > 0)).any(axis=1)
        return ~fail, hatless

    def _bounds(self, node: _Node, ci: np.ndarray, adj_c: np.ndarray) -> np.ndarray:
        """Each unplaced buffer's least offset once candidate ``ci`` is placed (rows:
        candidates, columns: the node's unplaced buffers; ``adj_c`` their conflicts)."""
        mo, sz, keys = node.mo, node.sz, node.keys
        oc = mo[ci]
        hc = oc + sz[ci]
        kc = keys[ci]
        if self.unit_align:
            raised = np.maximum(mo[None, :], hc[:, None])
        else:
            al = self.align[node.un][None, :]
            raised = np.maximum(mo[None, :], -((-hc[:, None]) // al) * al)
        lb = np.where(adj_c, raised, mo[None, :])
        stuck = (keys[None, :] < kc[:, None]) & ~adj_c
        cols = np.flatnonzero(stuck.any(axis=0))
        if cols.size:
            min_sz, min_top = self._neighbour_minima(node, cols)
            lift = np.maximum(oc[:, None] + min_sz[None, :], min_top[None, :])
            lb[:, cols] = np.where(stuck[:, cols], lift, lb[:, cols])
        return lb

    def _place(
        self,
        b: int,
        o: int,
        part: np.ndarray,
        s_lo: int,
        s_hi: int,
        rank: np.ndarray,
        key: int,
    ) -> int:
        """Places ``b`` at ``o`` (already checked), searches below, and undoes the move."""
        h = o + int(self.size[b])
        self.placed[b] = True
        self.solution[b] = o
        nb = self.adj[b]
        nb = nb[~self.placed[nb]]
        old = self.min_off[nb]
        if self.unit_align:
            self.min_off[nb] = np.maximum(old, h)
        else:
            a = self.align[nb]
            self.min_off[nb] = np.maximum(old, -((-h) // a) * a)
        s0, s1 = int(self.sec.sec_lo[b]), int(self.sec.sec_hi[b])
        self.total[s0:s1] -= self.size[b]
        status = self._decompose(b, part, s_lo, s_hi, rank, key, o)
        self.total[s0:s1] += self.size[b]
        self.min_off[nb] = old
        self.placed[b] = False
        return status

    def _decompose(
        self,
        b: int,
        part: np.ndarray,
        s_lo: int,
        s_hi: int,
        rank: np.ndarray,
        key: int,
        o: int,
    ) -> int:
        s0, s1 = int(self.sec.sec_lo[b]), int(self.sec.sec_hi[b])
        zeros = None
        if s1 - s0 > 1:
            c = self.cuts[s0 : s1 - 1]
            c -= 1
            z = np.flatnonzero(c == 0)
            if z.size:
                zeros = z + (s0 + 1)
        if zeros is None:
            status = self._search(part, s_lo, s_hi, rank, key, o)
        else:
            un = part[~self.placed[part]]
            which = np.searchsorted(zeros, self.sec.sec_lo[un], "right")
            bounds = [s_lo, *zeros.tolist(), s_hi]
            status = OK
            # Smallest sub-problems first: cheap failures end the node early.
            subs = [(k, un[which == k]) for k in range(len(bounds) - 1)]
            subs = [(k, p) for k, p in subs if p.size]
            subs.sort(key=lambda kp: kp[1].size)
            for k, sub in subs:
                status = self._subsolve(sub, bounds[k], bounds[k + 1])
                if status != OK:
                    break
        if s1 - s0 > 1:
            self.cuts[s0 : s1 - 1] += 1
        return status
