"""check-execution on planned programs: bundled examples and random multi-stream programs
pass; each planted bug (an offset moved onto a concurrently live buffer, a deleted
record/wait under strict events, a buffer inside a running op's workspace) fails, in the
shadow-map mode and in the real-data mode. The shadow map is checked against a byte-level
brute force, the race lint against a transitive closure written here."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from _programs import programs
from hypothesis import given, settings
from hypothesis import strategies as st
from xdsl.parser import Parser

from memir.dialects import AllocOp, PassError
from memir.passes.support import analyses
from memir.passes.assign_layout import AssignLayout
from memir.passes.bufferize import Bufferize
from memir.passes.check_execution import CheckExecution
from memir.passes.support.execution_program import check_strict_events, execution_of
from memir.passes.materialize_arena import MaterializeArena
from memir.passes.stream_safety import StreamSafety
from memir.tools.registry import make_context
from memir.verify.execution import (
    END,
    START,
    Buffer,
    Execution,
    Op,
    Orders,
    ShadowRun,
    data_edges,
    predecessors,
    races,
)
from memir.verify.execution_model import Shadow

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"


def planned(text: str, *passes):
    ctx = make_context()
    module = Parser(ctx, text).parse_module()
    for p in passes:
        p.apply(ctx, module)
        analyses.manager(ctx).invalidate(analyses.preserved_by(p))
    return ctx, module


def run_check(ctx, module, **options) -> str | None:
    """None if the check passes, else its message."""
    analyses.manager(ctx).invalidate()
    try:
        CheckExecution(**options).apply(ctx, module)
    except PassError as error:
        return error.message
    return None


def two_streams():
    text = (EXAMPLES / "two_streams.mlir").read_text()
    return planned(text, Bufferize(), StreamSafety(), AssignLayout())


def alloc(module, hint: str, nth: int = 0) -> AllocOp:
    return [op for op in module.walk() if isinstance(op, AllocOp)
            and op.result.name_hint == hint][nth]


def move(module, hint: str, offset: int) -> None:
    from xdsl.dialects.builtin import IntAttr

    alloc(module, hint).properties["offset"] = IntAttr(offset)


# ----------------------------------------------------------------------------- examples


@pytest.mark.parametrize("name, passes", [
    ("two_streams.mlir", (Bufferize(), StreamSafety(), AssignLayout())),
    ("train_allreduce.mlir", (StreamSafety(), AssignLayout())),
    ("row_tiles.mlir", (AssignLayout(),)),
    ("row_tiles.mlir", (AssignLayout(strategy="tile-aware"),)),
    ("two_streams.mlir", (Bufferize(), StreamSafety(), AssignLayout(), MaterializeArena())),
])
@pytest.mark.parametrize("data", [False, True])
def test_bundled_examples_pass(name, passes, data):
    ctx, module = planned((EXAMPLES / name).read_text(), *passes)
    assert run_check(ctx, module, data=data, interleavings=32) is None
    assert run_check(ctx, module, strict_events=True, interleavings=8) is None


# ----------------------------------------------------------------------------- planted bugs


@pytest.mark.parametrize("data", [False, True])
def test_a_moved_offset_onto_a_buffer_live_on_another_stream_fails(data):
    ctx, module = two_streams()
    assert run_check(ctx, module, data=data) is None
    move(module, "b", alloc(module, "c").offset.data)  # %b on s1, %c on s0, both live
    message = run_check(ctx, module, data=data)
    assert message is not None
    assert "data mismatch" in message if data else "still needs them" in message
    assert '"conv1x1" on stream 1' in message or '"relu" on stream 0' in message


def test_a_deleted_record_wait_pair_fails_with_strict_events():
    text = (EXAMPLES / "two_streams.mlir").read_text()
    text = text.replace("  %e1 = memir.record on %s1\n", "").replace(
        "  memir.wait %e1 on %s0\n", "")
    ctx, module = planned(text, Bufferize(), StreamSafety(), AssignLayout())
    assert run_check(ctx, module) is None  # the data edge orders the ops by default
    message = run_check(ctx, module, strict_events=True)
    assert message is not None and "unsynchronised read-after-write on %b" in message
    assert '"conv1x1" on stream 1' in message and '"add" on stream 0' in message
    with pytest.raises(PassError, match="no record/wait"):
        check_strict_events(analyses.program(ctx, module))


@pytest.mark.parametrize("data", [False, True])
def test_a_buffer_inside_a_running_ops_workspace_fails(data):
    ctx, module = two_streams()
    # %ws_1 is the second conv3x3's workspace (stream 0); %b is written on stream 1
    ws = alloc(module, "ws", 1)
    move(module, "b", ws.offset.data + 1024)
    message = run_check(ctx, module, data=data)
    assert message is not None
    if not data:
        assert "ws" in message and "%b" in message


@pytest.mark.parametrize("data", [False, True])
def test_a_shrunken_workspace_fails(data):
    """Planned for a 64-byte workspace, the first conv3x3 really uses 1 MiB: its workspace
    (at 0) reaches into its own output %a (at 802816)."""
    text = (EXAMPLES / "two_streams.mlir").read_text().replace("workspace 65536", "workspace 64")
    ctx, module = planned(text, Bufferize(), StreamSafety(), AssignLayout())
    assert run_check(ctx, module, data=data) is None
    from xdsl.dialects.builtin import IntAttr

    for op in module.walk():
        if isinstance(op, AllocOp) and op.result.name_hint in ("ws", "ws_1"):
            op.properties["size"] = IntAttr(1 << 20)
    message = run_check(ctx, module, data=data)
    assert message is not None and "%ws" in message and "%a" in message, message


def test_same_seed_same_answer_and_the_seed_matters():
    ctx, module = two_streams()
    ws = alloc(module, "ws", 1)
    move(module, "b", ws.offset.data + 1024)
    first = run_check(ctx, module, seed=3)
    assert first == run_check(ctx, module, seed=3)
    assert "interleaving 0 (seed 3)" in first


# ----------------------------------------------------------------------------- random programs


@settings(max_examples=120, deadline=None)
@given(programs(max_streams=4, max_ops=12, workspaces=True), st.integers(0, 2**16))
def test_random_programs_planned_by_memir_pass(text, seed):
    ctx, module = planned(text, StreamSafety(), AssignLayout())
    assert run_check(ctx, module, interleavings=16, seed=seed) is None, text
    assert run_check(ctx, module, interleavings=4, seed=seed, data=True) is None, text


@settings(max_examples=120, deadline=None)
@given(programs(max_streams=4, max_ops=12, workspaces=True), st.integers(0, 2**16))
def test_random_programs_with_every_buffer_at_zero_fail_when_two_meet(text, seed):
    """A plan with every buffer at offset 0 is wrong exactly when two buffers of different
    users are ever needed together; program order alone shows it when their uses overlap."""
    ctx, module = planned(text, StreamSafety(), AssignLayout())
    prog = analyses.program(ctx, module)
    from xdsl.dialects.builtin import IntAttr

    for a in prog.ir.allocs:
        a.properties["offset"] = IntAttr(0)
    spans = [(min(u), max(u)) for u in prog.data.uses if u]
    sequential_overlap = any(a[0] <= b[1] and b[0] <= a[1] for k, a in enumerate(spans)
                             for b in spans[k + 1:])
    message = run_check(ctx, module, interleavings=1, seed=seed)
    assert (message is not None) == sequential_overlap, (text, message)


def closure_races(ex: Execution) -> set[tuple[int, int]]:
    """Oracle: cross-stream data edges not in the transitive closure of stream order and
    events, by explicit reachability sets."""
    before: list[set[int]] = []
    for j, ps in enumerate(predecessors(ex, strict=True)):
        reach = set(ps)
        for p in ps:
            reach |= before[p]
        before.append(reach)
    return {(e.earlier, e.later) for e in data_edges(ex)
            if ex.ops[e.earlier].stream != ex.ops[e.later].stream
            and e.earlier not in before[e.later]}


@settings(max_examples=150, deadline=None)
@given(programs(max_streams=4, max_ops=12, workspaces=True))
def test_race_lint_matches_reachability(text):
    ctx, module = planned(text)
    ex = execution_of(analyses.program(ctx, module), placed=False)
    assert {(r.earlier, r.later) for r in races(ex)} == closure_races(ex), text


# ----------------------------------------------------------------------------- the shadow map


@settings(max_examples=300, deadline=None)
@given(st.lists(st.tuples(st.integers(0, 40), st.integers(1, 12), st.integers(0, 5)),
                max_size=25))
def test_interval_map_matches_a_byte_array(writes):
    shadow, brute = Shadow(), [None] * 64
    for lo, n, owner in writes:
        shadow.assign(lo, lo + n, (owner, 0))
        brute[lo:lo + n] = [owner] * n
        seen = [None] * 64
        for a, b, o in zip(shadow.starts, shadow.ends, shadow.owners):
            assert a < b and all(x is None for x in seen[a:b])
            seen[a:b] = [o[0]] * (b - a)
        assert seen == brute
        assert shadow.starts == sorted(shadow.starts)


def brute_first_conflict(ex: Execution, events) -> int | None:
    """Byte-level oracle for whole-buffer programs: the op whose event is the first
    conflict (written into bytes of a buffer whose users have not all ended, or reading
    a buffer whose bytes another buffer holds), or None."""
    size = max((b.offset + b.size for b in ex.buffers if b.offset is not None), default=0)
    owner: list[tuple[int, int] | None] = [None] * size
    users = [{j for j, op in enumerate(ex.ops) if b in (*op.reads, *op.writes, *op.workspaces)}
             for b in range(len(ex.buffers))]
    started, ended = set(), set()

    def bytes_of(b):
        o = ex.buffers[b].offset
        return range(o, o + ex.buffers[b].size) if o is not None else range(0)

    for kind, j in events:
        op = ex.ops[j]
        if kind == END:
            ended.add(j)
            continue
        started.add(j)
        for b in op.reads:
            if any(owner[x] is not None and owner[x][0] != b for x in bytes_of(b)):
                return next(owner[x][1] for x in bytes_of(b)
                            if owner[x] is not None and owner[x][0] != b)
        for b in (*op.writes, *op.workspaces):
            for x in bytes_of(b):
                if owner[x] is not None and owner[x][0] != b:
                    other = owner[x][0]
                    live = [c for c in range(len(ex.buffers)) if c != b
                            and users[c] & started and not users[c] <= ended
                            and x in bytes_of(c)]
                    if live:
                        return j
                owner[x] = (b, j)
    return None


@st.composite
def executions(draw) -> Execution:
    nbuf = draw(st.integers(1, 6))
    buffers = [Buffer(f"%b{i}", draw(st.integers(0, 24)), draw(st.integers(1, 12)))
               for i in range(nbuf)]
    ops, written = [], set()
    for j in range(draw(st.integers(1, 8))):
        # Only buffers some earlier op wrote are read: a read before any write has no value
        # to protect, and there the checker (life from the first write) and this oracle
        # (life from the first use) differ on purpose.
        readable = sorted(written)
        reads = tuple(draw(st.lists(st.sampled_from(readable), max_size=2, unique=True))
                      ) if readable else ()
        writes = tuple(draw(st.lists(st.integers(0, nbuf - 1), max_size=2, unique=True)))
        written.update(writes)
        ops.append(Op(f"op{j}", draw(st.integers(0, 2)), reads, writes))
    return Execution.whole(buffers, ops)


@settings(max_examples=300, deadline=None)
@given(executions(), st.integers(0, 1000))
def test_shadow_run_matches_byte_level_brute_force(ex, seed):
    orders = Orders(predecessors(ex))
    for events in (orders.program_order(), orders.random(random.Random(seed))):
        found = ShadowRun(ex).run(events, "here")
        assert (found.op if found else None) == brute_first_conflict(ex, events)


def test_random_interleavings_are_legal_and_vary():
    ops = [Op(f"op{j}", j % 3) for j in range(30)]
    ex = Execution.whole([], ops)
    orders = Orders(predecessors(ex))
    seen = set()
    rng = random.Random(0)
    for _ in range(20):
        events = orders.random(rng)
        assert sorted(events) == sorted((k, j) for j in range(30) for k in (START, END))
        running: dict[int, int] = {}
        last_end: dict[int, int] = {}
        for kind, j in events:
            s = ops[j].stream
            if kind == START:
                assert s not in running and last_end.get(s, j - 3) == j - 3
                running[s] = j
            else:
                del running[s]
                last_end[s] = j
        seen.add(tuple(events))
    assert len(seen) > 10
