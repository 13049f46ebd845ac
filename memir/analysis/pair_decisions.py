"""The pair decisions of a stream-safety algorithm: one bit per ordered pair of tensors.

Why bits: deciding Multi-Stream Safety means deciding all |T|^2 / 2 pairs ([Multi-stream reuse],
App. B: "we allocate one bit for each such decision"), an eighth of a byte a pair.

The bit ``reuse[x, y]`` says that every use of ``y`` is a strict ancestor of the producer
of ``x``: ``y`` is dead before ``x`` is born, so ``x`` may be written into ``y``'s bytes.
A pair is safe iff its bit is set in one of the two directions (Theorem 1).

Tensors sit in *slots*, grouped as graph inputs, then one group per producer stream (in
stream order), then tensors that are never used; the stream-graph algorithm then fills
whole rectangles (one per pair of streams) instead of scattered bits.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass

import numpy as np

from memir.analysis.precedence import Precedence

INPUTS = "inputs"
UNUSED = "unused"


@dataclass
class SlotLayout:
    order: np.ndarray  # slot -> tensor
    slot_of: np.ndarray  # tensor -> slot
    groups: dict[object, tuple[int, int]]  # INPUTS, a stream index or UNUSED -> [lo, hi)

    def group(self, key) -> tuple[int, int]:
        return self.groups.get(key, (0, 0))

    @property
    def num_used(self) -> int:
        return self.group(UNUSED)[0] if UNUSED in self.groups else len(self.order)


def slot_layout(prec: Precedence, kind: np.ndarray | None = None) -> SlotLayout:
    """Inputs, then tensors by producer stream, then unused tensors; within a group by
    ``kind`` (if given), then by producer position."""
    num_tensors = prec.num_tensors
    used = prec.used
    group_key = prec.at_producer(prec.stream) + 1  # inputs: 0
    group_key[~used] = prec.num_streams + 1
    position = prec.at_producer(prec.position)
    kind = np.zeros(num_tensors, np.int64) if kind is None else kind
    order = np.lexsort((np.arange(num_tensors), position, kind, group_key))
    slot_of = np.empty(num_tensors, dtype=np.int64)
    slot_of[order] = np.arange(num_tensors)
    groups: dict[object, tuple[int, int]] = {}
    sorted_keys = group_key[order]
    bounds = np.flatnonzero(np.diff(sorted_keys)) + 1
    for lo, hi in zip(np.r_[0, bounds], np.r_[bounds, num_tensors]):
        if hi <= lo:
            continue
        key = int(sorted_keys[lo])
        name = INPUTS if key == 0 else UNUSED if key == prec.num_streams + 1 else key - 1
        groups[name] = (int(lo), int(hi))
    return SlotLayout(order, slot_of, groups)


class PairDecisions:
    """Packed ``reuse`` bits, rows and columns in slot order (see the module docstring)."""

    def __init__(self, layout: SlotLayout):
        n = len(layout.order)
        self.layout = layout
        self.bits = np.zeros((n, (n + 7) // 8), dtype=np.uint8)

    def mark_block(self, row0: int, col0: int, block: np.ndarray) -> None:
        """OR a boolean rectangle into the bits, its top-left corner at slots (row0, col0)."""
        if block.size == 0 or not block.any():
            return
        shift = col0 & 7
        if shift:
            block = np.concatenate([np.zeros((block.shape[0], shift), bool), block], axis=1)
        packed = np.packbits(block, axis=1)
        c = col0 >> 3
        self.bits[row0 : row0 + block.shape[0], c : c + packed.shape[1]] |= packed

    def mark_rows(self, rows: np.ndarray, packed: np.ndarray) -> None:
        """OR packed rows (columns from slot 0) into the given slot rows."""
        self.bits[rows, : packed.shape[1]] |= packed

    def may_reuse(self, x: int, y: int) -> bool:
        """Tensor ``x`` may take tensor ``y``'s bytes (y is dead before x is born)."""
        sx, sy = self.layout.slot_of[x], self.layout.slot_of[y]
        return bool(self.bits[sx, sy >> 3] & (0x80 >> (sy & 7)))

    def is_safe(self, a: int, b: int) -> bool:
        return a != b and (self.may_reuse(a, b) or self.may_reuse(b, a))

    def fingerprint(self) -> str:
        """A digest of the decisions in tensor order: equal for equal decisions, whatever
        the slot layout (to compare algorithms on large graphs)."""
        digest = hashlib.sha1()
        n = len(self.layout.order)
        s = self.layout.slot_of
        step = max(1, (1 << 24) // max(n, 1))
        for r0 in range(0, n, step):
            rows = np.unpackbits(self.bits[s[r0 : r0 + step]], axis=1, count=n)
            digest.update(np.packbits(rows[:, s], axis=1).tobytes())
        return digest.hexdigest()

    def reuse_matrix(self) -> np.ndarray:
        """Dense ``reuse[x, y]`` in tensor order (for tests and small graphs)."""
        n = len(self.layout.order)
        slots = np.unpackbits(self.bits, axis=1, count=n).astype(bool)
        s = self.layout.slot_of
        return slots[np.ix_(s, s)]

    def unsafe_matrix(self) -> np.ndarray:
        reuse = self.reuse_matrix()
        unsafe = ~(reuse | reuse.T)
        np.fill_diagonal(unsafe, False)
        return unsafe

    def unsafe_pairs(self) -> list[tuple[int, int]]:
        """Unsafe pairs (a, b), a < b, sorted; quadratic, meant for small graphs."""
        rows, cols = np.nonzero(np.triu(self.unsafe_matrix(), 1))
        return list(zip(rows.tolist(), cols.tolist()))
