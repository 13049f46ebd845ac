"""The progress line: one updating line on a terminal, nothing elsewhere, never a change
to what a planner does."""

from __future__ import annotations

import io
import re
import subprocess
import sys
import time
from pathlib import Path

from memir import progress
from memir.tools import memir_opt

ROOT = Path(__file__).resolve().parents[2]
EXAMPLE = str(ROOT / "examples" / "two_streams.mlir")
PIPELINE = "bufferize,stream-safety,assign-layout,verify-layout"


def test_line_shows_stage_work_and_best() -> None:
    progress.begin("assign-layout")
    progress.note("search", 1500, 100000, best=4096)
    assert progress.line("assign-layout", 3.2) == (
        "assign-layout: search, 1,500 of 100,000, best 4,096, 3 s")
    progress.note("repair")  # a note replaces the last whole: no stale figures
    assert progress.line("x", 0) == "x: repair, 0 s"
    progress.end()


def test_display_draws_after_its_delay_and_erases_at_the_end(monkeypatch) -> None:
    monkeypatch.setattr(progress, "SHOW_AFTER", 0.0)
    monkeypatch.setattr(progress, "REDRAW", 0.01)
    stream = io.StringIO()
    progress.enable(stream)
    try:
        progress.begin("schedule")
        progress.note("order search", 7, 50)
        deadline = time.monotonic() + 5
        while "order search" not in stream.getvalue() and time.monotonic() < deadline:
            time.sleep(0.01)
        progress.end()
    finally:
        progress.disable()
    text = stream.getvalue()
    assert "\rschedule: order search, 7 of 50" in text
    assert text.endswith("\r\x1b[K")  # the line is erased: the terminal is as it was


def test_nothing_is_drawn_before_the_delay() -> None:
    stream = io.StringIO()
    progress.enable(stream)
    try:
        progress.begin("report")
        progress.end()
    finally:
        progress.disable()
    assert stream.getvalue() == ""


def test_default_follows_the_terminal() -> None:
    assert progress.wanted(None, io.StringIO()) is False
    assert progress.wanted(True, io.StringIO()) is True
    assert progress.wanted(False) is False


def _without_seconds(ir: str) -> str:
    return re.sub(r"seconds [0-9.e+-]+", "seconds", ir)  # the plan records the pass's time


def test_no_progress_off_a_terminal_and_same_output() -> None:
    """stderr is a pipe here: no line, and ``--progress`` forced on changes no output."""
    plain = subprocess.run([sys.executable, "-m", "memir.tools.memir_opt", EXAMPLE, "-p",
                            PIPELINE], capture_output=True, text=True, timeout=120)
    assert plain.returncode == 0 and "\x1b[K" not in plain.stderr
    forced = subprocess.run([sys.executable, "-m", "memir.tools.memir_opt", EXAMPLE, "-p",
                             PIPELINE, "--progress"], capture_output=True, text=True,
                            timeout=120)
    assert forced.returncode == 0
    assert _without_seconds(forced.stdout) == _without_seconds(plain.stdout)


def test_memir_opt_draws_the_running_pass(monkeypatch, capsys) -> None:
    monkeypatch.setattr(progress, "SHOW_AFTER", 0.0)
    monkeypatch.setattr(progress, "REDRAW", 0.005)
    status = memir_opt.main([EXAMPLE, "-p", PIPELINE, "--progress"])
    err = capsys.readouterr().err
    assert status == 0
    assert any(f"\r{name}: " in err for name in PIPELINE.split(","))
    assert err.count("\r\x1b[K") >= 1
