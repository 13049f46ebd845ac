"""Helpers every memir pass shares: pass timing, op errors, and IR <-> plain-data glue."""

from __future__ import annotations

from memir.tools.diagnostics import OpError

# (pass name, seconds) of the passes run so far on the current module; the driver fills it
# and the report pass reads it.
pass_timings: list[tuple[str, float]] = []

__all__ = ["OpError", "pass_timings"]
