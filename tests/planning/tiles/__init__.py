"""Tests of the tile-aware planner, ``memir.planning.tiles`` ([NPU tiles] in
docs/papers.md); the tile checkers' tests are in ``tests/verify``.

The paper's worked examples and the synthetic workloads live with the benchmark that times
them (``benchmarks/tile_workloads.py``); appended to the path, so that nothing here is
shadowed by a benchmark module (``benchmarks/tiles.py``)."""

import sys
from pathlib import Path

_BENCHMARKS = str(Path(__file__).resolve().parents[3] / "benchmarks")
if _BENCHMARKS not in sys.path:
    sys.path.append(_BENCHMARKS)
