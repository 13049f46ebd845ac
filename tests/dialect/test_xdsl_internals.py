"""Only dialects/xdsl_internals.py names a private member of xDSL, and each it names exists.

Why: xDSL promises nothing about names that begin with ``_``; with them in one module, an
xDSL upgrade checks that module. The scan reads every module of memir but that one with
``ast`` and fails, one line per use, on

* ``from xdsl... import _name``, an xDSL module path with a private part (``xdsl.x._y``),
  and ``xdsl.ir.core`` (xDSL's own lint bans it; ``xdsl.ir`` exports what it holds);
* a registered member's name (``xdsl_internals.MEMBERS``) anywhere: read or written as an
  attribute (``op._next_op``), defined as a method (an override of xDSL's hook), or as a
  string (``getattr(op, "_next_op")``); and ``__closure__``, how a member is read;
* in the layers that may use xDSL (the IR, the passes, the tools), any other private
  attribute, method or string name that xDSL's own source uses, unless ``MEMIR_OWN``
  lists it as memir's own name that xDSL happens to use too.

Its reach: a name in ``MEMIR_OWN`` read on an xDSL object, a name built at run time
(``getattr(x, "_" + y)``), and private state reached through public reflection (``vars``:
fast_path's op templates, noted in xdsl_internals' docstring) go unseen.
"""

from __future__ import annotations

import ast
import re
from functools import cache
from pathlib import Path

import xdsl

from memir.dialects import xdsl_internals

ROOT = Path(__file__).resolve().parents[2]
PACKAGES = {"memir": ROOT / "memir", "memir.dialects": ROOT / "dialects",
            "memir.passes": ROOT / "passes"}
INTERNALS = ROOT / "dialects" / "xdsl_internals.py"
XDSL_LAYERS = ("memir.dialects", "memir.passes", "memir.tools")
BANNED_MODULES = {"xdsl.ir.core"}
INTROSPECTION = {"__closure__"}

MEMIR_OWN: set[str] = set()
"""memir's own private names, in the layers above, that xDSL's source uses too (each
checked by hand: none so far)."""


def module_name(path: Path) -> str:
    for package, folder in PACKAGES.items():
        if path.is_relative_to(folder) and (package != "memir" or not any(
                path.is_relative_to(f) for p, f in PACKAGES.items() if p != "memir")):
            parts = [*package.split("."), *path.relative_to(folder).with_suffix("").parts]
            return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)
    raise ValueError(path)


def memir_modules() -> list[Path]:
    found = {p for folder in PACKAGES.values() for p in folder.rglob("*.py")}
    return sorted(found - {INTERNALS})


@cache
def xdsl_private_names() -> frozenset[str]:
    """Every private name xDSL's source defines or reads (a regular expression's reach)."""
    pattern = re.compile(r"(?:\bdef |\bclass |\.|^[ \t]*)(_[A-Za-z0-9]\w*)\b", re.M)
    root = Path(xdsl.__file__).parent
    return frozenset(name for path in root.rglob("*.py")
                     for name in pattern.findall(path.read_text(encoding="utf-8")))


def is_private(name: str) -> bool:
    return name.startswith("_") and not name.startswith("__") and len(name) > 1


def private_xdsl_module(module: str) -> bool:
    parts = module.split(".")
    return parts[0] == "xdsl" and (module in BANNED_MODULES or any(map(is_private, parts)))


def named(node: ast.AST, methods: set[ast.AST]) -> str | None:
    """The member name a node uses: an attribute, a method definition (``methods``: those
    defined in a class body) or a string."""
    if isinstance(node, ast.Attribute):
        return node.attr
    if node in methods:
        return node.name  # type: ignore[attr-defined]
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value
    return None


def faults_in(source: str, where: str, module: str) -> list[str]:
    """One line per private xDSL member the module's source names."""
    known = xdsl_internals.PRIVATE_NAMES | INTROSPECTION
    everywhere_else = module.startswith(XDSL_LAYERS)
    if not everywhere_else and "xdsl" not in source and not any(n in source for n in known):
        return []  # nothing to find: spares parsing most of the planners
    faults = []
    tree = ast.parse(source)
    methods = {child for node in ast.walk(tree) if isinstance(node, ast.ClassDef)
               for child in node.body
               if isinstance(child, ast.FunctionDef | ast.AsyncFunctionDef)}
    for node in ast.walk(tree):
        line = f"{where}:{getattr(node, 'lineno', 0)}"
        if isinstance(node, ast.ImportFrom) and node.module and not node.level:
            if private_xdsl_module(node.module):
                faults.append(f"{line}: imports xDSL's private module {node.module}")
            elif node.module.split(".")[0] == "xdsl":
                faults += [f"{line}: imports xDSL's private {a.name} from {node.module}"
                           for a in node.names if is_private(a.name)]
        elif isinstance(node, ast.Import):
            faults += [f"{line}: imports xDSL's private module {a.name}"
                       for a in node.names if private_xdsl_module(a.name)]
        elif (name := named(node, methods)) in known:
            faults.append(f"{line}: uses xDSL's private {name}")
        elif everywhere_else and name is not None and is_private(name) \
                and name not in MEMIR_OWN and name in xdsl_private_names():
            faults.append(f"{line}: uses {name}, a private name of xDSL's")
    return faults


def test_no_module_but_the_internals_names_a_private_xdsl_member():
    faults = []
    for path in memir_modules():
        where = str(path.relative_to(ROOT))
        faults += faults_in(path.read_text(encoding="utf-8"), where, module_name(path))
    assert not faults, "reach them through dialects/xdsl_internals.py:\n" + "\n".join(faults)


PLANTED = '''
import xdsl.ir.core
from xdsl.parser import _private
from xdsl.ir.core import SSAValues
from xdsl.ir import Block

def walk(block):
    op = block._first_op
    name = getattr(op, "_name")
    return op._print_pairs, block.first_op.verify_.__closure__

class Hook:
    def _parse_block_body(self, block):
        return self._own
'''


def test_the_scan_finds_planted_uses():
    faults = faults_in(PLANTED, "planted.py", "memir.dialects.planted")
    found = {line.split(": ", 1)[1] for line in faults}
    assert found == {
        "imports xDSL's private module xdsl.ir.core",
        "imports xDSL's private _private from xdsl.parser",
        "uses xDSL's private _first_op",
        "uses xDSL's private _name",
        "uses xDSL's private __closure__",
        "uses xDSL's private _parse_block_body",
    } | ({"uses _print_pairs, a private name of xDSL's"}
         if "_print_pairs" in xdsl_private_names() else set())
    # outside the layers that may use xDSL only the registered names are checked
    outside = faults_in(PLANTED, "planted.py", "memir.planning.planted")
    assert len(outside) == len(faults) - sum("a private name of" in f for f in faults)


def test_every_registered_member_exists_in_the_installed_xdsl():
    assert xdsl_internals.installed_version() == xdsl_internals.XDSL_VERSION
    missing = [f"{m.owner.__name__}.{m.name}" for m in xdsl_internals.MEMBERS
               if not m.exists()]
    assert not missing, f"gone from xDSL {xdsl_internals.installed_version()}: {missing}"
    assert all(m.why for m in xdsl_internals.MEMBERS)


def test_a_missing_member_is_noticed():
    gone = xdsl_internals.Member(xdsl_internals.Printer, "_no_such_member", "a test")
    assert not gone.exists()


def test_the_version_is_read_without_importlib_metadata():
    """memir-opt's start-up: the version check reads xDSL's wheel record, and agrees with
    the answer importlib.metadata gives."""
    from importlib.metadata import version

    assert xdsl_internals.installed_version() == version("xdsl")
