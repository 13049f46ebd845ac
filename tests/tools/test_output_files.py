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


def _translate(*args: str) -> list[str]:
    return [sys.executable, "-m", "memir.tools.memir_translate", *args]


def _is_device(path: str) -> bool:
    return os.path.exists(path) and stat.S_ISCHR(os.stat(path).st_mode)


@pytest.mark.skipif(not _is_device("/dev/full"), reason="no /dev/full")
@pytest.mark.parametrize("tool", ["memir-opt", "memir-translate"])
def test_a_failed_write_is_one_line_and_the_device_stays(tool: str) -> None:
    """/dev/full fails every write (ENOSPC): one line, exit 1, and /dev/full is still the
    device (a rename over it, run as root, would put a regular file in its place)."""
    csv = str(ROOT / "examples" / "buffers.csv")
    command = ([sys.executable, "-m", "memir.tools.memir_opt", EXAMPLE] if tool == "memir-opt"
               else _translate("--import-minimalloc", csv))
    done = subprocess.run([*command, "-o", "/dev/full"], capture_output=True, text=True,
                          timeout=120)
    assert done.returncode == 1
    assert done.stderr.splitlines() == [
        f"{tool}: error: cannot write '/dev/full': No space left on device"]
    assert _is_device("/dev/full")


def test_dev_stdout_is_standard_output(tmp_path: Path) -> None:
    """``-o /dev/stdout`` writes through the stream: neither a rename over the file a shell
    redirected stdout to, nor a reopening that truncates it."""
    log = tmp_path / "log.txt"
    with open(log, "w") as stream:
        stream.write("before\n")
        stream.flush()
        subprocess.run([sys.executable, "-m", "memir.tools.memir_opt", EXAMPLE, "-o",
                        "/dev/stdout"], stdout=stream, timeout=120, check=True)
    text = log.read_text()
    assert text.startswith("before\nbuiltin.module") and "memir.stream" in text


def test_a_link_is_followed_and_kept(tmp_path: Path) -> None:
    target = tmp_path / "target.mlir"
    target.write_text("old")
    link = tmp_path / "link.mlir"
    link.symlink_to(target.name)
    assert _opt(EXAMPLE, "-o", str(link)).returncode == 0
    assert link.is_symlink() and "memir.stream" in target.read_text()


def test_runs_writing_one_file_at_once_leave_one_whole_file(tmp_path: Path) -> None:
    """Three imports of different tables into one ``-o`` at the same time: the file is
    then exactly one of the three outputs (each went to its own temp file, renamed whole),
    and no temp file is left."""
    expected = []
    commands = []
    for k in range(3):
        rows = "".join(f"{i},{i % 97},{i % 97 + 1 + k},{64 * (1 + i % 13)}\n"
                       for i in range(20_000))
        csv = tmp_path / f"t{k}.csv"
        csv.write_text("id,lower,upper,size\n" + rows)
        alone = tmp_path / f"alone{k}.mlir"
        subprocess.run(_translate("--import-minimalloc", str(csv), "-o", str(alone)),
                       check=True, timeout=120)
        expected.append(alone.read_text())
        commands.append(_translate("--import-minimalloc", str(csv), "-o",
                                   str(tmp_path / "shared" / "out.mlir")))
    (tmp_path / "shared").mkdir()
    running = [subprocess.Popen(c, stderr=subprocess.PIPE, text=True) for c in commands]
    assert [p.wait(timeout=120) for p in running] == [0, 0, 0]
    assert (tmp_path / "shared" / "out.mlir").read_text() in expected
    assert [p.name for p in (tmp_path / "shared").iterdir()] == ["out.mlir"]
