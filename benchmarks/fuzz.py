"""Fuzz memir-opt and memir-translate with mutated copies of the repository's own inputs.

    python benchmarks/fuzz.py [--cases 3000] [--seed 0] [--timeout 10]

Why: bad input must give a located error and exit 1, never an internal error, a Python
traceback, another exit status or a hang. The seeds are the inputs we
already have (examples, FileCheck inputs in custom and generic form, CSVs, pass
pipelines); a mutation flips bytes, deletes spans, inserts special characters and tokens
(quotes, backslashes, a no-break space, a BOM, invalid UTF-8, huge numbers), duplicates
or swaps lines. The tools run in this process (``main(argv)`` with the standard streams
replaced: a hundred times faster than a subprocess); a case that runs past ``timeout``
seconds is interrupted by SIGALRM and counted as a hang. tests/test_fuzz.py draws the same
cases through hypothesis.
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


def random_steps(rng: random.Random) -> list[tuple[str, float, int]]:
    return [(rng.choice(KINDS), rng.random(), rng.randrange(1 << 16))
            for _ in range(rng.randint(1, 4))]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--cases", type=int, default=3000)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--timeout", type=float, default=10.0)
    args = parser.parse_args(argv)
    rng = random.Random(args.seed)
    corpus = seeds()
    counts = {"cases": 0, "internal errors": 0, "hangs": 0, "other failures": 0}
    exits = {0: 0, 1: 0}
    start = time.perf_counter()
    for _ in range(args.cases):
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
    print(", ".join(f"{k}: {v}" for k, v in counts.items())
          + f"; exit 0: {exits.get(0, 0)}, exit 1: {exits.get(1, 0)}"
          + f"; {time.perf_counter() - start:.1f} s")
    return 1 if counts["cases"] != exits.get(0, 0) + exits.get(1, 0) else 0


if __name__ == "__main__":
    sys.path.insert(0, str(REPO))
    sys.exit(main())
