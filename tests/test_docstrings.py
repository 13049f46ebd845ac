"""Module docstrings state the why, briefly; measurements live in docs/.

Why: a long module docstring repeats its docs page and rots with the code, and a pointer
stub such as "(measurements: docs/...)" on every constant says nothing the docs' own index
does not (docs/planning-figures.md names each module it backs). Issue 51 asks for the why in
about 15 lines; this test fails past ``MAX_LINES``.
"""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
MAX_LINES = 15
STUB = "(measurements: " + "docs/planning-figures.md)"


def package_files() -> list[Path]:
    files = []
    for top in ("memir", "dialects", "passes"):
        for path in sorted((ROOT / top).rglob("*.py")):
            relative = path.relative_to(ROOT)
            if relative.parts[0] == "memir" and relative.parts[1] in ("passes", "dialects"):
                continue  # links to the top-level packages in some checkouts
            files.append(path)
    return files


def module_docstring_lines(path: Path) -> int:
    tree = ast.parse(path.read_text(), filename=str(path))
    first = tree.body[0] if tree.body else None
    if not (isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant)
            and isinstance(first.value.value, str)):
        return 0
    return first.end_lineno - first.lineno + 1


def test_module_docstrings_are_short():
    lengths = {path.relative_to(ROOT).as_posix(): module_docstring_lines(path)
               for path in package_files()}
    assert lengths, "no modules found"
    too_long = sorted(f"{name}: {n} lines" for name, n in lengths.items() if n > MAX_LINES)
    assert not too_long, f"module docstrings over {MAX_LINES} lines: {too_long}"


def test_docstring_length_can_fail(tmp_path):
    long = tmp_path / "long.py"
    long.write_text('"""Why.\n' + "more\n" * MAX_LINES + '"""\n')
    assert module_docstring_lines(long) > MAX_LINES
    short = tmp_path / "short.py"
    short.write_text('"""Why, in one line."""\nX = 1\n')
    assert module_docstring_lines(short) == 1


def test_no_pointer_stubs():
    found = [f"{path.relative_to(ROOT)}:{number}" for path in package_files()
             for number, line in enumerate(path.read_text().splitlines(), 1) if STUB in line]
    assert not found, f"pointer stubs (docs link docs/planning-figures.md instead): {found}"
