"""Runs the lit + FileCheck suite (filecheck_tests/) so that one `pytest` runs everything."""

import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_filecheck_suite():
    lit = shutil.which("lit") or str(Path(sys.executable).parent / "lit")
    done = subprocess.run([lit, "-q", "-j", "2", str(ROOT / "filecheck_tests")],
                          capture_output=True, text=True)
    assert done.returncode == 0, done.stdout[-6000:] + done.stderr[-3000:]
