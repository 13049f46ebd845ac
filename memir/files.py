"""Files written whole or not at all, with the mode a plain write would give them.

Why: a tool that fails half way must leave no half-written output (``-o``, a heap-map
plot), so output goes to a temp file beside the target, is flushed (``fsync``: after a
crash the target holds the old bytes or the new, never an empty file) and renamed over it.
The renamed file gets the mode ``open(path, "w")`` would leave, not ``mkstemp``'s 0o600.

Not every path can be replaced: a device or a pipe, and any path under /dev or /proc
(``/dev/stdout`` even where it leads to a regular file) is written in place, as a plain
write would: a rename would put a regular file where the device was, or swap the file a
shell redirected the stream to. A symbolic link is followed, so its target is replaced.

A process being ended by a signal calls ``freeze_writes``: from then on no write commits,
and the temp files of the writes in flight are removed (``memir.tools.signals``).
"""

from __future__ import annotations

import os
import stat
import tempfile
import threading
from collections.abc import Callable

# Commits (renames) and freeze_writes take turns under this lock; _in_flight holds the temp
# files written now, which freeze_writes removes.
_commit = threading.Lock()
_in_flight: set[str] = set()


def plain_write_mode(path: str) -> int:
    """The permission bits ``open(path, "w")`` would leave on ``path``."""
    try:
        return stat.S_IMODE(os.stat(path).st_mode)
    except OSError:
        umask = os.umask(0)
        os.umask(umask)
        return 0o666 & ~umask


# Paths named through these folders are the system's (devices, a process's own streams:
# /dev/stdout is a link to /proc/self/fd/1, which may be a regular file): written in place.
SYSTEM_FOLDERS = ("/dev/", "/proc/")


def replaceable(path: str) -> bool:
    """Whether a rename may put a new file in place of ``path``: a regular file (after
    following links) or nothing yet, not named through ``SYSTEM_FOLDERS``."""
    if os.path.abspath(path).startswith(SYSTEM_FOLDERS):
        return False
    try:
        return stat.S_ISREG(os.stat(path).st_mode)
    except OSError:
        return True


def write_atomically(path: str, write: Callable[[str], None]) -> None:
    """``write(temp_path)`` fills a temp file beside ``path``, then it replaces ``path``.

    An OSError (no such folder, no permission, a full disk) propagates with the temp file
    removed and ``path`` untouched. A device or pipe is written in place (see above)."""
    if not replaceable(path):
        write(path)
        return
    path = os.path.realpath(path)  # replace what a link points to, not the link
    fd, tmp = tempfile.mkstemp(prefix=".memir-", dir=os.path.dirname(path))
    with _commit:
        _in_flight.add(tmp)
    try:
        os.chmod(fd, plain_write_mode(path))
        os.close(fd)
        write(tmp)
        _sync(tmp)
        with _commit:
            os.replace(tmp, path)
    except BaseException:
        if os.path.exists(tmp):
            os.unlink(tmp)
        raise
    finally:
        with _commit:
            _in_flight.discard(tmp)


def _sync(path: str) -> None:
    """Flush ``path``'s bytes to the disk, so that the rename never publishes a file whose
    content a crash could still lose."""
    fd = os.open(path, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


def freeze_writes() -> None:
    """No write commits after this call, and the temp files of the writes in flight are
    removed. For a process about to end (it keeps the commit lock, so a writer that reaches
    its rename waits for the exit): what it was writing is left as it was."""
    _commit.acquire()
    for tmp in list(_in_flight):
        try:
            os.unlink(tmp)
        except OSError:
            pass
