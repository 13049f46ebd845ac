"""SIGINT and SIGTERM end memir-opt and memir-translate at once (what a user gets: docs/tools.md).

Why not Python's own handling: Python runs a signal handler only when the main thread is
back in the interpreter. Inside a native solve that can be many seconds later, and the
planner that was cut short then returns its best plan so far, which the tool would write
and exit 0 with.

How: Python's C-level handler writes the signal's number to a wakeup pipe at once; a
daemon thread blocked on that pipe (``os.read`` releases the GIL, as do CP-SAT's and Z3's
solves) freezes output files (``memir.files.freeze_writes``), says ``interrupted`` and ends
the process with ``os._exit``, so nothing half-done is written (the main thread's handler
too, where it runs first). memir's solvers turn off CP-SAT's and Z3's own SIGINT handlers,
which would swallow the signal. Only a tool run as a program installs this (``install``):
an in-process caller gets ``KeyboardInterrupt``.
"""

from __future__ import annotations

import os
import signal
import sys
import threading

from memir import files, progress

# The signals handled, and the exit status each ends the process with.
EXIT_STATUS = {signal.SIGINT: 130, signal.SIGTERM: 143}

# Seconds the clean-up may take before the process ends regardless.
GRACE = 0.5

_installed: list[str] = []  # the program's name, once installed
_pipe: list[int] = []  # the wakeup pipe's write end, once installed
_ending = threading.Lock()  # held by the thread ending the process


def run_as_program(module_name: str, prog: str) -> bool:
    """Whether the tool module named ``module_name`` runs as the program ``prog`` (``python
    -m``, or the console script of that name), not imported by an in-process caller."""
    return module_name == "__main__" or os.path.basename(sys.argv[0] or "") == prog


def install(prog: str) -> None:
    """Make SIGINT and SIGTERM end this process as described above (once per process;
    from the main thread only, as ``signal.signal`` requires)."""
    if _installed or threading.current_thread() is not threading.main_thread():
        return
    read_end, write_end = os.pipe()
    os.set_blocking(write_end, False)  # the C handler must never block on a full pipe
    signal.set_wakeup_fd(write_end, warn_on_full_buffer=False)
    for signum in EXIT_STATUS:
        if signal.getsignal(signum) is not signal.SIG_IGN:  # kept ignored, as by nohup
            signal.signal(signum, _pass_to_watcher)
    _installed.append(prog)
    _pipe.append(write_end)
    threading.Thread(target=_watch, args=(read_end,), name="memir-signals",
                     daemon=True).start()


def _pass_to_watcher(signum, frame) -> None:  # noqa: ARG001 - signal's signature
    """The main thread's handler (one must be set for the wakeup pipe to be written): it
    hands the signal to the watcher once more, in case a library has since pointed the
    wakeup descriptor elsewhere, then ends the process itself. The main thread can get
    here first on a loaded machine: it would otherwise go on and finish (a blocked read
    that then sees its end of input) and exit 0 before the watcher runs."""
    try:
        os.write(_pipe[0], bytes([signum]))
    except OSError:  # the pipe is full: the watcher has signals to read already
        pass
    _end(signum)


def _watch(read_end: int) -> None:
    """Wait for the first handled signal on the wakeup pipe, then end the process."""
    while True:
        try:
            data = os.read(read_end, 64)
        except InterruptedError:
            continue
        for signum in data:
            if signum in EXIT_STATUS:
                _end(signum)


def _end(signum: int) -> None:
    """Leave every output file as it was, say so, and exit with the signal's status.

    The exit is armed first: if a step below waits (the main thread in the middle of a
    rename or of a write to a stderr nobody reads), the process still ends in
    ``GRACE`` seconds."""
    _ending.acquire()  # once: a second caller waits here until the first ends the process
    status = EXIT_STATUS[signum]
    threading.Timer(GRACE, os._exit, args=(status,)).start()
    files.freeze_writes()  # holds the commit lock until the process is gone
    try:
        progress.disable()  # erase a progress line, if one is shown
    except Exception:  # noqa: BLE001 - the display's own trouble must not keep us here
        pass
    name = "interrupted" if signum == signal.SIGINT else "terminated"
    try:  # the descriptor itself: the stream's lock may be held by the main thread
        os.write(2, f"{_installed[0]}: {name}\n".encode())
    except OSError:
        pass  # nowhere left to report to
    os._exit(status)
