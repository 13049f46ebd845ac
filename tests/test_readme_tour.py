"""The README runs as written: every command of its tour, and the set-up commands CI uses.

Why: people and CI copy the README's commands verbatim; a renamed pass, option, example
file or flag must fail here, not in a user's shell. The tour's commands are read from the
```sh blocks under ``## Tour`` (``\\`` continuations joined, ``#`` comments and blank lines
skipped) and each runs with ``bash -o pipefail -c`` from the repository root, with the
venv's scripts (memir-opt, memir-translate) on PATH. A command that imports a PyTorch model
is skipped where torch or torchvision is missing.
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
MIN_TOUR_COMMANDS = 5

MAIN_JOB = ("python3 -m venv .venv && . .venv/bin/activate && pip install -e . && "
            "memir-opt examples/two_streams.mlir "
            "-p 'bufferize,stream-safety,assign-layout,verify-layout,report'")
TEST_JOB = ("python3 -m venv .venv && . .venv/bin/activate && "
            "pip install -e '.[dev,fast,torch,mlir,executorch]' && pytest -n 2")


def section(text: str, heading: str) -> str:
    """The text under ``heading`` (a ``## `` line) up to the next ``## `` heading."""
    match = re.search(rf"^{re.escape(heading)}[ \t]*\n(.*?)(?=^## |\Z)", text, re.M | re.S)
    assert match, f"README has no '{heading}' section"
    return match.group(1)


def sh_blocks(text: str) -> list[str]:
    return re.findall(r"^```sh[ \t]*\n(.*?)^```", text, re.M | re.S)


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


def tour_commands() -> list[str]:
    tour = section(README.read_text(), "## Tour")
    return [command for block in sh_blocks(tour) for command in commands(block)]


TOUR = tour_commands()


def test_tour_is_not_empty():
    assert len(TOUR) >= MIN_TOUR_COMMANDS, TOUR


def test_tour_uses_only_repository_files():
    for command in TOUR:
        assert "../" not in command, command
        assert "$" not in command, f"shell variables need earlier lines: {command}"


@pytest.mark.parametrize("command", TOUR,
                         ids=[f"{i}-{c.split()[0]}" for i, c in enumerate(TOUR)])
def test_tour_command_runs(command: str, tmp_path: Path):
    if "--import-torch" in command:
        pytest.importorskip("torch")
        if importlib.util.find_spec("torchvision") is None:  # importing it may need memir's help
            pytest.skip("torchvision is not installed")
    if "executorch" in command and importlib.util.find_spec("executorch") is None:
        pytest.skip("needs memir[executorch]")
    bindir = str(Path(sys.executable).parent)
    env = dict(os.environ, PATH=os.pathsep.join([bindir, os.environ.get("PATH", "")]),
               TMPDIR=str(tmp_path))
    done = subprocess.run(["bash", "-o", "pipefail", "-c", command], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, f"{command}\n{done.stderr[-3000:]}"
    assert "Traceback" not in done.stderr, done.stderr[-3000:]


def test_set_up_commands_are_verbatim():
    set_up = section(README.read_text(), "## Set up")
    blocks = [block.strip() for block in sh_blocks(set_up)]
    assert MAIN_JOB in blocks, blocks
    assert TEST_JOB in blocks, blocks


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
