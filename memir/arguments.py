"""Ranges of the values memir takes, and the checks of the Python APIs' arguments.

Why one place: a range is declared once, as a ``Bound``, and read by a pass option's
declaration (passes/support/options.py) and by the Python entry points that take the same
value (``memir.torch``, ``memir.executorch``), which cannot import the passes (no xDSL).
From Python, ``True`` is an int, ``nan`` compares false with everything and ints have no
bound; a value let through fails deep inside a planner (an int64 overflow, a comparison of
str with int). Here each is checked where it is given: a one-line ``TypeError`` (wrong
kind) or ``ValueError`` (out of range, NaN, infinite, unknown name) that names the argument.
"""

from __future__ import annotations

import math
import numbers
from collections.abc import Iterable
from dataclasses import dataclass

# The bounds below are also the IR's (memir.dialects.limits takes them from here).
MAX_BYTES = 2**62  # sizes: below 2^62, so that offset + size fits in int64
MAX_SECONDS = 86_400  # time limits: one day (budgets decide; the wall clock only caps)
MAX_ALIGNMENT = 2**32  # alignments: 4 GiB, far past any page or cache line


@dataclass(frozen=True)
class Bound:
    """``low <= value <= high`` (``low < value`` when ``open_low``); ``why`` names the limit."""

    low: int | float
    high: int | float
    why: str
    open_low: bool = False

    def error(self, name: str, value) -> str | None:
        """The message for a value out of range (a pass option's words), None inside."""
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


SECONDS = Bound(0, MAX_SECONDS, "seconds", open_low=True)  # every time limit
ALIGNMENT = Bound(1, MAX_ALIGNMENT, "bytes, a power of two")  # every alignment

__all__ = ["ALIGNMENT", "MAX_ALIGNMENT", "MAX_BYTES", "MAX_SECONDS", "SECONDS", "Bound",
           "bounded_integer", "bounded_number", "choice", "integer", "number", "sequence",
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


def bounded_integer(name: str, value, bound: Bound, what: str = "an integer", *,
                    none: bool = False) -> int | None:
    """``integer`` within a declared ``Bound`` (the same range as the pass option's)."""
    low = bound.low + 1 if bound.open_low else bound.low
    return integer(name, value, low, bound.high, what, none=none)


def bounded_number(name: str, value, bound: Bound, what: str = "a number", *,
                   none: bool = False) -> float | None:
    """``number`` within a declared ``Bound`` (the same range as the pass option's)."""
    return number(name, value, bound.low, bound.high, what, open_low=bound.open_low, none=none)


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
