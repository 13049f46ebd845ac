"""The IR's syntax has one source of truth: the ops' own parsers and printers.

Two other paths write or read the same text: the fast parse paths (dialects/fast_path.py)
and the text templates of memir/io (problem_to_ir, graph_to_ir). Each must agree with the
ops exactly, on every FileCheck input and example in the repository, or a file would mean
different things depending on its spacing or on which tool wrote it.
"""

from __future__ import annotations

from pathlib import Path

import pytest

import memir.dialects.buffer_ops as buffer_ops
import memir.dialects.graph_ops as graph_ops
from memir.analysis.graph import Graph
from memir.io.graph_ir import graph_to_ir
from memir.io.plan_io import problem_to_ir
from memir.planning.problem import Buffer, Problem
from memir.tools.diagnostics import ToolError
from memir.tools.driver import parse_chunk, print_module, split_chunks, verify
from memir.tools.registry import make_context

ROOT = Path(__file__).resolve().parent.parent
FILES = sorted([*ROOT.glob("filecheck_tests/**/*.mlir"), *ROOT.glob("examples/*.mlir")])


def chunks(path: Path) -> list[tuple[str, str]]:
    text = path.read_text()
    return [(f"{path.relative_to(ROOT)}#{k}", chunk)
            for k, (chunk, _) in enumerate(split_chunks(text, "// -----" in text))]


CHUNKS = [c for path in FILES if "Output" not in path.parts for c in chunks(path)]


def outcome(text: str, name: str) -> str:
    """Printed IR (custom and generic), or the diagnostic for input that is invalid."""
    try:
        chunk = parse_chunk(make_context(), text, name)
        verify(chunk)
    except ToolError as error:
        return f"error: {error}"
    return print_module(chunk.module) + print_module(chunk.module, generic=True)


def test_the_corpus_is_found():
    assert len(FILES) > 20 and any("examples" in str(p) for p in FILES)


@pytest.mark.parametrize("name,text", CHUNKS, ids=[n for n, _ in CHUNKS])
def test_fast_and_slow_parse_paths_agree(name, text, monkeypatch):
    """Valid chunks print the same; invalid ones (the invalid*.mlir cases) fail alike."""
    fast = outcome(text, name)
    monkeypatch.setattr(buffer_ops, "try_parse_alloc", lambda cls, parser: None)
    monkeypatch.setattr(graph_ops, "try_parse_compute", lambda cls, parser: None)
    slow = outcome(text, name)
    assert fast == slow


def reprinted(text: str) -> str:
    chunk = parse_chunk(make_context(), text, "<template>")
    verify(chunk)
    return print_module(chunk.module)


def test_problem_template_prints_as_the_printer():
    problem = Problem([Buffer(64, 0, 3), Buffer(128, 1, 4, alignment=64, offset=128),
                       Buffer(8, 2, 5, offset=0)])
    text = problem_to_ir(problem, ["a", 'q"uote', "back\\slash"], ["id", "lower", "upper"])
    assert reprinted(text) == text


def test_graph_template_prints_as_the_printer():
    """A graph with arguments, an in-place update, a workspace, two streams and an event."""
    graph = Graph()
    x = graph.add_tensor("x", 16, shape=(4,), dtype="float32")
    w = graph.add_tensor("w.weight", 16, shape=(4,), dtype="float32")
    y = graph.add_tensor("y", 16, shape=(4,), dtype="float32")
    z = graph.add_tensor("z", 8, shape=(2,), dtype="float16")
    graph.add_node("mul", "mul", [x, w], [y], stream=0, workspace=32)
    graph.add_node("relu_", "relu_", [y], [], stream=0)
    graph.add_node("sum", "sum", [x], [z], stream=1)
    graph.add_node("sgd_", "sgd_", [w, y, z], [], stream=0)
    graph.deps.append((2, 3))
    text = graph_to_ir(graph, [y], mutated=[[], [y], [], [w]])
    assert "writes(%y)" in text and "writes(%w_weight)" in text
    module_text = "builtin.module {\n" + "".join(
        f"  {line}\n" for line in text.splitlines()) + "}\n"
    assert reprinted(text) == module_text
