"""Exact plan checker: does any pair of conflicting buffers share a byte, and is every other
rule of the plan kept (bounds, alignment, pre-placed offsets, contiguous groups, capacity)?

It is independent of the planners (it shares no code with them), so it can vouch for
them; ``verify-layout`` and the tests rely on it. Lifetime conflicts: a sweep over time
with the live buffers in a max segment tree, O(n log n + k) for k overlapping pairs.
Explicit conflict sets: pair by pair, vectorised. Stream-safety summaries (``start`` and
``end`` arrays, one row per buffer): decided from the arrays by the definition, not the
planner's code (a and b conflict iff neither may follow the other), only for pairs that
share bytes.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from memir.model.layout import Plan, Problem

SUMMARY_CHUNK = 1 << 18  # byte-sharing pairs decided at once from summaries

KINDS = ("overlap", "group", "alignment", "fixed", "capacity", "arena")


@dataclass(frozen=True, slots=True)
class Violation:
    kind: str  # one of KINDS
    a: int  # buffer index (-1 when the violation concerns the plan as a whole)
    b: int | None  # the other buffer, for overlap and group
    lo: int  # byte range concerned, [lo, hi)
    hi: int
    message: str


def _namer(problem: Problem):
    def name(i: int) -> str:
        n = problem.buffers[i].name
        return f"'{n}' (#{i})" if n else f"#{i}"
    return name


class _MaxTree:
    """Max segment tree over positions 0..m-1 with 'report all leaves > x in [0, r)'."""

    def __init__(self, m: int, empty: int) -> None:
        size = 1
        while size < max(m, 1):
            size *= 2
        self.size = size
        self.empty = empty
        self.tree = [empty] * (2 * size)

    def set(self, pos: int, value: int) -> None:
        tree = self.tree
        i = pos + self.size
        tree[i] = value
        i >>= 1
        while i:
            left, right = tree[2 * i], tree[2 * i + 1]
            tree[i] = left if left > right else right
            i >>= 1

    def above(self, r: int, x: int) -> list[int]:
        """Positions p < r whose value exceeds x."""
        tree, size = self.tree, self.size
        found: list[int] = []
        stack = [(1, 0, size)]
        while stack:
            node, lo, hi = stack.pop()
            if lo >= r or tree[node] <= x:
                continue
            if node >= size:
                found.append(node - size)
                continue
            mid = (lo + hi) // 2
            stack.append((2 * node + 1, mid, hi))
            stack.append((2 * node, lo, mid))
        return found


# Buffers enter at lower and leave at upper (leaving first at equal times: half-open). The
# tree is indexed by offset rank and holds end bytes; a buffer entering at [o, e) overlaps
# the live buffers of rank below rank(first offset >= e) whose end exceeds o, reported in
# O((1 + k) log n). Degenerate lifetimes (upper <= lower) are checked against every buffer
# with the same predicate as Problem.conflict.
def _interval_overlaps(problem: Problem, off: np.ndarray, size: np.ndarray
                       ) -> list[tuple[int, int]]:
    bufs = problem.buffers
    n = len(bufs)
    lower = np.fromiter((b.lower for b in bufs), dtype=np.int64, count=n)
    upper = np.fromiter((b.upper for b in bufs), dtype=np.int64, count=n)
    end = off + size
    occupies = size > 0
    proper = occupies & (lower < upper)
    pairs: list[tuple[int, int]] = []

    ids = np.flatnonzero(proper)
    rank_order = ids[np.lexsort((ids, off[ids]))]
    rank = np.empty(n, dtype=np.int64)
    rank[rank_order] = np.arange(len(rank_order))
    sorted_off = off[rank_order]
    empty = np.iinfo(np.int64).min
    tree = _MaxTree(len(ids), int(empty))
    # events: (time, kind, index) with leaving (0) before entering (1) at equal times
    times = np.concatenate((upper[ids], lower[ids]))
    kinds = np.concatenate((np.zeros(len(ids), np.int64), np.ones(len(ids), np.int64)))
    who = np.concatenate((ids, ids))
    events = np.lexsort((who, kinds, times))
    reach = np.searchsorted(sorted_off, end, "left")  # ranks with offset < end
    rank_l, reach_l, off_l, end_l = rank.tolist(), reach.tolist(), off.tolist(), end.tolist()
    who_l, kinds_l, by_rank = who.tolist(), kinds.tolist(), rank_order.tolist()
    for e in events.tolist():
        i = who_l[e]
        if kinds_l[e] == 0:
            tree.set(rank_l[i], empty)
            continue
        for p in tree.above(reach_l[i], off_l[i]):
            j = by_rank[p]
            pairs.append((min(i, j), max(i, j)))
        tree.set(rank_l[i], end_l[i])

    # degenerate lifetimes: same predicate as Problem.conflict, against everyone
    for i in np.flatnonzero(occupies & ~proper).tolist():
        hit = occupies & (lower < upper[i]) & (lower[i] < upper) & (off < end[i]) & (off[i] < end)
        hit[i] = False
        for j in np.flatnonzero(hit).tolist():
            if proper[j] or j > i:
                pairs.append((min(i, j), max(i, j)))
    return pairs


def _graph_overlaps(problem: Problem, off: np.ndarray, size: np.ndarray
                    ) -> list[tuple[int, int]]:
    assert problem.conflicts is not None
    n = len(problem.buffers)
    counts = np.fromiter((len(c) for c in problem.conflicts), dtype=np.int64, count=n)
    src = np.repeat(np.arange(n, dtype=np.int64), counts)
    dst = np.fromiter((j for c in problem.conflicts for j in c), dtype=np.int64,
                      count=int(counts.sum()))
    keep = (src < dst) & (dst < n) & (dst >= 0)
    src, dst = src[keep], dst[keep]
    end = off + size
    hit = (size[src] > 0) & (size[dst] > 0) & (off[src] < end[dst]) & (off[dst] < end[src])
    return list(zip(src[hit].tolist(), dst[hit].tolist()))


# a and b conflict iff end[a, s] > start[b, s] on some stream and end[b, s] > start[a, s] on
# some stream. Sorted by offset, the buffers overlapping buffer i that come after it form
# one run; runs are checked SUMMARY_CHUNK pairs at a time: O(n log n + k x streams) time,
# O(n x streams + chunk) memory.
def _summary_overlaps(start: np.ndarray, end: np.ndarray, off: np.ndarray, size: np.ndarray
                      ) -> list[tuple[int, int]]:
    """Byte-sharing pairs that conflict by their summaries (the definition, vectorised)."""
    start, end = np.asarray(start), np.asarray(end)
    ids = np.flatnonzero(size > 0)
    by_offset = ids[np.lexsort((ids, off[ids]))]
    sorted_off = off[by_offset]
    reach = np.searchsorted(sorted_off, (off + size)[by_offset], "left")  # first one past
    count = np.maximum(reach - np.arange(len(by_offset)) - 1, 0)
    pairs: list[tuple[int, int]] = []
    p = 0
    while p < len(by_offset):
        q = p + 1 + int(np.searchsorted(np.cumsum(count[p:]), SUMMARY_CHUNK, "right"))
        q = min(q, len(by_offset))
        first = np.repeat(np.arange(p, q), count[p:q])
        within = np.arange(len(first)) - np.repeat(np.cumsum(count[p:q]) - count[p:q],
                                                   count[p:q])
        a, b = by_offset[first], by_offset[first + 1 + within]
        hit = (end[a] > start[b]).any(axis=1) & (end[b] > start[a]).any(axis=1)
        pairs += zip(np.minimum(a, b)[hit].tolist(), np.maximum(a, b)[hit].tolist())
        p = q
    return pairs


def _overlaps(problem: Problem, off: np.ndarray, size: np.ndarray) -> list[tuple[int, int]]:
    conflicts = problem.conflicts
    if conflicts is None:
        return _interval_overlaps(problem, off, size)
    if not isinstance(conflicts, list) and hasattr(conflicts, "start"):
        return _summary_overlaps(conflicts.start, conflicts.end, off, size)
    return _graph_overlaps(problem, off, size)


def check_plan(problem: Problem, plan: Plan) -> list[Violation]:
    """Every rule the plan breaks; empty when the plan is valid."""
    bufs = problem.buffers
    n = len(bufs)
    name = _namer(problem)
    if len(plan.offsets) != n:
        return [Violation("arena", -1, None, 0, 0,
                          f"plan has {len(plan.offsets)} offsets for {n} buffers")]
    out: list[Violation] = []
    off = np.array([int(o) for o in plan.offsets], dtype=np.int64)
    size = np.fromiter((b.size for b in bufs), dtype=np.int64, count=n)
    end = off + size

    for i, b in enumerate(bufs):
        o, e = int(off[i]), int(end[i])
        if o < 0:
            out.append(Violation("arena", i, None, o, min(e, 0),
                                 f"buffer {name(i)} starts at negative offset {o}"))
        if e > plan.arena:
            out.append(Violation("arena", i, None, max(o, plan.arena), e,
                                 f"buffer {name(i)} ends at byte {e}, beyond the arena of "
                                 f"{plan.arena} bytes"))
        if b.alignment > 1 and o % b.alignment:
            out.append(Violation("alignment", i, None, o, e,
                                 f"buffer {name(i)} at offset {o} is not aligned to "
                                 f"{b.alignment}"))
        if b.offset is not None and o != b.offset:
            out.append(Violation("fixed", i, None, o, e,
                                 f"buffer {name(i)} is pre-placed at {b.offset} but the plan "
                                 f"puts it at {o}"))

    for group in problem.groups:
        for x, y in zip(group, group[1:]):
            want, got = int(end[x]), int(off[y])
            if want != got:
                out.append(Violation("group", x, y, min(want, got), max(want, got),
                                     f"contiguous group: {name(y)} should start at {want}, "
                                     f"right after {name(x)}, but starts at {got}"))

    top = max(int(plan.arena), int(end.max()) if n else 0)
    if problem.capacity is not None and top > problem.capacity:
        worst = int(end.argmax()) if n else -1
        out.append(Violation("capacity", worst, None, problem.capacity, top,
                             f"plan needs {top} bytes, more than the capacity of "
                             f"{problem.capacity}" + (f" (highest: {name(worst)})" if n else "")))

    if n:
        pairs = _overlaps(problem, off, size)
        why = "both live" if problem.conflicts is None else "in conflict"
        for i, j in sorted(set(pairs)):
            lo, hi = max(int(off[i]), int(off[j])), min(int(end[i]), int(end[j]))
            out.append(Violation("overlap", i, j, lo, hi,
                                 f"buffers {name(i)} and {name(j)} share bytes [{lo}, {hi}) "
                                 f"while {why}"))
    return out
