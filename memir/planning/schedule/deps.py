"""The dependencies a reordering must keep, read from the program reader's plain data.

Why here: the rule is the heart of what ``schedule`` may do, so it lives beside the
algorithms, works on numbers only and is tested without xDSL. Its input is the program
model (``memir.model.program``) the program reader gives every pass: the ``sequence``
of one block (("step", step, stream), ("record", event, stream), ("wait", event, stream)
in program order) and the steps, each with its accesses by root handle (planned buffers
0..B-1, other roots -- function arguments, external allocs, arena views -- B onwards).

The dependencies kept are listed at ``schedule_problem``. They are a sufficient condition;
with several streams the problem also carries the exact rule (``StreamInfo``,
``streams.Concurrency``). ``parallelism=events`` keeps only the data deps and the events
(``bind_events``). ``valid_order`` is the pass's own check of an order before it rewrites.
"""

from __future__ import annotations

import bisect
from collections.abc import Sequence

from memir.model.program import StepData
from memir.planning.schedule.order_model import ScheduleProblem, StreamInfo
from memir.planning.schedule.streams import EVENT_KINDS, keeps_parallelism, tail_deps

PARALLELISM = ("keep", "compute", "events")


class _Ops:
    """The block's items as parallel lists: kind, stream, event, roots read and written,
    planned buffers touched."""

    def __init__(self, items: Sequence[tuple[str, int, int]], steps: Sequence[StepData],
                 num_buffers: int) -> None:
        self.kinds: list[str] = []
        self.streams: list[int] = []
        self.events: list[int] = []  # the event of a record or wait, -1 for a step
        self.reads: list[set[int]] = []
        self.writes: list[set[int]] = []
        self.uses: list[list[int]] = []
        for kind, index, stream in items:
            self.streams.append(stream)
            if kind != "step":
                self.kinds.append(f"memir.{kind}")
                self.events.append(index)
                self.reads.append(set())
                self.writes.append(set())
                self.uses.append([])
                continue
            step = steps[index]
            reads, writes, touched = set(), set(), []
            for access in step.accesses:
                root = access.buffer if access.buffer is not None else num_buffers + access.other
                (reads if access.role == "read" else writes).add(root)
                if access.buffer is not None and access.buffer not in touched:
                    touched.append(access.buffer)
            self.kinds.append(step.kernel)
            self.events.append(-1)
            self.reads.append(reads)
            self.writes.append(writes)
            self.uses.append(touched)


def synced_deps(ops: _Ops) -> dict[int, list[int]]:
    """Per op b, the earlier ops on other streams it must stay synchronised with, beyond
    its last-writer and reader deps: for each root b touches and each other stream s, the
    latest op on s that conflicts with b on that root and happens before b in the input
    (and, when b writes, the readers on s after that op that happen before b). The
    last-writer chain alone is not enough: in ``w1 (s0), record, w2 (s0); wait (s1), r
    (s1)`` r's last writer w2 races with it, but w1 -> r was synchronised and must stay
    so. Earlier conflicting ops on s are chained before the one returned by the data
    deps, and so stay before it on s."""
    clock: list[dict[int, int]] = []  # per op: stream -> last op there that happens before
    last_on: dict[int, int] = {}
    recorded: dict[int, int] = {}
    writes_on: dict[tuple[int, int], list[int]] = {}
    reads_on: dict[tuple[int, int], list[int]] = {}
    result: dict[int, list[int]] = {}
    for i, (kind, stream) in enumerate(zip(ops.kinds, ops.streams)):
        vc = dict(clock[last_on[stream]]) if stream in last_on else {}
        if kind == "memir.wait" and ops.events[i] in recorded:
            for s, k in clock[recorded[ops.events[i]]].items():
                vc[s] = max(vc.get(s, -1), k)
        vc[stream] = i
        clock.append(vc)
        last_on[stream] = i
        if kind == "memir.record":
            recorded[ops.events[i]] = i
        if kind in EVENT_KINDS:
            continue
        reads, writes = ops.reads[i], ops.writes[i]
        found: set[int] = set()
        for root in reads | writes:
            for s, k in vc.items():
                if s == stream:
                    continue
                writers = writes_on.get((root, s), [])
                w = writers[bisect.bisect_right(writers, k) - 1] if writers and \
                    writers[0] <= k else -1
                if w >= 0:
                    found.add(w)
                if root in writes:
                    readers = reads_on.get((root, s), [])
                    found.update(readers[bisect.bisect_right(readers, w):
                                         bisect.bisect_right(readers, k)])
        if found:
            result[i] = sorted(found)
        for root in writes:
            writes_on.setdefault((root, stream), []).append(i)
        for root in reads - writes:
            reads_on.setdefault((root, stream), []).append(i)
    return result


# Dependencies kept:
# - data: read-after-write, write-after-read and write-after-write on every root an op
#   touches (an op writes its outs and ws; an in-place update lists its buffer in both);
# - synchronisation: besides the last writer, the latest op of each other stream that
#   touches the same root in conflict and happens before it in the input (a synchronised
#   dependency stays cross-stream even when a later write in between races; synced_deps);
# - events: a wait after the record it waits for; each stream's records and waits in order;
# - concurrency: an op another stream waits for (a record, a cross-stream data source) keeps
#   every later op of its stream after it; an op that waits (a wait, a cross-stream target)
#   keeps every earlier op of its stream before it. So no ordering between streams is added
#   and ops that may run concurrently still may. The tail (ops after every other stream's
#   last op) keeps only its data deps, each cross-stream one carried by a wait (tail_deps).
def schedule_problem(items: Sequence[tuple[str, int, int]], steps: Sequence[StepData],
                     sizes: list[int], parallelism: str = "keep") -> ScheduleProblem:
    """Sizes, uses and the dependencies to keep (above) of one block's ``items`` (its
    slice of the program's sequence); ``sizes`` are the planned buffers' bytes."""
    if parallelism not in PARALLELISM:
        raise ValueError(f"unknown parallelism {parallelism!r}; expected one of {PARALLELISM}")
    ops = _Ops(items, steps, len(sizes))
    streams, kinds = ops.streams, ops.kinds
    deps: set[tuple[int, int]] = set()
    last_writer: dict[int, int] = {}
    readers: dict[int, list[int]] = {}
    recorded_by: dict[int, int] = {}
    sources: set[int] = set()  # ops another stream waits for (records, cross-stream writers)
    targets: set[int] = set()  # ops that wait for another stream (waits, cross-stream readers)
    events: list[tuple[int, int]] = []

    def edge(a: int, b: int) -> None:
        if a != b:
            deps.add((a, b))
            if streams[a] != streams[b]:
                sources.add(a)
                targets.add(b)

    synced = synced_deps(ops)
    for i, kind in enumerate(kinds):
        for a in synced.get(i, ()):
            edge(a, i)
        if kind == "memir.record":
            recorded_by[ops.events[i]] = i
            sources.add(i)
            continue
        if kind == "memir.wait":
            record = recorded_by.get(ops.events[i])
            if record is not None:
                edge(record, i)
                events.append((record, i))
            targets.add(i)
            continue
        reads, writes = ops.reads[i], ops.writes[i]
        for root in reads:
            if root in last_writer:
                edge(last_writer[root], i)
        for root in writes:
            if root in last_writer:
                edge(last_writer[root], i)
            for reader in readers.get(root, ()):
                edge(reader, i)
        for root in reads - writes:
            readers.setdefault(root, []).append(i)
        for root in writes:
            last_writer[root] = i
            readers[root] = []
    if parallelism == "events":
        bind_events(kinds, streams, deps, sorted(deps - set(events)))
        return ScheduleProblem(sizes=sizes, uses=ops.uses, deps=sorted(deps), kinds=kinds)
    data_deps = sorted(deps - set(events))
    concurrency_deps(kinds, streams, events, data_deps, sources, targets, deps)
    info = None
    if len(set(streams)) > 1:
        info = StreamInfo(streams, events, data_deps, updates_free=parallelism == "compute")
    return ScheduleProblem(sizes=sizes, uses=ops.uses, deps=sorted(deps), kinds=kinds,
                           stream_info=info)


def concurrency_deps(kinds: list[str], streams: list[int], events: list[tuple[int, int]],
                     data_deps: list[tuple[int, int]], sources: set[int], targets: set[int],
                     deps: set[tuple[int, int]]) -> None:
    """Add the deps that keep concurrency (module doc) to ``deps``.

    An op after a source on its stream stays after it (or it would become ordered before
    what waits on the source); an op before a target stays before it (or it would become
    ordered after what the target waits for); records and waits keep their order on their
    stream. Moving the other way only removes orderings between streams. The tail keeps
    its data deps and carrier waits instead (``streams.tail_deps``)."""
    is_event = [k in EVENT_KINDS for k in kinds]
    tail = tail_deps(streams, events, data_deps, is_event)
    for op, waits in tail.items():
        deps.update((w, op) for w in waits)
    last_source: dict[int, int] = {}
    since_target: dict[int, list[int]] = {}
    last_sync: dict[int, int] = {}
    for i, stream in enumerate(streams):
        if is_event[i]:
            # A chain of events that synchronised a data dependency through a third
            # stream (wait, then record there) must not be cut by the record moving
            # ahead of the wait.
            if stream in last_sync:
                deps.add((last_sync[stream], i))
            last_sync[stream] = i
        if i in tail:
            continue
        if stream in last_source:
            deps.add((last_source[stream], i))
        if i in targets:
            for earlier in since_target.pop(stream, []):
                deps.add((earlier, i))
        since_target.setdefault(stream, []).append(i)
        if i in sources:
            last_source[stream] = i


def bind_events(kinds: list[str], streams: list[int], deps: set[tuple[int, int]],
                data_deps: list[tuple[int, int]]) -> None:
    """``parallelism=events``: a record stays after the op it follows, a wait before the op
    it precedes; ops of a stream may otherwise change places (data dependencies hold).

    A cross-stream data dependency the input synchronised stays synchronised: the records
    and waits of a stream keep their order, the source stays before the next record on its
    stream and the target after the last wait on its stream before it. Any chain of
    stream order and events from source to target in the input leaves the source's stream
    at that record or a later one and enters the target's at that wait or an earlier one,
    so the same chain exists in the output."""
    n = len(kinds)
    last_sync: dict[int, int] = {}
    last_wait = [-1] * n
    seen_wait: dict[int, int] = {}
    for i, (kind, stream) in enumerate(zip(kinds, streams)):
        if kind in EVENT_KINDS:
            if stream in last_sync:
                deps.add((last_sync[stream], i))
            last_sync[stream] = i
        if kind == "memir.wait":
            seen_wait[stream] = i
        last_wait[i] = seen_wait.get(stream, -1)
    next_record = [-1] * n
    upcoming: dict[int, int] = {}
    for i in range(n - 1, -1, -1):
        if kinds[i] == "memir.record":
            upcoming[streams[i]] = i
        next_record[i] = upcoming.get(streams[i], -1)
    for a, b in data_deps:
        if streams[a] != streams[b]:
            if next_record[a] > a:
                deps.add((a, next_record[a]))
            if 0 <= last_wait[b] < b:
                deps.add((last_wait[b], b))
    previous: dict[int, int] = {}
    waiting: dict[int, list[int]] = {}
    for i, (kind, stream) in enumerate(zip(kinds, streams)):
        if kind == "memir.record" and stream in previous:
            deps.add((previous[stream], i))
        if kind == "memir.wait":
            waiting.setdefault(stream, []).append(i)
            continue
        for wait in waiting.pop(stream, []):
            deps.add((wait, i))
        if kind not in EVENT_KINDS:
            previous[stream] = i


def keeps_deps(deps: list[tuple[int, int]], order: list[int]) -> bool:
    """Every dependency runs in order."""
    position = {op: k for k, op in enumerate(order)}
    return all(position[a] < position[b] for a, b in deps)


def valid_order(problem: ScheduleProblem, order: list[int]) -> bool:
    """The pass's own check of an order before it rewrites: a permutation that keeps
    parallelism (the deps, or with several streams the exact rule) and every data
    dependency and event."""
    if sorted(order) != list(range(problem.num_ops)):
        return False
    info = problem.stream_info
    kept = problem.deps if info is None else [*info.data_deps, *info.events]
    return keeps_parallelism(problem, order) and keeps_deps(kept, order)
