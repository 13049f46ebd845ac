"""memir-translate --import-torch end to end: exit codes, one-line errors, no tracebacks."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

pytest.importorskip("torch.nn", reason="needs memir[torch]")

from memir.tools.memir_translate import main as translate  # noqa: E402

HERE = Path(__file__).resolve().parent


def run(module: str, *args: str, code: str | None = None) -> subprocess.CompletedProcess:
    """Run a memir tool as a user would, from this folder (where torch_models.py lives)."""
    command = [sys.executable, "-c", code] if code else [sys.executable, "-m", module]
    return subprocess.run([*command, *args], capture_output=True, text=True, timeout=120,
                          cwd=HERE)


def assert_one_line_failure(done, *needles: str) -> None:
    assert done.returncode == 1, (done.returncode, done.stderr)
    assert "Traceback" not in done.stderr + done.stdout
    assert len(done.stderr.strip().splitlines()) == 1, done.stderr
    for needle in needles:
        assert needle in done.stderr, done.stderr


def test_import_then_plan(tmp_path):
    ir = tmp_path / "train.mlir"
    done = run("memir.tools.memir_translate", "--import-torch", "torch_models:small_convnet",
               "--batch", "2", "--mode", "train", "--optimizer", "sgd", "--input-shape",
               "3x16x16", "--streams", "2", "-o", str(ir))
    assert done.returncode == 0, done.stderr
    assert "aten.convolution_backward" in ir.read_text()
    done = run("memir.tools.memir_opt", str(ir), "-p",
               "bufferize,stream-safety,assign-layout,verify-layout,report")
    assert done.returncode == 0, done.stderr
    assert "report: arena" in done.stderr and "memir.plan" in done.stdout


def test_bad_module_and_broken_factory_fail_cleanly():
    assert_one_line_failure(
        run("memir.tools.memir_translate", "--import-torch", "no_such_module:factory"),
        "memir-translate: error: cannot import 'no_such_module'")
    assert_one_line_failure(
        run("memir.tools.memir_translate", "--import-torch", "torch_models:broken"),
        "tracing 'torch_models:broken' failed: RuntimeError: this factory is broken")


def test_without_torch_the_message_names_the_extra():
    code = ("import sys; sys.modules['torch'] = None\n"
            "from memir.tools.memir_translate import main\n"
            "sys.exit(main(sys.argv[1:]))")
    done = run("", "--import-torch", "torch_models:small_convnet", code=code)
    assert_one_line_failure(done, "needs PyTorch", "memir[torch]")


@pytest.mark.parametrize("args,needle", [
    (["--import-torch", "torch_models"], "expected MODULE:FACTORY"),
    (["--import-torch", "torch_models:no_such_factory"], "has no attribute 'no_such_factory'"),
    (["--import-torch", "torch_models:not_a_module"], "not an nn.Module"),
    (["--import-torch", "torch_models:small_convnet", "--input-shape", "3xAx4"],
     "bad --input-shape '3xAx4'"),
    (["--import-torch", "torch_models:small_convnet", "--batch", "0"],
     "--batch must lie in [1, 1048576]"),
    (["--import-torch", "torch_models:small_convnet", "--batch", str(2**64)],
     "--batch must lie in [1, 1048576]"),
    (["--import-torch", "torch_models:small_convnet", "--streams", "100000"],  # streams^2 state
     "--streams in [1, 256], got 1 and 100000"),
])
def test_option_errors(args, needle, capsys, monkeypatch):
    monkeypatch.chdir(HERE)
    assert translate(args) == 1
    err = capsys.readouterr().err
    assert needle in err and len(err.strip().splitlines()) == 1, err
