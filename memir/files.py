"""Files written whole or not at all, with the mode a plain write would give them.

Why: a tool that fails half way must leave no half-written output (``-o``, a heap-map
plot), so output goes to a temp file beside the target and is renamed over it. ``mkstemp``
makes that file readable by its owner only; the renamed file gets the mode
``open(path, "w")`` would leave instead: an existing file keeps its own, a new one gets
0o666 less the umask.
"""

from __future__ import annotations

import os
import stat
import tempfile
from collections.abc import Callable


def plain_write_mode(path: str) -> int:
    """The permission bits ``open(path, "w")`` would leave on ``path``."""
    try:
        return stat.S_IMODE(os.stat(path).st_mode)
    except OSError:
        umask = os.umask(0)
        os.umask(umask)
        return 0o666 & ~umask


def write_atomically(path: str, write: Callable[[str], None]) -> None:
    """``write(temp_path)`` fills a temp file beside ``path``, then it replaces ``path``.

    An OSError (no such folder, no permission, a full disk) propagates with the temp file
    removed and ``path`` untouched."""
    fd, tmp = tempfile.mkstemp(prefix=".memir-", dir=os.path.dirname(os.path.abspath(path)))
    try:
        os.chmod(fd, plain_write_mode(path))
        os.close(fd)
        write(tmp)
        os.replace(tmp, path)
    except BaseException:
        if os.path.exists(tmp):
            os.unlink(tmp)
        raise
