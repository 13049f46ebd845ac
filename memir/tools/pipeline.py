"""Pass-pipeline text: MLIR's ``builtin.module(a,b{x=1 y=2})`` and xDSL's ``a,b{x=1}``.

Both become xDSL pass instances, and every option is checked here, before any pass runs:
the name exists, the value has the field's type (``Literal[...]`` fields list their
choices), a number lies in the range its pass declares (passes/support/options.py; plug-ins
too), and the pass's own ``check_options()`` accepts it. Errors name the pass and the
option and say what would have been accepted, so the user never sees a Python traceback.
"""

from __future__ import annotations

import dataclasses
import re
import typing
from collections.abc import Callable

from xdsl.passes import ModulePass
from xdsl.utils.arg_spec import parse_pipeline
from xdsl.utils.exceptions import PassFailedException

from memir.passes.support.options import check_bounds, signature
from memir.tools.diagnostics import ToolError


def unwrap_mlir_pipeline(text: str) -> str:
    """``builtin.module(a,b)`` -> ``a,b``; anything else is returned unchanged."""
    text = text.strip()
    for anchor in ("builtin.module(", "any("):
        if text.startswith(anchor):
            if not text.endswith(")"):
                raise ToolError(f"pass pipeline '{text}' is missing its closing ')'")
            return text[len(anchor) : -1].strip()
    return text


_OPTION_VALUE = re.compile(r'(?<=[{\s])([\w-]+)=([^\s{}",\[\]]+)')
_NUMBER = re.compile(r"[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?")


def quote_paths(text: str) -> str:
    """``plot=out/heap.png`` -> ``plot="out/heap.png"``: xDSL's lexer rejects '/' and '.'
    in bare values; numbers, booleans and identifiers stay as they are."""

    def fix(match: re.Match) -> str:
        key, value = match.groups()
        if _NUMBER.fullmatch(value) or re.fullmatch(r"[A-Za-z_][\w-]*", value):
            return match.group(0)
        return f'{key}="{value}"'

    return _OPTION_VALUE.sub(fix, text)


def _choices(cls: type[ModulePass], field: str) -> tuple | None:
    hint = typing.get_type_hints(cls).get(field)
    if typing.get_origin(hint) is typing.Literal:
        return typing.get_args(hint)
    return None


def option_help(cls: type[ModulePass], choices: bool = False) -> str:
    """``name=default ...`` as the pass declares its options; with ``choices``, each Literal
    option's values in parentheses."""
    return signature(cls, choices)


def _check_choices(cls: type[ModulePass], spec) -> None:
    for key, values in spec.normalize_parameter_names().parameters.items():
        choices = _choices(cls, key)
        if choices and not (len(values) == 1 and values[0] in choices):
            given = ",".join(str(v) for v in values) or "(nothing)"
            raise ToolError(f"pass '{spec.name}': option '{key.replace('_', '-')}' cannot be "
                            f"'{given}'; choose from {', '.join(choices)}")


def build_pipeline(
    text: str, available: dict[str, Callable[[], type[ModulePass]]],
    load_more: Callable[[], dict[str, Callable[[], type[ModulePass]]]] | None = None,
) -> list[ModulePass]:
    """Pass instances for ``text``; ``load_more`` (plug-ins) is asked once, only for a
    name ``available`` does not know."""
    raw = text
    text = quote_paths(unwrap_mlir_pipeline(text))
    if not text:
        if raw.strip() and not raw.strip().startswith(("builtin.module(", "any(")):
            raise ToolError(f"empty pass pipeline '{raw}'")
        return []
    if any(not part.strip() for part in re.split(r",(?![^{]*\})", text)):
        raise ToolError(f"cannot parse pass pipeline '{raw}': empty pass name")
    try:
        specs = list(parse_pipeline(text))
    except BaseException as error:  # xDSL raises ArgSpecParseError(BaseException)
        if isinstance(error, KeyboardInterrupt | SystemExit):
            raise
        raise ToolError(f"cannot parse pass pipeline '{text}': {str(error).splitlines()[-1]}")
    passes: list[ModulePass] = []
    for spec in specs:
        if spec.name not in available and load_more is not None:
            available = {**load_more(), **available}
            load_more = None
        if spec.name not in available:
            raise ToolError(
                f"unknown pass '{spec.name}'; available passes: {', '.join(sorted(available))}"
            )
        cls = available[spec.name]()
        known = {f.name.replace("_", "-") for f in dataclasses.fields(cls)}
        for key in spec.parameters:
            if key.replace("_", "-") not in known:
                raise ToolError(
                    f"pass '{spec.name}' has no option '{key}'; options: "
                    f"{option_help(cls) or '(none)'}"
                )
        _check_choices(cls, spec)
        try:
            pass_ = cls.from_pass_spec(spec)
        except Exception as error:
            raise ToolError(f"bad options for pass '{spec.name}': {error}")
        try:
            check_bounds(pass_)
            if (check := getattr(pass_, "check_options", None)) is not None:
                check()
        except PassFailedException as error:
            raise ToolError(f"bad options for pass '{spec.name}': {error.args[0]}")
        passes.append(pass_)
    return passes
