"""Ranges of the passes' integer and float options, checked before any pass runs.

Why: Python integers are unbounded, and xDSL accepts any number for an ``int`` option, so
``check-execution{interleavings=18446744073709551616}`` would start a run that never ends
and ``capacity=2**64`` would overflow the planners' int64 arrays. Each pass declares
``option_bounds`` (option -> ``Bound``, the limits from memir/dialects/limits.py) and calls
``check_bounds(self)`` first in its ``check_options()``, which memir-opt's pipeline parser
calls for every pass before the first one runs (memir/tools/pipeline.py); ``apply`` calls it
again for pipelines built in Python. A numeric option without a declared bound is itself
an error, so a new pass cannot forget one (tests/passes/support/test_options.py walks them all).

The errors are ``PassError``s (memir-opt reports them as bad options) that are also
``ValueError`` (out of range) or ``TypeError`` (``check_types``: a str where a number goes),
so a pass built in Python with a bad value fails as any Python API does.
"""

from __future__ import annotations

import dataclasses
import math
import types
import typing
from dataclasses import dataclass

from memir.dialects.errors import PassError


class OptionError(PassError, ValueError):
    """An option's value is out of its range or not one of its choices."""


class OptionTypeError(PassError, TypeError):
    """An option's value is of the wrong kind (a pass built in Python)."""


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
        declared = field.type if isinstance(field.type, str) \
            else getattr(field.type, "__name__", "")
        if isinstance(value, bool):
            if "bool" not in str(declared):  # True is an int to Python, not to the user
                raise OptionTypeError(f"{name} must be a number, got {str(value).lower()}")
            continue
        if not isinstance(value, int | float):
            continue
        bound = bounds.get(field.name)
        if bound is None:
            raise PassError(f"option {name} of pass '{pass_.name}' declares no range")
        if (message := bound.error(name, value)) is not None:
            raise OptionError(message)


def check_types(pass_) -> None:
    """``OptionTypeError`` (``OptionError`` for a str outside a ``Literal``'s choices) for the
    first option whose value its annotation does not take: what a pipeline's text cannot
    give, but a pass built in Python can. Bools count as bools only; a float option takes
    an int."""
    hints = typing.get_type_hints(type(pass_))
    for field in dataclasses.fields(pass_):
        if not field.init or field.name not in hints:
            continue
        value, kinds = getattr(pass_, field.name), _kinds(hints[field.name])
        if any(_takes(kind, value) for kind in kinds):
            continue
        name = field.name.replace("_", "-")
        choices = [c for kind in kinds if typing.get_origin(kind) is typing.Literal
                   for c in typing.get_args(kind)]
        shown = " ".join(repr(value).split())[:60]
        if choices:
            error = OptionError if isinstance(value, str) else OptionTypeError
            raise error(f"{name} must be one of {', '.join(map(str, choices))}, got {shown}")
        wanted = " or ".join(dict.fromkeys(_KIND_NAMES.get(k, getattr(k, "__name__", str(k)))
                                           for k in kinds))
        raise OptionTypeError(f"{name} must be {wanted}, got {shown}")


_KIND_NAMES = {int: "an integer", float: "a number", bool: "true or false",
               type(None): "none", str: "a string"}


def _kinds(hint) -> tuple:
    if typing.get_origin(hint) in (typing.Union, types.UnionType):
        return typing.get_args(hint)
    return (hint,)


def _takes(kind, value) -> bool:
    if kind is type(None):
        return value is None
    if typing.get_origin(kind) is typing.Literal:
        return isinstance(value, str) and value in typing.get_args(kind)
    if kind is bool:
        return isinstance(value, bool)
    if kind is int:
        return isinstance(value, int) and not isinstance(value, bool)
    if kind is float:
        return isinstance(value, int | float) and not isinstance(value, bool)
    if isinstance(kind, type):
        return isinstance(value, kind)
    return True  # a kind not checked here (a tuple, a callable): the pass checks it
