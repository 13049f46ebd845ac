"""Every file path named in memir's code and docs exists.

Why: docstrings and docs point readers at files ("see passes/support/options.py"); when a file
moves, the pointer rots silently and sends the next reader nowhere. A path counts when it
starts at one of the repository's own top-level folders (``memir/``, ``passes/``, ``docs/``...)
or ``../shared/``, or is the target of a Markdown link; paths into other projects (MLIR's
``mlir/test/...``, xDSL's, ExecuTorch's) and generated files (``cache/``) are not checked.
Test files that build throwaway module trees on purpose are left out by name.
"""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SCANNED = ("README.md", "memir", "dialects", "passes", "benchmarks", "docs", "examples", "tests")
SUFFIXES = {".py", ".md", ".sh", ".toml"}
OWN_ROOTS = ("memir", "dialects", "passes", "benchmarks", "docs", "examples", "tests",
             "filecheck_tests", "../shared")
NOT_SCANNED = {"tests/passes/test_layers.py", "tests/test_named_paths.py"}  # synthetic trees
FILE = r"[\w.-]+\.(?:py|md|mlir|csv|toml|sh|json|txt|pkl)"
PLAIN_PATH = re.compile(r"(?<![\w./-])((?:\.\./)?(?:[\w.-]+/)+" + FILE + r")(?![\w/])")
MARKDOWN_LINK = re.compile(r"\]\(([^)#\s:]+?)(?:#[^)]*)?\)")


def scanned_files() -> list[Path]:
    files = []
    for name in SCANNED:
        path = ROOT / name
        candidates = [path] if path.is_file() else sorted(path.rglob("*"))
        files += [p for p in candidates if p.suffix in SUFFIXES and "__pycache__" not in p.parts]
    return [p for p in files if str(p.relative_to(ROOT)) not in NOT_SCANNED]


def named_paths(path: Path) -> list[tuple[int, str, tuple[Path, ...]]]:
    """(line, text, where it may exist) for each checked path named in ``path``: a plain path
    from the repository's root or the naming file's folder, a link from the file's folder."""
    found = []
    for number, line in enumerate(path.read_text(errors="replace").splitlines(), 1):
        for match in PLAIN_PATH.finditer(line):
            text = match.group(1)
            if text.split("/")[0] in OWN_ROOTS or text.startswith("../shared/"):
                found.append((number, text, (ROOT / text, path.parent / text)))
        if path.suffix == ".md":
            found += [(number, match.group(1), (path.parent / match.group(1),))
                      for match in MARKDOWN_LINK.finditer(line)
                      if not PLAIN_PATH.fullmatch(match.group(1))]
    return found


def test_every_named_path_exists() -> None:
    missing = [f"{path.relative_to(ROOT)}:{line}: {text}"
               for path in scanned_files()
               for line, text, places in named_paths(path)
               if not any(place.exists() for place in places)]
    assert not missing, "paths named but absent:\n" + "\n".join(missing)


def test_a_missing_path_is_found(tmp_path: Path) -> None:
    page = tmp_path / "page.md"
    page.write_text("see memir/no_such_module.py, [the pass](passes/none.md) and [docs](../docs/)\n")
    named = [(text, any(place.exists() for place in places))
             for _, text, places in named_paths(page)]
    assert named == [("memir/no_such_module.py", False), ("passes/none.md", False),
                     ("../docs/", False)]
