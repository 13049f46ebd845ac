"""Tests for the tile-aware planner and checkers ([NPU tiles] in the README).

The paper's worked examples and the synthetic workloads live with the benchmark that times
them (``benchmarks/tile_workloads.py``); appended to the path, so that ``tiles`` here stays
this package and not ``benchmarks/tiles.py``."""

import sys
from pathlib import Path

_BENCHMARKS = str(Path(__file__).resolve().parents[2] / "benchmarks")
if _BENCHMARKS not in sys.path:
    sys.path.append(_BENCHMARKS)
