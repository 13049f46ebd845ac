"""The schedule dependency rule on plain data (no xDSL), against an oracle written here.

Random blocks: steps on a few streams reading and writing a few roots (planned buffers
and other roots), records and waits anywhere. For random topological orders of the deps
``schedule_problem`` returns, the oracle checks from the definitions: every conflicting
pair keeps its order and, if the input synchronised it (happens-before: stream order and
record -> wait, closed), stays synchronised; every wait after its record; with
``parallelism=keep`` no two kernels concurrent in the input become ordered."""

from __future__ import annotations

import random
from types import SimpleNamespace

from hypothesis import given, settings
from hypothesis import strategies as st

from memir.planning.schedule.deps import schedule_problem, valid_order


@st.composite
def blocks(draw):
    num_buffers = draw(st.integers(1, 3))
    roots = num_buffers + draw(st.integers(0, 2))
    streams = draw(st.integers(1, 3))
    items, steps, records = [], [], 0
    for _ in range(draw(st.integers(1, 14))):
        stream = draw(st.integers(0, streams - 1))
        kind = draw(st.sampled_from(["step", "step", "step", "record", "wait"]))
        if kind == "record":
            items.append(("record", records, stream))
            records += 1
        elif kind == "wait" and records:
            items.append(("wait", draw(st.integers(0, records - 1)), stream))
        else:
            accesses = []
            for _ in range(draw(st.integers(0, 3))):
                root = draw(st.integers(0, roots - 1))
                role = draw(st.sampled_from(["read", "write", "workspace"]))
                buffer, other = (root, None) if root < num_buffers else (None, root - num_buffers)
                accesses.append(SimpleNamespace(role=role, buffer=buffer, other=other))
            items.append(("step", len(steps), stream))
            steps.append(SimpleNamespace(kernel=f"k{len(steps)}", accesses=accesses))
    return items, steps, [8] * num_buffers, draw(st.integers(0, 2**16))


def happens_before(items, order):
    before = {}
    last_on, recorded = {}, {}
    for v in order:
        kind, index, stream = items[v]
        preds = [last_on[stream]] if stream in last_on else []
        if kind == "record":
            recorded[index] = v
        elif kind == "wait":
            assert index in recorded, "a wait before its record"
            preds.append(recorded[index])
        before[v] = set().union(*[before[p] | {p} for p in preds])
        last_on[stream] = v
    return before


def roots(step):
    reads = {(a.buffer, a.other) for a in step.accesses if a.role == "read"}
    writes = {(a.buffer, a.other) for a in step.accesses if a.role != "read"}
    return reads, writes


def random_topological(n, deps, rng):
    preds = {v: {a for a, b in deps if b == v} for v in range(n)}
    order, done = [], set()
    while len(order) < n:
        ready = [v for v in range(n) if v not in done and preds[v] <= done]
        v = rng.choice(ready)
        order.append(v)
        done.add(v)
    return order


@settings(max_examples=150, deadline=None)
@given(blocks(), st.sampled_from(["keep", "events"]))
def test_every_order_of_the_deps_keeps_conflicts_sync_and_concurrency(block, parallelism):
    items, steps, sizes, seed = block
    problem = schedule_problem(items, steps, sizes, parallelism)
    n = len(items)
    assert all(a < b for a, b in problem.deps)  # the input order is one of them
    rng = random.Random(seed)
    hb_in = happens_before(items, list(range(n)))
    kernels = [v for v in range(n) if items[v][0] == "step"]
    for _ in range(10):
        order = random_topological(n, problem.deps, rng)
        assert valid_order(problem, order)
        hb_out = happens_before(items, order)
        pos = {v: k for k, v in enumerate(order)}
        for i, a in enumerate(kernels):
            ra, wa = roots(steps[items[a][1]])
            for b in kernels[i + 1:]:
                rb, wb = roots(steps[items[b][1]])
                if wa & (rb | wb) or ra & wb:
                    assert pos[a] < pos[b]
                    assert a not in hb_in[b] or a in hb_out[b]
                if parallelism == "keep":
                    concurrent_in = a not in hb_in[b] and b not in hb_in[a]
                    assert not concurrent_in or (a not in hb_out[b] and b not in hb_out[a])


def step(kernel, *accesses):
    return SimpleNamespace(kernel=kernel, accesses=[
        SimpleNamespace(role=role, buffer=root, other=None) for role, root in accesses])


def test_a_chain_of_events_through_a_third_stream_stays():
    # w (s0) -> record e0 (s0) -> wait e0 (s1) -> record e1 (s1) -> wait e1 (s2) -> r (s2):
    # the record on s1 must not move ahead of the wait on s1.
    steps = [step("w", ("write", 0)), step("r", ("read", 0))]
    items = [("step", 0, 0), ("record", 0, 0), ("wait", 0, 1), ("record", 1, 1),
             ("wait", 1, 2), ("step", 1, 2)]
    problem = schedule_problem(items, steps, [8])
    assert (2, 3) in problem.deps


def test_a_synchronised_writer_behind_a_racing_rewrite_stays_synchronised():
    # w1 (s0), record, w2 (s0) rewrites in place; wait (s1), r (s1): w1 -> r was
    # synchronised, so w1 stays before the record even though r's last writer is w2.
    steps = [step("w1", ("write", 0)), step("w2", ("read", 0), ("write", 0)),
             step("r", ("read", 0))]
    items = [("step", 0, 0), ("record", 0, 0), ("step", 1, 0), ("wait", 0, 1),
             ("step", 2, 1)]
    for parallelism in ("keep", "events"):
        problem = schedule_problem(items, steps, [8], parallelism)
        assert (0, 1) in problem.deps and (0, 4) in problem.deps
