"""The schedule pass on random multi-stream programs, against an oracle written here.

Each program is buffer-level IR: ops on up to three streams that read earlier buffers or
arguments, make new buffers, update some in place, and sync through record/wait. After
``schedule`` the oracle checks, by its own transitive closure over the printed program:
every op kept its stream; every pair of ops touching one value, one of them writing it,
kept its order; two ops on different streams that were concurrent in the input (neither
before the other) are still concurrent (parallelism kept); the peak did not rise."""

from __future__ import annotations

from _programs import programs
from hypothesis import given, settings
from xdsl.parser import Parser

from memir.dialects import ComputeOp, RecordOp, WaitOp, verify_module
from memir.passes.schedule import Schedule
from memir.tools.registry import make_context


def facts(module):
    """Per op (by kernel name, records/waits by position among them): stream, touched
    values with write flags, and the happens-before closure of the program."""
    ops = [op for op in module.walk() if isinstance(op, ComputeOp | RecordOp | WaitOp)]
    names, stream, touch = [], {}, {}
    for k, op in enumerate(ops):
        name = op.kernel.data if isinstance(op, ComputeOp) else f"{op.name}#{k}"
        names.append(name)
        stream[name] = op.stream.owner.index.data
    before: dict[str, set[str]] = {n: set() for n in names}
    last_on: dict[int, str] = {}
    recorded: dict[object, str] = {}
    writer: dict[object, str] = {}
    readers: dict[object, list[str]] = {}
    pending: dict[int, list[str]] = {}
    for op, name in zip(ops, names):
        s = stream[name]
        preds = set()
        if s in last_on:
            preds.add(last_on[s])
        if isinstance(op, RecordOp):
            recorded[op.event] = name
        elif isinstance(op, WaitOp):
            preds.add(recorded[op.event])
        else:
            ins, outs = list(op.inputs), list(op.outputs)
            touch[name] = {(v, v in outs) for v in ins + outs}
            for v in ins + outs:
                if v in writer:
                    preds.add(writer[v])
            for v in outs:
                preds.update(readers.get(v, []))
            for v in ins:
                if v not in outs:
                    readers.setdefault(v, []).append(name)
            for v in outs:
                writer[v], readers[v] = name, []
        for p in preds:
            before[name] |= before[p] | {p}
        last_on[s] = name
    return names, stream, touch, before


def peak(module) -> int:
    from memir.dialects.program import read_program

    data = read_program(module).data
    live = [0] * (len(data.steps) + 1)
    for i, b in enumerate(data.buffers):
        lower, upper = data.lifetime(i)
        for t in range(lower, upper):
            live[t] += b.size
    return max(live)


def renamed_events(names):
    """Records and waits keep their relative order per kind: name them by that order."""
    out, count = [], {}
    for n in names:
        kind = n.split("#")[0]
        if "#" in n:
            count[kind] = count.get(kind, 0) + 1
            out.append(f"{kind}#{count[kind]}")
        else:
            out.append(n)
    return out


@settings(max_examples=150, deadline=None)
@given(programs())
def test_schedule_keeps_dependencies_and_concurrency(text):
    check_schedule(text)


@settings(max_examples=150, deadline=None)
@given(programs(join=True, max_ops=8))
def test_a_tail_after_a_join_moves_and_keeps_concurrency(text):
    # The tail after the join has no concurrent partner: it may move anywhere its data
    # allow (streams.tail_deps), and the oracle still finds every rule kept.
    check_schedule(text)


def check_schedule(text: str) -> None:
    ctx = make_context()
    module = Parser(ctx, text).parse_module()
    verify_module(module)
    names_in, stream_in, touch_in, before_in = facts(module)
    peak_in = peak(module)
    Schedule().apply(ctx, module)
    module.verify()
    verify_module(module)
    names_out, stream_out, touch_out, before_out = facts(module)
    # records and waits are named by position; map both programs to the ops' identities
    assert sorted(n for n in names_in if "#" not in n) == sorted(
        n for n in names_out if "#" not in n)
    computes = [n for n in names_in if "#" not in n]
    position = {n: k for k, n in enumerate(names_out)}
    for a in computes:
        assert stream_out[a] == stream_in[a]
        for b in computes:
            if a == b:
                continue
            shared = {v for v, w in touch_in[a]} & {v for v, w in touch_in[b]}
            writes = any(w for v, w in touch_in[a] | touch_in[b] if v in shared)
            if shared and writes and names_in.index(a) < names_in.index(b):
                assert position[a] < position[b], (a, b, text)
            if stream_in[a] != stream_in[b] and a in before_out[b]:
                # concurrent in the input -> still concurrent
                assert a in before_in[b] or b in before_in[a], (a, b, text)
    assert peak(module) <= peak_in
