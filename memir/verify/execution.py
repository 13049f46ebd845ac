"""check-execution's algorithm: run a planned program under random legal interleavings.

Why: verify-layout proves the plan against the conflicts memir's own analysis computed;
if that analysis is wrong, both agree and the plan is still wrong. This module is an
independent oracle: it imports nothing from memir.analysis or memir.planning, and decides
safety by executing the program on a shadow of the arena.

A legal interleaving runs each stream in program order, honours record/wait, and (unless
``strict``) orders cross-stream data dependencies as the runtime would. A range-granular
shadow (sorted disjoint intervals, so multi-GB arenas cost nothing more) follows the writes
and reports the first conflicting write or stale read. Interleaving 0 is program order,
the others come from ``random.Random(seed)``: same seed, same answer. ``run_data`` runs
hash ops on a real arena. Reference: docs/passes/check-execution.md.
"""

from __future__ import annotations

import random
from itertools import product

from memir.verify.execution_model import (  # noqa: F401  (the checker's public data types)
    END,
    START,
    Buffer,
    Conflict,
    Execution,
    Item,
    Namer,
    Op,
    Race,
    Shadow,
    arena_size,
)

TAIL = 6  # events of the interleaving a diagnostic shows
DATA_LIMIT = 256 << 20  # bytes: the largest arena run_data allocates


# ----------------------------------------------------------------------------- ordering


def data_edges(ex: Execution) -> list[Race]:
    """Every RAW / WAR / WAW edge to an op from the nearest earlier accesses of a buffer."""
    last_writer: dict[int, int] = {}
    readers: dict[int, list[int]] = {}
    edges = []
    for j, op in enumerate(ex.ops):
        read = {ex.items[i].buffer for i in op.reads}
        written = {ex.items[i].buffer for i in (*op.writes, *op.workspaces)}
        for b in sorted(read | written):
            if (w := last_writer.get(b)) is not None:
                edges.append(Race(w, j, b, "read-after-write" if b in read
                                  else "write-after-write"))
        for b in sorted(written):
            edges += [Race(r, j, b, "write-after-read") for r in readers.get(b, ())]
        for b in read - written:
            readers.setdefault(b, []).append(j)
        for b in written:
            last_writer[b], readers[b] = j, []
    return edges


def predecessors(ex: Execution, strict: bool = False) -> list[set[int]]:
    """Ops each op must wait for: its stream's previous op, its waits' sources, and (unless
    ``strict``) the other-stream ends of its data edges."""
    preds: list[set[int]] = [set() for _ in ex.ops]
    last_on: dict[int, int] = {}
    recorded: dict[int, int | None] = {}
    pending: dict[int, set[int]] = {}
    for kind, x, stream in ex.sequence:
        if kind == "record":
            recorded[x] = last_on.get(stream)
        elif kind == "wait":
            if (source := recorded.get(x)) is not None:
                pending.setdefault(stream, set()).add(source)
        else:
            if stream in last_on:
                preds[x].add(last_on[stream])
            preds[x] |= pending.pop(stream, set())
            last_on[stream] = x
    if not strict:
        for e in data_edges(ex):
            if ex.ops[e.earlier].stream != ex.ops[e.later].stream:
                preds[e.later].add(e.earlier)
    return preds


def races(ex: Execution) -> list[Race]:
    """Cross-stream data edges the streams and events alone leave unordered (vector clocks)."""
    preds = predecessors(ex, strict=True)
    lanes = {s: k for k, s in enumerate(sorted({op.stream for op in ex.ops}))}
    position, count = [], [0] * len(lanes)
    for op in ex.ops:
        position.append(count[lanes[op.stream]])
        count[lanes[op.stream]] += 1
    clocks: list[list[int]] = []
    for j in range(len(ex.ops)):
        clock = [-1] * len(lanes)
        for p in preds[j]:
            clock = [max(x, y) for x, y in zip(clock, clocks[p])]
            lane = lanes[ex.ops[p].stream]
            clock[lane] = max(clock[lane], position[p])
        clocks.append(clock)
    return [e for e in data_edges(ex) if ex.ops[e.earlier].stream != ex.ops[e.later].stream
            and clocks[e.later][lanes[ex.ops[e.earlier].stream]] < position[e.earlier]]


class Orders:
    """Legal interleavings of one program: program order, or random ones."""

    def __init__(self, preds: list[set[int]]):
        self.waiting = [len(p) for p in preds]
        self.succs: list[list[int]] = [[] for _ in preds]
        for j, ps in enumerate(preds):
            for p in ps:
                self.succs[p].append(j)
        self.roots = [j for j, n in enumerate(self.waiting) if n == 0]

    def program_order(self) -> list[tuple[int, int]]:
        return [(kind, j) for j in range(len(self.waiting)) for kind in (START, END)]

    def random(self, rng: random.Random) -> list[tuple[int, int]]:
        """(START | END, op) events: among the ready ops and the running ones, start one
        with a probability drawn per interleaving (more or less concurrency), else end one."""
        eager = 0.3 + 0.65 * rng.random()
        waiting, succs = list(self.waiting), self.succs
        ready, running, events = list(self.roots), [], []
        random_ = rng.random
        while ready or running:
            if ready and (not running or random_() < eager):
                pool, kind = ready, START
            else:
                pool, kind = running, END
            k = int(random_() * len(pool))
            j = pool[k]
            pool[k] = pool[-1]
            pool.pop()
            events.append((kind, j))
            if kind == START:
                running.append(j)
            else:
                for s in succs[j]:
                    waiting[s] -= 1
                    if waiting[s] == 0:
                        ready.append(s)
        return events


def interleavings_of(ex: Execution, count: int, seed: int, strict: bool):
    """Yield (name, events) for ``count`` interleavings: 0 is program order."""
    orders = Orders(predecessors(ex, strict))
    rng = random.Random(seed)
    for k in range(count):
        yield (f"interleaving {k} (seed {seed})",
               orders.random(rng) if k else orders.program_order())


# ----------------------------------------------------------------------------- shadow run


def _absolute(ex: Execution) -> list[tuple[tuple[int, int], ...]]:
    out = []
    for item in ex.items:
        offset = ex.buffers[item.buffer].offset
        out.append(() if offset is None else
                   tuple((offset + lo, offset + hi) for lo, hi in item.ranges))
    return out


def _meet(ranges, lo: int, hi: int) -> tuple[int, int] | None:
    for a, b in ranges:
        if a < hi and lo < b:
            return max(a, lo), min(b, hi)
    return None


class ShadowRun:
    """The shadow-map check of one program; ``run`` takes one interleaving."""

    def __init__(self, ex: Execution):
        self.ex, self.name = ex, Namer(ex)
        self.absolute = _absolute(ex)
        self.touch = [tuple({*op.reads, *op.writes, *op.workspaces}) for op in ex.ops]
        self.users: list[list[int]] = [[] for _ in ex.items]
        for j, items in enumerate(self.touch):
            for i in items:
                self.users[i].append(j)
        self.of_buffer: list[list[int]] = [[] for _ in ex.buffers]
        for i, item in enumerate(ex.items):
            self.of_buffer[item.buffer].append(i)
        buffer_of = [item.buffer for item in ex.items]
        self.buffer_of = buffer_of
        # per op: (item, its buffer, lo, hi) for each arena range it reads / writes
        self.reads = [[(i, buffer_of[i], lo, hi) for i in op.reads for lo, hi in self.absolute[i]]
                      for op in ex.ops]
        self.writes = [[(i, buffer_of[i], lo, hi) for i in (*op.writes, *op.workspaces)
                        for lo, hi in self.absolute[i]] for op in ex.ops]

    def run(self, events, where: str) -> Conflict | None:
        """The first conflict of one interleaving, or None."""
        buffer_of, touch, absolute = self.buffer_of, self.touch, self.absolute
        remaining = [len(u) for u in self.users]
        started = [False] * len(remaining)
        ended = [False] * len(self.touch)
        shadow = Shadow()
        span, assign, owners = shadow.span, shadow.assign, shadow.owners
        of_buffer = self.of_buffer

        def needed(buffer: int, lo: int, hi: int):
            for i in of_buffer[buffer]:
                if started[i] and remaining[i] > 0 and (hit := _meet(absolute[i], lo, hi)):
                    return i, hit
            return None

        for e, (kind, j) in enumerate(events):
            if kind == END:
                ended[j] = True
                for i in touch[j]:
                    remaining[i] -= 1
                continue
            for i in touch[j]:
                started[i] = True
            for i, mine, lo, hi in self.reads[j]:
                a, k = span(lo, hi)
                for n in range(a, k):
                    if buffer_of[owners[n][0]] != mine:
                        tail = events[max(0, e - TAIL + 1):e + 1]
                        return self._taken(j, i, n, shadow, lo, hi, tail, where)
            for i, mine, lo, hi in self.writes[j]:
                a, k = span(lo, hi)
                for n in range(a, k):
                    other = buffer_of[owners[n][0]]
                    if other != mine and (found := needed(
                            other, max(lo, shadow.starts[n]), min(hi, shadow.ends[n]))):
                        return self._clobber(j, i, n, shadow, found, ended,
                                             events[max(0, e - TAIL + 1):e + 1], where)
                assign(lo, hi, (i, j))
        return None

    def _taken(self, j, i, n, shadow, lo, hi, tail, where) -> Conflict:
        name, (taker, writer) = self.name, shadow.owners[n]
        first, last = max(lo, shadow.starts[n]), min(hi, shadow.ends[n])
        return Conflict(f"{where}: {name.op(j)} reads {name.item(i)}, but bytes [{first}, "
                        f"{last}) were taken by {name.item(taker)} (written by "
                        f"{name.op(writer)}) since it was written; last events: "
                        f"{name.tail(tail)}", writer)

    def _clobber(self, j, i, n, shadow, found, ended, tail, where) -> Conflict:
        name, (victim, (first, last)) = self.name, found
        user = next(u for u in self.users[victim] if not ended[u])
        return Conflict(f"{where}: {name.op(j)} writes {name.item(i)} into bytes [{first}, "
                        f"{last}) while {name.item(victim)} still needs them (written by "
                        f"{name.op(shadow.owners[n][1])}, used by {name.op(user)}); last "
                        f"events: {name.tail(tail)}", j)


def check(ex: Execution, interleavings: int = 64, seed: int = 0,
          strict: bool = False) -> Conflict | None:
    """The first conflict over ``interleavings`` interleavings (0: program order)."""
    shadow = ShadowRun(ex)
    for where, events in interleavings_of(ex, interleavings, seed, strict):
        if (found := shadow.run(events, where)) is not None:
            return found
    return None


def check_data(ex: Execution, interleavings: int = 64, seed: int = 0,
               strict: bool = False) -> Conflict | None:
    """Real-data mode over ``interleavings`` interleavings; see memir.verify.execution_data."""
    from memir.verify.execution_data import reference, run_data

    size = arena_size(ex)
    if size > DATA_LIMIT:
        raise ValueError(f"data=true runs on a real arena of at most {DATA_LIMIT >> 20} MiB; "
                         f"this plan needs {size} bytes")
    expected = reference(ex)
    for where, events in interleavings_of(ex, interleavings, seed, strict):
        if (found := run_data(ex, expected, events, where)) is not None:
            return found
    return None


def tile_ranges(offsets, sizes, strides, elem: int, limit: int = 4096):
    """A strided view's bytes as merged ranges (relative to its buffer); past ``limit``
    runs, its bounding range (conservative: may report a conflict a finer map would not)."""
    if any(n <= 0 for n in sizes):
        return ()
    base = elem * sum(o * s for o, s in zip(offsets, strides))
    dims = [(n, s) for n, s in zip(sizes, strides) if n > 1]
    run = elem
    while dims and dims[-1][1] * elem == run:
        run *= dims.pop()[0]
    count = 1
    for n, _ in dims:
        count *= n
    if count > limit:
        low = sum(min(0, (n - 1) * s) for n, s in dims) * elem
        high = sum(max(0, (n - 1) * s) for n, s in dims) * elem
        return ((base + low, base + high + run),)
    starts = sorted(base + elem * sum(i * s for i, (_, s) in zip(index, dims))
                    for index in product(*(range(n) for n, _ in dims)))
    merged: list[list[int]] = []
    for a in starts:
        if merged and a <= merged[-1][1]:
            merged[-1][1] = max(merged[-1][1], a + run)
        else:
            merged.append([a, a + run])
    return tuple((a, b) for a, b in merged)
