"""check-execution on a PyTorch model imported with two streams and planned by memir."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

pytest.importorskip("torch.nn", reason="needs memir[torch]")

MODELS = Path(__file__).resolve().parents[1] / "torch"


@pytest.mark.parametrize("streams", [2, 4])
def test_imported_training_graph_passes(tmp_path, streams):
    ir = tmp_path / "train.mlir"
    done = subprocess.run(
        [sys.executable, "-m", "memir.tools.memir_translate", "--import-torch",
         "torch_models:small_convnet", "--batch", "2", "--mode", "train", "--optimizer", "sgd",
         "--input-shape", "3x16x16", "--streams", str(streams), "-o", str(ir)],
        capture_output=True, text=True, timeout=300, cwd=MODELS)
    assert done.returncode == 0, done.stderr
    done = subprocess.run(
        [sys.executable, "-m", "memir.tools.memir_opt", str(ir), "-p",
         "bufferize,stream-safety,assign-layout,check-execution{interleavings=32},"
         "check-execution{data=true interleavings=8}"],
        capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
