"""Shared test configuration.

Hypothesis: the default run is deterministic (derandomized: the same cases on every machine
and every run), so that the README's test command passes every time. Random exploration is
opt-in: ``HYPOTHESIS_PROFILE=explore pytest ...`` draws fresh cases (and more of them), as
does ``benchmarks/fuzz.py`` for the tools.

Skips: the tests that need MLIR 22's tools skip without them (CI fails instead); the run ends
with one line saying how many and how to get the tools.

xDSL: the tests read and write IR in-process as memir-opt and memir-translate do, and those
opt into memir's fixes to xDSL when they start (dialects/xdsl_patches.py); so does every
test process, before any test runs, whatever order the tests run in. That importing memir
alone changes nothing is checked in a fresh interpreter (tests/dialect/test_xdsl_untouched.py).
"""

import os

from hypothesis import HealthCheck, settings

from memir.dialects import xdsl_patches

xdsl_patches.apply()

COMMON = dict(deadline=None, print_blob=True, suppress_health_check=[HealthCheck.too_slow])
settings.register_profile("default", derandomize=True, **COMMON)
settings.register_profile("ci", derandomize=True, **COMMON)
settings.register_profile("explore", derandomize=False, max_examples=1000, **COMMON)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "default"))

MLIR_TOOLS = ("mlir-opt", "mlir-runner", "mlir-22")


def _skip_reason(report) -> str:
    longrepr = report.longrepr
    return longrepr[2] if isinstance(longrepr, tuple) and len(longrepr) == 3 else str(longrepr)


def pytest_terminal_summary(terminalreporter) -> None:
    skipped = terminalreporter.stats.get("skipped", [])
    needing_mlir = [r for r in skipped if any(t in _skip_reason(r) for t in MLIR_TOOLS)]
    if needing_mlir:
        terminalreporter.write_line(
            f"{len(needing_mlir)} tests skipped: they need MLIR 22's mlir-opt and mlir-runner "
            "(Debian: `apt-get install -y mlir-22-tools`, or set MLIR_BIN to their folder)")
