"""Several streams with parallelism kept: the exact rule against an oracle written here,
and update moves that the rule accepts.

The oracle shares no code with memir.planning.schedule.streams: it builds happens-before
as Python sets from stream order and record -> wait, in the input and in the output."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from memir.planning.budget import Deadline
from memir.planning.schedule import (
    Concurrency,
    ScheduleProblem,
    StreamInfo,
    keeps_parallelism,
    move_updates,
    schedule,
)
from memir.planning.schedule.order_model import OrderGraph
from memir.planning.schedule.streams import tail_deps


def oracle_before(order, streams, events):
    record_of = {w: r for r, w in events}
    before: dict[int, set[int]] = {}
    last: dict[int, int] = {}
    for v in order:
        preds = set()
        if streams[v] in last:
            preds.add(last[streams[v]])
        if v in record_of:
            if record_of[v] not in before:
                return None  # the wait runs before its record
            preds.add(record_of[v])
        before[v] = set()
        for p in preds:
            before[v] |= before[p] | {p}
        last[streams[v]] = v
    return before


def oracle_keeps(n, streams, events, data_deps, order, exempt=()):
    pos = {v: k for k, v in enumerate(order)}
    if any(pos[a] > pos[b] for a, b in data_deps):
        return False
    fin = oracle_before(range(n), streams, events)
    fout = oracle_before(order, streams, events)
    if fout is None:
        return False
    sync = {v for pair in events for v in pair}  # records and waits: not kernels
    for y in range(n):
        for x in fout[y]:
            if x in sync or y in sync:
                continue
            if x not in fin[y] and y not in fin[x] and not (x in exempt and y in exempt):
                return False
    return all(a in fout[b] for a, b in data_deps if a in fin[b])


@st.composite
def stream_programs(draw):
    n = draw(st.integers(3, 8))
    streams = [draw(st.integers(0, 2)) for _ in range(n)]
    events = []
    records, waits = set(), set()
    for _ in range(draw(st.integers(0, 3))):
        r, w = sorted(draw(st.lists(st.integers(0, n - 1), min_size=2, max_size=2,
                                    unique=True)))
        # a record may have several waits (on any stream, its own too); a wait has one
        cross = streams[r] != streams[w]
        if r not in waits and w not in records | waits and (cross or draw(st.booleans())):
            records.add(r)
            waits.add(w)
            events.append((r, w))
    used = records | waits
    deps = [(a, b) for a in range(n) for b in range(a + 1, n)
            if a not in used and b not in used and draw(st.booleans())
            and draw(st.booleans())]
    seed = draw(st.integers(0, 2**16))
    return n, streams, events, deps, seed


@settings(max_examples=200, deadline=None)
@given(stream_programs())
def test_exact_rule_agrees_with_the_oracle(program):
    n, streams, events, deps, seed = program
    info = StreamInfo(streams, events, deps)
    conc = Concurrency(n, info)
    rng = random.Random(seed)
    for _ in range(20):
        order = list(range(n))
        rng.shuffle(order)
        assert conc.keeps(order) == oracle_keeps(n, streams, events, deps, order), order
    assert conc.keeps(list(range(n)))


def test_a_record_with_two_waits_frees_no_kernel():
    # Record 4 has two waits: its bit counted twice once carried into kernel 5's, so
    # kernel 6 could be ordered after 5 (on another stream, concurrent in the input).
    streams = [3, 3, 0, 0, 0, 3, 0, 0, 0, 0]
    events = [(1, 3), (4, 8), (4, 9)]
    data = [(0, 7), (2, 7)]
    order = [5, 0, 1, 2, 3, 7, 4, 6, 8, 9]
    assert not oracle_keeps(10, streams, events, data, order)
    assert not Concurrency(10, StreamInfo(streams, events, data)).keeps(order)


@settings(max_examples=100, deadline=None)
@given(stream_programs())
def test_exempt_ops_may_be_ordered_among_themselves(program):
    n, streams, events, deps, seed = program
    exempt = [v % 2 == 0 for v in range(n)]
    conc = Concurrency(n, StreamInfo(streams, events, deps), exempt)
    rng = random.Random(seed)
    ex = {v for v in range(n) if exempt[v]}
    for _ in range(20):
        order = list(range(n))
        rng.shuffle(order)
        assert conc.keeps(order) == oracle_keeps(n, streams, events, deps, order, ex)


def _training_step():
    """Two streams. Backward on stream 0 makes gradients g1 then g2; a fork/join (event
    0 -> 1, then 1 -> 0) sits between them, and the optimizer waits for the end of
    backward on both streams. Each update is split like the importer's: "lerp" on one
    stream, "mul" on the other, then a record/wait and "addcdiv" back on the first.
    Buffers: 0 act, 1 g1, 2 g2, 3 d1, 4 d2, 5 side (the branch's buffer)."""
    ops = [  # (kind, stream, buffers)
        ("bwd1", 0, [0, 1]),         # 0: makes g1
        ("memir.record", 0, []),     # 1: fork
        ("memir.wait", 1, []),       # 2
        ("side", 1, [5]),            # 3
        ("memir.record", 1, []),     # 4: join
        ("memir.wait", 0, []),       # 5
        ("bwd2", 0, [0, 5, 2]),      # 6: makes g2, frees act
        ("memir.record", 0, []),     # 7: backward done
        ("memir.wait", 1, []),       # 8
        ("aten.lerp_", 0, [1]),      # 9: update of g1
        ("aten.mul_", 1, [1, 3]),    # 10
        ("memir.record", 1, []),     # 11
        ("memir.wait", 0, []),       # 12
        ("aten.addcdiv_", 0, [3]),   # 13
        ("aten.lerp_", 1, [2]),      # 14: update of g2
        ("aten.mul_", 0, [2, 4]),    # 15
        ("memir.record", 0, []),     # 16
        ("memir.wait", 1, []),       # 17
        ("aten.addcdiv_", 1, [4]),   # 18
    ]
    events = [(1, 2), (4, 5), (7, 8), (11, 12), (16, 17)]
    data = [(0, 3), (3, 6), (0, 6), (0, 9), (0, 10), (10, 13), (6, 14), (6, 15), (15, 18)]
    streams = [s for _, s, _ in ops]
    sizes = [100, 1000, 1000, 10, 10, 5]
    return streams, events, data, sizes, [u for _, _, u in ops], [k for k, _, _ in ops]


def _problem(updates_free: bool) -> ScheduleProblem:
    streams, events, data, sizes, uses, kinds = _training_step()
    info = StreamInfo(streams, events, data, updates_free=updates_free)
    # the pass's sufficient deps: data, events, and everything pinned around the events
    deps = sorted(set(data) | set(events) | {(v, v + 1) for v in range(len(uses) - 1)})
    return ScheduleProblem(sizes, uses, deps, kinds, stream_info=info)


def test_updates_move_onto_an_existing_event_when_updates_are_free():
    problem = _problem(updates_free=True)
    result = schedule(problem)
    assert keeps_parallelism(problem, result.order)
    n = problem.num_ops
    info = problem.stream_info
    ex = set(range(9, 19))
    assert oracle_keeps(n, info.streams, info.events, info.data_deps, result.order, ex)
    # g1's update rides on the fork/join: it runs before bwd2, so g1 and g2 never meet
    assert result.order.index(13) < result.order.index(6)
    assert result.peak_after < result.peak_before


def test_strict_rule_keeps_the_update_behind_its_concurrent_neighbour():
    """Strictly, g1's "lerp" is concurrent with g2's "mul" on the other stream; moved
    before bwd2 it would be ordered before it, so the peak cannot drop."""
    problem = _problem(updates_free=False)
    graph = OrderGraph(problem)
    order, _ = move_updates(graph, list(range(problem.num_ops)))
    info = problem.stream_info
    assert oracle_keeps(problem.num_ops, info.streams, info.events, info.data_deps, order)
    result = schedule(problem)
    assert keeps_parallelism(problem, result.order)
    assert oracle_keeps(problem.num_ops, info.streams, info.events, info.data_deps,
                        result.order)


@settings(max_examples=60, deadline=None)
@given(stream_programs(), st.booleans())
def test_a_passed_deadline_keeps_the_rule_and_the_peak(program, free):
    """Several streams: with the deadline already passed, auto still returns an order the
    exact rule accepts, no worse than the input."""
    n, streams, events, deps, seed = program
    rng = random.Random(seed)
    uses = [[b for b in range(4) if rng.random() < 0.4] for _ in range(n)]
    kinds = ["memir.record" if any(v == r for r, _ in events) else
             "memir.wait" if any(v == w for _, w in events) else "aten.mul_"
             for v in range(n)]
    info = StreamInfo(streams, events, deps, updates_free=free)
    chain = {(v, v + 1) for v in range(n - 1)}  # sufficient deps: nothing moves but updates
    problem = ScheduleProblem([1, 2, 3, 4], uses, sorted(set(deps) | set(events) | chain),
                              kinds, stream_info=info)
    for deadline in (Deadline(0.0), None):
        result = schedule(problem, deadline=deadline)
        assert oracle_keeps(n, streams, events, deps, result.order,
                            range(n) if free else ())
        assert result.peak_after <= result.peak_before


def test_the_tail_after_a_join_keeps_only_its_data_and_carrier_waits():
    # 0 grad, 1 later (s0); 2 record e (s0); 3 wait e, 4 side, 5 record j (s1);
    # 6 wait j, 7 update(grad), 8 update_m(side) (s0): 7 and 8 come after all of s1.
    streams = [0, 0, 0, 1, 1, 1, 0, 0, 0]
    events = [(2, 3), (5, 6)]
    data = [(1, 4), (0, 7), (4, 8)]
    is_event = [k in (2, 3, 5, 6) for k in range(9)]
    assert tail_deps(streams, events, data, is_event) == {7: [], 8: [6]}
    # Stream 1 waits for the end of stream 0 and runs op 11: now 11 alone is the tail
    # (7 and 8 are concurrent with it), and its pred 0 rides on the first wait, 3.
    streams2 = streams + [0, 1, 1]
    events2 = events + [(9, 10)]
    is_event2 = is_event + [True, True, False]
    assert tail_deps(streams2, events2, data + [(0, 11)], is_event2) == {11: [3]}
    # One stream: no tail.
    assert tail_deps([0] * 4, [], [(0, 1)], [False] * 4) == {}
