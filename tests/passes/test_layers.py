"""The layers of memir, and a check that every import keeps to them.

Why: the house rule (docs/architecture.md, "Layers") is that data flows one way and the algorithms
never see xDSL; a substring search for "memir.tools" in the passes missed function-level
imports, relative imports, and every other arrow. This reads each module's imports with
``ast`` -- module-level, function-level and ``if TYPE_CHECKING`` ones alike, relative ones
resolved -- and fails on

* an import against ``LAYERS`` (a module may import its own layer or a lower one),
* xDSL imported by a module in ``NO_XDSL`` (below the passes, and the plain-data io),
* a pass module importing another pass module (shared pieces go in ``memir.passes.support``),
* a module of ``memir.passes`` that defines no pass, or one of ``memir.passes.support`` that
  defines one (``passes/`` holds passes only, so a module's place says what it is),
* a cycle between modules, or between memir's top-level packages,
* a private name (``_name``, not ``__name__``) of another module, imported
  (``from m import _name``) or read through the module (``m._name``): a private name is its
  module's own, whatever package the two share,
* a room's module imported from outside the room (what a room keeps for itself may change
  with it; others depend on its door only). A room is a package directly under
  ``memir.planning`` (``layout``, ``schedule``, ``spaces``, ``tiles``, ``remat``); its
  ``__init__`` is its door and exports what others may use, so a module of another room, a
  frontend, a tool, the IR or an analysis imports ``memir.planning.layout`` (``from
  memir.planning.layout import assign_layout``), never ``memir.planning.layout.portfolio``.
  Inside a room modules import each other freely. The passes and the pass support
  (``DOORS_EXEMPT``) are the rooms' adapters to IR and may reach into a room's modules.

``LAYERS`` is the one definition; docs/architecture.md ("Layers") shows the same table.
``REMAT_CROSSINGS`` held the crossings of ``remat`` while its rework removed them; it is empty
now and stays so (an entry that is no longer needed fails, so the list only shrinks).
"""

from __future__ import annotations

import ast
import os
import tomllib
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

# Top to bottom. A module belongs to the layer of the longest package prefix of its name.
LAYERS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("tools", ("memir.tools",)),  # memir-opt, memir-translate: command lines, diagnostics
    ("frontends", ("memir.io", "memir.executorch", "memir.torch")),  # importers, exporters, integrations
    ("passes", ("memir.passes",)),  # passes/: one module per pass, thin adapters
    ("pass support", ("memir.passes.support",)),  # the bridge, analyses, readers: no pass
    ("IR", ("memir.dialects",)),  # dialects/: ops, attributes, verifiers, fast paths
    ("algorithms", ("memir.analysis", "memir.planning")),  # on plain data
    ("checkers", ("memir.verify",)),  # plan and execution checkers: import no planner
    ("model", ("memir.model", "memir")),  # plain data shared by all (and the root package)
)
# Modules that may import a room's modules past its __init__: the rooms' adapters to IR.
DOORS_EXEMPT = ("memir.passes",)
# TEMPORARY: rematerialization's crossings, removed by the rework that composes its
# strategies in one place (issue 51, item 2). (importing module, what it imports).
REMAT_CROSSINGS: set[tuple[str, str]] = set()
# No module under these prefixes may import xDSL.
NO_XDSL = ("memir.io", "memir.executorch", "memir.torch", "memir.analysis", "memir.planning",
           "memir.verify", "memir.model")
XDSL = "xdsl"


@dataclass(frozen=True)
class Import:
    source: str  # the importing module
    target: str  # the imported module (or package)
    path: Path
    line: int
    name: str | None = None  # ``from target import name``: a name that is not a module
    binds: tuple[str, str] | None = None  # (local name, the module it names), for a module


def module_paths(package_dirs: dict[str, Path]) -> dict[str, Path]:
    """Module name -> file, for every .py under each package directory."""
    modules: dict[str, Path] = {}
    for package, base in package_dirs.items():
        for path in sorted(base.rglob("*.py")):
            parts = path.relative_to(base).with_suffix("").parts
            if parts[-1] == "__init__":
                parts = parts[:-1]
            modules[".".join((package, *parts))] = path
    return modules


def imports_of(name: str, path: Path, modules: dict[str, Path]) -> list[Import]:
    """Every import statement of one module, anywhere in its body."""
    tree = ast.parse(path.read_text(), str(path))
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found: list[Import] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found += [Import(name, alias.name, path, node.lineno,
                             binds=(alias.asname, alias.name) if alias.asname else
                             (alias.name.partition(".")[0],) * 2)
                      for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")
                base = base[:len(base) - (node.level - 1)]
                origin = ".".join(base + ([node.module] if node.module else []))
            else:
                origin = node.module or ""
            for alias in node.names:
                child = f"{origin}.{alias.name}"
                found.append(Import(name, child, path, node.lineno,
                                    binds=(alias.asname or alias.name, child))
                              if child in modules else
                              Import(name, origin, path, node.lineno, alias.name))
    return found


def layer_of(module: str) -> int | None:
    """Index in LAYERS (0 is the top), or None for a module outside memir."""
    best, best_len = None, -1
    for index, (_, prefixes) in enumerate(LAYERS):
        for prefix in prefixes:
            if (module == prefix or module.startswith(prefix + ".")) and len(prefix) > best_len:
                best, best_len = index, len(prefix)
    return best


def _under(module: str, prefixes: Iterable[str]) -> bool:
    return any(module == p or module.startswith(p + ".") for p in prefixes)


def pass_modules(modules: dict[str, Path]) -> set[str]:
    """Modules of memir.passes that define a pass (a class deriving from ModulePass)."""
    out = set()
    for name, path in modules.items():
        if not _under(name, ("memir.passes",)):
            continue
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.ClassDef) and any(
                    getattr(b, "id", getattr(b, "attr", "")) == "ModulePass" for b in node.bases):
                out.add(name)
    return out


def misplaced(modules: dict[str, Path], passes: set[str]) -> list[str]:
    """Modules of memir.passes that define no pass, and support modules that define one."""
    out = []
    for name in sorted(modules):
        package = modules[name].name == "__init__.py"
        if name.rpartition(".")[0] == "memir.passes" and not package and name not in passes:
            out.append(f"{name} defines no pass: move it to memir.passes.support")
        if _under(name, ("memir.passes.support",)) and name in passes:
            out.append(f"{name} defines a pass: move it to memir.passes")
    return out


def _private(name: str) -> bool:
    return name.startswith("_") and not name.startswith("__")


def _dotted(node: ast.expr) -> str | None:
    """``a.b.c`` for a chain of names, else None."""
    parts = []
    while isinstance(node, ast.Attribute):
        parts.append(node.attr)
        node = node.value
    if not isinstance(node, ast.Name):
        return None
    return ".".join([node.id, *reversed(parts)])


def private_reads(name: str, path: Path, modules: dict[str, Path]) -> list[Import]:
    """``m._name`` where ``m`` names another memir module (``import a.b as m``, ``from a
    import m``, ``import a.b`` then ``a.b._name``)."""
    bound = dict(imp.binds for imp in imports_of(name, path, modules) if imp.binds)
    found = []
    tree = ast.parse(path.read_text(), str(path))
    for node in ast.walk(tree):
        if isinstance(node, ast.Attribute) and _private(node.attr):
            owner = _dotted(node.value)
            if owner is None:
                continue
            head, _, rest = owner.partition(".")
            if head in bound:
                module = ".".join(filter(None, (bound[head], rest)))
                if module in modules and module != name:
                    found.append(Import(name, module, path, node.lineno, node.attr))
    return found


def room_of(module: str, rooms: Iterable[str]) -> str | None:
    return next((r for r in rooms if _under(module, (r,))), None)


def rooms_of(modules: dict[str, Path]) -> list[str]:
    """The packages directly under memir.planning."""
    return sorted(m for m, p in modules.items()
                  if m.rpartition(".")[0] == "memir.planning" and p.name == "__init__.py")


def private_fault(imp: Import) -> tuple[str, str] | None:
    """(what, message) for a private name of another module."""
    if imp.name is not None and _private(imp.name) and layer_of(imp.target) is not None:
        return (f"{imp.target}.{imp.name}",
                f"{imp.source} imports {imp.name}, private to {imp.target}")
    return None


def door_fault(imp: Import, rooms: list[str]) -> tuple[str, str] | None:
    """(what, message) for a room's module reached from outside the room."""
    room = room_of(imp.target, rooms)
    if (room is not None and imp.target != room and room_of(imp.source, rooms) != room
            and not _under(imp.source, DOORS_EXEMPT)):
        return imp.target, (f"{imp.source} imports {imp.target}: go through {room} (its "
                            "__init__ exports what others may use)")
    return None


def cycles(edges: dict[str, set[str]]) -> list[list[str]]:
    """Strongly connected components of more than one node (or a node importing itself)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []
    counter = 0
    for root in sorted(edges):
        if root in index:
            continue
        work = [(root, iter(sorted(edges.get(root, ()))))]
        index[root] = low[root] = counter
        counter += 1
        stack.append(root)
        on_stack.add(root)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is not None:
                if child not in index:
                    index[child] = low[child] = counter
                    counter += 1
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(edges.get(child, ())))))
                elif child in on_stack:
                    low[node] = min(low[node], index[child])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                component = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    component.append(member)
                    if member == node:
                        break
                if len(component) > 1 or node in edges.get(node, ()):
                    found.append(sorted(component))
    return found


def violations(package_dirs: dict[str, Path],
               allowed: Iterable[tuple[str, str]] = ()) -> list[str]:
    """Every broken rule, one line each, ``file:line: what``; ``allowed``: (module, what it
    reaches) pairs let through for now."""
    allowed = set(allowed)
    modules = module_paths(package_dirs)
    passes = pass_modules(modules)
    root = Path(os.path.commonpath([str(p) for p in package_dirs.values()]))
    rooms = rooms_of(modules)
    out: list[str] = []
    module_edges: dict[str, set[str]] = {m: set() for m in modules}
    package_edges: dict[str, set[str]] = {}
    crossings: set[tuple[str, str]] = set()
    for name, path in sorted(modules.items()):
        imports = imports_of(name, path, modules)
        faults = [(imp, private_fault(imp))
                  for imp in imports + private_reads(name, path, modules)]
        faults += [(imp, door_fault(imp, rooms)) for imp in imports]
        for imp, fault in faults:
            if fault is not None:
                crossings.add((name, fault[0]))
                if (name, fault[0]) not in allowed:
                    out.append(f"{imp.path.relative_to(root)}:{imp.line}: {fault[1]}")
        for imp in imports:
            where = f"{imp.path.relative_to(root)}:{imp.line}"
            target = imp.target
            if _under(target, (XDSL,)) and _under(name, NO_XDSL):
                out.append(f"{where}: {name} imports {target}: no xDSL below the passes")
            if layer_of(target) is None:
                continue
            mine, theirs = layer_of(name), layer_of(target)
            if theirs < mine:
                out.append(f"{where}: {name} ({LAYERS[mine][0]}) imports {target} "
                           f"({LAYERS[theirs][0]}), a higher layer")
            if name in passes and target in passes and target != name:
                out.append(f"{where}: pass {name} imports pass {target}: move what both "
                           "need into memir.passes.support")
            if target in modules and target != name:
                module_edges[name].add(target)
            top, their_top = ".".join(name.split(".")[:2]), ".".join(target.split(".")[:2])
            if top != their_top and "." in top and "." in their_top:
                package_edges.setdefault(top, set()).add(their_top)
    out += [f"{source} -> {what} is allowed but no longer happens: delete it from the "
            "allowlist" for source, what in sorted(set(allowed) - crossings)]
    out += misplaced(modules, passes)
    out += [f"import cycle between modules: {' -> '.join(c)}" for c in cycles(module_edges)]
    out += [f"import cycle between packages: {' -> '.join(c)}" for c in cycles(package_edges)]
    return list(dict.fromkeys(out))  # one line for `from m import a, b`


def package_dirs_of(root: Path) -> dict[str, Path]:
    """The packages as pyproject maps them (memir.dialects is dialects/, and so on)."""
    config = tomllib.loads((root / "pyproject.toml").read_text())["tool"]["setuptools"]
    return {package: root / folder for package, folder in config["package-dir"].items()}


def test_every_import_keeps_to_the_layers():
    found = violations(package_dirs_of(ROOT), REMAT_CROSSINGS)
    assert not found, "\n".join(found)


def test_the_table_covers_every_module():
    for name in module_paths(package_dirs_of(ROOT)):
        assert layer_of(name) is not None, name


# -- the check itself, on a planted tree ------------------------------------------------

PLANTED = {
    "memir/__init__.py": "",
    "memir/tools/__init__.py": "",
    "memir/tools/cli.py": "from memir.passes.support import bridge\n",  # downward: fine
    "memir/planning/__init__.py": "",
    # upward, hidden in a function: planning (algorithms) may not import the passes
    "memir/planning/bad.py": "def f():\n    from memir.passes.support.bridge import read\n",
    "memir/verify/__init__.py": "",
    # xDSL below the passes, only for type checking: still an import
    "memir/verify/typed.py": ("from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n"
                              "    from xdsl.ir import Operation\n"),
    "memir/analysis/__init__.py": "",
    "memir/analysis/a.py": "from . import b\n",  # a relative import, into a cycle
    "memir/analysis/b.py": "from memir.analysis import a\n",
    "dialects/__init__.py": "import xdsl\n",  # the IR may use xDSL
    "passes/__init__.py": "",
    "passes/support/__init__.py": "",
    "passes/support/bridge.py": "from memir.dialects import x\n",
    # a room: its door exports ``assign``; inside the room, modules import each other
    "memir/planning/layout/__init__.py": "from memir.planning.layout.portfolio import assign\n",
    "memir/planning/layout/portfolio.py": "def assign(): pass\ndef _helper(): pass\n",
    "memir/planning/spaces/__init__.py": "",
    # through the door: fine; past it, for a private name: two faults
    "memir/planning/spaces/pieces.py": ("from memir.planning.layout import assign\n"
                                        "from memir.planning.layout.portfolio import _helper\n"),
    "memir/executorch/__init__.py": "",
    # a frontend past the door, then a private name read through the module
    "memir/executorch/algorithm.py": ("from memir.planning.layout import portfolio as p\n"
                                      "p._helper()\n"),
    "passes/helper.py": "X = 1\n",  # not a pass, yet among the passes
    "passes/one.py": "from xdsl.passes import ModulePass\nclass One(ModulePass): pass\n",
    "passes/two.py": ("from xdsl.passes import ModulePass\nfrom memir.passes.one import One\n"
                      "class Two(ModulePass): pass\n"),
}


def test_the_check_fails_on_planted_bad_imports(tmp_path):
    for rel, text in PLANTED.items():
        (tmp_path / rel).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / rel).write_text(text)
    found = violations({"memir": tmp_path / "memir", "memir.dialects": tmp_path / "dialects",
                        "memir.passes": tmp_path / "passes"})
    text = "\n".join(found)
    print(text)  # what a contributor sees: one line per broken rule
    assert len(found) == 9, text
    assert "memir/planning/bad.py:2: memir.planning.bad (algorithms) imports " \
           "memir.passes.support.bridge (pass support), a higher layer" in found
    assert "memir/verify/typed.py:3: memir.verify.typed imports xdsl.ir: " \
           "no xDSL below the passes" in found
    assert "passes/two.py:2: pass memir.passes.two imports pass " \
           "memir.passes.one: move what both need into memir.passes.support" in found
    assert "import cycle between modules: memir.analysis.a -> memir.analysis.b" in found
    assert "memir.passes.helper defines no pass: move it to memir.passes.support" in found
    assert "memir/planning/spaces/pieces.py:2: memir.planning.spaces.pieces imports _helper, " \
           "private to memir.planning.layout.portfolio" in found
    assert "memir/planning/spaces/pieces.py:2: memir.planning.spaces.pieces imports " \
           "memir.planning.layout.portfolio: go through memir.planning.layout (its __init__ " \
           "exports what others may use)" in found
    assert "memir/executorch/algorithm.py:1: memir.executorch.algorithm imports " \
           "memir.planning.layout.portfolio: go through memir.planning.layout (its __init__ " \
           "exports what others may use)" in found
    assert "memir/executorch/algorithm.py:2: memir.executorch.algorithm imports _helper, " \
           "private to memir.planning.layout.portfolio" in found


def test_a_pass_may_reach_into_a_room_and_the_allowlist_only_shrinks(tmp_path):
    planted = {"memir/__init__.py": "", "memir/planning/__init__.py": "",
               "memir/planning/layout/__init__.py": "",
               "memir/planning/layout/greedy.py": "def _descend(): pass\ndef run(): pass\n",
               "memir/planning/remat/__init__.py": "",
               "memir/planning/remat/mincut.py": ("from memir.planning.layout.greedy "
                                                  "import _descend\n"),
               "passes/__init__.py": "",
               "passes/one.py": ("from xdsl.passes import ModulePass\n"
                                 "from memir.planning.layout.greedy import run\n"
                                 "class One(ModulePass): pass\n")}
    for rel, text in planted.items():
        (tmp_path / rel).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / rel).write_text(text)
    dirs = {"memir": tmp_path / "memir", "memir.passes": tmp_path / "passes"}
    crossings = {("memir.planning.remat.mincut", "memir.planning.layout.greedy"),
                 ("memir.planning.remat.mincut", "memir.planning.layout.greedy._descend")}
    assert len(violations(dirs)) == 2
    assert violations(dirs, crossings) == []
    stale = ("memir.planning.remat.mincut", "memir.planning.schedule.deps")
    assert violations(dirs, crossings | {stale}) == [
        "memir.planning.remat.mincut -> memir.planning.schedule.deps is allowed but no longer "
        "happens: delete it from the allowlist"]


def test_a_cycle_between_packages_is_found_without_one_between_modules():
    edges = {"memir.planning": {"memir.verify"}, "memir.verify": {"memir.planning"}}
    assert cycles(edges) == [["memir.planning", "memir.verify"]]
    assert cycles({"a": {"b"}, "b": set()}) == []
