"""schedule: reorder a block's ops to lower the peak of live bytes (seeds 001 OLLA, 003 ROAM).

Runs at buffer level, before stream-safety and assign-layout. The order of operations
decides how long each buffer lives, and on training graphs that is tens of percent of the
peak; the algorithms (memir.planning.schedule) see only sizes, uses and dependencies.

Dependencies kept (``schedule_problem``):
- data: read-after-write, write-after-read and write-after-write on every value an op
  touches — planned buffers, function arguments, anything — with tile views counted as
  their root buffer (an op writes its ``outs`` and ``ws``; an in-place update lists its
  buffer in ``ins`` and ``outs``);
- synchronisation: besides the last writer, an op depends on the latest op of each other
  stream that touches the same value in conflict and happens before it in the input (so
  a dependency the input synchronised stays a cross-stream one even when a later write
  in between races);
- events: a ``memir.wait`` after the ``memir.record`` it waits for, and the records and
  waits of each stream in their order (a chain of events through a third stream stays);
- concurrency: every op keeps its stream; an op that another stream waits for (a record,
  the source of a cross-stream data dependency) keeps every later op of its stream after
  it, and an op that waits for another stream (a wait, the target of one) keeps every
  earlier op of its stream before it. Any chain of orderings between two streams in the
  output then exists in the input, so no ordering between streams is added and two ops
  that may run concurrently in the input still may; ops may still move the other way
  (past a record, or ahead of a wait they do not depend on), which only removes orderings.

These deps are only a sufficient condition. With several streams the problem also carries
the exact rule (``StreamInfo``; memir.planning.schedule.streams): a kernel pair
concurrent in the input stays concurrent, a pair already ordered may swap, and every
data dependency the input synchronised stays synchronised; ``auto`` then also moves
optimizer updates onto existing events. The tail of the program, the ops that come after
the last op of every other stream (the importer's optimizer step, after backward's join),
has no concurrent partner: it keeps only its data deps, each cross-stream one carried by
a wait (``streams.tail_deps``), so the updates move into the backward pass as on one
stream. ``parallelism=compute`` keeps the rule for every kernel pair except two
optimizer-update kernels (an update may then run before another parameter's update it
overlapped, for inputs whose updates are spread over several streams).

With ``parallelism=events`` only the data dependencies and the events themselves are kept
(a record stays after the op it follows, a wait before the op it precedes; a synchronised
cross-stream dependency keeps its source before the next record of its stream and its
target after the last wait of its stream): the ops of a
stream may then be ordered after work of another stream they could overlap before, which
buys the memory of the one-stream schedule at the price of some concurrency.

The new order is checked against every dependency (and, with several streams, the exact
rule) before the block is rewritten; an order that fails the check (no known input) leaves
the block in its input order with a ``memir.remark`` on the function saying so. Allocs,
tile views and streams move to just before their first user; a dealloc to just after its
buffer's last user; contiguous groups after their last buffer. ``memir.schedule`` on the
module records the peak before and after, the proven lower bound on any order's peak,
and the strategy, for ``report``.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import ClassVar, Literal

from xdsl.context import Context
from xdsl.dialects.builtin import DictionaryAttr, IntAttr, ModuleOp, StringAttr
from xdsl.ir import Block, Operation, SSAValue
from xdsl.passes import ModulePass
from xdsl.traits import IsTerminator

from memir.dialects import (
    AllocOp,
    ComputeOp,
    ContiguousOp,
    DeallocOp,
    PassError,
    RecordOp,
    StreamOp,
    TileViewOp,
    WaitOp,
)
from memir.passes import analyses
from memir.passes.bridge import root_value

SCHEDULE_ATTR = "memir.schedule"
REMARK_ATTR = "memir.remark"
MOVABLE = (AllocOp, TileViewOp, StreamOp)  # declarations: placed before their first user
FOLLOWERS = (*MOVABLE, DeallocOp, ContiguousOp)  # ops that go where their operands allow


@dataclass
class BlockSchedule:
    """One block's ops to order, and the plain problem built from them."""

    block: Block
    ops: list[Operation]  # compute, record and wait ops, in input order
    problem: object  # memir.planning.schedule.ScheduleProblem


def _stream(op: Operation) -> int:
    stream = op.stream
    if stream is None:
        return 0
    owner = stream.owner
    return owner.index.data if isinstance(owner, StreamOp) else -1


def schedule_problem(ops: list[Operation], buffer_of: dict[SSAValue, int], sizes: list[int],
                     parallelism: str = "keep"):
    """Sizes, uses and the dependencies to keep (see the module docstring) of ``ops``."""
    from memir.planning.schedule import ScheduleProblem, StreamInfo

    deps: set[tuple[int, int]] = set()
    last_writer: dict[SSAValue, int] = {}
    readers: dict[SSAValue, list[int]] = {}
    recorded_by: dict[SSAValue, int] = {}
    uses: list[list[int]] = []
    kinds: list[str] = []
    sources: set[int] = set()  # ops another stream waits for (records, cross-stream writers)
    targets: set[int] = set()  # ops that wait for another stream (waits, cross-stream readers)
    streams = [_stream(op) for op in ops]
    events: list[tuple[int, int]] = []

    def edge(a: int, b: int) -> None:
        if a != b:
            deps.add((a, b))
            if streams[a] != streams[b]:
                sources.add(a)
                targets.add(b)

    synced = _synced_deps(ops, streams)
    for i, op in enumerate(ops):
        for a in synced.get(i, ()):
            edge(a, i)
        if isinstance(op, RecordOp):
            uses.append([])
            kinds.append("memir.record")
            recorded_by[op.event] = i
            sources.add(i)
            continue
        if isinstance(op, WaitOp):
            uses.append([])
            kinds.append("memir.wait")
            if op.event in recorded_by:
                edge(recorded_by[op.event], i)
                events.append((recorded_by[op.event], i))
            targets.add(i)
            continue
        assert isinstance(op, ComputeOp)
        kinds.append(op.kernel.data)
        reads = {root_value(v) for v in op.inputs}
        writes = {root_value(v) for v in (*op.outputs, *op.workspaces)}
        touched = []
        for value in (*op.inputs, *op.outputs, *op.workspaces):
            handle = buffer_of.get(root_value(value))
            if handle is not None and handle not in touched:
                touched.append(handle)
        uses.append(touched)
        for value in reads:
            if value in last_writer:
                edge(last_writer[value], i)
        for value in writes:
            if value in last_writer:
                edge(last_writer[value], i)
            for reader in readers.get(value, ()):
                edge(reader, i)
        for value in reads - writes:
            readers.setdefault(value, []).append(i)
        for value in writes:
            last_writer[value] = i
            readers[value] = []
    if parallelism == "events":
        _bind_events(ops, streams, deps, sorted(deps - set(events)))
        return ScheduleProblem(sizes=sizes, uses=uses, deps=sorted(deps), kinds=kinds)
    data_deps = sorted(deps - set(events))
    # Concurrency kept: an op that comes after a source on its stream stays after it (or it
    # would become ordered before what waits on the source); an op that comes before a
    # target stays before it (or it would become ordered after what the target waits for).
    # Moving the other way only removes orderings between streams, which is allowed.
    # The tail (ops after every other stream's last op, e.g. an optimizer step after
    # backward's join) has no concurrency to lose: it keeps its data deps, each
    # cross-stream one carried by a wait it stays after (streams.tail_deps).
    from memir.planning.schedule.streams import EVENT_KINDS, tail_deps

    is_event = [k in EVENT_KINDS for k in kinds]
    tail = tail_deps(streams, events, data_deps, is_event)
    for op, waits in tail.items():
        deps.update((w, op) for w in waits)
    last_source: dict[int, int] = {}
    since_target: dict[int, list[int]] = {}
    last_sync: dict[int, int] = {}
    for i, stream in enumerate(streams):
        if is_event[i]:
            # Records and waits keep their order on a stream: a chain of events that
            # synchronised a data dependency through a third stream (wait, then record
            # on that stream) must not be cut by the record moving ahead of the wait.
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
    info = None
    if len(set(streams)) > 1:
        info = StreamInfo(streams, events, data_deps, updates_free=parallelism == "compute")
    return ScheduleProblem(sizes=sizes, uses=uses, deps=sorted(deps), kinds=kinds,
                           stream_info=info)


def _synced_deps(ops: list[Operation], streams: list[int]) -> dict[int, list[int]]:
    """Per op b, the earlier ops on other streams it must stay synchronised with, beyond
    its last-writer and reader deps: for each value b touches and each other stream s, the
    latest op on s that conflicts with b on that value and happens before b in the input
    (and, when b writes, the readers on s after that op's last write that happen before
    b). The last-writer chain alone is not enough: in ``w1 (s0), record, w2 (s0); wait
    (s1), r (s1)`` r's last writer w2 races with it, but w1 -> r was synchronised and must
    stay so. Earlier conflicting ops on s are chained before the one returned by the
    data deps, and so stay ordered before it on s."""
    import bisect

    clock: list[dict[int, int]] = []  # per op: stream -> last op there that happens before
    last_on: dict[int, int] = {}
    recorded: dict[object, int] = {}
    writes_on: dict[tuple[object, int], list[int]] = {}
    reads_on: dict[tuple[object, int], list[int]] = {}
    result: dict[int, list[int]] = {}
    for i, (op, stream) in enumerate(zip(ops, streams)):
        vc = dict(clock[last_on[stream]]) if stream in last_on else {}
        if isinstance(op, WaitOp) and op.event in recorded:
            for s, k in clock[recorded[op.event]].items():
                vc[s] = max(vc.get(s, -1), k)
        vc[stream] = i
        clock.append(vc)
        last_on[stream] = i
        if isinstance(op, RecordOp):
            recorded[op.event] = i
        if not isinstance(op, ComputeOp):
            continue
        reads = {root_value(v) for v in op.inputs}
        writes = {root_value(v) for v in (*op.outputs, *op.workspaces)}
        found: set[int] = set()
        for value in reads | writes:
            for s, k in vc.items():
                if s == stream:
                    continue
                writers = writes_on.get((value, s), [])
                w = writers[bisect.bisect_right(writers, k) - 1] if writers and writers[0] <= k \
                    else -1
                if w >= 0:
                    found.add(w)
                if value in writes:
                    readers = reads_on.get((value, s), [])
                    found.update(r for r in readers[bisect.bisect_right(readers, w):
                                                     bisect.bisect_right(readers, k)])
        if found:
            result[i] = sorted(found)
        for value in writes:
            writes_on.setdefault((value, stream), []).append(i)
        for value in reads - writes:
            reads_on.setdefault((value, stream), []).append(i)
    return result


def _bind_events(ops: list[Operation], streams: list[int], deps: set[tuple[int, int]],
                 data_deps: list[tuple[int, int]]) -> None:
    """``parallelism=events``: a record stays after the op it follows, a wait before the op
    it precedes; ops of a stream may otherwise change places (data dependencies hold).

    A cross-stream data dependency the input synchronised stays synchronised: the records
    and waits of a stream keep their order, the source stays before the next record on its
    stream and the target after the last wait on its stream before it. Any chain of
    stream order and events from source to target in the input leaves the source's stream
    at that record or a later one and enters the target's at that wait or an earlier one,
    so the same chain exists in the output."""
    previous: dict[int, int] = {}
    waiting: dict[int, list[int]] = {}
    last_sync: dict[int, int] = {}
    next_record = [-1] * len(ops)
    last_wait = [-1] * len(ops)
    seen_wait: dict[int, int] = {}
    for i, (op, stream) in enumerate(zip(ops, streams)):
        if isinstance(op, RecordOp | WaitOp):
            if stream in last_sync:
                deps.add((last_sync[stream], i))
            last_sync[stream] = i
        if isinstance(op, WaitOp):
            seen_wait[stream] = i
        last_wait[i] = seen_wait.get(stream, -1)
    upcoming: dict[int, int] = {}
    for i in range(len(ops) - 1, -1, -1):
        if isinstance(ops[i], RecordOp):
            upcoming[streams[i]] = i
        next_record[i] = upcoming.get(streams[i], -1)
    for a, b in data_deps:
        if streams[a] != streams[b]:
            if next_record[a] > a:
                deps.add((a, next_record[a]))
            if 0 <= last_wait[b] < b:
                deps.add((last_wait[b], b))
    for i, (op, stream) in enumerate(zip(ops, streams)):
        if isinstance(op, RecordOp) and stream in previous:
            deps.add((previous[stream], i))
        if isinstance(op, WaitOp):
            waiting.setdefault(stream, []).append(i)
            continue
        for wait in waiting.pop(stream, []):
            deps.add((wait, i))
        if isinstance(op, ComputeOp):
            previous[stream] = i


def _blocks(module: ModuleOp) -> list[Block]:
    seen: dict[int, Block] = {}
    for op in module.walk():
        if isinstance(op, ComputeOp | RecordOp | WaitOp):
            block = op.parent_block()
            seen.setdefault(id(block), block)
    return list(seen.values())


def _rewrite(block: Block, ordered: list[Operation]) -> None:
    """Put ``ordered`` (the scheduled ops) in their new order, each declaration just before
    its first user, each dealloc just after its buffer's last user."""
    scheduled = set(ordered)
    others = [op for op in block.ops if op not in scheduled]
    last = block.last_op
    terminator = last if last is not None and last.has_trait(IsTerminator) else None
    for op in others:
        if op is not terminator and not isinstance(op, FOLLOWERS):
            raise PassError(f"schedule cannot move '{op.name}' ops; only memir ops and a "
                            "terminator may share a block with the ops it orders", op)
    last_use: dict[SSAValue, int] = {}
    for position, op in enumerate(ordered):
        for value in op.operands:
            last_use[root_value(value)] = position
    placed: set[Operation] = set()
    sequence: list[Operation] = []
    # A contiguous group goes right after the last of its buffers (before any dealloc).
    missing = {g: {v.owner for v in g.operands} for g in others if isinstance(g, ContiguousOp)}
    groups_of: dict[Operation, list[Operation]] = {}
    for group, owners in missing.items():
        for owner in owners:
            groups_of.setdefault(owner, []).append(group)

    def place(op: Operation) -> None:
        if op in placed:
            return
        placed.add(op)
        for value in op.operands:
            owner = value.owner
            if isinstance(owner, MOVABLE) and owner.parent_block() is block:
                place(owner)
        sequence.append(op)
        for group in groups_of.get(op, ()):
            missing[group].discard(op)
            if not missing[group]:
                place(group)

    deallocs: dict[int, list[Operation]] = {}
    trailing: list[Operation] = []
    for op in others:
        if isinstance(op, DeallocOp):
            position = last_use.get(root_value(op.buffer))
            (deallocs.setdefault(position, []) if position is not None else trailing).append(op)
    for op in others:
        if isinstance(op, StreamOp):
            place(op)  # streams first, in their input order, as written
    for position, op in enumerate(ordered):
        place(op)
        for dealloc in deallocs.get(position, []):
            place(dealloc)
    for op in others:
        if op is not terminator and not isinstance(op, DeallocOp):
            place(op)  # declarations nothing uses, groups of unused buffers
    for dealloc in trailing:
        place(dealloc)
    for op in list(block.ops):
        op.detach()
    for op in sequence:
        block.add_op(op)
    if terminator is not None:
        block.add_op(terminator)


@dataclass(frozen=True)
class Schedule(ModulePass):
    """Reorder ops (each keeps its stream and its concurrency) to lower the peak."""

    name = "schedule"
    preserves: ClassVar = frozenset()  # the order changes: every analysis is stale

    strategy: Literal["auto", "greedy", "exact", "keep"] = "auto"
    budget: int = 200_000
    time_limit: float | int | None = None
    parallelism: Literal["keep", "compute", "events"] = "keep"

    def check_options(self) -> None:
        if self.budget <= 0:
            raise PassError(f"budget must be positive, got {self.budget}")
        if self.time_limit is not None and self.time_limit <= 0:
            raise PassError(f"time-limit must be positive, got {self.time_limit}")

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        from memir.planning.budget import Deadline
        from memir.planning.schedule import keeps_parallelism, schedule

        self.check_options()
        # The limit holds for the whole pass: reading the program, building the problems,
        # the search, the check of its output and the rewrite. The search stops early
        # enough to leave the check and rewrite as long as reading took (both linear).
        started = time.perf_counter()
        deadline = Deadline.after(self.time_limit)
        prog = analyses.program(ctx, op)
        if prog.data.all_explicit:
            raise PassError("the buffers carry explicit lifetimes (live [l, u)): there is no "
                            "program order to change", prog.ir.allocs[0])
        buffer_of = {a.result: i for i, a in enumerate(prog.ir.allocs)}
        sizes = [b.size for b in prog.data.buffers]
        totals = {"before": 0, "after": 0, "bound": 0}
        strategies = []
        for block in _blocks(op):
            ops = [o for o in block.ops if isinstance(o, ComputeOp | RecordOp | WaitOp)]
            problem = schedule_problem(ops, buffer_of, sizes, self.parallelism)
            search = deadline
            if deadline.at is not None:
                search = Deadline(deadline.at - (time.perf_counter() - started))
            result = schedule(problem, self.strategy, self.budget, deadline=search)
            info = problem.stream_info
            kept = problem.deps if info is None else [*info.data_deps, *info.events]
            order, peak_after = result.order, result.peak_after
            changed = order != list(range(len(ops)))  # the input order is valid
            if changed and (sorted(order) != list(range(len(ops))) or not
                            keeps_parallelism(problem, order) or not _keeps_deps(kept, order)):
                # A safety net, not a path any known input takes: the input order keeps
                # every promise, so the block keeps it and says why.
                order, peak_after = list(range(len(ops))), result.peak_before
                _remark(block, f"schedule: kept the input order: the {self.strategy} order "
                        f"did not keep parallelism={self.parallelism}")
            _rewrite(block, [ops[i] for i in order])
            totals["before"] = max(totals["before"], result.peak_before)
            totals["after"] = max(totals["after"], peak_after)
            totals["bound"] = max(totals["bound"], result.lower_bound)
            strategies.append(f"{result.strategy} ({result.status})")
        analyses.manager(ctx).invalidate()
        op.attributes[SCHEDULE_ATTR] = DictionaryAttr({
            "peak_before": IntAttr(totals["before"]), "peak_after": IntAttr(totals["after"]),
            "lower_bound": IntAttr(totals["bound"]),
            "strategy": StringAttr(", ".join(strategies) or "none")})


def _remark(block: Block, message: str) -> None:
    """``memir.remark`` on the op that holds the block (the function), as other passes
    say why they left something as it was."""
    holder = block.parent_op()
    if holder is not None:
        holder.attributes[REMARK_ATTR] = StringAttr(message)


def _keeps_deps(deps: list[tuple[int, int]], order: list[int]) -> bool:
    """The pass's own check of its output: every dependency runs in order."""
    position = {op: k for k, op in enumerate(order)}
    return all(position[a] < position[b] for a, b in deps)
