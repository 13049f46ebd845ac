"""Blocks: the units the greedy planners place ([Multi-stream reuse], section 4.1).

A block is a single buffer or an ordered contiguous group whose members sit back to back.
Placing a block means choosing one start offset; member ``k`` then lands at
``start + prefix[k]`` (SetOffsets, Algorithm 13). This module turns a ``Problem`` into
blocks, checks what can be checked before planning (group membership, pre-placed members
that agree, alignments that can be met together) and answers "smallest valid start >= x"
for a block's alignment constraints.

Alignment of a block: member ``k`` needs ``(start + prefix[k]) % align[k] == 0``. The valid
starts are periodic with period ``lcm(align)``; we keep the valid residues modulo that period.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np

from memir.model.layout import Problem

# Larger periods are not enumerated; they only arise from odd, huge alignments.
MAX_ALIGNMENT_PERIOD = 1 << 22


class BlockError(ValueError):
    """The problem's groups, alignments or pre-placed offsets contradict each other."""


@dataclass(slots=True)
class Block:
    members: tuple[int, ...]
    prefix: tuple[int, ...]  # byte offset of each member from the block start
    size: int  # total bytes
    period: int  # alignment period of valid starts
    residues: np.ndarray  # sorted valid residues of the start modulo period
    fixed_start: int | None  # set when a member is pre-placed

    def align_up(self, x: int) -> int:
        """Smallest valid start >= x."""
        if self.period == 1:
            return x
        q, r = divmod(x, self.period)
        j = int(np.searchsorted(self.residues, r))
        if j < len(self.residues):
            return q * self.period + int(self.residues[j])
        return (q + 1) * self.period + int(self.residues[0])

    def align_up_many(self, x: np.ndarray) -> np.ndarray:
        """Vectorised ``align_up`` over an int64 array."""
        if self.period == 1:
            return x
        p = self.period
        if len(self.residues) == 1:
            r0 = int(self.residues[0])
            return x + (r0 - x) % p
        q, r = np.divmod(x, p)
        extended = np.append(self.residues, p + self.residues[0])
        return q * p + extended[np.searchsorted(self.residues, r)]

    def is_aligned(self, start: int) -> bool:
        if self.period == 1:
            return True
        r = start % self.period
        j = int(np.searchsorted(self.residues, r))
        return j < len(self.residues) and int(self.residues[j]) == r


def _name(problem: Problem, i: int) -> str:
    name = problem.buffers[i].name
    return f"'{name}' (#{i})" if name else f"#{i}"


def _valid_residues(prefix: list[int], aligns: list[int], what: str) -> tuple[int, np.ndarray]:
    constraints = [(p, a) for p, a in zip(prefix, aligns) if a > 1]
    if not constraints:
        return 1, np.zeros(1, dtype=np.int64)
    period = 1
    for _, a in constraints:
        period = math.lcm(period, a)
    if len(constraints) == 1:
        p, a = constraints[0]
        base = (-p) % a
        return period, np.arange(base, period, a, dtype=np.int64)
    if period > MAX_ALIGNMENT_PERIOD:
        raise BlockError(f"{what}: alignment period {period} is too large to plan")
    candidates = np.arange(period, dtype=np.int64)
    ok = np.ones(period, dtype=bool)
    for p, a in constraints:
        ok &= (candidates + p) % a == 0
    residues = candidates[ok]
    if len(residues) == 0:
        raise BlockError(f"{what}: member alignments cannot all be met back to back")
    return period, residues


def build_blocks(problem: Problem) -> tuple[list[Block], np.ndarray]:
    """Blocks for every buffer (groups first in group order, then the rest by index).

    Returns the blocks and ``block_of[i]``, the block index of buffer ``i``.
    Raises ``BlockError`` for contradictory input.
    """
    n = len(problem.buffers)
    block_of = np.full(n, -1, dtype=np.int64)
    member_lists: list[list[int]] = []
    for g, group in enumerate(problem.groups):
        if not group:
            raise BlockError(f"contiguous group {g} is empty")
        for i in group:
            if not 0 <= i < n:
                raise BlockError(f"contiguous group {g} names buffer {i}, which does not exist")
            if block_of[i] != -1:
                raise BlockError(f"buffer {_name(problem, i)} is in more than one contiguous group "
                                 "or twice in one")
            block_of[i] = len(member_lists)
        member_lists.append(list(group))
    for i in range(n):
        if block_of[i] == -1:
            block_of[i] = len(member_lists)
            member_lists.append([i])

    blocks: list[Block] = []
    for members in member_lists:
        if len(members) == 1:
            blocks.append(_single_block(problem, members[0]))
            continue
        bufs = [problem.buffers[i] for i in members]
        prefix, total = [], 0
        for i, buf in zip(members, bufs):
            _check_buffer(problem, i)
            prefix.append(total)
            total += buf.size
        what = f"contiguous group of {', '.join(_name(problem, i) for i in members)}"
        period, residues = _valid_residues(prefix, [buf.alignment for buf in bufs], what)
        fixed: int | None = None
        for k, buf in enumerate(bufs):
            if buf.offset is None:
                continue
            start = buf.offset - prefix[k]
            if fixed is not None and start != fixed:
                raise BlockError(f"{what}: pre-placed offsets of its members are not back to back")
            fixed = start
        blocks.append(_checked_fixed(Block(tuple(members), tuple(prefix), total, period,
                                           residues, fixed), what))
    return blocks, block_of


# Valid residues of a start with no alignment constraint (shared, read-only).
_ANY_START = np.zeros(1, dtype=np.int64)


def _check_buffer(problem: Problem, i: int) -> None:
    buf = problem.buffers[i]
    if buf.size < 0:
        raise BlockError(f"buffer {_name(problem, i)} has negative size")
    if buf.alignment < 1:
        raise BlockError(f"buffer {_name(problem, i)} has alignment {buf.alignment} "
                         "(must be >= 1)")


def _single_block(problem: Problem, i: int) -> Block:
    """The block of a buffer outside any group (most of them: kept cheap)."""
    _check_buffer(problem, i)
    buf = problem.buffers[i]
    if buf.alignment == 1:
        period, residues = 1, _ANY_START
    else:
        period, residues = _valid_residues([0], [buf.alignment], f"buffer {_name(problem, i)}")
    block = Block((i,), (0,), buf.size, period, residues, buf.offset)
    return block if buf.offset is None else _checked_fixed(block, f"buffer {_name(problem, i)}")


def _checked_fixed(block: Block, what: str) -> Block:
    fixed = block.fixed_start
    if fixed is not None:
        if fixed < 0:
            raise BlockError(f"{what}: pre-placed offsets put its start at {fixed} < 0")
        if not block.is_aligned(fixed):
            raise BlockError(f"{what}: pre-placed offset breaks its alignment")
    return block
