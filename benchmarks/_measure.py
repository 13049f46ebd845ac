"""Seconds and peak memory of one command, as every benchmark table prints them.

Why a shared helper: the benchmarks measure the path users run (``memir-opt``,
``memir-translate``) in a child process, and the child's own peak RSS is the memory figure
that matters. ``RUSAGE_CHILDREN`` gives only the maximum over all children waited for so
far, so each child is reaped with ``os.wait4``, which returns that child's own usage.
"""

from __future__ import annotations

import os
import resource
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass


@dataclass(frozen=True)
class Measured:
    returncode: int
    seconds: float
    rss_mb: float  # the child's peak resident set, MiB
    cpu_seconds: float  # the child's user + system time (grows far less with load)
    stdout: str
    stderr: str


def run(argv: list[str], stdin: str | bytes | None = None, cwd: str | None = None,
        env: dict[str, str] | None = None) -> Measured:
    """Run ``argv`` to completion (``env``: added to this environment); its wall time, CPU
    time and its own peak RSS."""
    data = stdin.encode() if isinstance(stdin, str) else stdin
    with tempfile.TemporaryFile() as out, tempfile.TemporaryFile() as err, \
            tempfile.TemporaryFile() as inp:
        if data is not None:
            inp.write(data)
            inp.seek(0)
        start = time.perf_counter()
        child = subprocess.Popen(argv, stdin=inp if data is not None else subprocess.DEVNULL,
                                 stdout=out, stderr=err, cwd=cwd,
                                 env=None if env is None else {**os.environ, **env})
        _, status, usage = os.wait4(child.pid, 0)
        seconds = time.perf_counter() - start
        child.returncode = os.waitstatus_to_exitcode(status)
        out.seek(0)
        err.seek(0)
        return Measured(child.returncode, seconds, usage.ru_maxrss / 1024,
                        usage.ru_utime + usage.ru_stime, out.read().decode(errors="replace"),
                        err.read().decode(errors="replace"))


def memir(tool: str, *args: str, stdin: str | bytes | None = None,
          env: dict[str, str] | None = None) -> Measured:
    """``memir-opt`` / ``memir-translate`` as users run them, in this interpreter's env."""
    module = {"memir-opt": "memir.tools.memir_opt",
              "memir-translate": "memir.tools.memir_translate"}[tool]
    return run([sys.executable, "-m", module, *args], stdin=stdin, env=env)


def memir_without_numba(tool: str, *args: str, stdin: str | bytes | None = None) -> Measured:
    """``memir`` on the numpy path (``MEMIR_NO_NUMBA``: numba is not loaded)."""
    return memir(tool, *args, stdin=stdin, env={"MEMIR_NO_NUMBA": "1"})


def self_rss_mb() -> float:
    """Peak RSS of this process so far, MiB (for benchmarks that call the library)."""
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
