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
* ``<graph> x9``: a PyTorch-corpus training graph's interval problem stacked 9 times.

``problems()`` yields (name, Problem); ``to_csv`` writes MiniMalloc CSV for the CLI.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from pathlib import Path

from memir.io.minimalloc import read_csv
from memir.model.layout import Buffer, Problem

REPO = Path(__file__).resolve().parent.parent
# ../shared/benchmarks/dsa beside the repository (or beside a directory above it, for a
# worktree).
DSA = next((d / "shared" / "benchmarks" / "dsa" for d in REPO.parents
            if (d / "shared" / "benchmarks" / "dsa").is_dir()),
           REPO.parent / "shared" / "benchmarks" / "dsa")
CORPUS = REPO / "cache" / "models"
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
    from memir.passes import Bufferize, analyses
    from memir.passes.bridge import layout_problem
    from memir.tools.driver import parse_chunk, verify
    from memir.tools.registry import make_context

    ctx = make_context()
    chunk = parse_chunk(ctx, path.read_text(), str(path))
    verify(chunk)
    Bufferize().apply(ctx, chunk.module)
    analyses.manager(ctx).invalidate()
    problem = layout_problem(analyses.program(ctx, chunk.module).data, None)
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
    for name in CORPUS_GRAPHS:
        path = CORPUS / f"{name}.mlir"
        if path.exists():
            yield f"{name.split('.')[0]} x9", stacked(corpus_problem(path), 9, 0.1, seed=4,
                                                     spread=0.2)
    if not quick:
        yield "S_1 x2", stacked(s1, 2, 0.05, seed=5)


def to_csv(problem: Problem) -> str:
    if any(b.alignment > 1 for b in problem.buffers):
        rows = ["id,lower,upper,size,alignment"]
        rows += [f"{i},{b.lower},{b.upper},{b.size},{b.alignment}"
                 for i, b in enumerate(problem.buffers)]
    else:
        rows = ["id,lower,upper,size"]
        rows += [f"{i},{b.lower},{b.upper},{b.size}" for i, b in enumerate(problem.buffers)]
    return "\n".join(rows) + "\n"
