"""Pass options, declared once: what memir-opt's parser, ``--help``, the docs' pass table
and the Python entry points all read.

Why: as MLIR's Passes.td gives each ``Option`` its name, type, default and description in
one place, each field of a pass dataclass is declared with ``option()``: the field gives the
name, its annotation the type (a ``Literal`` lists the choices), and ``option()`` the
default, a one-line help and, for a number, its ``Bound``. Python ints are unbounded and
xDSL takes any number for an ``int``, so ``interleavings=2**64`` would never end: every
numeric option needs a range, and one without is itself an error (tests walk them all).
memir-opt's pipeline parser calls each pass's ``check_options()`` (``check_bounds`` first)
before any pass runs; ``apply`` calls it again for pipelines built in Python.

The errors are ``PassError``s (memir-opt reports them as bad options) that are also
``ValueError`` (out of range) or ``TypeError`` (``check_types``: a str where a number goes).
"""

from __future__ import annotations

import dataclasses
import types
import typing
from dataclasses import dataclass

from memir.arguments import ALIGNMENT, SECONDS, Bound
from memir.dialects.errors import PassError

__all__ = ["ALIGNMENT", "SECONDS", "Bound", "DeclaredOption", "OptionError", "OptionTypeError",
           "check_bounds", "check_types", "declared", "declared_options", "option",
           "signature"]

_KEY = "memir.option"


class OptionError(PassError, ValueError):
    """An option's value is out of its range or not one of its choices."""


class OptionTypeError(PassError, TypeError):
    """An option's value is of the wrong kind (a pass built in Python)."""


@dataclass(frozen=True)
class _Declaration:
    help: str
    bound: Bound | None


def option(default, help: str, bound: Bound | None = None):
    """A pass dataclass field that is an option:
    ``effort: int = option(1, "multiplies every work budget", Bound(1, 64, "why"))``."""
    return dataclasses.field(default=default, metadata={_KEY: _Declaration(help, bound)})


@dataclass(frozen=True)
class DeclaredOption:
    """One option as its pass declares it."""

    name: str  # as a pipeline spells it: time-limit
    field: str  # the dataclass field: time_limit
    default: object
    help: str  # "" for a plug-in's plain field
    bound: Bound | None
    choices: tuple[str, ...]  # a Literal's values
    kinds: tuple  # the annotation's types, a Union spread out

    @property
    def default_text(self) -> str:
        if self.default is dataclasses.MISSING:  # a plug-in's required field
            return "<none>"
        return str(self.default).lower()  # as xDSL prints a pass: none, true, 200000

    def values(self) -> str:
        """What it takes, in a few words: ``auto|greedy``, ``(0, 86400] or none``."""
        kinds = [k for k in self.kinds if k is not type(None)]
        if self.choices:
            text = "|".join(self.choices)
        elif self.bound is not None:
            text = _range_text(self.bound)
        else:
            text = " or ".join(_KIND_WORDS.get(k, getattr(k, "__name__", str(k))) for k in kinds)
        return f"{text} or none" if type(None) in self.kinds else text


def declared_options(cls: type) -> tuple[DeclaredOption, ...]:
    """Every option of the pass class ``cls``, in field order."""
    hints = typing.get_type_hints(cls)
    found = []
    for field in dataclasses.fields(cls):
        if not field.init:
            continue
        declaration = field.metadata.get(_KEY, _Declaration("", None))
        hint = hints.get(field.name, field.type)
        kinds = _kinds(hint)
        choices = tuple(c for kind in kinds if typing.get_origin(kind) is typing.Literal
                        for c in typing.get_args(kind))
        found.append(DeclaredOption(field.name.replace("_", "-"), field.name, field.default,
                                    declaration.help, declaration.bound, choices, kinds))
    return tuple(found)


def declared(cls: type) -> dict[str, DeclaredOption]:
    """``declared_options`` by field name (``time_limit``)."""
    return {o.field: o for o in declared_options(cls)}


def signature(cls: type, choices: bool = False) -> str:
    """``name=default ...`` (with ``choices``, a Literal's values in parentheses)."""
    return " ".join(f"{o.name}={o.default_text}"
                    + (f" ({'|'.join(o.choices)})" if choices and o.choices else "")
                    for o in declared_options(cls))


def check_bounds(pass_) -> None:
    """PassError for the first numeric option outside its declared ``Bound`` (or with none)."""
    for option_ in declared_options(type(pass_)):
        value = getattr(pass_, option_.field)
        if isinstance(value, bool):
            if bool not in option_.kinds:  # True is an int to Python, not to the user
                raise OptionTypeError(f"{option_.name} must be a number, "
                                      f"got {str(value).lower()}")
            continue
        if not isinstance(value, int | float):
            continue
        if option_.bound is None:
            raise PassError(f"option {option_.name} of pass '{pass_.name}' declares no range")
        if (message := option_.bound.error(option_.name, value)) is not None:
            raise OptionError(message)


def check_types(pass_) -> None:
    """``OptionTypeError`` (``OptionError`` for a str outside a ``Literal``'s choices) for the
    first option whose value its annotation does not take: what a pipeline's text cannot
    give, but a pass built in Python can. Bools count as bools only; a float option takes
    an int."""
    for option_ in declared_options(type(pass_)):
        value = getattr(pass_, option_.field)
        if any(_takes(kind, value) for kind in option_.kinds):
            continue
        shown = " ".join(repr(value).split())[:60]
        if option_.choices:
            error = OptionError if isinstance(value, str) else OptionTypeError
            raise error(f"{option_.name} must be one of {', '.join(option_.choices)}, "
                        f"got {shown}")
        wanted = " or ".join(dict.fromkeys(_KIND_NAMES.get(k, getattr(k, "__name__", str(k)))
                                           for k in option_.kinds))
        raise OptionTypeError(f"{option_.name} must be {wanted}, got {shown}")


_KIND_NAMES = {int: "an integer", float: "a number", bool: "true or false",
               type(None): "none", str: "a string"}
_KIND_WORDS = {int: "integer", float: "number", bool: "true|false", str: "text"}


def _range_text(bound: Bound) -> str:
    low, high = _power(bound.low), _power(bound.high)
    return f"({low}, {high}]" if bound.open_low else f"{low}..{high}"


def _power(value: int | float) -> str:
    """``2^62-1`` for 4611686018427387903: large limits are powers of two."""
    if isinstance(value, int) and value >= 2**16:
        for exact, suffix in ((value, ""), (value + 1, "-1")):
            if exact & (exact - 1) == 0:
                return f"2^{exact.bit_length() - 1}{suffix}"
    return f"{value:,}".replace(",", "_") if isinstance(value, int) and value >= 10**5 \
        else str(value)


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
