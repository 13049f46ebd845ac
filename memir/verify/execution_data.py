"""check-execution{data=true}: run the plan on real bytes and compare with private buffers.

Why a second mode: the shadow map (memir.verify.execution) judges by ownership; this one
judges by values, as a user's hardware would. Each compute op becomes a deterministic hash
function: it digests the bytes it reads, and fills each output with bytes drawn from a
generator seeded by that digest and its index (each workspace from its index alone). The
reference runs the ops in program order on one private numpy buffer per buffer; the checked
run uses one numpy arena at the planned offsets in an interleaving. An op reads its inputs
(and compares them with the reference) when it starts and again when it ends, fills its
workspaces when it starts, writes its outputs when it ends, and then checks its workspaces
and its inputs once more (an output placed over either is caught).
Only bytes the reference had written are compared (a read of never-written bytes is not
a planning bug). Arguments are not in the arena: they are not compared.
"""

from __future__ import annotations

import hashlib

import numpy as np

from memir.verify.execution_model import END, Conflict, Execution, Namer, Shadow, arena_size


def _fill(key: bytes, size: int) -> np.ndarray:
    seed = int.from_bytes(hashlib.blake2b(key, digest_size=8).digest(), "little")
    return np.frombuffer(np.random.default_rng(seed).bytes(size), dtype=np.uint8)


def _digest(memory: np.ndarray, ranges) -> bytes:
    h = hashlib.blake2b(digest_size=16)
    for lo, hi in ranges:
        h.update(memory[lo:hi])
    return h.digest()


def _write(memory: np.ndarray, ranges, data: np.ndarray) -> None:
    at = 0
    for lo, hi in ranges:
        memory[lo:hi] = data[at:at + hi - lo]
        at += hi - lo


def _clip(ranges, written: list[tuple[int, int]]) -> tuple[tuple[int, int], ...]:
    out = []
    for lo, hi in ranges:
        for a, b in written:
            if a < hi and lo < b:
                out.append((max(a, lo), min(b, hi)))
    return tuple(out)


def _merge(written: list[tuple[int, int]], ranges) -> list[tuple[int, int]]:
    merged: list[list[int]] = []
    for a, b in sorted([*written, *ranges]):
        if merged and a <= merged[-1][1]:
            merged[-1][1] = max(merged[-1][1], b)
        else:
            merged.append([a, b])
    return [(a, b) for a, b in merged]


def _size(ranges) -> int:
    return sum(hi - lo for lo, hi in ranges)


def reference(ex: Execution) -> list[list[tuple[tuple[tuple[int, int], ...], bytes]]]:
    """Per op, per input: the buffer-relative ranges compared and their expected digest."""
    private = [np.zeros(b.size if b.offset is not None else 0, dtype=np.uint8)
               for b in ex.buffers]
    written: list[list[tuple[int, int]]] = [[] for _ in ex.buffers]
    expected = []
    for j, op in enumerate(ex.ops):
        reads = []
        for i in op.reads:
            item = ex.items[i]
            ranges = _clip(item.ranges, written[item.buffer])
            reads.append((ranges, _digest(private[item.buffer], ranges)))
        expected.append(reads)
        key = b"".join(d for _, d in reads) + j.to_bytes(8, "little")
        for k, i in enumerate(op.writes):
            item = ex.items[i]
            _write(private[item.buffer], item.ranges,
                   _fill(key + k.to_bytes(4, "little"), _size(item.ranges)))
            written[item.buffer] = _merge(written[item.buffer], item.ranges)
    return expected


def run_data(ex: Execution, expected, events, where: str) -> Conflict | None:
    """The first value mismatch of one interleaving, or None."""
    arena = np.zeros(arena_size(ex), dtype=np.uint8)
    offsets = [b.offset or 0 for b in ex.buffers]
    name = Namer(ex)
    ws_digest: dict[tuple[int, int], bytes] = {}
    writers = Shadow()  # who wrote which bytes last: to name the culprit, not to judge

    def culprit(i: int, ranges) -> str:
        mine = ex.items[i].buffer
        for lo, hi in ranges:
            a, k = writers.span(lo, hi)
            for n in range(a, k):
                item, op = writers.owners[n]
                if ex.items[item].buffer != mine:
                    return (f": bytes [{max(lo, writers.starts[n])}, {min(hi, writers.ends[n])})"
                            f" were last written by {name.op(op)} as {name.item(item)}")
        return ""

    def put(i: int, j: int, ranges, data) -> None:
        _write(arena, ranges, data)
        for lo, hi in ranges:
            writers.assign(lo, hi, (i, j))

    def shifted(i: int, ranges) -> tuple[tuple[int, int], ...]:
        base = offsets[ex.items[i].buffer]
        return tuple((base + lo, base + hi) for lo, hi in ranges)

    def reads_ok(j: int, when: str) -> tuple[Conflict | None, list[bytes]]:
        digests = []
        for i, (ranges, digest) in zip(ex.ops[j].reads, expected[j]):
            got = _digest(arena, shifted(i, ranges))
            if got != digest:
                return Conflict(f"{where}: {name.op(j)} reads {name.item(i)} at its {when} "
                                "and finds other bytes than a sequential run on private "
                                f"buffers (data mismatch){culprit(i, shifted(i, ranges))}",
                                j), digests
            digests.append(got)
        return None, digests

    for kind, j in events:
        op = ex.ops[j]
        in_arena = [i for i in op.workspaces if ex.buffers[ex.items[i].buffer].offset is not None]
        if kind != END:
            found, _ = reads_ok(j, "start")
            if found:
                return found
            for k, i in enumerate(in_arena):
                data = _fill(b"ws" + j.to_bytes(8, "little") + k.to_bytes(4, "little"),
                             _size(ex.items[i].ranges))
                where_ = shifted(i, ex.items[i].ranges)
                put(i, j, where_, data)
                ws_digest[(j, k)] = _digest(arena, where_)
            continue
        found, digests = reads_ok(j, "end")
        if found:
            return found
        key = b"".join(digests) + j.to_bytes(8, "little")
        for k, i in enumerate(op.writes):
            item = ex.items[i]
            if ex.buffers[item.buffer].offset is not None:
                put(i, j, shifted(i, item.ranges),
                    _fill(key + k.to_bytes(4, "little"), _size(item.ranges)))
        # the op may still use its workspace and its inputs after writing its outputs
        for k, i in enumerate(in_arena):
            where_ = shifted(i, ex.items[i].ranges)
            if _digest(arena, where_) != ws_digest[(j, k)]:
                return Conflict(f"{where}: {name.op(j)} finds its workspace {name.item(i)} "
                                f"changed while it ran (data mismatch){culprit(i, where_)}", j)
        written = {ex.items[i].buffer for i in op.writes}
        for i, (ranges, digest) in zip(op.reads, expected[j]):
            if ex.items[i].buffer not in written and \
                    _digest(arena, shifted(i, ranges)) != digest:
                return Conflict(f"{where}: {name.op(j)} overwrites its own input "
                                f"{name.item(i)} (data mismatch)"
                                f"{culprit(i, shifted(i, ranges))}", j)
    return None
