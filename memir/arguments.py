"""Checks of the Python APIs' arguments (``memir.torch``, ``memir.executorch``).

Why one place: each entry point takes sizes, fractions, seconds and names from Python, where
``True`` is an int, ``nan`` compares false with everything and ints have no bound; a value
let through fails deep inside a planner (an int64 overflow, a comparison of str with int).
Here each is checked where it is given: a one-line ``TypeError`` (wrong kind) or
``ValueError`` (out of range, NaN, infinite, unknown name) that names the argument.
"""

from __future__ import annotations

import math
import numbers
from collections.abc import Iterable

# memir.dialects.limits' bounds, restated: this layer imports no IR
# (tests/passes/test_layers.py); tests/passes/test_assign_spaces_bad_options.py checks that
# they agree.
MAX_BYTES = 2**62  # sizes: below 2^62, so that offset + size fits in int64
MAX_SECONDS = 86_400  # time limits: one day
MAX_ALIGNMENT = 2**32  # alignments: 4 GiB

__all__ = ["MAX_ALIGNMENT", "MAX_BYTES", "MAX_SECONDS", "choice", "integer", "number", "sequence",
           "shown"]


def shown(value, width: int = 60) -> str:
    """``repr(value)`` on one line, cut to ``width`` characters."""
    text = " ".join(repr(value).split())
    return text if len(text) <= width else text[:width - 3] + "..."


def integer(name: str, value, low: int, high: int, what: str = "an integer", *,
            none: bool = False) -> int | None:
    """``value`` as an int in ``low..high`` (None passes when ``none``); bools are refused."""
    if value is None and none:
        return None
    kind = f"{what}{' or None' if none else ''}"
    if isinstance(value, bool) or not isinstance(value, numbers.Integral):
        raise TypeError(f"{name} must be {kind}, got {shown(value)}")
    if not low <= value <= high:
        raise ValueError(f"{name} must be {what} in {low}..{high}, got {shown(value)}")
    return int(value)


def number(name: str, value, low: float, high: float, what: str = "a number", *,
           open_low: bool = False, none: bool = False) -> float | None:
    """``value`` as a finite float in ``[low, high]`` (``(low, high]`` when ``open_low``)."""
    if value is None and none:
        return None
    kind = f"{what}{' or None' if none else ''}"
    if isinstance(value, bool) or not isinstance(value, numbers.Real):
        raise TypeError(f"{name} must be {kind}, got {shown(value)}")
    if not math.isfinite(value):
        raise ValueError(f"{name} must be a finite number, got {shown(value)}")
    if value < low or (open_low and value == low) or value > high:
        if high == math.inf:
            span = f"{'>' if open_low else '>='} {low}"
        else:
            span = f"in ({low}, {high}]" if open_low else f"in [{low}, {high}]"
        raise ValueError(f"{name} must be {what} {span}, got {shown(value)}")
    return float(value)


def choice(name: str, value, choices: Iterable[str]) -> str:
    """``value`` if it is one of ``choices`` (a str), else a one-line error listing them."""
    choices = tuple(choices)
    message = f"{name} must be one of {', '.join(choices)}, got {shown(value)}"
    if not isinstance(value, str):
        raise TypeError(message)
    if value not in choices:
        raise ValueError(message)
    return value


def sequence(name: str, value, what: str) -> list:
    """``value`` as a list: a list or tuple of entries (a str or a mapping is not one)."""
    if not isinstance(value, list | tuple):
        raise TypeError(f"{name} must be a list of {what}, got {shown(value)}")
    return list(value)
