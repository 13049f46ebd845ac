"""What memir's tools know: dialects and passes, including passes from other packages.

A pass from outside the package registers through the ``memir.passes`` entry-point group:

    [project.entry-points."memir.passes"]
    my-pass = "my_package.my_module:MyPass"

``memir-opt`` loads it on start; ``memir-opt --help`` lists it with the built-in ones. The
listing and the docs' pass table (``python -m memir.tools.registry`` rewrites it) are
generated from each pass's option declarations (passes/support/options.py).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from importlib import import_module

from xdsl.context import Context
from xdsl.dialects.builtin import Builtin
from xdsl.dialects.func import Func
from xdsl.ir import Dialect
from xdsl.passes import ModulePass

from memir.dialects import Memir

ENTRY_POINT_GROUP = "memir.passes"


UPSTREAM_DIALECTS = {
    "arith": ("memir.dialects.upstream.arith", "dialect"),
    "math": ("memir.dialects.upstream.math", "dialect"),
    "memref": ("memir.dialects.upstream.memref", "dialect"),
    "linalg": ("memir.dialects.upstream.linalg", "dialect"),
    "scf": ("memir.dialects.upstream.scf", "dialect"),
    "cf": ("memir.dialects.upstream.cf", "dialect"),
    "affine": ("memir.dialects.upstream.affine", "dialect"),
    "tensor": ("memir.dialects.upstream.tensor", "dialect"),
    "bufferization": ("memir.dialects.upstream.bufferization", "dialect"),
    "vector": ("memir.dialects.upstream.vector", "dialect"),
    "index": ("memir.dialects.upstream.index", "dialect"),
    "ub": ("xdsl.dialects.ub", "UB"),
}
"""Upstream MLIR dialects a bufferized program uses: name -> (module, class or factory).

Registered, not loaded: xDSL imports a dialect's module the first time the parser meets
one of its ops or types, so ``printf '' | memir-opt`` pays nothing for them (linalg alone
costs tens of milliseconds to import). tests/passes/test_memref.py checks it
(``test_empty_input_loads_no_upstream_dialect`` and the tests after it). What xDSL
lacks or writes differently from MLIR 22 is added in memir/dialects/upstream/.
"""


def _loader(module: str, attr: str) -> Callable[[], Dialect]:
    def load() -> Dialect:
        found = getattr(import_module(module), attr)
        return found if isinstance(found, Dialect) else found()

    return load


@cache
def _context_class() -> type[Context]:
    """memir's context, open to the upstream dialects' ops memir does not define."""
    from memir.dialects.upstream.opaque import OpenUpstreamDialects
    from memir.passes.support.analysis_manager import MemirContext

    return dataclass(type("UpstreamContext", (OpenUpstreamDialects, MemirContext), {}))


def make_context() -> Context:
    """A context with memir's dialects and an analysis cache (passes/support/analyses.py).

    builtin, func and memir are loaded; the upstream dialects of ``UPSTREAM_DIALECTS``
    (and xDSL's test dialect) are registered lazily.
    """
    ctx = _context_class()()
    for dialect in (Builtin, Func, Memir):
        ctx.load_dialect(dialect)
    for name, (module, attr) in UPSTREAM_DIALECTS.items():
        ctx.register_dialect(name, _loader(module, attr))
    ctx.register_dialect("test", _loader("xdsl.dialects.test", "Test"))
    return ctx


def builtin_passes() -> dict[str, Callable[[], type[ModulePass]]]:
    """memir's passes by name; each factory imports its module when first called."""
    from memir.passes import PASS_MODULES, load_pass

    return {name: (lambda name=name: load_pass(name)) for name in PASS_MODULES}


def external_passes() -> tuple[dict[str, Callable[[], type[ModulePass]]], list[str]]:
    """Passes from other packages; a broken plug-in is reported, not fatal."""
    from importlib.metadata import entry_points  # costs start-up time: only when asked

    found: dict[str, Callable[[], type[ModulePass]]] = {}
    problems: list[str] = []
    for entry in entry_points(group=ENTRY_POINT_GROUP):
        try:
            cls = entry.load()
        except Exception as error:  # a plug-in's import error must not kill the tool
            problems.append(f"cannot load pass plug-in '{entry.name}': {error}")
            continue
        if not (isinstance(cls, type) and issubclass(cls, ModulePass)):
            problems.append(f"pass plug-in '{entry.name}' is not a ModulePass subclass")
            continue
        found[cls.name] = lambda cls=cls: cls
    return found, problems


def all_passes(plugins: bool = True
               ) -> tuple[dict[str, Callable[[], type[ModulePass]]], list[str]]:
    """Built-in passes and, with ``plugins``, those of installed plug-ins (reading the
    entry points costs start-up time: memir-opt asks only when a pipeline names a pass it
    does not know, or for --help)."""
    passes = builtin_passes()
    if not plugins:
        return passes, []
    extra, problems = external_passes()
    for name, factory in extra.items():
        passes.setdefault(name, factory)
    return passes, problems


PASS_TABLE = "docs/passes/README.md"  # in the repository, beside the passes' pages
TABLE_START = "<!-- pass table: generated by `python -m memir.tools.registry`; do not edit -->"
TABLE_END = "<!-- end of the pass table -->"
EMPTY = '""'  # an empty default, shown in the table


def pass_listing(passes: dict[str, Callable[[], type[ModulePass]]]) -> str:
    """``memir-opt --help``'s passes: each with its options, their defaults, values and help
    (as mlir-opt lists a pass's options under it)."""
    from memir.passes.support.options import declared_options, signature

    lines = ["passes (options in {}, defaults shown; then each option's values and meaning):"]
    for name in sorted(passes):
        cls = passes[name]()
        options = signature(cls)
        lines.append(f"  {name}{'{' + options + '}' if options else ''}")
        lines.append(f"      {summary(cls)}")
        lines += [f"        {o.name}: {o.values()}" + (f"; {o.help}" if o.help else "")
                  for o in declared_options(cls)]
    return "\n".join(lines)


def summary(cls: type[ModulePass]) -> str:
    """The first line of the pass's docstring (its name when it has none)."""
    from memir.tools.diagnostics import first_line

    return first_line((cls.__doc__ or "").strip() or cls.name, 90)


def repository_file(relative: str):
    """A file of the source tree (the docs are not installed)."""
    from pathlib import Path

    return Path(__file__).resolve().parents[2] / relative


def pass_table() -> str:
    """docs/passes/README.md's table of memir's passes: one row per pass, linked to where the
    docs describe it, then one per option."""
    from memir.passes import PASS_MODULES, load_pass
    from memir.passes.support.options import declared_options

    rows = ["| pass | option | default | values | what it does |", "|---|---|---|---|---|"]
    for name in PASS_MODULES:
        cls = load_pass(name)
        rows.append(f"| [`{name}`]({pass_page(name)}) | | | | {_cell(summary(cls))} |")
        rows += [f"| | `{o.name}` | `{o.default_text or EMPTY}` | {_cell(o.values())} | "
                 f"{_cell(o.help)} |" for o in declared_options(cls)]
    return "\n".join([TABLE_START, *rows, TABLE_END])


def pass_page(name: str) -> str:
    """Where the docs describe pass ``name``, relative to the index: its own page, or a
    ``## name`` section of the index or of another page."""
    index = repository_file(PASS_TABLE)
    if (index.parent / f"{name}.md").exists():
        return f"{name}.md"
    for page in [index, *sorted(index.parent.glob("*.md"))]:
        if f"\n## {name}\n" in page.read_text():
            return f"#{name}" if page == index else f"{page.name}#{name}"
    raise LookupError(f"no page or '## {name}' section in docs/passes/ describes pass {name}")


def _cell(text: str) -> str:
    return text.replace("|", ", ")  # choices: a|b on the command line, a, b in prose


def write_pass_table() -> bool:
    """Put ``pass_table()`` between the markers in ``PASS_TABLE``; True if it changed."""
    path = repository_file(PASS_TABLE)
    text = path.read_text()
    start, end = text.index(TABLE_START), text.index(TABLE_END) + len(TABLE_END)
    new = text[:start] + pass_table() + text[end:]
    if new != text:
        path.write_text(new)
    return new != text


if __name__ == "__main__":
    print(f"{PASS_TABLE}: {'rewritten' if write_pass_table() else 'up to date'}")
