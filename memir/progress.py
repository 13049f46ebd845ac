"""One updating line on a terminal while a long pass works.

Why: ``rematerialize`` on a large training step or ``assign-layout`` at a high effort can
work for a minute, and silence reads as a hang. Planners say where they are with ``note``
(the stage, work done of its budget, the best result so far); that only stores a few
fields, so it costs next to nothing and is safe in inner loops. The tools turn a display on
for a terminal (``--progress`` / ``--no-progress``); a thread then redraws one line on
stderr, from ``SHOW_AFTER`` seconds into a pass until it ends, when the line is erased.

The clock is read for the display only: what a planner does never depends on it.
"""

from __future__ import annotations

import sys
import threading
import time
from typing import TextIO

SHOW_AFTER = 2.0  # seconds into a pass before the line appears
REDRAW = 0.25  # seconds between redraws
WIDTH = 100  # characters of the line at most


class _Status:
    """What the running pass said last (written by planners, read by the display)."""

    __slots__ = ("stage", "done", "budget", "best")

    def __init__(self) -> None:
        self.stage, self.done, self.budget, self.best = "", None, None, None


_status = _Status()
_display: _Display | None = None


def note(stage: str, done: int | None = None, budget: int | None = None,
         best: object = None) -> None:
    """Record where the running pass is: ``stage``, ``done`` units of work of ``budget``,
    and ``best`` (the smallest peak or arena the stage has reached) where there is one.
    Each note replaces the last one whole, so that no stage shows another's figures."""
    status = _status
    status.stage, status.done, status.budget, status.best = stage, done, budget, best


def line(label: str, seconds: float) -> str:
    """The text shown for the pass ``label`` after ``seconds``."""
    status = _status
    parts = [f"{label}: {status.stage or 'working'}"]
    if status.done is not None:
        parts.append(f"{status.done:,}" + (f" of {status.budget:,}" if status.budget else ""))
    if status.best is not None:
        parts.append(f"best {status.best:,}" if isinstance(status.best, int)
                     else f"best {status.best}")
    parts.append(f"{seconds:.0f} s")
    return ", ".join(parts)[:WIDTH]


class _Display:
    """The redrawing thread of one pass."""

    def __init__(self, label: str, stream: TextIO) -> None:
        self.label, self.stream = label, stream
        self.start = time.perf_counter()
        self.stop = threading.Event()
        self.shown = False
        self.thread = threading.Thread(target=self._run, name="memir-progress", daemon=True)
        self.thread.start()

    def _run(self) -> None:
        if self.stop.wait(SHOW_AFTER):
            return
        while not self.stop.is_set():
            self._write(f"\r{line(self.label, time.perf_counter() - self.start)}\x1b[K")
            self.shown = True
            self.stop.wait(REDRAW)

    def _write(self, text: str) -> None:
        try:
            self.stream.write(text)
            self.stream.flush()
        except (OSError, ValueError):  # a closed or broken terminal: stop showing
            self.stop.set()

    def close(self) -> None:
        self.stop.set()
        self.thread.join()
        if self.shown:
            self._write("\r\x1b[K")


_enabled_stream: TextIO | None = None


def enable(stream: TextIO | None = None) -> None:
    """Show progress on ``stream`` (stderr) for the passes begun from now on."""
    global _enabled_stream
    _enabled_stream = stream or sys.stderr


def disable() -> None:
    global _enabled_stream
    end()
    _enabled_stream = None


def wanted(flag: bool | None, stream: TextIO | None = None) -> bool:
    """``--progress`` / ``--no-progress`` if given, else whether ``stream`` is a terminal."""
    if flag is not None:
        return flag
    try:
        return (stream or sys.stderr).isatty()
    except (AttributeError, ValueError):
        return False


def begin(label: str) -> None:
    """A pass named ``label`` starts: its notes are shown if the display is on."""
    global _display, _status
    end()
    _status = _Status()
    if _enabled_stream is not None:
        _display = _Display(label, _enabled_stream)


def end() -> None:
    """The running pass ended: erase its line."""
    global _display
    if _display is not None:
        _display.close()
        _display = None
