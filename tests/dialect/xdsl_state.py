"""Snapshots of xDSL's state, for tests/dialect/test_xdsl_untouched.py (run as a script).

Run in a fresh interpreter, so that nothing a test did before can hide a change:

    python xdsl_state.py modules          the xdsl modules that importing memir loads
    python xdsl_state.py import MODULES   what importing every memir module changes in them
    python xdsl_state.py apply MODULES    what memir.dialects.xdsl_patches.apply() changes,
                                          and what a second apply() changes

Each prints one JSON value on stdout. A snapshot holds, for every loaded ``xdsl.*`` module,
each entry of its ``vars()`` and of the ``vars()`` of each class it holds (kept, compared by
identity, so a replaced function or regex is seen), the contents of each module-level or
class-level dict, list and set (a registration into an xDSL table is seen), and the
outcome of a few behavioural probes (what a user of xDSL would notice).
"""

from __future__ import annotations

import importlib
import json
import pkgutil
import sys

MEMIR_PACKAGES = ("memir", "memir.dialects", "memir.passes")
OPTIONAL = ("torch", "torch_mlir", "torchvision", "transformers")  # extras memir may lack


def memir_modules() -> list[str]:
    """Import every memir module; the names of those that imported."""
    names = []
    for package_name in MEMIR_PACKAGES:
        package = importlib.import_module(package_name)
        names.append(package_name)
        for info in pkgutil.walk_packages(package.__path__, package_name + "."):
            try:
                importlib.import_module(info.name)
            except ModuleNotFoundError as error:
                if (error.name or "").split(".")[0] not in OPTIONAL:
                    raise
                continue
            names.append(info.name)
    return names


def xdsl_modules() -> list[str]:
    return sorted(name for name in sys.modules if name == "xdsl" or name.startswith("xdsl."))


def _contents(value):
    """A copy of a container's contents (by identity), or None for anything else."""
    if type(value) is dict:
        return [(id(k), id(v)) for k, v in value.items()]
    if type(value) in (list, set):
        return sorted(id(v) for v in value)
    return None


def snapshot(module_names: list[str]) -> dict[str, tuple]:
    """key -> (object, contents); the objects are kept so that ids are not reused."""
    state: dict[str, tuple] = {}
    seen_classes: set[int] = set()
    for module_name in module_names:
        module = sys.modules[module_name]
        for name, value in list(vars(module).items()):
            if name == "__builtins__":  # the interpreter's, not xDSL's
                continue
            state[f"{module_name}.{name}"] = (value, _contents(value))
            if isinstance(value, type) and id(value) not in seen_classes \
                    and (value.__module__ or "").startswith("xdsl"):
                seen_classes.add(id(value))
                prefix = f"{value.__module__}.{value.__qualname__}"
                for attr, member in list(vars(value).items()):
                    state[f"{prefix}.{attr}"] = (member, _contents(member))
    for name, outcome in probes().items():
        state[f"probe:{name}"] = (outcome, None)
    return state


def changes(before: dict[str, tuple], after: dict[str, tuple]) -> list[str]:
    """The keys whose object or contents differ, or that appeared or disappeared."""
    found = []
    for key in sorted(before.keys() | after.keys()):
        if key not in before or key not in after:
            found.append(f"{key}: {'added' if key in after else 'removed'}")
            continue
        (old, old_contents), (new, new_contents) = before[key], after[key]
        if key.startswith("probe:"):
            if old != new:
                found.append(f"{key}: {old!r} -> {new!r}")
        elif old is not new:
            found.append(f"{key}: replaced ({_describe(old)} -> {_describe(new)})")
        elif old_contents != new_contents:
            found.append(f"{key}: contents changed")
    return found


def _describe(value) -> str:
    where = getattr(value, "__module__", None)
    name = getattr(value, "__qualname__", None) or type(value).__name__
    return f"{where}.{name}" if where else name


def _outcome(probe) -> str:
    try:
        return repr(probe())
    except Exception as error:  # the probe's failure is its outcome
        return f"raises {type(error).__name__}"


def probes() -> dict[str, str]:
    """What a user of xDSL sees for the inputs memir's patches are about."""
    from xdsl.context import Context
    from xdsl.dialects.builtin import ModuleOp, i64
    from xdsl.dialects.utils import dynamic_index_list
    from xdsl.irdl.declarative_assembly_format import DenseArrayAttributeVariable
    from xdsl.ir.affine import AffineExpr
    from xdsl.parser import Parser

    def literal(text: str):
        return Parser(Context(), text).parse_optional_str_literal()

    return {
        "escaped quote": _outcome(lambda: literal(r'"a\"b"')),
        "escaped UTF-8": _outcome(lambda: literal(r'"\C3\A9"')),
        "wide integer type": _outcome(
            lambda: str(Parser(Context(), "i16777216").parse_type())),
        "ceildiv by a symbol": _outcome(
            lambda: str(AffineExpr.dimension(0).ceil_div(AffineExpr.symbol(0)))),
        "dimension times symbol": _outcome(
            lambda: str(AffineExpr.dimension(1) * AffineExpr.symbol(0))),
        "floordiv by a symbol": _outcome(
            lambda: str(AffineExpr.dimension(0) // AffineExpr.symbol(0))),
        "mod by a symbol": _outcome(
            lambda: str(AffineExpr.dimension(0) % AffineExpr.symbol(0))),
        "hexadecimal float element": _outcome(
            lambda: str(Parser(Context(), "dense<0xFF800000> : tensor<2xf32>")
                        .parse_attribute())),
        "huge dense type": _outcome(  # the type alone: unpatched, the splat takes minutes
            lambda: Parser(Context(), "tensor<4096x4096x2xi8>")._parse_dense_literal_type()
            .get_shape()),
        "static index 2^63": _outcome(lambda: dynamic_index_list
                                      .parse_dynamic_index_list_without_types(
                                          Parser(Context(), "[9223372036854775808]"), -1)),
        "i64 list element 2^63": _outcome(
            lambda: str(DenseArrayAttributeVariable("x", True, False, None, i64).parse_attr(
                Parser(Context(), "[9223372036854775808]")))),
        "module verifies": _outcome(lambda: ModuleOp([]).verify()),
    }


def main(argv: list[str]) -> None:
    mode = argv[0]
    if mode == "modules":
        memir_modules()
        print(json.dumps(xdsl_modules()))
        return
    modules = json.loads(argv[1])
    for name in modules:
        importlib.import_module(name)
    before = snapshot(modules)
    if mode == "import":
        imported = memir_modules()
        print(json.dumps({"memir": imported, "changes": changes(before, snapshot(modules))}))
        return
    memir_modules()
    from memir.dialects import xdsl_patches

    before = snapshot(modules)
    xdsl_patches.apply()
    first = snapshot(modules)
    xdsl_patches.apply()
    print(json.dumps({"first": changes(before, first),
                      "second": changes(first, snapshot(modules))}))


if __name__ == "__main__":
    main(sys.argv[1:])
