"""``-o FILE``: written whole or not at all, with the mode a plain write would give it."""

from __future__ import annotations

import os
import stat
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
EXAMPLE = str(ROOT / "examples" / "two_streams.mlir")


def _opt(*args: str, umask: int = 0o022) -> subprocess.CompletedProcess:
    def set_umask() -> None:
        os.umask(umask)

    return subprocess.run([sys.executable, "-m", "memir.tools.memir_opt", *args],
                          capture_output=True, text=True, timeout=120, preexec_fn=set_umask)


def _mode(path: Path) -> int:
    return stat.S_IMODE(path.stat().st_mode)


@pytest.mark.parametrize("umask", [0o022, 0o002, 0o077])
def test_new_file_gets_the_umask_mode(tmp_path: Path, umask: int) -> None:
    out = tmp_path / "out.mlir"
    assert _opt(EXAMPLE, "-p", "bufferize", "-o", str(out), umask=umask).returncode == 0
    assert _mode(out) == 0o666 & ~umask
    assert "memir.alloc" in out.read_text()


def test_existing_file_keeps_its_mode(tmp_path: Path) -> None:
    out = tmp_path / "out.mlir"
    out.write_text("old")
    out.chmod(0o640)
    assert _opt(EXAMPLE, "-o", str(out)).returncode == 0
    assert _mode(out) == 0o640 and "memir.stream" in out.read_text()


def test_failure_leaves_the_old_file_and_no_temp_file(tmp_path: Path) -> None:
    out = tmp_path / "out.mlir"
    out.write_text("old")
    done = _opt(EXAMPLE, "-p", "rematerialize{capacity=0}", "-o", str(out))
    assert done.returncode == 1 and out.read_text() == "old"
    assert [p.name for p in tmp_path.iterdir()] == ["out.mlir"]


def test_plot_into_a_missing_folder_is_a_one_line_error(tmp_path: Path) -> None:
    plot = tmp_path / "missing" / "heap.png"
    done = _opt(EXAMPLE, "-p", f"bufferize,assign-layout,report{{plot={plot}}}")
    assert done.returncode == 1
    assert "cannot write plot" in done.stderr and "Traceback" not in done.stderr


def test_plot_gets_the_umask_mode(tmp_path: Path) -> None:
    plot = tmp_path / "heap.png"
    done = _opt(EXAMPLE, "-p", f"bufferize,assign-layout,report{{plot={plot}}}", umask=0o027)
    assert done.returncode == 0, done.stderr
    assert _mode(plot) == 0o640 and plot.read_bytes().startswith(b"\x89PNG")
