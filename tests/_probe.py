"""Which modules a memir-opt run imports: a fresh interpreter runs the tool on ``stdin`` and
reports its exit status and which of ``modules`` it loaded (start-up cost is paid per
module, so dialects must load only when a program uses them)."""

from __future__ import annotations

import subprocess
import sys

PROBE = """
import io, sys
sys.stdin = io.TextIOWrapper(io.BytesIO({stdin!r}), encoding="utf-8")
sys.stdout = io.StringIO()
from memir.tools import memir_opt
status = memir_opt.main([])
loaded = sorted(m for m in {modules!r} if m in sys.modules)
sys.__stdout__.write(f"{{status}} {{','.join(loaded)}}\\n")
"""


def loaded_modules(stdin: bytes, modules) -> tuple[int, list[str]]:
    code = PROBE.format(stdin=stdin, modules=tuple(modules))
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          timeout=120)
    assert done.returncode == 0, done.stderr
    status, _, names = done.stdout.strip().partition(" ")
    return int(status), [n for n in names.split(",") if n]
