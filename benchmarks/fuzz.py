"""Fuzz memir-opt and memir-translate with mutated copies of the repository's own inputs.

    python benchmarks/fuzz.py [--cases 3000] [--seed 0] [--timeout 10] [--max-ops 14]

Why: bad input must give a located error and exit 1, never an internal error, a Python
traceback, another exit status or a hang. The seeds are the inputs we
already have (examples, FileCheck inputs in custom and generic form, CSVs, pass
pipelines); a mutation flips bytes, deletes spans, inserts special characters and tokens
(quotes, backslashes, a no-break space, a BOM, invalid UTF-8, huge numbers), duplicates
or swaps lines. The tools run in this process (``main(argv)`` with the standard streams
replaced: a hundred times faster than a subprocess); a case that runs past ``timeout``
seconds is interrupted by SIGALRM and counted as a hang. tests/test_fuzz.py draws the same
cases through hypothesis.

Besides mutated seeds, a quarter of the cases are generated: a random pipeline of every
registered pass (``random_pipeline``: each numeric, boolean and choice option drawn from
its type and its declared bound, in range and out of it) on a random small program
(``random_program``: tensor graphs of 1-4 streams with records and waits anywhere,
buffer-level programs with tiles and in-place updates, allocs with lifetimes only, empty
modules, memref programs; a fifth of them mutated). Sizes stay small (``--max-ops``) and
the passes' own limits are set (schedule budget, assign-layout time-limit, verify-layout
timeout-ms), so a case is quick.
"""

from __future__ import annotations

import argparse
import io
import random
import re
import signal
import sys
import time
from contextlib import contextmanager
from dataclasses import dataclass
from functools import cache
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent

SPECIAL = [
    b'"', b"\\", b"\xc2\xa0", b"\xef\xbb\xbf", b"\xff", b"\x00", b"\t", b"\r", b"\n",
    b"{", b"}", b"(", b")", b"[", b"]", b"<", b">", b",", b":", b"=", b"%", b"@", b"^",
    b"#", b"!", b"-", b"// -----\n", b"18446744073709551616", b"-9223372036854775809",
    b"4611686018427387904", b"2147483648", b"-2147483649", b"0", b"-1",
    b"99999999999999999999999999999999999999", b"1e308", b"0x1F", b'"\\"', b'"\\0A"',
    b'"\\C3\\A9"', b"\xc3\xa9",
    b"memir.alloc ", b"memir.compute ", b"memir.stream ", b"memir.dealloc ", b"memir.view ",
    b"memir.tile_view ", b"memir.contiguous ", b"memir.record ", b"memir.wait ",
    b'"memir.alloc"() ', b"ins(", b"outs(", b"ws(", b"live [", b"offset ", b"align ",
    b'id "', b"writes(", b"workspace ", b"on ", b"%0", b"%s0", b"tensor<2xf32>",
    b"!memir.buf", b"!memir.stream", b"#memir.safety<[0], [1]>", b"func.func @f() {",
    b"builtin.module {", b"attributes {x = 1}", b" {", b"}\n", b"<{size = #builtin.int<9>}>",
]
HUGE = [b"18446744073709551616", b"9223372036854775808", b"4611686018427387904",
        b"2147483648", b"-9223372036854775809", b"1" + b"0" * 40]
PIPELINES = [
    "", "bufferize", "bufferize,stream-safety", "bufferize,assign-layout{strategy=many}",
    "bufferize,stream-safety,assign-layout{strategy=single},verify-layout",
    "bufferize,stream-safety,assign-layout{strategy=many},verify-layout,materialize-arena",
    "render-tile-chunks", "bufferize,schedule{budget=2000},report",
    "bufferize,schedule{budget=2000 time-limit=1},stream-safety,assign-layout,"
    "check-execution{interleavings=8}",
    "bufferize,stream-safety{print-pairs=true},assign-layout{time-limit=1},"
    "verify-layout{timeout-ms=200},render-tile-chunks{limit=4},report",
    "memref-to-memir,assign-layout,verify-layout,memir-to-memref",
]
KINDS = ("flip", "delete", "insert", "duplicate", "swap", "huge")


@dataclass(frozen=True)
class Seed:
    tool: str  # "opt", "pipeline", "import", "export"
    name: str
    data: bytes


@dataclass(frozen=True)
class Outcome:
    status: int
    stderr: str
    seconds: float
    hang: bool = False

    @property
    def problem(self) -> str | None:
        """What is wrong with this run, or None."""
        if self.hang:
            return "hang"
        if self.status not in (0, 1):
            return f"exit status {self.status}"
        # The tools' own report (``run_tool``): "<prog>: internal error: ..." at a line's
        # start; the words alone may be input that a diagnostic quotes back.
        if re.search(r"^memir-\w+: internal error:", self.stderr, re.M):
            return "internal error"
        # A pass that catches its own algorithm's mistake ("schedule: internal: ...")
        # exits 1 with a located message, but it is a bug all the same.
        if re.search(r"error: [\w-]+: internal: ", self.stderr):
            return "internal error"
        if "Traceback (most recent call last)" in self.stderr:
            return "traceback"
        return None


@cache
def seeds() -> tuple[Seed, ...]:
    """Every input the repository ships, and the examples in generic form."""
    found = []
    mlir = sorted([*REPO.glob("examples/*.mlir"), *REPO.glob("filecheck_tests/**/*.mlir")])
    for path in mlir:
        found.append(Seed("opt", str(path.relative_to(REPO)), path.read_bytes()))
    for path in sorted(REPO.glob("examples/*.mlir")):
        generic = generic_form(path)
        if generic:
            found.append(Seed("export", f"{path.name} (generic)", generic))
            found.append(Seed("opt", f"{path.name} (generic)", generic))
    for path in sorted([REPO / "examples/buffers.csv", *REPO.glob("filecheck_tests/**/*.csv")]):
        found.append(Seed("import", str(path.relative_to(REPO)), path.read_bytes()))
    for pipeline in PIPELINES:
        found.append(Seed("pipeline", pipeline or "<empty>", pipeline.encode()))
    return tuple(found)


def generic_form(path: Path) -> bytes:
    out = run_tool("opt", [str(path), "--print-op-generic"], b"")
    return out[1] if out[0].status == 0 else b""


def mutate(data: bytes, steps: list[tuple[str, float, int]]) -> bytes:
    """Apply mutations (kind, position in [0, 1), parameter) in order."""
    for kind, where, param in steps:
        pos = int(where * (len(data) + 1)) if data else 0
        pos = min(pos, len(data))
        if kind == "flip" and data:
            pos = min(pos, len(data) - 1)
            data = data[:pos] + bytes([data[pos] ^ (1 << (param % 8))]) + data[pos + 1:]
        elif kind == "delete":
            data = data[:pos] + data[pos + 1 + param % 12:]
        elif kind == "insert":
            data = data[:pos] + SPECIAL[param % len(SPECIAL)] + data[pos:]
        elif kind in ("duplicate", "swap"):
            lines = data.split(b"\n")
            i, j = int(where * len(lines)), param % len(lines)
            if kind == "duplicate":
                lines.insert(i, lines[i])
            else:
                lines[i], lines[j] = lines[j], lines[i]
            data = b"\n".join(lines)
        elif kind == "huge":
            data = _replace_number(data, pos, HUGE[param % len(HUGE)])
    return data


def _replace_number(data: bytes, pos: int, number: bytes) -> bytes:
    """The first run of digits at or after ``pos`` (else before it) becomes ``number``."""
    start = next((k for k in range(pos, len(data)) if data[k:k + 1].isdigit()), None)
    if start is None:
        start = next((k for k in range(min(pos, len(data) - 1), -1, -1)
                      if data[k:k + 1].isdigit()), None)
        if start is None:
            return data + number
        while start > 0 and data[start - 1:start].isdigit():
            start -= 1
    end = start
    while end < len(data) and data[end:end + 1].isdigit():
        end += 1
    return data[:start] + number + data[end:]


def case_argv(seed: Seed, data: bytes, pipeline: int) -> tuple[str, list[str], bytes]:
    """(tool, arguments, stdin) for a mutated seed."""
    if seed.tool == "pipeline":
        example = (REPO / "examples/two_streams.mlir").read_bytes()
        text = data.decode("utf-8", "surrogateescape")
        return "opt", ["-p", text] if pipeline % 2 else [f"--pass-pipeline=builtin.module({text})"], example
    if seed.tool == "import":
        return "translate", ["--import-minimalloc"], data
    if seed.tool == "export":
        return "translate", ["--export-json" if pipeline % 2 else "--export-minimalloc"], data
    args = ["--split-input-file"]
    if PIPELINES[pipeline % len(PIPELINES)]:
        args += ["-p", PIPELINES[pipeline % len(PIPELINES)]]
    if pipeline % 3 == 0:
        args.append("--print-op-generic")
    return "opt", args, data


class CaseTimeout(BaseException):
    """Raised by SIGALRM inside a case that runs too long (BaseException: no tool may
    swallow it as an internal error)."""


@contextmanager
def _alarm(seconds: float):
    def fire(signum, frame):
        raise CaseTimeout()

    previous = signal.signal(signal.SIGALRM, fire)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


class _KeptBytes(io.BytesIO):
    """Standard output's bytes; a TextIOWrapper closes what it wraps when collected."""

    def close(self) -> None:
        pass


def run_tool(tool: str, argv: list[str], stdin: bytes,
             timeout: float = 10.0) -> tuple[Outcome, bytes]:
    """Run memir-opt or memir-translate in this process on ``stdin``; (outcome, stdout)."""
    from memir.tools import memir_opt, memir_translate

    main = memir_opt.main if tool == "opt" else memir_translate.main
    saved = sys.stdin, sys.stdout, sys.stderr
    out = _KeptBytes()
    sys.stdin = io.TextIOWrapper(io.BytesIO(stdin), encoding="utf-8")
    sys.stdout = io.TextIOWrapper(out, encoding="utf-8")
    sys.stderr = err = io.StringIO()
    start = time.perf_counter()
    hang = False
    try:
        with _alarm(timeout):
            status = main(argv)
    except CaseTimeout:
        status, hang = -1, True
    except SystemExit as exit_:
        status = exit_.code if isinstance(exit_.code, int) else 1
    except BaseException as error:  # escaped the tool: as bad as an internal error
        status = -2
        err.write(f"Traceback (most recent call last): escaped: {type(error).__name__}: {error}\n")
    finally:
        seconds = time.perf_counter() - start
        try:
            sys.stdout.flush()
        except (OSError, ValueError):
            pass
        sys.stdin, sys.stdout, sys.stderr = saved
    return Outcome(status, err.getvalue(), seconds, hang), out.getvalue()


# ------------------------------------------------------------------ generated cases

GENERATED_SHARE = 0.25  # of main()'s cases; the rest mutate the seeds
MAX_OPS = 14  # ops per generated program (main's --max-ops; small keeps a case quick)
OUT_OF_RANGE = ("-1", "18446744073709551616", "true")
QUICK = {  # options whose larger valid values would make a case slow: small ones only
    "budget": ("1", "50", "2000"), "interleavings": ("1", "4", "16"),
    "time_limit": ("0.5", "1"), "timeout_ms": ("1", "200"), "limit": ("1", "3", "4096"),
    "capacity": ("1", "64", "4096", "1048576"), "alignment": ("1", "8", "64"),
    "seed": ("0", "1", "4294967295"),
    "fast": ("0", "1024", "65536", "1048576"),
}
BAD = {"alignment": ("3",), "plot": ("x.pdf",)}  # a real plot would write a file
PASS_ORDER = ("memref-to-memir", "bufferize", "schedule", "stream-safety",
              "render-tile-chunks", "assign-spaces", "assign-layout", "verify-layout", "check-execution",
              "materialize-arena", "report", "memir-to-memref")


@cache
def pass_options() -> dict[str, dict[str, tuple[tuple[str, ...], tuple[str, ...]]]]:
    """Every registered pass -> option -> (values to accept, values to reject): a
    Literal's choices, both booleans; for numbers a few quick valid values, and
    OUT_OF_RANGE and the declared bound's edges just past it. New passes and options are
    fuzzed without being listed here."""
    import dataclasses
    import typing

    from memir.passes import PASS_MODULES, load_pass

    found = {}
    for name in PASS_MODULES:
        cls = load_pass(name)
        hints = typing.get_type_hints(cls)
        bounds = getattr(cls, "option_bounds", {})
        options = {}
        for field in dataclasses.fields(cls):
            hint = hints.get(field.name)
            bad = BAD.get(field.name, ())
            if typing.get_origin(hint) is typing.Literal:
                good, bad = tuple(typing.get_args(hint)), bad + ("none",)
            elif hint is bool:
                good, bad = ("true", "false"), bad + ("2",)
            elif hint is str:
                good = () if field.name in BAD else (str(field.default),)
            else:
                good = QUICK.get(field.name, (str(field.default),))
                if (bound := bounds.get(field.name)) is not None:
                    bad += (str(bound.low - 1), str(bound.high + 1))
                bad += OUT_OF_RANGE
            options[field.name.replace("_", "-")] = (good, bad)
        found[name] = options
    return found


def random_pass(rng: random.Random, name: str, bad: bool) -> str:
    """``name{opt=value ...}``: about half the options set, one of them to a value the
    pipeline parser must reject if ``bad``; the passes' own limits always set."""
    options = pass_options()[name]
    chosen = {option: rng.choice(good) for option, (good, _) in options.items()
              if good and rng.random() < 0.5}
    for option, value in (("time-limit", "1"), ("budget", "2000"), ("timeout-ms", "200")):
        if option in options:
            chosen.setdefault(option, value)
    if bad and (rejectable := [o for o, (_, b) in options.items() if b]):
        option = rng.choice(rejectable)
        chosen[option] = rng.choice(options[option][1])
    text = " ".join(f"{k}={v}" for k, v in chosen.items())
    return f"{name}{{{text}}}" if text else name


def random_pipeline(rng: random.Random, kind: str = "") -> str:
    """Either passes in the order a user would run them (each present or not; the
    memref bridge only around a ``memref`` program, bufferize mostly before a tensor
    one), or 1-5 passes in any order; one bad option in a fifth of the pipelines."""
    names = list(pass_options())
    memref = kind == "memref"
    often = {"assign-layout": 0.75, "bufferize": 0.9 if kind == "tensor" else 0.3}
    if rng.random() < 0.7:
        extra = [n for n in names if n not in PASS_ORDER]  # plug-ins, new passes
        bridge = {"memref-to-memir", "memir-to-memref"}
        wanted = {n: (n in bridge) == memref or n not in bridge | {"bufferize"}
                  for n in names}
        picked = [n for n in (*PASS_ORDER, *extra)
                  if n in names and wanted[n] and rng.random() < often.get(n, 0.4)]
        if memref and rng.random() < 0.8:
            picked = ["memref-to-memir", *(n for n in picked if n != "memref-to-memir")]
    else:
        picked = [rng.choice(names) for _ in range(rng.randint(1, 5))]
    bad = rng.randrange(len(picked)) if picked and rng.random() < 0.2 else -1
    return ",".join(random_pass(rng, name, k == bad) for k, name in enumerate(picked))


def random_program(rng: random.Random) -> tuple[str, str]:
    """(kind, text) of a small program of one of the kinds the passes read."""
    kind = rng.choice(("tensor", "tensor", "buffer", "buffer", "lifetimes", "empty",
                       "memref"))
    return kind, {"tensor": _tensor_program, "buffer": _buffer_program,
                  "lifetimes": _lifetimes_program, "empty": _empty_program,
                  "memref": _memref_program}[kind](rng)


def _tensor_program(rng: random.Random) -> str:
    """Tensor ops on 1-4 streams (any ids; some ops on the default stream), 0-4 inputs and
    0-3 results, workspaces, in-place updates of values made on any stream, records and
    waits anywhere (unused ones, waits on the default stream too)."""
    streams = rng.sample(range(6), rng.randint(1, 4))
    lines = [f"  %s{s} = memir.stream {s}" for s in streams]
    values = ["%x", "%w"]
    events: list[str] = []

    def on() -> str:
        return "" if rng.random() < 0.1 else f" on %s{rng.choice(streams)}"

    for k in range(rng.randint(0, MAX_OPS)):
        roll = rng.random()
        if roll < 0.12:
            events.append(f"%e{k}")
            lines.append(f"  %e{k} = memir.record{on()}")
            continue
        if roll < 0.24 and events:
            lines.append(f"  memir.wait {rng.choice(events)}{on()}")
            continue
        ins = rng.sample(values, min(len(values), rng.randint(0, 4)))
        ws = f" workspace {rng.choice((1, 16, 256, 4096))}" if rng.random() < 0.2 else ""
        if roll < 0.34:
            target = rng.choice(values)
            lines.append(f'  memir.compute "upd_"{on()} ({", ".join([target, *ins])})'
                         f" writes({target}){ws} : ()")
            continue
        results = [f"%v{k}_{r}" for r in range(rng.choice((0, 1, 1, 1, 2, 3)))]
        types = ", ".join(f"tensor<{rng.choice(('4', '16', '64', '2x8'))}x"
                          f"{rng.choice(('f32', 'i8', 'bf16'))}>" for _ in results)
        head = f"{', '.join(results)} = " if results else ""
        typed = "()" if not results else types if len(results) == 1 else f"({types})"
        lines.append(f'  {head}memir.compute "k{k}"{on()} ({", ".join(ins)}){ws} : {typed}')
        values += results
    body = "\n".join(lines)
    return (f"func.func @main(%x: tensor<16xf32>, %w: tensor<4xf32>) {{\n{body}\n"
            "  func.return\n}\n")


def _buffer_program(rng: random.Random) -> str:
    """Allocs (some with lifetimes, offsets, alignment, tiles), buffer-form computes on
    1-3 streams with ins/outs/ws, events, in-place updates, deallocs, a contiguous group."""
    streams = rng.sample(range(4), rng.randint(1, 3))
    lines = [f"  %s{s} = memir.stream {s}" for s in streams]
    buffers = []
    for b in range(rng.randint(0, max(2, MAX_OPS // 2))):
        size = rng.choice((64, 256, 1024, 4096))
        extra = ""
        if rng.random() < 0.2:
            extra += f" align {rng.choice((1, 16, 64))}"
        if rng.random() < 0.2:
            lo = rng.randint(0, 6)
            extra += f" live [{lo}, {lo + rng.randint(1, 4)})"
        if rng.random() < 0.15:
            extra += f" offset {rng.choice((0, 64, 1024))}"
        lines.append(f"  %b{b} = memir.alloc {size}{extra}")
        buffers.append(f"%b{b}")
        if rng.random() < 0.25 and size >= 256:
            lines.append(f"  %t{b} = memir.tile_view %b{b} [0, 0] [2, 8] [16, 1] elem 4")
            buffers.append(f"%t{b}")
    events: list[str] = []
    written: list[str] = []
    for k in range(rng.randint(0, MAX_OPS)):
        stream = rng.choice(streams)
        roll = rng.random()
        if roll < 0.12:
            events.append(f"%e{k}")
            lines.append(f"  %e{k} = memir.record on %s{stream}")
        elif roll < 0.22 and events:
            lines.append(f"  memir.wait {rng.choice(events)} on %s{stream}")
        else:
            pool = ["%x", *written]
            ins = rng.sample(pool, min(len(pool), rng.randint(0, 2)))
            fresh = [b for b in buffers if b not in written]
            outs = rng.sample(fresh, min(len(fresh), rng.randint(0, 2)))
            if roll < 0.3 and written:  # an in-place update: one more writer, read too
                target = rng.choice(written)
                ins.append(target)
                outs.append(target)
            written.extend(o for o in outs if o not in written)
            spare = [b for b in fresh if b not in outs]
            ws = f" ws({rng.choice(spare)})" if spare and rng.random() < 0.15 else ""
            if ws:
                written.append(ws[4:-1])
            lines.append(f'  memir.compute "k{k}" on %s{stream} ins({", ".join(ins)}) '
                         f'outs({", ".join(outs)}){ws}')
    plain = [b for b in buffers if b.startswith("%b")]
    if len(plain) >= 2 and rng.random() < 0.15:
        lines.append(f"  memir.contiguous {', '.join(rng.sample(plain, 2))}")
    if plain and rng.random() < 0.2:
        lines.append(f"  memir.dealloc {rng.choice(plain)}")
    body = "\n".join(lines)
    return f"func.func @f(%x: !memir.buf) {{\n{body}\n  func.return\n}}\n"


def _lifetimes_program(rng: random.Random) -> str:
    """Allocs with lifetimes only (a MiniMalloc problem), offsets on some or all."""
    lines = []
    with_offsets = rng.random()
    for b in range(rng.randint(0, 6)):
        lo = rng.randint(0, 8)
        offset = f" offset {rng.choice((0, 1024, 4096))}" if rng.random() < with_offsets else ""
        lines.append(f'%a{b} = memir.alloc {rng.choice((64, 1024, 4096))} '
                     f'live [{lo}, {lo + rng.randint(1, 5)}){offset} id "a{b}"')
    return "\n".join(lines) + "\n"


def _empty_program(rng: random.Random) -> str:
    return rng.choice(("", "builtin.module {\n}\n", "func.func @f() {\n  func.return\n}\n",
                       "func.func @f(%x: !memir.buf) {\n  %s = memir.stream 0\n"
                       "  func.return\n}\n"))


def _memref_program(rng: random.Random) -> str:
    """memref.allocs used by linalg ops and copied out: what memref-to-memir reads."""
    shape = rng.choice(("4xf32", "16x16xf32", "8xi8"))
    ty = f"memref<{shape}>"
    lines, live = [], ["%a"]
    for k in range(rng.randint(0, 5)):
        align = " {alignment = 64 : i64}" if rng.random() < 0.3 else ""
        lines.append(f"  %t{k} = memref.alloc(){align} : {ty}")
        src = rng.choice(live)
        lines.append(f"  memref.copy {src}, %t{k} : {ty} to {ty}")
        live.append(f"%t{k}")
        if rng.random() < 0.5 and len(live) > 2:
            dead = live.pop(1)
            lines.append(f"  memref.dealloc {dead} : {ty}")
    lines.append(f"  memref.copy {live[-1]}, %out : {ty} to {ty}")
    body = "\n".join(lines)
    return f"func.func @g(%a: {ty}, %out: {ty}) {{\n{body}\n  return\n}}\n"


def generated_case(rng: random.Random) -> tuple[str, list[str], bytes]:
    """A random pipeline on a random program (a fifth of them mutated); sometimes an
    export instead."""
    kind, text = random_program(rng)
    program = text.encode()
    if rng.random() < 0.2:  # a near-miss: the same program with a mutation or two
        program = mutate(program, random_steps(rng))
    if rng.random() < 0.1:
        return "translate", [rng.choice(("--export-json", "--export-minimalloc"))], program
    return "opt", ["-p", random_pipeline(rng, kind)], program


def random_steps(rng: random.Random) -> list[tuple[str, float, int]]:
    return [(rng.choice(KINDS), rng.random(), rng.randrange(1 << 16))
            for _ in range(rng.randint(1, 4))]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--cases", type=int, default=3000)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--timeout", type=float, default=10.0)
    parser.add_argument("--max-ops", type=int, default=MAX_OPS,
                        help="ops per generated program")
    args = parser.parse_args(argv)
    globals()["MAX_OPS"] = args.max_ops
    rng = random.Random(args.seed)
    corpus = seeds()
    counts = {"cases": 0, "internal errors": 0, "hangs": 0, "other failures": 0}
    exits = {0: 0, 1: 0}
    start = time.perf_counter()
    for _ in range(args.cases):
        if rng.random() < GENERATED_SHARE:
            seed, steps = Seed("opt", "generated", b""), []
            tool, case_args, stdin = generated_case(rng)
        else:
            seed = rng.choice(corpus)
            steps = random_steps(rng)
            tool, case_args, stdin = case_argv(seed, mutate(seed.data, steps), rng.randrange(6))
        outcome, _ = run_tool(tool, case_args, stdin, args.timeout)
        counts["cases"] += 1
        exits[outcome.status] = exits.get(outcome.status, 0) + 1
        problem = outcome.problem
        if problem is None:
            continue
        key = {"hang": "hangs", "internal error": "internal errors"}.get(problem, "other failures")
        counts[key] += 1
        lines = outcome.stderr.strip().splitlines() or [""]
        shown = next((line for line in lines if "error" in line), lines[0])
        print(f"{problem}: {seed.name} {steps} {tool} {case_args[:3]}\n  {shown}")
        if seed.name == "generated":
            print("  input:\n    " + stdin.decode("utf-8", "replace").replace("\n", "\n    "))
    print(", ".join(f"{k}: {v}" for k, v in counts.items())
          + f"; exit 0: {exits.get(0, 0)}, exit 1: {exits.get(1, 0)}"
          + f"; {time.perf_counter() - start:.1f} s")
    return 1 if counts["cases"] != exits.get(0, 0) + exits.get(1, 0) else 0


if __name__ == "__main__":
    sys.path.insert(0, str(REPO))
    sys.exit(main())
