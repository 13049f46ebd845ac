"""memir-opt / memir-translate as a user meets them: exit codes, diagnostics, no tracebacks."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = ROOT / "examples"


def run(tool: str, *args: str, stdin: str | None = None) -> subprocess.CompletedProcess:
    module = {"memir-opt": "memir.tools.memir_opt",
              "memir-translate": "memir.tools.memir_translate"}[tool]
    return subprocess.run([sys.executable, "-m", module, *args], input=stdin,
                          capture_output=True, text=True, timeout=120)


def assert_clean_failure(done: subprocess.CompletedProcess, *needles: str) -> None:
    assert done.returncode == 1, (done.returncode, done.stderr)
    assert "Traceback" not in done.stderr + done.stdout
    assert len(done.stderr.splitlines()) <= 12, done.stderr
    for needle in needles:
        assert needle in done.stderr, done.stderr


def test_empty_and_comment_only_input_is_an_empty_module():
    for text in ("", "// nothing here\n"):
        done = run("memir-opt", stdin=text)
        assert done.returncode == 0, done.stderr
        assert done.stdout.strip() == "builtin.module {\n}"


def test_parse_error_points_at_line():
    done = run("memir-opt", stdin="%a = memir.alloc 64\n%b = memir.alloc x\n")
    assert_clean_failure(done, "<stdin>:2:", "error:", "%b = memir.alloc x")


def test_verifier_error_points_at_line(tmp_path):
    path = tmp_path / "bad.mlir"
    path.write_text("%a = memir.alloc 64\n%b = memir.alloc 64 align 3\n")
    done = run("memir-opt", str(path))
    assert_clean_failure(done, f"{path}:2:1: error: 'memir.alloc' op alignment must be a power")


def test_unknown_pass_and_bad_option():
    assert_clean_failure(run("memir-opt", "-p", "no-such-pass", stdin=""), "unknown pass")
    assert_clean_failure(run("memir-opt", "-p", "bufferize{colour=red}", stdin=""),
                         "has no option 'colour'")
    assert_clean_failure(run("memir-opt", "-p", "bufferize{alignment=x}", stdin=""),
                         "bufferize")
    assert_clean_failure(run("memir-opt", "-p", "bufferize{", stdin=""), "pipeline")


def test_mlir_and_xdsl_pipeline_forms_agree():
    src = str(EXAMPLES / "two_streams.mlir")
    a = run("memir-opt", src, "--pass-pipeline=builtin.module(bufferize{alignment=128})")
    b = run("memir-opt", src, "-p", "bufferize{alignment=128}")
    assert a.returncode == b.returncode == 0, a.stderr + b.stderr
    assert a.stdout == b.stdout and "align 128" in a.stdout


def test_output_file_is_not_written_on_failure(tmp_path):
    out = tmp_path / "out.mlir"
    out.write_text("previous\n")
    done = run("memir-opt", "-o", str(out), stdin="%a = memir.alloc 0\n")
    assert_clean_failure(done)
    assert out.read_text() == "previous\n"
    done = run("memir-opt", "-o", str(out), stdin="%a = memir.alloc 8\n")
    assert done.returncode == 0 and "memir.alloc 8" in out.read_text()
    assert [p.name for p in tmp_path.iterdir()] == ["out.mlir"]  # no temp file left


def test_missing_input_file():
    assert_clean_failure(run("memir-opt", "/no/such/file.mlir"), "cannot read")


def test_help_lists_every_pass_with_options():
    from memir.passes import PASSES

    done = run("memir-opt", "--help")
    assert done.returncode == 0
    for cls in PASSES:
        assert cls.name in done.stdout


def test_the_docs_pass_table_is_generated_from_the_declarations():
    """docs/passes/README.md's table is what the passes' option declarations give (run
    ``python -m memir.tools.registry`` after changing one), and the README links to it."""
    from memir.tools.registry import PASS_TABLE, pass_table

    table = pass_table()
    assert table in (ROOT / PASS_TABLE).read_text(), \
        f"{PASS_TABLE} is stale: run python -m memir.tools.registry"
    assert f"({PASS_TABLE})" in (ROOT / "README.md").read_text()


def test_the_pass_table_can_fail(monkeypatch):
    """A changed pass changes the table: the check above is not vacuous."""
    from memir.passes.bufferize import Bufferize
    from memir.tools.registry import pass_table

    before = pass_table()
    monkeypatch.setattr(Bufferize, "__doc__", "Another summary.")
    assert pass_table() != before and "| Another summary. |" in pass_table()


def test_every_docs_page_quotes_its_pass_as_declared():
    """A page that opens with its pass's signature (``name{option=default (choices) ...}``)
    quotes it as the declarations give it."""
    from memir.passes import PASSES
    from memir.passes.support.options import signature

    pages = "\n".join(p.read_text() for p in (ROOT / "docs" / "passes").glob("*.md"))
    for cls in PASSES:
        quoted = [line for line in pages.splitlines() if line.startswith(f"`{cls.name}{{")
                  and line.endswith("}`")]
        for line in quoted:
            assert line == f"`{cls.name}{{{signature(cls, choices=True)}}}`", line


def test_external_pass_plugin_is_loaded(tmp_path):
    """A pass from outside the package registers through the memir.passes entry point."""
    plugin = ROOT / "examples" / "plugin"
    # What `pip install examples/plugin` would leave behind: the module and its metadata.
    dist = tmp_path / "memir_count_allocs-0.1.0.dist-info"
    dist.mkdir()
    (dist / "METADATA").write_text("Metadata-Version: 2.1\nName: memir-count-allocs\n"
                                   "Version: 0.1.0\n")
    (dist / "entry_points.txt").write_text(
        "[memir.passes]\ncount-allocs = count_allocs:CountAllocs\n")
    path = os.pathsep.join([str(plugin), str(tmp_path), os.environ.get("PYTHONPATH", "")])
    env = dict(os.environ, PYTHONPATH=path)
    done = subprocess.run(
        [sys.executable, "-c",
         "import sys; from memir.tools import memir_opt; sys.exit(memir_opt.main())",
         "-p", "count-allocs{label=seen}", str(EXAMPLES / "two_streams.mlir")],
        capture_output=True, text=True, env=env, timeout=120)
    if "unknown pass 'count-allocs'" in done.stderr:
        pytest.fail("plug-in not found: install examples/plugin (see README) " + done.stderr)
    assert done.returncode == 0, done.stderr
    assert "seen: 0 allocs" in done.stderr


@pytest.mark.parametrize("tool, args", [
    ("memir-translate", ["--import-torch", "x:y", "--batch", "abc"]),
    ("memir-translate", ["--import-torch", "x:y", "--streams", "abc"]),
    ("memir-opt", ["-p"]),
    ("memir-opt", ["--no-such-flag"]),
])
def test_argument_errors_exit_1_with_argparse_message(tool, args):
    done = run(tool, *args, stdin="")
    assert_clean_failure(done, f"{tool}: error:", "usage:")


def test_non_utf8_stdin_is_located():
    done = subprocess.run([sys.executable, "-m", "memir.tools.memir_opt"],
                          input=b"%a = memir.alloc 64\n  \xff\n", capture_output=True,
                          timeout=120)
    assert done.returncode == 1
    assert b"<stdin>:2:3: error: not UTF-8 text (byte 0xff)" in done.stderr, done.stderr


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="needs /dev/full")
def test_a_failing_stdout_is_a_user_error():
    with open("/dev/full", "w") as full:
        done = subprocess.run([sys.executable, "-m", "memir.tools.memir_opt"], input="",
                              stdout=full, stderr=subprocess.PIPE, text=True, timeout=120)
    assert done.returncode == 1, done.stderr
    assert done.stderr.strip() == "memir-opt: error: cannot write standard output: " \
                                  "No space left on device", done.stderr


def test_import_minimalloc_round_trips_awkward_ids(tmp_path):
    csv = 'id,lower,upper,size\n"a\nb",0,2,8\n"q""x",1,3,8\n"\\\\",1,3,8\né,0,1,4\n'
    ir = run("memir-translate", "--import-minimalloc", stdin=csv)
    assert ir.returncode == 0, ir.stderr
    planned = run("memir-opt", "-p", "assign-layout", stdin=ir.stdout)
    assert planned.returncode == 0, planned.stderr
    back = run("memir-translate", "--export-minimalloc", stdin=planned.stdout)
    assert back.returncode == 0, back.stderr
    import csv as csv_module
    import io
    rows = list(csv_module.reader(io.StringIO(back.stdout)))
    assert [r[0] for r in rows[1:]] == ["a\nb", 'q"x', "\\\\", "é"]
