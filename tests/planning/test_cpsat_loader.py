"""memir's CP-SAT import leaves pandas out, and pandas stays importable afterwards."""

import subprocess
import sys

CODE = """
import sys
from memir.planning.layout.exact.canonical import decide_canonical
from memir.model.layout import Buffer, Problem
assert "pandas" not in sys.modules, "pandas was loaded"
verdict, offsets = decide_canonical(Problem([Buffer(4, 0, 2), Buffer(4, 1, 3)]), 8, "TWA", 1.0)
assert verdict == "feasible" and sorted(offsets) == [0, 4], (verdict, offsets)
try:
    import pandas
except ImportError:  # not installed here: nothing to check
    pass
else:
    assert hasattr(pandas, "DataFrame"), "the stand-in leaked"
print("ok")
"""


def test_cpsat_loads_without_pandas_and_real_pandas_still_imports() -> None:
    out = subprocess.run([sys.executable, "-c", CODE], capture_output=True, text=True)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "ok"
