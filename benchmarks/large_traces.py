"""Large synthetic traces, made deterministically from the public ones (no data committed).

Why: the traces users bring (SOMAS exports of large transformers, IOPDDL, PyTorch graphs)
are larger than the public samples and we do not have them; tuning on S_1 alone overfits.
Each trace here keeps a public trace's character (its size mix, lifetime shapes) while
changing its length or its numbers, with a seeded RNG so every run sees the same data:

* ``S_1`` as published (IOPDDL, 28.5k buffers);
* ``S_1 x2``: two copies in time, the second starting before the first ends (57k);
* ``S_1 sizes~``: every size scaled by a seeded factor in [0.7, 1.4];
* ``resnet50 deep``: the SOMAS export of ResNet-50 stacked 18 times in time with
  overlapping boundaries and a per-copy width factor, like a deep network (18.8k);
* ``G_1 x24``: IOPDDL's G_1 stacked the same way (19.6k);
* ``<graph> x9``: a PyTorch-corpus training graph's interval problem stacked 9 times;
* the multi-stream transformer training steps of ``benchmarks/stream_traces.py`` (made by
  memir's importer, 5k-55k buffers; its ``HELD_OUT`` half is held out here too), where
  they have been made (``python benchmarks/stream_traces.py``);
* held out, never used to choose a constant: ``bert_nezha sizes~``, ``bert_large sizes~``
  (SOMAS exports with perturbed sizes) and ``tiny_bert x8`` (stacked); ``bert_large
  sizes~`` was then studied to find why it stayed above 1.005 (the column move), so
  ``bert_base x3`` and ``bert_large x2 sizes~`` were added, held out in turn.

``problems()`` yields (name, Problem); ``_measure.to_csv`` writes MiniMalloc CSV for the CLI.

Run as a script, it prints every public trace, a shuffled and renumbered copy of each (rows
in a seeded random order, ids renamed: the arena must not change) and the synthetic ones,
at effort 1 and 4, through the path users run (``memir-translate --import-minimalloc F |
memir-opt -p 'assign-layout{effort=N},verify-layout' | memir-translate
--export-minimalloc``, see ``benchmarks/layout.py``), and the worst ratio at each effort:

    python benchmarks/large_traces.py [--min-buffers N] [--efforts 1,4] [--quick]
                                      [--only NAME,...] [--compare PYTHON] [--numpy]

``--only`` keeps the traces whose name contains one of the given strings. The summary gives
the worst ratio over all traces and over each half of the fixed split (``HELD_OUT``: the
traces never used to choose a constant; the rest, the tuning half) on its own.

``--compare`` runs each trace also with another checkout's interpreter (its default
settings, no effort option) right after this one's, under the same load; ``--numpy`` runs
it also at default settings without numba (``MEMIR_NO_NUMBA``: the greedy's numpy path,
the same plans), so the ``fast`` extra's share shows side by side.
"""

from __future__ import annotations

import argparse
import random
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path

from _measure import (DSA, REPO, bufferized, memir, memir_without_numba, other_checkout, table,
                      through_cli, to_csv)
from stream_traces import HELD_OUT as STREAMS_HELD_OUT
from stream_traces import TRACES, cached

from memir.io.minimalloc import read_csv
from memir.model.layout import Buffer, Problem

CORPUS = REPO / "cache" / "models"
# The targets speak of traces above this many buffers; the summary gives their worst too.
LARGE = 10_000
# The fixed split: these traces were never used to choose a constant (the docstring says
# which were studied after the fact); every other trace is the tuning half. The summary
# gives each half's worst on its own.
HELD_OUT = ("bert_nezha sizes~", "tiny_bert x8", "bert_large sizes~", "bert_base x3",
            "bert_large x2 sizes~")


def half(name: str) -> str:
    return "held out" if name in HELD_OUT or name in STREAMS_HELD_OUT else "tuning"


CORPUS_GRAPHS = ("bert_base.b32.train-adam.s1", "efficientnet_b0.b32.train-adam.s1")


def read(path: Path) -> Problem:
    return read_csv(path.read_text(), str(path)).problem


def stacked(problem: Problem, copies: int, overlap: float, seed: int,
            spread: float = 0.0) -> Problem:
    """``copies`` of ``problem`` one after another in time, each starting ``overlap`` (a
    share of the trace's length) before the previous one ends; with ``spread`` each copy's
    sizes are scaled by its own factor in [1 - spread, 1 + spread]."""
    rng = random.Random(seed)
    lo = min(b.lower for b in problem.buffers)
    hi = max(b.upper for b in problem.buffers)
    step = max(1, int((hi - lo) * (1 - overlap)))
    out = []
    for c in range(copies):
        scale = 1 + rng.uniform(-spread, spread)
        shift = c * step - lo
        out += [Buffer(max(1, round(b.size * scale)), b.lower + shift, b.upper + shift,
                       b.alignment) for b in problem.buffers]
    return Problem(out)


def perturbed(problem: Problem, seed: int, low: float = 0.7, high: float = 1.4) -> Problem:
    """Every size scaled by its own seeded factor in [low, high]."""
    rng = random.Random(seed)
    return Problem([Buffer(max(1, round(b.size * rng.uniform(low, high))), b.lower, b.upper,
                           b.alignment) for b in problem.buffers])


def corpus_problem(path: Path) -> Problem:
    """The interval layout problem of a corpus graph (bufferized, one stream)."""
    from memir.passes.support import analyses
    from memir.passes.support.bridge import layout_problem

    ctx, module = bufferized(path.read_text(), str(path))
    problem = layout_problem(analyses.program(ctx, module).data, None)
    # The CSV format wants positive sizes and non-empty lifetimes.
    return Problem([Buffer(max(1, b.size), b.lower, max(b.upper, b.lower + 1), b.alignment)
                    for b in problem.buffers])


def problems(quick: bool = False) -> Iterator[tuple[str, Problem]]:
    s1 = read(DSA / "idealloc" / "S_1.csv")
    yield "S_1", s1
    yield "S_1 sizes~", perturbed(s1, seed=1)
    yield "resnet50 deep", stacked(read(DSA / "idealloc" / "resnet50.csv"), 18, 0.15, seed=2,
                                   spread=0.3)
    yield "G_1 x24", stacked(read(DSA / "idealloc" / "G_1.csv"), 24, 0.2, seed=3, spread=0.3)
    # Held out (never used to choose a constant): SOMAS exports, sizes perturbed or stacked.
    somas = DSA / "somas"
    yield "bert_nezha sizes~", perturbed(read(somas / "bert_nezha.csv"), seed=11)
    yield "tiny_bert x8", stacked(read(somas / "tiny_bert.csv"), 8, 0.1, seed=12, spread=0.3)
    yield "bert_large sizes~", perturbed(read(somas / "bert_large.csv"), seed=13)
    # Held out again: bert_large sizes~ showed where the peak's hole sits (the column move of
    # memir.planning.layout.order_search), so these two were added after it, unmeasured.
    yield "bert_base x3", stacked(read(somas / "bert_base.csv"), 3, 0.1, seed=21, spread=0.3)
    yield "bert_large x2 sizes~", perturbed(stacked(read(somas / "bert_large.csv"), 2, 0.1,
                                                    seed=22, spread=0.2), seed=23)
    for name in CORPUS_GRAPHS:
        path = CORPUS / f"{name}.mlir"
        if path.exists():
            yield f"{name.split('.')[0]} x9", stacked(corpus_problem(path), 9, 0.1, seed=4,
                                                     spread=0.2)
    if not quick:
        yield "S_1 x2", stacked(s1, 2, 0.05, seed=5)


def shuffled_csv(text: str, seed: int) -> str:
    """The same trace with its rows in a seeded random order and its ids renamed."""
    lines = text.strip().splitlines()
    header, rows = lines[0], lines[1:]
    rng = random.Random(seed)
    rng.shuffle(rows)
    id_col = [c.strip() for c in header.split(",")].index("id")
    names = rng.sample(range(10 * len(rows) + 10), len(rows))
    out = [header]
    for row, name in zip(rows, names):
        cells = row.split(",")
        cells[id_col] = f"t{name}"
        out.append(",".join(cells))
    return "\n".join(out) + "\n"


def traces(min_buffers: int, quick: bool) -> Iterator[tuple[str, str]]:
    for path in sorted(DSA.rglob("*.csv")):
        text = path.read_text()
        if text.count("\n") - 1 < min_buffers:
            continue
        yield path.stem, text
        yield f"{path.stem} shuffled", shuffled_csv(text, seed=7)
    for name, problem in problems(quick):
        if len(problem) >= min_buffers and name != "S_1":  # S_1 is public: above
            yield name, to_csv(problem)
    yield from stream_family(min_buffers)


def stream_family(min_buffers: int) -> Iterator[tuple[str, str]]:
    """The multi-stream training steps of ``stream_traces.py`` that have been made (the
    CSVs in its cache: making them needs torch and minutes, so it is a step of its own)."""
    for name in TRACES:
        path = cached(name)
        if path.exists():
            text = path.read_text()
            if text.count("\n") - 1 >= min_buffers:
                yield name, text


def _key(key: str | tuple[str, str]) -> str:
    """A summary key: a run (all traces) or (run, half of the split)."""
    return key if isinstance(key, str) else f"{key[0]}, {key[1]} half"


def main() -> int:
    parser = argparse.ArgumentParser(description="large traces at effort 1 and 4")
    parser.add_argument("--min-buffers", type=int, default=0)
    parser.add_argument("--efforts", default="1,4")
    parser.add_argument("--quick", action="store_true", help="skip S_1 x2 (57k)")
    parser.add_argument("--only", default="", help="comma-separated substrings of trace names")
    parser.add_argument("--compare", default=None, metavar="PYTHON")
    parser.add_argument("--numpy", action="store_true",
                        help="also run each trace at default settings without numba")
    args = parser.parse_args()
    efforts = [int(e) for e in args.efforts.split(",")]
    runs = [(f"effort {e}", memir, e) for e in efforts]
    if args.numpy:
        runs.append(("numpy", memir_without_numba, None))
    if args.compare:
        tree = str(Path(args.compare).absolute().parents[2])
        runs.append((Path(tree).name, other_checkout(args.compare, tree), None))
    rows, worst, large, seconds = [], {}, {}, {}
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "trace.csv"
        only = [o for o in args.only.split(",") if o]
        for name, text in traces(args.min_buffers, args.quick):
            if only and not any(o in name for o in only):
                continue
            path.write_text(text)
            for label, tool, effort in runs:
                row, ratio = through_cli(name, path, None, tool, effort)
                row.insert(1, label)
                rows.append(row)
                for key in (label, (label, half(name))):
                    worst[key] = max(worst.get(key, (0.0, "")), (ratio, name))
                    if int(row[2]) > LARGE:
                        large[key] = max(large.get(key, (0.0, "")), (ratio, name))
                seconds.setdefault(name, {})[label] = float(row[5])
                print("  " + " ".join(row), file=sys.stderr, flush=True)
    if not rows:
        print(f"large_traces: no trace name contains any of {args.only!r}", file=sys.stderr)
        return 1
    print(table(rows, ["trace", "run", "buffers", "arena/bound", "strategy", "end-to-end s",
                       "CPU s", "assign-layout s", "peak RSS MiB", "valid"]))
    for key, (ratio, name) in worst.items():
        print(f"worst arena/bound, {_key(key)}: {ratio:.5f} ({name})")
    for key, (ratio, name) in large.items():
        print(f"worst arena/bound above {LARGE} buffers, {_key(key)}: {ratio:.5f} ({name})")
    first, last = runs[0][0], runs[-1][0]
    if first != last:
        times = [(t[last] / max(t[first], 1e-9), name) for name, t in seconds.items()
                 if first in t and last in t]
        if times:
            ratio, name = max(times)
            print(f"largest end-to-end time ratio, {last} / {first}: {ratio:.2f} ({name})")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
