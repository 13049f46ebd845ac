"""memir-opt starts fast: nothing heavy is imported before it is used.

Why an import check and not a timing check: timings on a shared machine are noise, while
an accidental module-level ``import numpy`` (the verifier once pulled it in through
memir.analysis.precedence) costs 0.15-0.3 s on every run and is caught here exactly.
"""

from __future__ import annotations

import subprocess
import sys

HEAVY = ("numpy", "ortools", "z3", "matplotlib", "torch", "scipy", "networkx")

PROBE = """
import io, sys
sys.stdin = io.TextIOWrapper(io.BytesIO({stdin!r}), encoding="utf-8")
sys.stdout = io.StringIO()
from memir.tools import {tool}
status = {tool}.main({argv!r})
heavy = sorted(m for m in {heavy!r} if m in sys.modules)
sys.__stdout__.write(f"{{status}} {{','.join(heavy)}}\\n")
"""


def heavy_modules(tool: str, argv: list[str], stdin: bytes,
                  watched: tuple[str, ...] = HEAVY) -> tuple[int, list[str]]:
    code = PROBE.format(tool=tool, argv=argv, stdin=stdin, heavy=watched)
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          timeout=120)
    assert done.returncode == 0, done.stderr
    status, _, names = done.stdout.strip().partition(" ")
    return int(status), [n for n in names.split(",") if n]


def test_empty_input_loads_nothing_heavy():
    assert heavy_modules("memir_opt", [], b"") == (0, [])


def test_parsing_and_verifying_ir_loads_nothing_heavy():
    ir = (b'%s = memir.stream 0\n%a = memir.alloc 64 live [0, 2) id "a"\n'
          b'memir.compute "k" on %s ins() outs(%a)\n')
    assert heavy_modules("memir_opt", [], ir) == (0, [])


def test_a_bad_input_loads_nothing_heavy():
    assert heavy_modules("memir_opt", [], b"%a = memir.alloc x\n") == (1, [])


def test_translate_import_loads_nothing_heavy():
    csv = b"id,lower,upper,size\na,0,2,8\n"
    assert heavy_modules("memir_translate", ["--import-minimalloc"], csv) == (0, [])


def test_the_probe_sees_a_heavy_import():
    """The check can fail: a cycle check needs numpy, and the probe must see it loaded."""
    cycle = (b'%a = memir.alloc 8\n%b = memir.alloc 8\n'
             b'memir.compute "x" ins(%b) outs(%a)\nmemir.compute "y" ins(%a) outs(%b)\n')
    status, heavy = heavy_modules("memir_opt", [], cycle)
    assert status == 1 and "numpy" in heavy


def test_an_empty_module_reads_no_package_metadata_and_loads_no_test_dialect():
    """importlib.metadata (and email's parser with it) and xDSL's test dialect were a sixth
    of memir-opt's start-up: plug-ins' entry points are read for --help or an unknown pass
    only, xDSL's version from its wheel record (dialects/xdsl_internals.py), and the test
    dialect is loaded when an op of it is read."""
    watched = ("importlib.metadata", "email", "xdsl.dialects.test")
    assert heavy_modules("memir_opt", [], b"builtin.module {}", watched) == (0, [])
    assert heavy_modules("memir_opt", [], b'"test.op"() : () -> ()', watched) \
        == (0, ["xdsl.dialects.test"])
