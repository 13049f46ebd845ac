"""The program the execution checker runs, and the pieces both of its modes share.

``memir.verify.execution`` (the shadow-ownership mode and the interleavings) and
``memir.verify.execution_data`` (the real-data mode) both read an ``Execution``, follow the
arena with a ``Shadow`` of byte ranges, and name what they find with a ``Namer``; these live
here so that neither mode imports the other's internals.
"""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from dataclasses import dataclass, field

START, END = 0, 1


@dataclass(frozen=True, slots=True)
class Buffer:
    """A buffer at ``offset`` in the arena; ``offset`` None: not in the arena (argument)."""

    label: str
    offset: int | None
    size: int


@dataclass(frozen=True, slots=True)
class Item:
    """What an operand touches: bytes of one buffer, relative to its start."""

    buffer: int
    ranges: tuple[tuple[int, int], ...]
    label: str


@dataclass(frozen=True, slots=True)
class Op:
    """A compute op: its stream and the items it reads, writes, and uses as workspace."""

    label: str
    stream: int
    reads: tuple[int, ...] = ()
    writes: tuple[int, ...] = ()
    workspaces: tuple[int, ...] = ()


@dataclass
class Execution:
    """The program: ops in program order; ``sequence`` interleaves them with the events:
    ("step", op, stream), ("record", event, stream), ("wait", event, stream)."""

    buffers: list[Buffer]
    items: list[Item]
    ops: list[Op]
    sequence: list[tuple[str, int, int]]

    @classmethod
    def whole(cls, buffers: list[Buffer], ops: list[Op],
              sequence: list[tuple[str, int, int]] | None = None) -> Execution:
        """Items = buffers (no tiles); ``sequence`` defaults to the ops, no events."""
        items = [Item(i, ((0, b.size),) if b.offset is not None else (), b.label)
                 for i, b in enumerate(buffers)]
        if sequence is None:
            sequence = [("step", j, op.stream) for j, op in enumerate(ops)]
        return cls(buffers, items, ops, sequence)


@dataclass(frozen=True)
class Conflict:
    """A diagnostic and the op it points at."""

    message: str
    op: int


@dataclass(frozen=True)
class Race:
    """A cross-stream data edge that no stream order or event orders."""

    earlier: int
    later: int
    buffer: int
    kind: str


def arena_size(ex: Execution) -> int:
    return max((b.offset + b.size for b in ex.buffers if b.offset is not None), default=0)


@dataclass
class Shadow:
    """Arena bytes -> (item, writing op), as sorted disjoint half-open intervals."""

    starts: list[int] = field(default_factory=list)
    ends: list[int] = field(default_factory=list)
    owners: list[tuple[int, int]] = field(default_factory=list)

    def span(self, lo: int, hi: int) -> tuple[int, int]:
        """Indices [i, k) of the intervals that meet [lo, hi)."""
        i = bisect_right(self.starts, lo) - 1
        if i < 0 or self.ends[i] <= lo:
            i += 1
        return i, bisect_left(self.starts, hi)

    def assign(self, lo: int, hi: int, owner: tuple[int, int]) -> None:
        i, k = self.span(lo, hi)
        starts, ends, owners = [lo], [hi], [owner]
        if i < k:
            if self.starts[i] < lo:
                starts.insert(0, self.starts[i])
                ends.insert(0, lo)
                owners.insert(0, self.owners[i])
            if self.ends[k - 1] > hi:
                starts.append(hi)
                ends.append(self.ends[k - 1])
                owners.append(self.owners[k - 1])
        self.starts[i:k], self.ends[i:k], self.owners[i:k] = starts, ends, owners


class Namer:
    """How diagnostics name ops, items and the last events of an interleaving."""

    def __init__(self, ex: Execution):
        self.ex = ex

    def op(self, j: int) -> str:
        op = self.ex.ops[j]
        return f'op {j} "{op.label}" on stream {op.stream}'

    def item(self, i: int) -> str:
        item = self.ex.items[i]
        return item.label

    def tail(self, events) -> str:
        return ", ".join(f'{"start" if kind == START else "end"} {j} "{self.ex.ops[j].label}"'
                         f"@s{self.ex.ops[j].stream}" for kind, j in events)
