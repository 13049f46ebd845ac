"""Hypothesis strategies and brute-force oracles for small layout problems.

Shared by the planning tests (imported as ``layout_problems``)."""

from __future__ import annotations

from hypothesis import strategies as st

from memir.model.layout import Buffer, Problem


@st.composite
def problems(draw, max_buffers: int = 9, general: bool | None = None, groups: bool = True,
             aligned: bool = True, fixed: bool = True, max_size: int = 24) -> Problem:
    """Small problems: interval or explicit conflicts, groups, alignments, pre-placed."""
    n = draw(st.integers(1, max_buffers))
    sizes = draw(st.lists(st.integers(1, max_size), min_size=n, max_size=n))
    lows = draw(st.lists(st.integers(0, 8), min_size=n, max_size=n))
    lens = draw(st.lists(st.integers(1, 6), min_size=n, max_size=n))
    aligns = [1] * n
    if aligned:
        aligns = draw(st.lists(st.sampled_from([1, 1, 2, 4, 8]), min_size=n, max_size=n))
    use_general = draw(st.booleans()) if general is None else general
    conflicts = None
    if use_general:
        conflicts = [set() for _ in range(n)]
        for i in range(n):
            for j in range(i + 1, n):
                if draw(st.booleans()):
                    conflicts[i].add(j)
                    conflicts[j].add(i)
    group_list: list[list[int]] = []
    if groups and n >= 2 and draw(st.booleans()):
        perm = draw(st.permutations(range(n)))
        cut = draw(st.integers(2, min(4, n)))
        group_list.append(list(perm[:cut]))
        if n - cut >= 2 and draw(st.booleans()):
            group_list.append(list(perm[cut:cut + 2]))
    offsets: list[int | None] = [None] * n
    if fixed and draw(st.booleans()):
        # pre-place one buffer outside any group, aligned, so the input stays consistent
        grouped = {i for g in group_list for i in g}
        free = [i for i in range(n) if i not in grouped]
        if free:
            i = draw(st.sampled_from(free))
            offsets[i] = aligns[i] * draw(st.integers(0, 6))
    buffers = [Buffer(sizes[i], lows[i], lows[i] + lens[i], aligns[i], offsets[i], f"b{i}")
               for i in range(n)]
    return Problem(buffers, conflicts, group_list)


def random_interval_buffers(seed: int, n: int, span: int, max_length: int,
                            units: tuple[int, ...]) -> list[Buffer]:
    """``n`` buffers with random lifetimes in ``[0, span)``, sizes (a unit x 1..8) and
    alignments (1, 8 or 64): the larger instances that brute force cannot check."""
    import random

    rng = random.Random(seed)
    bufs = []
    for _ in range(n):
        lo = rng.randrange(0, span)
        bufs.append(Buffer(rng.choice(units) * rng.randrange(1, 9), lo,
                           lo + rng.randrange(1, max_length), rng.choice([1, 1, 8, 64])))
    return bufs


def conflicting_pairs(problem: Problem) -> list[tuple[int, int]]:
    n = len(problem.buffers)
    return [(i, j) for i in range(n) for j in range(i + 1, n) if problem.conflict(i, j)]


def byte_overlaps(problem: Problem, offsets: list[int]) -> dict[tuple[int, int], tuple[int, int]]:
    """Oracle: every conflicting pair sharing a byte, with the shared range, by brute force."""
    out = {}
    bufs = problem.buffers
    for i, j in conflicting_pairs(problem):
        shared = set(range(offsets[i], offsets[i] + bufs[i].size)) & set(
            range(offsets[j], offsets[j] + bufs[j].size))
        if shared:
            out[(i, j)] = (min(shared), max(shared) + 1)
    return out


def brute_force_optimum(problem: Problem) -> int | None:
    """Smallest arena over all plans keeping groups, alignment and pre-placed offsets."""
    bufs = problem.buffers
    n = len(bufs)
    grouped = {i for g in problem.groups for i in g}
    blocks = [list(g) for g in problem.groups] + [[i] for i in range(n) if i not in grouped]
    total = sum(b.size for b in bufs) + sum(b.alignment for b in bufs) + max(
        [b.offset or 0 for b in bufs] + [0])
    best = [total + 1]
    offsets = [0] * n

    def fits(block: list[int], start: int, placed: list[int]) -> bool:
        pos = start
        for i in block:
            if pos % bufs[i].alignment:
                return False
            if bufs[i].offset is not None and bufs[i].offset != pos:
                return False
            for j in placed:
                if problem.conflict(i, j) and pos < offsets[j] + bufs[j].size \
                        and offsets[j] < pos + bufs[i].size:
                    return False
            pos += bufs[i].size
        return True

    def search(k: int, placed: list[int], top: int) -> None:
        if top >= best[0]:
            return
        if k == len(blocks):
            best[0] = top
            return
        block = blocks[k]
        size = sum(bufs[i].size for i in block)
        for start in range(0, best[0] - size):
            if fits(block, start, placed):
                pos = start
                for i in block:
                    offsets[i] = pos
                    pos += bufs[i].size
                search(k + 1, placed + block, max(top, start + size))

    search(0, [], 0)
    return best[0] if best[0] <= total else None
