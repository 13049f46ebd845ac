"""Shared test configuration: hypothesis runs derandomized (same cases every run) in CI;
memir's fixes to xDSL applied, as the tools apply them."""

import os

from hypothesis import HealthCheck, settings

settings.register_profile(
    "ci",
    derandomize=True,
    deadline=None,
    print_blob=True,
    suppress_health_check=[HealthCheck.too_slow],
)
settings.register_profile("dev", deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.load_profile("ci" if os.environ.get("CI") else os.environ.get("HYPOTHESIS_PROFILE", "dev"))

# The tests read and write IR in-process as memir-opt and memir-translate do, and those
# opt into memir's fixes to xDSL when they start (dialects/xdsl_patches.py); so does every
# test process, before any test runs, whatever order the tests run in. That importing
# memir alone changes nothing is checked in a fresh interpreter
# (tests/dialect/test_xdsl_untouched.py).
from memir.dialects import xdsl_patches  # noqa: E402

xdsl_patches.apply()
