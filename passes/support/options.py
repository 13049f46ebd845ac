"""Ranges of the passes' integer and float options, checked before any pass runs.

Why: Python integers are unbounded, and xDSL accepts any number for an ``int`` option, so
``check-execution{interleavings=18446744073709551616}`` would start a run that never ends
and ``capacity=2**64`` would overflow the planners' int64 arrays. Each pass declares
``option_bounds`` (option -> ``Bound``, the limits from memir/dialects/limits.py) and calls
``check_bounds(self)`` first in its ``check_options()``, which memir-opt's pipeline parser
calls for every pass before the first one runs (memir/tools/pipeline.py); ``apply`` calls it
again for pipelines built in Python. A numeric option without a declared bound is itself
an error, so a new pass cannot forget one (tests/passes/support/test_options.py walks them all).
"""

from __future__ import annotations

import dataclasses
import math
from dataclasses import dataclass

from memir.dialects.errors import PassError


@dataclass(frozen=True)
class Bound:
    """``low <= value <= high`` (``low < value`` when ``open_low``); ``why`` names the limit."""

    low: int | float
    high: int | float
    why: str
    open_low: bool = False

    def error(self, name: str, value) -> str | None:
        """The message for a value out of range, None when it is inside."""
        if isinstance(value, float) and not math.isfinite(value):
            return f"{name} must be a finite number, got {value}"
        if value < self.low or (self.open_low and value == self.low):
            if (self.open_low and self.low == 0) or (self.low == 1 and isinstance(value, int)):
                return f"{name} must be positive, got {value}"
            if self.low == 0:
                return f"{name} must be non-negative, got {value}"
            return f"{name} must be at least {self.low}, got {value}"
        if value > self.high:
            return f"{name} {value} is too large: at most {self.high} ({self.why})"
        return None


def check_bounds(pass_) -> None:
    """PassError for the first numeric option outside its declared ``Bound`` (or with none)."""
    bounds: dict[str, Bound] = getattr(type(pass_), "option_bounds", {})
    for field in dataclasses.fields(pass_):
        value = getattr(pass_, field.name)
        name = field.name.replace("_", "-")
        declared = field.type if isinstance(field.type, str) else getattr(field.type, "__name__", "")
        if isinstance(value, bool):
            if "bool" not in str(declared):  # True is an int to Python, not to the user
                raise PassError(f"{name} must be a number, got {str(value).lower()}")
            continue
        if not isinstance(value, int | float):
            continue
        bound = bounds.get(field.name)
        if bound is None:
            raise PassError(f"option {name} of pass '{pass_.name}' declares no range")
        if (message := bound.error(name, value)) is not None:
            raise PassError(message)
