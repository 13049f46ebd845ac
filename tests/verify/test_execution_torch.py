"""check-execution on a PyTorch model imported with two streams and planned by memir."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

pytest.importorskip("torch.nn", reason="needs memir[torch]")

MODELS = Path(__file__).resolve().parents[1] / "torch"


@pytest.mark.parametrize("model,shape,streams,optimizer,schedule", [
    ("small_convnet", "3x16x16", 2, "sgd", ""), ("small_convnet", "3x16x16", 4, "sgd", ""),
    # scheduled: the Adam updates move into the backward pass (the importer's tail)
    ("tiny_lm", "8", 2, "adam", "schedule,"), ("tiny_lm", "8", 4, "adam", "schedule,"),
])
def test_imported_training_graph_passes(tmp_path, model, shape, streams, optimizer, schedule):
    ir = tmp_path / "train.mlir"
    done = subprocess.run(
        [sys.executable, "-m", "memir.tools.memir_translate", "--import-torch",
         f"torch_models:{model}", "--batch", "2" if optimizer == "sgd" else "1", "--mode",
         "train", "--optimizer", optimizer,
         "--input-shape", shape, "--streams", str(streams), "-o", str(ir)],
        capture_output=True, text=True, timeout=300, cwd=MODELS)
    assert done.returncode == 0, done.stderr
    done = subprocess.run(
        [sys.executable, "-m", "memir.tools.memir_opt", str(ir), "-p",
         f"bufferize,{schedule}stream-safety,assign-layout,check-execution{{interleavings=32}},"
         "check-execution{data=true interleavings=8},report", "-o", str(tmp_path / "out.mlir")],
        capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    if schedule:
        before, after = map(int, re.search(r"schedule: +peak (\d+) -> (\d+)", done.stderr).groups())
        assert after < before, done.stderr
