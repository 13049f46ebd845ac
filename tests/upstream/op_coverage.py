"""Which upstream ops memir reads and prints back as MLIR 22 does, measured on MLIR's own tests.

Why: memir promises to read every op MLIR 22 prints for the dialects it claims, in MLIR's
custom syntax and in the generic form. The corpus only proves the ops its programs happen to
hold; MLIR's dialect tests (``mlir/test/Dialect/<Dialect>/ops.mlir``, ``roundtrip.mlir``,
``named-ops.mlir``, ...) exercise every op and most syntax variants. Those files are not in
this repository (they are LLVM's); point ``coverage`` at a checkout or a copy of them.

For every test file, each ``// -----`` chunk is cut into pieces, one per top-level function
(with the chunk's other top-level ops, globals and declarations, beside it); when MLIR 22
accepts none of a chunk's pieces alone, the whole chunk is one piece. For each piece MLIR 22's
``mlir-opt`` gives the canonical print, custom (C) and generic (G). memir reads C and prints
it, reads G and prints it, and reads C and prints it in generic form (as memir-opt does, in
process); each print, read back by ``mlir-opt``, must give C again. A piece MLIR 22 itself rejects (an old syntax in the stored copy, an op a newer MLIR
added) is skipped and counted.

A test file may spell a default out (``strides = dense<1>`` on a convolution), and mlir-opt
prints a property as it is given, so such a piece would hide an op memir refuses without it.
Each piece whose linalg ops have properties at their default value (the op without one is
accepted by MLIR 22 and generalizes to the same ``linalg.generic``) is judged once more as
mlir-opt prints it with those left out (``defaults_left_out``; "(defaults left out)" in its
name).

An op is *covered* when a piece holding it passes every check and no failing piece blames
it; a failure blames the op on the line memir's diagnostic points at, or the ops on the lines
whose print differs (a failure that points at no op blames none, but its piece does not
pass). Ops are counted per dialect, over all the files.

    python tests/upstream/op_coverage.py DIR [--dirs MemRef,Linalg]  # the table
    python tests/upstream/op_coverage.py DIR --show Linalg/roundtrip.mlir#8  # one piece's failures

DIR is llvm-project's root, its mlir/test, or mlir/test/Dialect.
"""

from __future__ import annotations

import difflib
import os
import re
import signal
import sys
from collections import defaultdict
from dataclasses import dataclass, field
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import harness  # noqa: E402

DIALECTS = ("func", "arith", "math", "memref", "linalg", "scf", "cf", "affine",
            "bufferization", "tensor", "vector", "index")
"""The dialects memir claims to read (README, docs/upstream-mlir.md)."""

TEST_FILES = ("ops.mlir", "roundtrip.mlir", "named-ops.mlir", "index-ops.mlir",
              "invalid.mlir", "duplicate-function-elimination.mlir")
"""The files read in each ``mlir/test/Dialect/<Dialect>/`` directory, where present."""

SUBDIRS = {"func": "Func", "arith": "Arith", "math": "Math", "memref": "MemRef",
           "linalg": "Linalg", "scf": "SCF", "cf": "ControlFlow", "affine": "Affine",
           "bufferization": "Bufferization", "tensor": "Tensor", "vector": "Vector",
           "index": "Index"}

_GENERIC_OP = re.compile(r'^\s*(?:%[^=]+=\s*)?"([a-z_]+\.[\w.]+)"\s*\(', re.M)
_CUSTOM_OP = re.compile(r'^\s*(?:%[^=]+=\s*)?(?:"?)([a-z_]+\.[a-z_][\w.]*)\b')
_DIAGNOSTIC = re.compile(r"^[^:\n]*:(\d+):\d+: error: (.*)$", re.M)


@dataclass
class Piece:
    source: str  # file name and chunk number
    custom: str  # MLIR 22's custom print
    generic: str  # MLIR 22's generic print
    ops: set[str] = field(default_factory=set)


@dataclass
class Result:
    piece: Piece
    form: str  # "custom" or "generic"
    ok: bool
    blamed: set[str]
    why: str


# ----------------------------------------------------------------------------- pieces
def chunks(text: str) -> list[str]:
    return [c for c in re.split(r"^// -----\s*$", text, flags=re.M) if c.strip()]


def top_level_items(chunk: str) -> list[str]:
    """The chunk's top-level ops, as text: each starts at a line in column 0 outside any
    brace (comments and closing brackets aside) and runs up to the next."""
    items: list[list[str]] = []
    depth = 0
    for line in chunk.splitlines():
        code = re.sub(r'"(?:[^"\\]|\\.)*"', '""', line.split("//", 1)[0])
        if depth == 0 and code[:1] not in ("", " ", "\t", "}", "]", ")"):
            items.append([])
        if items:
            items[-1].append(line)
        depth = max(0, depth + code.count("{") - code.count("}"))
    return ["\n".join(lines).rstrip() for lines in items]


def pieces_of(chunk: str) -> list[str]:
    """One text per top-level function with a body, the chunk's other items beside it."""
    items = top_level_items(chunk)
    bodies = [i for i, item in enumerate(items)
              if re.match(r"\s*func\.func\b", item) and re.sub(r"//.*", "", item).rstrip().endswith("}")]
    if len(bodies) <= 1:
        return [chunk]
    context = [item for i, item in enumerate(items) if i not in bodies]
    return ["\n".join(context + [items[i]]) for i in bodies]


def canonical(tools: harness.Tools, text: str, generic: bool = False) -> str | None:
    flags = ["--allow-unregistered-dialect"] + (["--mlir-print-op-generic"] if generic else [])
    done = harness._run([tools.mlir_opt, *flags], text)
    return done.stdout if done.returncode == 0 else None


def make_pieces(tools: harness.Tools, path: Path) -> tuple[list[Piece], int]:
    """The file's pieces MLIR 22 accepts, and how many it rejected."""
    found, rejected = [], 0
    for n, chunk in enumerate(chunks(path.read_text())):
        texts = pieces_of(chunk)
        printed = [canonical(tools, t) for t in texts]
        if len(texts) > 1 and all(p is None for p in printed):
            texts, printed = [chunk], [canonical(tools, chunk)]
        for text, custom in zip(texts, printed):
            generic = canonical(tools, text, generic=True) if custom is not None else None
            if custom is None or generic is None:
                rejected += 1
                continue
            ops = set(_GENERIC_OP.findall(generic))
            found.append(Piece(f"{path.parent.name}/{path.name}#{n}", custom, generic, ops))
            if (bare := defaults_left_out(tools, found[-1])) is not None:
                found.append(bare)
    return found, rejected


# ----------------------------------------------------------------------------- defaults
DEFAULTED = "(defaults left out)"
"""Marks a piece printed again with every property at its default value left out."""

_LINALG_PROPERTIES = re.compile(r'"linalg\.[\w.]+"\([^)]*\) <\{')
KEPT = frozenset({"operandSegmentSizes"})
"""Properties never tried: MLIR needs them whatever their value."""


def property_entries(text: str) -> list[tuple[int, int]]:
    """The (start, end) spans of each ``key = value`` of every linalg op's ``<{...}>``
    properties in a generic print (commas and brackets inside values kept whole)."""
    spans = []
    for found in _LINALG_PROPERTIES.finditer(text):
        pos = start = found.end()
        depth = 0
        while pos < len(text):
            char = text[pos]
            if char == '"':
                pos = text.index('"', pos + 1) if '"' in text[pos + 1:] else len(text)
            elif char in "<([{":
                depth += 1
            elif char in ")]}" or (char == ">" and text[pos - 1] != "-"):
                if depth == 0:
                    break
                depth -= 1
            elif char == "," and depth == 0:
                spans.append((start, pos))
                start = pos + 1
            pos += 1
        spans.append((start, pos))
    return [(a, b) for a, b in spans
            if text[a:b].split("=", 1)[0].strip() not in KEPT and "=" in text[a:b]]


def without(text: str, spans: list[tuple[int, int]]) -> str:
    """``text`` with the property entries at ``spans`` taken out, and the comma beside each."""
    for start, end in sorted(spans, reverse=True):
        if text[end:end + 1] == ",":
            end += 1
        elif text[start - 1:start] == "," or text[start - 2:start] == ", ":
            start = text.rindex(",", 0, start)
        text = text[:start] + text[end:]
    return text.replace("<{ ", "<{").replace("<{}>", "")


_MEMO = re.compile(r"(, )?linalg\.memoized_indexing_maps = \[[^\]]*\]")


def forget_maps(text: str) -> str:
    """``text`` without the indexing maps MLIR memoized on each named op when it printed it:
    generalizing an op takes them over its properties, so a property left out beside them
    would seem to change nothing."""
    return _MEMO.sub("", text).replace(" {}", "").replace("{, ", "{")


def generalized(tools: harness.Tools, text: str) -> str | None:
    """What the named linalg ops of ``text`` compute: MLIR 22's ``linalg.generic`` of each."""
    done = harness._run([tools.mlir_opt, "--allow-unregistered-dialect",
                         "-linalg-generalize-named-ops", "--mlir-print-op-generic"], text)
    return done.stdout if done.returncode == 0 else None


def defaults_left_out(tools: harness.Tools, piece: Piece) -> Piece | None:
    """The piece once more as ``mlir-opt`` prints it with every linalg property that has its
    default value left out, or None where there is none.

    Why: mlir-opt prints what a program holds, and a test file that spells out
    ``strides = dense<1>`` hid that memir refused the convolution MLIR prints without it.
    A property is at its default when the op without it means the same: MLIR 22 accepts it
    and generalizes it to the same ``linalg.generic``. Each is tried on its own; those left
    out together must pass the same test."""
    source = forget_maps(piece.generic)
    spans = property_entries(source)
    if not spans:
        return None
    meaning = generalized(tools, source)
    if meaning is None:
        return None
    dropped = [span for span in spans
               if generalized(tools, without(source, [span])) == meaning]
    bare = without(source, dropped)
    if not dropped or generalized(tools, bare) != meaning:
        return None
    custom, generic = canonical(tools, bare), canonical(tools, bare, generic=True)
    if custom is None or generic is None or (custom, generic) == (piece.custom, piece.generic):
        return None  # mlir-opt prints the default back (matmul's indexing maps, generic)
    return Piece(f"{piece.source} {DEFAULTED}", custom, generic, piece.ops)


# ----------------------------------------------------------------------------- memir
def memir_print(text: str, generic: bool) -> str:
    """memir-opt's print of ``text`` (no passes), or its diagnostic as ``LINE:COL: error:``.

    In process, as memir-opt reads and prints a chunk (memir.tools.driver): a child process
    per piece would cost half a second each. An internal error is reported as one, unlocated.
    """
    from memir.dialects import xdsl_patches
    from memir.tools.diagnostics import ToolError
    from memir.tools.driver import parse_chunk, print_module, verify
    from memir.tools.registry import make_context

    xdsl_patches.apply()  # as memir-opt does when it starts
    ctx = make_context()
    ctx.allow_unregistered = True
    signal.signal(signal.SIGALRM, _too_long)
    signal.alarm(PIECE_SECONDS)
    try:
        chunk = parse_chunk(ctx, text, "<piece>")
        verify(chunk)
        return print_module(chunk.module, generic) + chunk.trailer()
    except ToolError as error:
        located = _DIAGNOSTIC.search(str(error))
        return str(error) if located else f"<piece>:0:0: error: {error}"
    except Exception as error:  # noqa: BLE001 - measured, reported as memir's failure
        return f"<piece>:0:0: error: internal error: {type(error).__name__}: {error}"
    finally:
        signal.alarm(0)


PIECE_SECONDS = 30
"""memir's reading and printing of one piece takes far less; past it, a hang is reported."""


def _too_long(signum, frame):
    raise TimeoutError(f"no result after {PIECE_SECONDS} s")


def _op_on(line: str) -> set[str]:
    m = _CUSTOM_OP.match(line)
    return {m.group(1)} if m else set()


FORMS = ("custom", "generic", "custom printed generic")
"""What memir reads (C or G), and whether it prints in MLIR's generic form."""


def judge(tools: harness.Tools, piece: Piece, form: str) -> Result:
    """Whether memir's print of ``piece`` in ``form`` reads back in MLIR 22 as C."""
    source = piece.generic if form == "generic" else piece.custom
    printed = memir_print(source, generic=form.endswith("printed generic"))
    error = _DIAGNOSTIC.search(printed)
    if error:
        line_no = int(error.group(1))
        lines = source.splitlines()
        line = lines[line_no - 1] if 0 < line_no <= len(lines) else ""
        blamed = _op_on(line) or set(_GENERIC_OP.findall(line))
        return Result(piece, form, False, blamed, "read: " + error.group(2)[:160])
    back = canonical(tools, printed)
    if back is None:
        done = harness._run([tools.mlir_opt, "--allow-unregistered-dialect"], printed)
        m = _DIAGNOSTIC.search(done.stderr)
        line = printed.splitlines()[int(m.group(1)) - 1] if m and \
            int(m.group(1)) <= len(printed.splitlines()) else ""
        return Result(piece, form, False, _op_on(line),
                      "mlir-opt rejects memir's print: " + harness.first_error(done.stderr))
    if back == piece.custom:
        return Result(piece, form, True, set(), "")
    blamed: set[str] = set()
    for tag, i1, i2, _, _ in difflib.SequenceMatcher(
            None, piece.custom.splitlines(), back.splitlines()).get_opcodes():
        if tag != "equal":
            for line in piece.custom.splitlines()[i1:i2]:
                blamed |= _op_on(line)
    return Result(piece, form, False, blamed, "prints back differently")


def measure(tools: harness.Tools, files: list[Path]) -> tuple[list[Result], int]:
    pieces, rejected = [], 0
    for path in files:
        found, lost = make_pieces(tools, path)
        pieces += found
        rejected += lost
    results = []
    for n, piece in enumerate(pieces):
        if os.environ.get("COVERAGE_PROGRESS"):
            print(f"[{n}/{len(pieces)}] {piece.source}", file=sys.stderr, flush=True)
        results += [judge(tools, piece, form) for form in FORMS]
    return results, rejected


# ----------------------------------------------------------------------------- tables
@dataclass
class OpCoverage:
    seen: int = 0
    passed: int = 0
    blamed: list[str] = field(default_factory=list)

    @property
    def covered(self) -> bool:
        return self.passed > 0 and not self.blamed


def by_op(results: list[Result]) -> dict[str, OpCoverage]:
    ops: dict[str, OpCoverage] = defaultdict(OpCoverage)
    pieces: dict[int, list[Result]] = defaultdict(list)
    for r in results:
        pieces[id(r.piece)].append(r)
    for rs in pieces.values():
        piece = rs[0].piece
        for op in piece.ops:
            ops[op].seen += 1
            if all(r.ok for r in rs):
                ops[op].passed += 1
        for r in rs:
            for op in r.blamed & piece.ops:
                ops[op].blamed.append(f"{piece.source} ({r.form}): {r.why}")
    return ops


def table(ops: dict[str, OpCoverage]) -> list[tuple[str, int, int, list[str]]]:
    """(dialect, covered, in the tests, the ops not covered) per claimed dialect."""
    rows = []
    for dialect in DIALECTS:
        mine = {name: c for name, c in ops.items() if name.split(".", 1)[0] == dialect}
        missing = sorted(name for name, c in mine.items() if not c.covered)
        rows.append((dialect, len(mine) - len(missing), len(mine), missing))
    return rows


def test_files(root: Path) -> list[Path]:
    """The dialect test files under ``root`` (llvm-project, mlir/test or mlir/test/Dialect)."""
    for sub in ("mlir/test/Dialect", "test/Dialect", "Dialect", "."):
        base = root / sub
        if (base / "MemRef").is_dir():
            break
    else:
        raise SystemExit(f"no mlir/test/Dialect/MemRef under {root}")
    return [base / SUBDIRS[d] / name for d in DIALECTS for name in TEST_FILES
            if (base / SUBDIRS[d] / name).is_file()]


def report(root: Path, dirs: list[str]) -> int:
    tools = harness.find_tools()
    if isinstance(tools, str):
        print(tools)
        return 1
    files = [f for f in test_files(root) if not dirs or f.parent.name in dirs]
    results, rejected = measure(tools, files)
    ops = by_op(results)
    pieces = len({id(r.piece) for r in results})
    print(f"{len(files)} test files, {pieces} pieces MLIR 22 accepts ({rejected} it rejects, "
          "skipped)")
    print(f"{'dialect':14} {'covered':>8} {'in tests':>9}  {'%':>6}  not covered")
    for dialect, covered, seen, missing in table(ops):
        share = f"{100 * covered / seen:.1f}" if seen else "-"
        print(f"{dialect:14} {covered:8} {seen:9}  {share:>6}  {', '.join(missing)}")
    print("\nwhy, per op not covered (first reason):")
    for name in sorted(ops):
        if name.split(".", 1)[0] in DIALECTS and not ops[name].covered:
            why = ops[name].blamed[0] if ops[name].blamed else "no piece holding it passes"
            print(f"  {name}: {why}")
    return 0


def show(root: Path, source: str) -> int:
    """Each failing check of one piece (``Dir/file.mlir#chunk``): memir's diagnostic, or
    the difference between MLIR 22's print and its reading of memir's print."""
    tools = harness.find_tools()
    name, _, number = source.partition("#")
    path = next(f for f in test_files(root) if f"{f.parent.name}/{f.name}" == name)
    for piece in make_pieces(tools, path)[0]:
        if piece.source not in (source, f"{source} {DEFAULTED}"):
            continue
        for form in FORMS:
            r = judge(tools, piece, form)
            if r.ok:
                continue
            print(f"== {piece.source}, {form}: {r.why}; blamed {sorted(r.blamed)}")
            printed = memir_print(piece.generic if form == "generic" else piece.custom,
                                  form.endswith("printed generic"))
            back = canonical(tools, printed) or printed
            print("\n".join(difflib.unified_diff(piece.custom.splitlines(),
                                                 back.splitlines(), lineterm="")))
    return 0


def main(argv: list[str]) -> int:
    import argparse

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("root", help="llvm-project's root, mlir/test or mlir/test/Dialect")
    parser.add_argument("--dirs", default="", help="only these test directories (MemRef,...)")
    parser.add_argument("--show", default="", help="one piece's failures: Dir/file.mlir#N")
    args = parser.parse_args(argv)
    if args.show:
        return show(Path(args.root), args.show)
    return report(Path(args.root), [d for d in args.dirs.split(",") if d])


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
