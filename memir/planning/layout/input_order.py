"""Plan in an order of the buffers fixed by their content, not by how the input lists them.

Why: every greedy sort, the fitters and the exact search break ties by buffer index, so the
same problem with its rows shuffled and renumbered could get a different arena. Planning a
copy whose buffers are sorted by what they are (lifetime, size, alignment, pre-placed
offset, number of conflicts) makes the arena independent of the input order: only buffers
equal in all of these keep their input order, and those are interchangeable.

That holds exactly for interval problems without contiguous groups (the traces users bring).
With explicit conflict sets or groups, two buffers equal in these keys may still differ in
their neighbours or group-mates, and then their input order decides, as before. Problems
whose conflicts are decided on demand (``ConflictRows``) keep their order: their rows are
tied to the indices.
"""

from __future__ import annotations

from dataclasses import replace

import numpy as np

from memir.model.layout import Plan, Problem


def canonical_permutation(problem: Problem) -> np.ndarray | None:
    """``perm`` with ``perm[k]`` the input index of the k-th buffer in content order;
    None when the input order is kept (already in that order, or explicit conflicts)."""
    if problem.conflicts is not None:
        return None
    n = len(problem.buffers)
    if n < 2:
        return None
    bufs = problem.buffers
    lower = np.fromiter((b.lower for b in bufs), dtype=np.int64, count=n)
    upper = np.fromiter((b.upper for b in bufs), dtype=np.int64, count=n)
    size = np.fromiter((b.size for b in bufs), dtype=np.int64, count=n)
    align = np.fromiter((b.alignment for b in bufs), dtype=np.int64, count=n)
    pinned = np.fromiter((-1 if b.offset is None else b.offset for b in bufs),
                         dtype=np.int64, count=n)
    # The group a buffer belongs to and its place there: groups are content too.
    group_size = np.zeros(n, dtype=np.int64)
    group_place = np.zeros(n, dtype=np.int64)
    for members in problem.groups:
        for place, i in enumerate(members):
            group_size[i], group_place[i] = len(members), place
    perm = np.lexsort((np.arange(n), group_place, group_size, pinned, -align,
                       -size, upper, lower))
    if np.array_equal(perm, np.arange(n)):
        return None
    return perm


def permuted(problem: Problem, perm: np.ndarray) -> Problem:
    """The (interval) problem with buffer k being ``problem.buffers[perm[k]]``."""
    new_of = np.empty(len(perm), dtype=np.int64)
    new_of[perm] = np.arange(len(perm))
    index = new_of.tolist()
    # Unnamed buffers are named by their input index, which diagnostics then show.
    buffers = [b if b.name else replace(b, name=f"#{i}")
               for i, b in ((i, problem.buffers[i]) for i in perm.tolist())]
    groups = sorted(([index[i] for i in g] for g in problem.groups), key=lambda g: g[0])
    return replace(problem, buffers=buffers, groups=groups)


def restored(plan: Plan, perm: np.ndarray) -> Plan:
    """``plan`` (of the permuted problem) with its offsets back in input order (a plan
    without offsets, as an infeasible decision's, is returned as it is)."""
    if len(plan.offsets) != len(perm):
        return plan
    offsets = [0] * len(perm)
    for k, i in enumerate(perm.tolist()):
        offsets[i] = plan.offsets[k]
    return replace(plan, offsets=offsets)
