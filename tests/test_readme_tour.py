"""The README runs as written: every command of its tour, and the set-up commands CI uses.

Why: people and CI copy the README's commands verbatim; a renamed pass, option, example
file or flag must fail here, not in a user's shell. The commands are read from the ```sh
blocks under the README's ``## Tour`` and docs/ir.md's ``## Try it`` (``\\`` continuations
joined, ``#`` comments and blank lines skipped); each runs with ``bash -o pipefail -c`` from
the repository root, with the venv's scripts (memir-opt, memir-translate) and MLIR 22's
tools on PATH. The tour's ```python blocks run with ``python -c``. A command that needs
torch, torchvision, ExecuTorch or MLIR 22's ``mlir-opt`` is skipped where it is missing
(under ``CI`` a missing ``mlir-opt`` fails, as the upstream-MLIR tests do).
"""

from __future__ import annotations

import importlib.util
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
README = ROOT / "README.md"
IR_PAGE = ROOT / "docs" / "ir.md"
FRONT_PAGE_LINES = 150
MIN_TOUR_COMMANDS = 4

sys.path.insert(0, str(ROOT / "tests" / "upstream"))  # harness.py: where MLIR 22's tools are
import harness  # noqa: E402

MAIN_JOB = ("python3 -m venv .venv && . .venv/bin/activate && pip install -e . && "
            "memir-opt examples/two_streams.mlir "
            "-p 'bufferize,stream-safety,assign-layout,verify-layout,report'")
TEST_JOB = ("python3 -m venv .venv && . .venv/bin/activate && "
            "pip install -e '.[dev,fast,torch,mlir,executorch]' && pytest -n 2")


def section(text: str, heading: str) -> str:
    """The text under ``heading`` (a ``## `` line) up to the next ``## `` heading."""
    match = re.search(rf"^{re.escape(heading)}[ \t]*\n(.*?)(?=^## |\Z)", text, re.M | re.S)
    assert match, f"no '{heading}' section"
    return match.group(1)


def blocks(text: str, language: str) -> list[str]:
    return re.findall(rf"^```{language}[ \t]*\n(.*?)^```", text, re.M | re.S)


def commands(block: str) -> list[str]:
    """One command per logical line: continuations joined, comments and blanks skipped."""
    found, pending = [], ""
    for line in block.splitlines():
        if not pending and (not line.strip() or line.lstrip().startswith("#")):
            continue
        if line.rstrip().endswith("\\"):
            pending += line.strip()[:-1].strip() + " "
            continue
        found.append(pending + line.strip())
        pending = ""
    assert not pending, f"a command ends in a continuation: {pending!r}"
    return found


def sh_commands(page: Path, heading: str) -> list[str]:
    text = section(page.read_text(), heading)
    return [command for block in blocks(text, "sh") for command in commands(block)]


TOUR = sh_commands(README, "## Tour")
TRY_IT = sh_commands(IR_PAGE, "## Try it")
TOUR_PYTHON = blocks(section(README.read_text(), "## Tour"), "python")
MLIR_OPT = re.compile(r"(^|\|)\s*mlir-opt\b")


def test_readme_is_a_front_page():
    lines = README.read_text().count("\n")
    assert lines <= FRONT_PAGE_LINES, f"README.md has {lines} lines; details go to docs/"


def test_tour_is_not_empty():
    assert len(TOUR) >= MIN_TOUR_COMMANDS, TOUR
    assert TRY_IT, "docs/ir.md's 'Try it' has no command"


def test_tour_reaches_the_runtimes():
    """mlir-opt, ExecuTorch and torch.compile, each by a command that runs."""
    assert any(MLIR_OPT.search(command) for command in TOUR), TOUR
    assert any("executorch" in command for command in TOUR), TOUR
    assert any("torch.compile(" in code for code in TOUR_PYTHON), TOUR_PYTHON


def test_tour_uses_only_repository_files():
    for command in TOUR + TRY_IT:
        assert "../" not in command, command
        assert "$" not in command, f"shell variables need earlier lines: {command}"


def require(command: str) -> str | None:
    """The directory of MLIR 22's tools if ``command`` runs mlir-opt; skip what is missing."""
    if "--import-torch" in command or "import torch" in command:
        pytest.importorskip("torch")
    if "--import-torch" in command and importlib.util.find_spec("torchvision") is None:
        pytest.skip("torchvision is not installed")  # importing it may need memir's help
    if "executorch" in command and importlib.util.find_spec("executorch") is None:
        pytest.skip("needs memir[executorch]")
    if not MLIR_OPT.search(command):
        return None
    tools = harness.find_tools()
    if isinstance(tools, str):
        if os.environ.get("CI"):
            pytest.fail(f"CI must run the README's mlir-opt command, but: {tools}")
        pytest.skip(tools)
    return str(Path(tools.mlir_opt).parent)


def run_in_root(argv: list[str], tmp_path: Path, tools: str | None) -> None:
    path = [str(Path(sys.executable).parent), *([tools] if tools else []),
            os.environ.get("PATH", "")]
    env = dict(os.environ, PATH=os.pathsep.join(path), TMPDIR=str(tmp_path))
    done = subprocess.run(argv, cwd=ROOT, env=env, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, f"{argv[-1]}\n{done.stderr[-3000:]}"
    assert "Traceback" not in done.stderr, done.stderr[-3000:]


@pytest.mark.parametrize("command", TOUR + TRY_IT,
                         ids=[f"{i}-{c.split()[0]}" for i, c in enumerate(TOUR + TRY_IT)])
def test_tour_command_runs(command: str, tmp_path: Path):
    tools = require(command)
    run_in_root(["bash", "-o", "pipefail", "-c", command], tmp_path, tools)


@pytest.mark.parametrize("code", TOUR_PYTHON, ids=[f"python-{i}" for i in range(len(TOUR_PYTHON))])
def test_tour_python_runs(code: str, tmp_path: Path):
    require(code)
    run_in_root([sys.executable, "-c", code], tmp_path, None)


def test_set_up_commands_are_verbatim():
    set_up = section(README.read_text(), "## Set up")
    found = [block.strip() for block in blocks(set_up, "sh")]
    assert MAIN_JOB in found, found
    assert TEST_JOB in found, found


def test_ci_runs_the_test_command():
    ci = (ROOT / ".ci" / "run").read_text()
    lines = [line.strip() for line in ci.splitlines()]
    assert TEST_JOB in lines, "`.ci/run` must run the README's test command"


def test_commands_parser():
    block = "# a comment\n\nmemir-opt a \\\n  -p 'x' \\\n  | memir-translate\n\nls\n"
    assert commands(block) == ["memir-opt a -p 'x' | memir-translate", "ls"]


# Written by another change; linked before it lands.
PENDING_PAGES = {ROOT / "docs" / "planning-figures.md"}


def test_links_in_readme_and_docs_resolve():
    pages = [README, *sorted((ROOT / "docs").rglob("*.md"))]
    broken = []
    for page in pages:
        for target in re.findall(r"\]\(([^)\s]+)\)", page.read_text()):
            if re.match(r"[a-z]+:", target):  # https:, mailto:
                continue
            path = (page.parent / target.split("#")[0]).resolve()
            if not path.exists() and path not in PENDING_PAGES:
                broken.append(f"{page.relative_to(ROOT)}: {target}")
    assert not broken, broken
