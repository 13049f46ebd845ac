"""Pass-pipeline text: MLIR's ``builtin.module(a,b{x=1 y=2})`` and xDSL's ``a,b{x=1}``.

Both become xDSL pass instances. Errors name the pass and the option and list what would
have been accepted, so the user never sees a Python traceback.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Callable

from xdsl.passes import ModulePass, get_pass_option_infos
from xdsl.utils.arg_spec import parse_pipeline

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


def option_help(cls: type[ModulePass]) -> str:
    infos = get_pass_option_infos(cls)
    return " ".join(
        f"{info.name.replace('_', '-')}={info.default_value if info.default_value is not None else '<' + info.expected_type + '>'}"
        for info in infos
    )


def build_pipeline(
    text: str, available: dict[str, Callable[[], type[ModulePass]]]
) -> list[ModulePass]:
    text = quote_paths(unwrap_mlir_pipeline(text))
    if not text:
        return []
    try:
        specs = list(parse_pipeline(text))
    except BaseException as error:  # xDSL raises ArgSpecParseError(BaseException)
        if isinstance(error, KeyboardInterrupt | SystemExit):
            raise
        raise ToolError(f"cannot parse pass pipeline '{text}': {str(error).splitlines()[-1]}")
    passes: list[ModulePass] = []
    for spec in specs:
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
        try:
            passes.append(cls.from_pass_spec(spec))
        except Exception as error:
            raise ToolError(f"bad options for pass '{spec.name}': {error}")
    return passes
