"""Random multi-stream programs, for the tests of passes that take any program (schedule,
check-execution). ``programs``: buffer level, ops on several streams that read earlier
buffers or the argument, make new buffers (and workspaces), update some in place, and
sync through record/wait. ``graph_programs``: graph level (for ``bufferize`` first), as
general as a user's: any stream ids, the default stream, records and waits anywhere.
Importable from any test: tests/ is on sys.path through its conftest."""

from __future__ import annotations

from hypothesis import strategies as st


@st.composite
def programs(draw, max_streams: int = 3, max_ops: int = 10, workspaces: bool = False,
             join: bool = False) -> str:
    """``join``: then every other stream records, stream 0 waits for them all and runs a
    tail of ops that read and update what came before (an optimizer step after backward)."""
    streams = draw(st.integers(2 if join else 1, max_streams))
    lines = ["func.func @f(%w: !memir.buf) {"]
    lines += [f"  %s{s} = memir.stream {s}" for s in range(streams)]
    values, events = ["%w"], []
    for i in range(draw(st.integers(1, max_ops))):
        s = draw(st.integers(0, streams - 1))
        if events and draw(st.integers(0, 4)) == 0:
            lines.append(f"  memir.wait {draw(st.sampled_from(events))} on %s{s}")
        reads = draw(st.lists(st.sampled_from(values), max_size=2, unique=True))
        outs = []
        for k in range(draw(st.integers(0, 2))):
            name = f"%b{i}_{k}"
            lines.append(f"  {name} = memir.alloc {draw(st.sampled_from([8, 64, 100, 1000]))}")
            outs.append(name)
        ws = ""
        if workspaces and draw(st.integers(0, 3)) == 0:
            lines.append(f"  %ws{i} = memir.alloc {draw(st.sampled_from([64, 512]))}")
            ws = f" ws(%ws{i})"
        if reads and draw(st.booleans()):
            outs.append(reads[0])  # an in-place update of what it reads
        lines.append(f'  memir.compute "op{i}" on %s{s} ins({", ".join(reads)}) '
                     f'outs({", ".join(outs)}){ws}')
        values += [o for o in outs if o not in values]
        if draw(st.integers(0, 3)) == 0:
            lines.append(f"  %e{i} = memir.record on %s{s}")
            events.append(f"%e{i}")
    if join:
        for s in range(1, streams):
            lines.append(f"  %j{s} = memir.record on %s{s}")
        lines += [f"  memir.wait %j{s} on %s0" for s in range(1, streams)]
        for i in range(draw(st.integers(1, 4))):
            reads = draw(st.lists(st.sampled_from(values), min_size=1, max_size=2,
                                  unique=True))
            outs = [reads[0]] if draw(st.booleans()) else []
            if draw(st.booleans()):
                lines.append(f"  %t{i} = memir.alloc {draw(st.sampled_from([8, 1000]))}")
                outs.append(f"%t{i}")
            lines.append(f'  memir.compute "tail{i}" on %s0 ins({", ".join(reads)}) '
                         f'outs({", ".join(outs)})')
            values += [o for o in outs if o not in values]
    lines += ["  func.return", "}"]
    return "\n".join(lines)


TYPES = ("tensor<4xi8>", "tensor<16xf32>", "tensor<3x5xf16>", "tensor<i32>", "tensor<64x8xf32>")
KERNELS = ("matmul", "relu", "copy", "norm", "add_", "mul_", "sqrt", "addcdiv_")


@st.composite
def graph_programs(draw, max_streams: int = 6, max_ops: int = 40) -> str:
    """Graph-level (tensor-form) programs for ``bufferize`` and the passes after it: any
    number of streams with any ids (and ops on the default stream, which is stream 0),
    records and waits anywhere (records nobody waits for, waits on the recording stream,
    several waits per record), ops with 0-4 inputs and 0-3 results and workspaces, and
    in-place updates (``writes(%v)``) of any value, arguments and results of other
    streams included."""
    ids = draw(st.lists(st.integers(0, 9), min_size=1, max_size=max_streams, unique=True))
    args = [f"%arg{k}" for k in range(draw(st.integers(1, 3)))]
    types = [draw(st.sampled_from(TYPES)) for _ in args]
    head = ", ".join(f"{a}: {t}" for a, t in zip(args, types))
    lines = [f"func.func @main({head}) {{"]
    lines += [f"  %s{s} = memir.stream {s}" for s in ids]
    on = st.sampled_from([""] + [f" on %s{s}" for s in ids])
    values, events = list(args), []
    for i in range(draw(st.integers(1, max_ops))):
        kind = draw(st.sampled_from(["op", "op", "op", "update", "record", "wait"]))
        if kind == "record":
            lines.append(f"  %e{i} = memir.record{draw(on)}")
            events.append(f"%e{i}")
            continue
        if kind == "wait":
            if events:
                lines.append(f"  memir.wait {draw(st.sampled_from(events))}{draw(on)}")
            continue
        kernel = f'"{draw(st.sampled_from(KERNELS))}"'
        if kind == "update":
            target = draw(st.sampled_from(values))
            more = draw(st.lists(st.sampled_from(values), max_size=2, unique=True))
            ins = [target] + [v for v in more if v != target]
            lines.append(f"  memir.compute {kernel}{draw(on)} ({', '.join(ins)}) "
                         f"writes({target}) : ()")
            continue
        ins = draw(st.lists(st.sampled_from(values), max_size=4, unique=True))
        outs = [f"%v{i}_{k}" for k in range(draw(st.integers(0, 3)))]
        workspace = f" workspace {draw(st.sampled_from([1, 64, 4096]))}" if draw(
            st.integers(0, 3)) == 0 else ""
        result = [draw(st.sampled_from(TYPES)) for _ in outs]
        typed = result[0] if len(result) == 1 else f"({', '.join(result)})"
        define = f"{', '.join(outs)} = " if outs else ""
        lines.append(f"  {define}memir.compute {kernel}{draw(on)} ({', '.join(ins)})"
                     f"{workspace} : {typed}")
        values += outs
    lines += ["  func.return", "}"]
    return "\n".join(lines)
