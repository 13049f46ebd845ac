"""The IR's syntax has one source of truth: the ops' own parsers and printers, and for
``memir.alloc`` the table of its clauses they are built from (dialects/alloc_syntax.py).

Other paths write or read the same text, for speed: the fast parse paths
(dialects/fast_path.py: one alloc or compute at a time, and runs of alloc lines; with their
shorter verifier route and the driver's printer), the alloc-only export
(memir/tools/alloc_export.py, tests/test_alloc_export.py) and the text templates of memir/io
(problem_to_ir, graph_to_ir). Each must agree with the ops exactly, on every FileCheck input
and example in the repository and on generated ones covering every clause, or a file would
mean different things depending on its spacing or on which tool wrote it.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from xdsl.utils.exceptions import VerifyException

import memir.dialects.alloc_syntax as alloc_syntax
import memir.dialects.buffer_ops as buffer_ops
import memir.dialects.fast_path as fast_path
import memir.dialects.graph_ops as graph_ops
import memir.tools.driver as driver
from memir.analysis.graph import Graph
from memir.dialects.graph_lines import GraphLineReader
from memir.dialects.syntax import string_literal
from memir.io.graph_ir import graph_to_ir
from memir.io.plan_io import problem_to_ir
from memir.model.layout import Buffer, Problem
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
    use_slow_paths(monkeypatch)
    slow = outcome(text, name)
    assert fast == slow


def use_slow_paths(monkeypatch) -> None:
    """xDSL's own parser, verifier and printer, as if dialects/fast_path.py did not exist."""
    monkeypatch.setattr(buffer_ops, "try_parse_alloc", lambda cls, parser: None)
    monkeypatch.setattr(graph_ops, "try_parse_compute", lambda cls, parser: None)
    monkeypatch.setattr(graph_ops, "try_parse_tensor_compute", lambda cls, parser: None)
    monkeypatch.setattr(driver, "parse_alloc_lines", lambda *args: None)
    monkeypatch.setattr(driver, "reader_for", lambda ctx: GraphLineReader(None, None, None))
    monkeypatch.setattr(driver, "TENSOR_TYPE", re.compile(r"(?!)"))  # matches nothing
    monkeypatch.setattr(driver, "verify_op_fast", lambda op: False)
    monkeypatch.setattr(fast_path, "_fast_checks", {})  # the ops' verify_: IRDL's in full
    monkeypatch.setattr(driver, "ops_to_verify", fast_path.walk_ops)
    monkeypatch.setattr(driver, "_Printer", driver.Printer)


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


# ---------------------------------------------------------------- runs of alloc lines
# The corpus has few long runs of allocs; these cases aim at where parse_alloc_lines stops
# and hands over to the full parser, and at the fast verifier route.

ALLOC_CASES = {
    "plain": "builtin.module {\n  %a = memir.alloc 4 live [0, 2) id \"a\"\n"
             "  %b = memir.alloc 8 align 64 live [1, 3) offset 128 id \"b\"\n}\n",
    "gaps and comments": "builtin.module {\n\n  %a = memir.alloc 4 // first\n  // a comment\n"
                         "\t%b = memir.alloc 8   \n  %c = memir.alloc 16 external\n}\n",
    "crlf": "builtin.module {\r\n  %a = memir.alloc 4\r\n  %b = memir.alloc 8\r\n}\r\n",
    "one line": "builtin.module { %a = memir.alloc 4 }",
    "numbered names": "builtin.module {\n  %0 = memir.alloc 4\n  %x_1 = memir.alloc 8\n"
                      "  %x = memir.alloc 2\n  %x_1_2 = memir.alloc 1\n}\n",
    "duplicate name": "builtin.module {\n  %a = memir.alloc 4\n  %a = memir.alloc 8\n}\n",
    "duplicate id": "builtin.module {\n  %a = memir.alloc 4 id \"x\"\n"
                    "  %b = memir.alloc 8 id \"x\"\n}\n",
    "forward use": "builtin.module {\n  \"memir.dealloc\"(%a) : (!memir.buf) -> ()\n"
                   "  %a = memir.alloc 4\n  %b = memir.alloc 8\n}\n",
    "escaped ids": "builtin.module {\n  %a = memir.alloc 4 id \"q\\22uote\"\n"
                   "  %b = memir.alloc 4 id \"\\C3\\A9\"\n  %c = memir.alloc 4 id \"\"\n}\n",
    "attributes and loc": "builtin.module {\n  %a = memir.alloc 4 {tag = 1 : i32}\n"
                          "  %b = memir.alloc 4 loc(unknown)\n  %c = memir.alloc 8\n}\n",
    "memref and safety": "builtin.module {\n  %a = memir.alloc memref<4xf32> live [0, 1)\n"
                         "  %b = memir.alloc 8 live [0, 2) safety <[0], [1]>\n}\n",
    "empty lifetime": "builtin.module {\n  %a = memir.alloc 4\n  %b = memir.alloc 4 live [3, 3)\n"
                      "  %c = memir.alloc 4\n}\n",
    "bad alignment": "builtin.module {\n  %a = memir.alloc 4 align 3\n  %b = memir.alloc 4\n}\n",
    "misaligned": "builtin.module {\n  %a = memir.alloc 4 align 8 offset 4\n"
                  "  %b = memir.alloc 4\n}\n",
    "too large": "builtin.module {\n  %a = memir.alloc 4611686018427387904\n"
                 "  %b = memir.alloc 4\n}\n",
    "huge digits": "builtin.module {\n  %a = memir.alloc 4\n  %b = memir.alloc " + "9" * 5000
                   + "\n}\n",
    "zero size": "builtin.module {\n  %a = memir.alloc 0\n  %b = memir.alloc 4\n}\n",
    "last in a function": "func.func @f() {\n  %a = memir.alloc 4\n  %b = memir.alloc 8\n}\n",
    "inside a function": "func.func @f() {\n  %a = memir.alloc 4\n  %b = memir.alloc 8\n"
                         "  func.return\n}\n",
    "used after": "builtin.module {\n  %s = memir.stream 0\n  %a = memir.alloc 4\n"
                  "  memir.compute \"k\" on %s ins() outs(%a)\n  memir.dealloc %a\n"
                  "  %b = memir.alloc 4\n  memir.compute \"k\" on %s ins(%a) outs(%b)\n}\n",
    "lifetime out of range": "builtin.module {\n  %a = memir.alloc 4 live [0, 2147483648)\n"
                             "  %b = memir.alloc 4\n}\n",
    "lower only": "builtin.module {\n  %a = \"memir.alloc\"() <{size = #builtin.int<4>, "
                  "lower = #builtin.int<0>}> : () -> !memir.buf\n  %b = memir.alloc 4\n}\n",
    "a string size": "builtin.module {\n  %a = \"memir.alloc\"() <{size = \"4\"}> : "
                     "() -> !memir.buf\n  %b = memir.alloc 4\n}\n",
    "symbol twice": "builtin.module {\n  %a = memir.alloc 4\n  func.func @f() {\n"
                    "    func.return\n  }\n  func.func @f() {\n    func.return\n  }\n"
                    "  %b = memir.alloc 4\n}\n",
    "value from outside": "builtin.module {\n  %a = memir.alloc 4\n  builtin.module {\n"
                          "    memir.dealloc %a\n  }\n  %b = memir.alloc 4\n}\n",
    "safety": "builtin.module {\n  %a = memir.alloc 4 live [0, 2) offset 0 "
              "safety <[0, -1, 3], [2, -1, -7]>\n  %b = memir.alloc 8 safety <[5]>\n}\n",
    "safety and space": "builtin.module attributes {memir.spaces = [#memir.space<\"l2\", "
                        "read 1.0e+09, write 1.0e+09>]} {\n  %a = memir.alloc 4 space \"l2\" "
                        "safety <[0], [1]>\n  %b = memir.alloc 8\n}\n",
    "a safety that is none": "builtin.module {\n  %a = \"memir.alloc\"() <{size = "
                             "#builtin.int<4>, safety = 1 : i64}> : () -> !memir.buf\n"
                             "  %b = memir.alloc 4\n}\n",
    "safety, odd forms": "builtin.module {\n  %a = memir.alloc 4 safety <[], [1]>\n"
                         "  %b = memir.alloc 4 safety <[1,2]>\n  %c = memir.alloc 4 safety "
                         "<[" + "9" * 30 + "]>\n  %d = memir.alloc 4 safety <[0]> {t = 1}\n"
                         "  %e = memir.alloc 4 safety <[-0]>\n}\n",
    "safety twice": "builtin.module {\n  %a = memir.alloc 4 safety <[0]> safety <[1]>\n}\n",
}


@pytest.mark.parametrize("name", sorted(ALLOC_CASES))
def test_alloc_runs_fast_and_slow_agree(name, monkeypatch):
    text = ALLOC_CASES[name]
    fast = outcome(text, name)
    use_slow_paths(monkeypatch)
    assert fast == outcome(text, name)


def test_alloc_runs_take_the_fast_path(monkeypatch):
    """The cases above reach parse_alloc_lines (else they would compare slow with slow)."""
    taken = []
    original = driver.parse_alloc_lines

    def spy(parser, block, cls, op_starts):
        before = len(op_starts)
        original(parser, block, cls, op_starts)
        taken.append(len(op_starts) - before)

    monkeypatch.setattr(driver, "parse_alloc_lines", spy)
    outcome(ALLOC_CASES["gaps and comments"], "<t>")
    assert sum(taken) == 3
    taken.clear()
    outcome(ALLOC_CASES["safety"], "<t>")
    assert sum(taken) == 2


alloc_clauses = st.tuples(
    st.integers(0, 2**63),  # size: zero and too large are errors
    st.sampled_from([None, 1, 2, 3, 64]),
    st.one_of(st.none(), st.tuples(st.integers(-5, 5), st.integers(-5, 5))),
    st.one_of(st.none(), st.integers(0, 300)),
    st.one_of(st.none(), st.text(st.characters(codec="utf-8"), max_size=4)),
    st.booleans(),
)
gaps = st.sampled_from(["\n  ", "\n", "\n\n\t", " // note\n  ", "\r\n  ", "\n  // c\n  "])


def alloc_line(name: str, clauses) -> str:
    size, align, life, offset, buffer_id, external = clauses
    text = f"%{name} = memir.alloc {size}"
    text += f" align {align}" if align is not None else ""
    text += f" live [{life[0]}, {life[1]})" if life is not None else ""
    text += f" offset {offset}" if offset is not None else ""
    text += f" id {string_literal(buffer_id)}" if buffer_id is not None else ""
    return text + (" external" if external else "")


@settings(max_examples=60, deadline=None)
@given(st.lists(st.tuples(st.sampled_from(["a", "b", "c", "b_1", "0", "d.e"]), alloc_clauses,
                          gaps), min_size=1, max_size=6))
def test_random_alloc_runs_fast_and_slow_agree(lines):
    text = "builtin.module {\n  " + "".join(alloc_line(n, c) + g for n, c, g in lines) + "}\n"
    fast = outcome(text, "<random>")
    with pytest.MonkeyPatch.context() as monkeypatch:
        use_slow_paths(monkeypatch)
        assert fast == outcome(text, "<random>")


def test_new_op_matches_create():
    """The template-built alloc has the fields (and values) of one built by create."""
    from xdsl.dialects.builtin import IntAttr, StringAttr

    from memir.dialects import AllocOp, BufferType
    from memir.dialects.fast_path import new_op

    props = {"size": IntAttr(8), "id": StringAttr("x")}
    fast, slow = new_op(AllocOp, dict(props)), AllocOp.create(
        result_types=[BufferType()], properties=dict(props))
    assert vars(fast).keys() == vars(slow).keys()
    for key, value in vars(slow).items():
        if key != "results":
            assert vars(fast)[key] == value, key
    assert [vars(r).keys() for r in fast.results] == [vars(r).keys() for r in slow.results]
    assert fast.results[0].op is fast and fast.results[0].type == BufferType()
    assert fast.properties is not props and fast.attributes is not slow.attributes


def test_unchecked_data_attributes_match_their_constructors():
    from xdsl.dialects.builtin import IntAttr, StringAttr

    from memir.dialects.fast_path import _UNCHECKED, _data_attr

    assert _UNCHECKED == {IntAttr, StringAttr}  # else the fast path quietly slows down
    for cls, data in ((IntAttr, 12), (StringAttr, "x")):
        fast, slow = _data_attr(cls, data), cls(data)
        assert type(fast) is cls and fast == slow and hash(fast) == hash(slow)
        assert vars(fast) == vars(slow)


@settings(max_examples=300, deadline=None)
@given(st.fixed_dictionaries({"size": st.sampled_from([0, 1, 64, 2**62 - 1, 2**62])}, optional={
    "alignment": st.sampled_from([0, 1, 3, 8, 2**61, 2**62]),
    "lower": st.sampled_from([-(2**31), -(2**31) + 1, 0, 5, 2**31 - 1]),
    "upper": st.sampled_from([-(2**31) + 2, 0, 5, 6, 2**31 - 1, 2**31]),
    "offset": st.sampled_from([0, 4, 8, 2**62 - 8, 2**62]),
    "id": st.just("x"),
}))
def test_plain_alloc_check_is_alloc_verify(values):
    """plain_alloc_holds (ops_to_verify's inline route) holds exactly when AllocOp's own
    structure and semantic checks pass, on plain allocs."""
    from xdsl.dialects.builtin import IntAttr, StringAttr

    from memir.dialects import AllocOp, BufferType
    from memir.dialects.fast_path import check_alloc_structure, plain_alloc_holds

    props = {k: StringAttr(v) if k == "id" else IntAttr(v) for k, v in values.items()}
    op = AllocOp.create(result_types=[BufferType()], properties=props)
    try:
        op.check_semantics()
        verified = check_alloc_structure(op)
    except VerifyException:
        verified = False
    assert plain_alloc_holds(op) == verified


# ------------------------------------------------- writers that are not the op's printer

def test_string_literal_is_xdsls():
    """string_literal (the fast printer's and the importers' ids) writes what xDSL's own
    print_string_literal writes, on any text."""
    from io import StringIO

    from xdsl.printer import Printer

    @settings(max_examples=300, deadline=None)
    @given(st.text(st.characters(codec="utf-8"), max_size=12))
    def check(text):
        out = StringIO()
        Printer(stream=out).print_string_literal(text)
        assert string_literal(text) == out.getvalue()

    check()


buffers = st.builds(
    lambda size, align, lower, length, slot: Buffer(
        size, lower, lower + length, alignment=align,
        offset=None if slot is None else slot * align),
    st.integers(1, 2**40), st.sampled_from([1, 2, 64, 4096]), st.integers(-2**31 + 1, 2**20),
    st.integers(1, 2**10), st.one_of(st.none(), st.integers(0, 2**20)))


@settings(max_examples=80, deadline=None)
@given(st.lists(st.tuples(buffers, st.text(st.characters(codec="utf-8"), max_size=5)),
                min_size=1, max_size=6),
       st.lists(st.text(st.characters(codec="utf-8"), max_size=5), min_size=1, max_size=4))
def test_random_problems_print_as_the_printer(rows, columns):
    """problem_to_ir (the MiniMalloc import's writer) on every clause it writes: sizes,
    alignments, lifetimes (negative bounds too), offsets or none, any id and column text."""
    ids = [f"{i}{text}" for i, (_, text) in enumerate(rows)]  # ids are unique
    text = problem_to_ir(Problem([b for b, _ in rows]), ids, columns)
    assert reprinted(text) == text
    for i, ((b, _), buffer_id) in enumerate(zip(rows, ids)):  # each line as the table has it
        values = {"size": b.size, "alignment": b.alignment, "lower": b.lower,
                  "upper": b.upper, "offset": b.offset, "id": buffer_id}
        assert text.splitlines()[i + 1] == f"  %b{i} = memir.alloc" + \
            alloc_syntax.clauses_text(values)
    fast = outcome(text, "<problem>")
    with pytest.MonkeyPatch.context() as monkeypatch:
        use_slow_paths(monkeypatch)
        assert fast == outcome(text, "<problem>")


# No digits: xDSL reads ``%x_1`` as a value hinted ``x``, so a tensor named "x_1" may be
# printed back under another name (graph_to_ir keeps the tensor's name; same program).
names = st.text(st.sampled_from("ab_.:-é"), min_size=1, max_size=4)
kernels = st.text(st.characters(codec="utf-8", exclude_characters='"'), max_size=6)


@st.composite
def graphs(draw):
    """A graph as the PyTorch importer builds one: named tensors with shapes and dtypes,
    nodes on streams with workspaces, views and in-place results (aliases), tensors
    written in place, event edges and graph outputs."""
    graph, mutated = Graph(), []
    for _ in range(draw(st.integers(0, 3))):
        graph.add_tensor(draw(names), draw(st.sampled_from([4, 8, 12])),
                         shape=draw(st.sampled_from([(1,), (2,), (3,), None])), dtype="float32")
    for i in range(draw(st.integers(1, 6))):
        inputs = draw(st.lists(st.integers(0, len(graph.tensors) - 1), max_size=3)
                      if graph.tensors else st.just([]))
        outputs = []
        # At least one operand or result: ``memir.compute "k" () : ()`` reads as the
        # buffer form's ``ins() outs()`` (the same op, no operands and no results), and
        # the printer writes it so.
        for _ in range(draw(st.integers(0 if inputs else 1, 2))):
            alias = draw(st.one_of(st.none(), st.sampled_from(inputs))) if inputs else None
            outputs.append(graph.add_tensor(draw(names), draw(st.sampled_from([4, 8])),
                                            dtype=draw(st.sampled_from(["float16", "int8"])),
                                            shape=(2,), alias_of=alias))
        graph.add_node(f"n{i}", draw(kernels), inputs, outputs,
                       stream=draw(st.integers(0, 2)), workspace=draw(st.sampled_from([0, 64])))
        mutated.append(draw(st.lists(st.sampled_from(inputs), max_size=2)) if inputs else [])
    n = len(graph.nodes)
    graph.deps += draw(st.lists(st.tuples(st.integers(0, n - 1), st.integers(0, n - 1))
                                .filter(lambda e: e[0] < e[1]), max_size=3))
    produced = [t for t, tensor in enumerate(graph.tensors) if tensor.producer is not None]
    outputs = draw(st.lists(st.sampled_from(produced), max_size=2, unique=True)) \
        if produced else []
    return graph, outputs, mutated


@settings(max_examples=80, deadline=None)
@given(graphs())
def test_random_graphs_print_as_the_printer(drawn):
    """graph_to_ir (the PyTorch import's writer) on every clause it writes."""
    graph, outputs, mutated = drawn
    text = graph_to_ir(graph, outputs, mutated=mutated)
    module_text = "builtin.module {\n" + "".join(
        f"  {line}\n" for line in text.splitlines()) + "}\n"
    assert reprinted(text) == module_text


# ------------------------------------------------------------- buffer-form compute ops

@st.composite
def compute_modules(draw):
    """Buffer-level modules of computes in every form the compute fast path reads or must
    leave to the full parser: any kernel text, with or without a stream, empty and
    repeated operand lists, ws(...) and workspace, a forward use, an attribute dict,
    tensor-form and record/wait ops between them."""
    lines = ["%s = memir.stream 0", "%t = memir.stream 1"]
    buffers = []
    for i in range(draw(st.integers(1, 4))):
        buffers.append(f"%b{i}")
        safety = draw(st.sampled_from(["", "", " safety <[0, -1], [2, 3]>"]))
        lines.append(f"%b{i} = memir.alloc {draw(st.sampled_from([4, 64]))}{safety}")
    operands = st.lists(st.sampled_from(buffers), max_size=3)
    for _ in range(draw(st.integers(1, 5))):
        kind = draw(st.sampled_from(["compute"] * 8 + ["forward", "event", "tensor"]))
        if kind == "event":
            lines += ["%e = memir.record on %s", "memir.wait %e on %t"]
            continue
        if kind == "tensor":
            lines.append('%x = memir.compute "t" (%y) : tensor<2xf32>')
            continue
        kernel = string_literal(draw(st.one_of(  # plain names, and names with escapes
            st.text(st.sampled_from("ab._ "), max_size=4),
            st.text(st.characters(codec="utf-8"), max_size=4))))
        on = draw(st.sampled_from(["", " on %s", " on %t"]))
        ins, outs = draw(operands), draw(operands)
        line = (f"memir.compute {kernel}{on} ins({', '.join(ins)}) outs({', '.join(outs)})"
                + draw(st.sampled_from(["", "", " ws(%b0)"]))
                + draw(st.sampled_from(["", " workspace 0", " workspace 128"]))
                + draw(st.sampled_from([""] * 4 + [
                    " {tag = 1 : i32}", " {bytes = 8 : i64}", ' {"a b" = 1 : i64}',
                    " {flops = -3 : i64, bytes = 123456789012 : i64}"])))
        if kind == "forward":
            line = line.replace("ins(", "ins(%late, ", 1).replace("ins(%late, )", "ins(%late)")
            lines += [line, "%late = memir.alloc 8"]
        else:
            lines.append(line)
    body = "".join(f"  {line}\n" for line in lines)
    return "func.func @f(%y: tensor<2xf32>) {\n" + body + "  func.return\n}\n"


def assert_fast_equals_slow(text: str, name: str) -> None:
    fast = outcome(text, name)
    with pytest.MonkeyPatch.context() as monkeypatch:
        use_slow_paths(monkeypatch)
        assert fast == outcome(text, name)


def spy_on(monkeypatch, reader: str) -> list[bool]:
    """Whether each call of graph_ops' fast ``reader`` took its line, in call order."""
    taken = []
    original = getattr(fast_path, reader)

    def spy(cls, parser):
        op = original(cls, parser)
        taken.append(op is not None)
        return op

    monkeypatch.setattr(graph_ops, reader, spy)
    return taken


@settings(max_examples=100, deadline=None)
@given(compute_modules())
def test_random_computes_fast_and_slow_agree(text):
    assert_fast_equals_slow(text, "<computes>")


def test_computes_print_as_lines(monkeypatch):
    """The driver's printer writes buffer-form computes and allocs with a safety summary
    as lines of their own (else the tests above would compare xDSL's printer with
    itself), and falls back for an attribute it does not write."""
    lines = []
    original = driver._Printer._line

    def spy(self, op):
        line = original(self, op)
        lines.append((op.name, line is not None))
        return line

    monkeypatch.setattr(driver._Printer, "_line", spy)
    outcome('%s = memir.stream 0\n%a = memir.alloc 4 safety <[0], [1]>\n'
            'memir.compute "k" on %s ins(%a) outs(%a) ws(%a) workspace 8 {bytes = 8 : i64}\n'
            'memir.compute "k" on %s ins(%a) outs(%a) {tag = 1 : i32}\n', "<t>")
    assert ("memir.alloc", True) in lines and ("memir.compute", True) in lines
    assert ("memir.compute", False) in lines


def test_computes_take_the_fast_path(monkeypatch):
    """The generated computes reach try_parse_compute and it takes them (else the test
    above would compare slow with slow)."""
    taken = spy_on(monkeypatch, "try_parse_compute")
    outcome('%s = memir.stream 0\n%a = memir.alloc 4\n'
            'memir.compute "k" on %s ins(%a) outs(%a) workspace 8\n', "<t>")
    assert taken == [True]


@st.composite
def tensor_compute_modules(draw):
    """Graph IR computes in every form the tensor fast path reads or must leave to the full
    parser: streams or none, no/one/several results, workspace, i64 attributes (and an
    i32 one, a string, ``writes``, a forward use: the full parser's)."""
    lines = ["%s = memir.stream 0"]
    values = ["%a", "%b"]
    types = st.sampled_from(["tensor<2xf32>", "tensor<4x?xi64>", "tensor<f16>"] * 4
                            + ["tensor<3xnope>"])  # not a type: the same diagnostic
    for k in range(draw(st.integers(1, 6))):
        kernel = string_literal(draw(st.text(st.sampled_from("ab._ \\"), max_size=4)))
        on = draw(st.sampled_from(["", " on %s"]))
        operands = ", ".join(draw(st.lists(st.sampled_from(values), max_size=3)))
        results = draw(st.lists(types, max_size=3))
        shown = ("()" if not results else results[0] if len(results) == 1 and draw(
            st.booleans()) else f"({', '.join(results)})")
        tail = draw(st.sampled_from(
            ["", " {bytes = 8 : i64}", " {flops = -3 : i64, bytes = 123456789012 : i64}",
             " {tag = 1 : i32}", ' {name = "x"}']))
        extra = draw(st.sampled_from(["", "", " workspace 0", " workspace 64",
                                      " writes(%a)" if "%a" in operands.split(", ") else ""]))
        names = ", ".join(f"%r{k}_{j}" for j in range(len(results)))
        if names and draw(st.integers(0, 19)) == 0:  # a name taken, or one repeated
            taken = ["%a"] + [f"%r{k}_0"] * (len(results) - 1)
            names = ", ".join(draw(st.sampled_from([taken, [f"%r{k}_0"] * len(results)])))
        line = f"memir.compute {kernel}{on} ({operands}){extra} : {shown}{tail}"
        if draw(st.integers(0, 4)) == 0:  # streams' events, some of them ill-typed
            lines += draw(st.sampled_from([
                [f"%e{k} = memir.record on %s", f"memir.wait %e{k} on %s"],
                [f"%e{k} = memir.record", f"memir.wait %e{k}"],
                [f"%e{k} = memir.record on %a"], ["memir.wait %a on %s"],
                [f"%e{k} = memir.record on %s", f"memir.wait %e{k} on %e{k}"],
                ["%s = memir.record on %s"], [f"%e{k} = memir.record on %s {{x = 1}}"]]))
        if draw(st.integers(0, 9)) == 0:
            line = line.replace("(", "(%late, ", 1).replace("(%late, )", "(%late)")
            lines += [(f"{names} = " if names else "") + line,
                      '%late = memir.compute "l" () : tensor<2xf32>']
            values.append("%late")
            continue
        lines.append((f"{names} = " if names else "") + line)
        values += [f"%r{k}_{j}" for j in range(len(results))]
    body = "".join(f"  {line}\n" for line in lines)
    return ("func.func @f(%a: tensor<2xf32>, %b: tensor<4x?xi64>) {\n" + body
            + "  func.return\n}\n")


@settings(max_examples=100, deadline=None)
@given(tensor_compute_modules())
def test_random_tensor_computes_fast_and_slow_agree(text):
    assert_fast_equals_slow(text, "<tensor computes>")


IMPORTER_LINES = (
    "func.func @f(%a: tensor<2xf32>) {\n  %s0 = memir.stream 0\n  %s1 = memir.stream 1\n"
    '  %x = memir.compute "aten.relu" on %s0 (%a) : tensor<2xf32> {bytes = 16 : i64}\n'
    '  memir.compute "aten.view" on %s0 (%x) : () {bytes = 0 : i64}\n'
    '  %y, %y_1 = memir.compute "k" (%a, %x) workspace 32 : (tensor<2xf32>, tensor<f16>)\n'
    '  memir.compute "aten.add_" on %s0 (%y, %x) writes(%y) : () {bytes = 8 : i64}\n'
    "  %ev0 = memir.record on %s0\n  memir.wait %ev0 on %s1\n"
    "  func.return\n}\n")


def test_importer_computes_take_the_tensor_fast_path(monkeypatch):
    """Op by op (the line reader off), the importer's computes reach
    try_parse_tensor_compute and it takes them, ``writes`` included."""
    monkeypatch.setattr(driver, "reader_for", lambda ctx: GraphLineReader(None, None, None))
    taken = spy_on(monkeypatch, "try_parse_tensor_compute")
    assert not outcome(IMPORTER_LINES, "<t>").startswith("error")
    assert taken == [True, True, True, True]


def test_importer_lines_are_read_as_runs(monkeypatch):
    """The line reader takes every compute, record and wait line of an import: only the
    streams, the function and its return reach xDSL's parse_operation."""
    full = []
    original = driver._Parser.parse_optional_operation

    def spy(self):
        op = original(self)
        full.append(op and op.name)
        return op

    monkeypatch.setattr(driver._Parser, "parse_optional_operation", spy)
    assert not outcome(IMPORTER_LINES, "<t>").startswith("error")
    assert sorted(name for name in full if name) == [
        "func.func", "func.return", "memir.stream", "memir.stream"]
    assert_fast_equals_slow(IMPORTER_LINES, "<t>")


GRAPH_LINE_CASES = {
    "repeated names": '%y, %y = memir.compute "k" (%a) : (tensor<2xf32>, tensor<2xf32>)',
    "a name taken": '%a = memir.compute "k" (%a) : tensor<2xf32>',
    "a name used before": '"memir.compute"(%late) <{kernel = "k", operandSegmentSizes = '
                          "array<i32: 0, 1, 0, 0>}> : (tensor<2xf32>) -> ()\n"
                          '%late = memir.compute "l" () : tensor<2xf32>',
    "too few names": '%y = memir.compute "k" (%a) : (tensor<2xf32>, tensor<2xf32>)',
    "too many names": '%y, %z = memir.compute "k" (%a) : tensor<2xf32>',
    "one too many, repeated": '%y, %y, %z = memir.compute "k" (%a) : (tensor<2xf32>, '
                              "tensor<2xf32>)",
    "names for none": '%y = memir.compute "k" (%a) : ()',
    "a tuple": '%y:2 = memir.compute "k" (%a) : (tensor<2xf32>, tensor<2xf32>)',
    "a numbered name": '%0 = memir.compute "k" (%a) : tensor<2xf32>',
    "numbered hints": '%y_1, %y_2 = memir.compute "k" (%a) : (tensor<2xf32>, tensor<2xf32>)',
    "writes a stranger": 'memir.compute "k" (%a) writes(%s) : ()',
    "writes twice": 'memir.compute "k" (%a, %a) writes(%a, %a) : ()',
    "writes the second": 'memir.compute "k" (%s, %a) writes(%a) : ()',
    "a key twice": 'memir.compute "k" (%a) : () {bytes = 1 : i64, bytes = 2 : i64}',
    "a tensor of buffers": '%y = memir.compute "k" (%a) : tensor<2x!memir.buf>',
    "a huge dimension": '%y = memir.compute "k" (%a) : tensor<99999999999999999999999xf32>',
    "a huge attribute": 'memir.compute "k" (%a) : () {bytes = 99999999999999999999 : i64}',
    "a huge workspace": 'memir.compute "k" (%a) workspace 99999999999999999999 : ()',
    "a huge buffer workspace": '%b = memir.alloc 4\nmemir.compute "k" ins(%b) outs(%b) '
                               "workspace 99999999999999999999",
    "a record's name taken": "%s = memir.record on %s",
    "an event on a tensor": "%e = memir.record on %a",
    "a wait on a stream": "memir.wait %s on %s",
    "a wait with a comment": "%e = memir.record on %s // first\nmemir.wait %e on %s // then",
    "a wait with attributes": "%e = memir.record on %s\nmemir.wait %e on %s {x = 1}",
}

# The compute verifier's short route (fast_path.check_compute_structure) on generic ops
GENERIC = '"memir.compute"({operands}) <{{kernel = {kernel}, {props}operandSegmentSizes = ' \
          "array<{segments}>}}> : ({types}) -> ()"
GRAPH_LINE_CASES.update({
    f"generic {name}": GENERIC.format(**{"operands": "%a", "kernel": '"k"', "props": "",
                                         "segments": "i32: 0, 1, 0, 0",
                                         "types": "tensor<2xf32>", **change})
    for name, change in {
        "plain": {},
        "writes": {"props": "writes = array<i64: 0>, "},
        "writes of i32": {"props": "writes = array<i32: 0>, "},
        "a stranger property": {"props": "other = 1, "},
        "a workspace": {"props": "workspace = #builtin.int<8>, "},
        "an i64 workspace": {"props": "workspace = 8 : i64, "},
        "a kernel that is no string": {"kernel": "1"},
        "segments of i64": {"segments": "i64: 0, 1, 0, 0"},
        "three segments": {"segments": "i32: 0, 1, 0"},
        "segments too long": {"segments": "i32: 0, 2, 0, 0"},
        "a negative segment": {"segments": "i32: 0, -1, 2, 0"},
        "a negative segment after": {"segments": "i32: 0, 2, -1, 0"},
        "two streams": {"operands": "%s, %s", "segments": "i32: 2, 0, 0, 0",
                        "types": "!memir.stream, !memir.stream"},
        "a stream that is none": {"operands": "%a, %a", "segments": "i32: 1, 1, 0, 0",
                                  "types": "tensor<2xf32>, tensor<2xf32>"},
        "outs of a tensor": {"segments": "i32: 0, 0, 1, 0"},
        "ws of a tensor": {"segments": "i32: 0, 0, 0, 1"},
    }.items()})

@pytest.mark.parametrize("lines", GRAPH_LINE_CASES.values(), ids=GRAPH_LINE_CASES.keys())
def test_graph_line_edge_cases_fast_and_slow_agree(lines):
    """Where the line reader must stop and leave the line to the full parser."""
    body = "".join(f"  {line}\n" for line in ["%s = memir.stream 0", *lines.split("\n")])
    text = f"func.func @f(%a: tensor<2xf32>) {{\n{body}  func.return\n}}\n"
    assert_fast_equals_slow(text, "<lines>")


def test_writes_names_an_operand_by_its_first_place(monkeypatch):
    """An operand given twice and updated in place is written as its first index, on the
    line reader's path and the op's own parser alike."""
    text = ("func.func @f(%a: tensor<2xf32>) {\n"
            '  memir.compute "k" (%a, %a) writes(%a) : ()\n  func.return\n}\n')
    fast = outcome(text, "<t>")
    assert "writes = array<i64: 0>" in fast
    use_slow_paths(monkeypatch)
    assert outcome(text, "<t>") == fast


def test_a_value_refused_while_a_line_is_built_goes_to_the_full_parser(monkeypatch):
    """Where building an op raises (an attribute's or a type's own check), the line reader
    stops at that line and the full parser reads it: no internal error, the same IR."""
    import memir.dialects.graph_lines as graph_lines

    def refuse(*args):
        raise VerifyException("refused")

    expected = outcome(IMPORTER_LINES, "<t>")
    monkeypatch.setattr(graph_lines, "tensor_compute", refuse)
    assert outcome(IMPORTER_LINES, "<t>") == expected


def test_a_bad_type_in_an_importer_line_is_reported_where_it_stands(monkeypatch):
    """The fast path reads each result type on its own text; one that is not a type is
    left to the full parser, which points at it in the input (line 3), as without the
    fast path."""
    text = ("func.func @f(%a: tensor<2xf32>) {\n  %s = memir.stream 0\n"
            '  %x = memir.compute "k" on %s (%a) : tensor<2xbogus> {bytes = 8 : i64}\n'
            "  func.return\n}\n")
    fast = outcome(text, "<t>")
    assert fast.startswith("error: <t>:3:")
    use_slow_paths(monkeypatch)
    assert fast == outcome(text, "<t>")


# ------------------------------------------- the alloc's clauses: one table, every reader

def test_fast_loops_unpack_the_tables_groups():
    """parse_alloc_lines and alloc_export unpack ALLOC_LINE's groups by position as
    name, size, align, lower, upper, offset, buffer_id, external, space (the table's
    order) and safety."""
    assert alloc_syntax.ALLOC_FIELDS == ("size", "alignment", "lower", "upper", "offset", "id",
                                         "external", "space")
    assert tuple(fast_path.ALLOC_LINE.groupindex) == (
        "name", *alloc_syntax.ALLOC_FIELDS, "safety")


alloc_values = st.fixed_dictionaries({"size": st.integers(0, 2**64)}, optional={
    "alignment": st.sampled_from([0, 1, 2, 3, 64, 2**62]),
    "lower": st.integers(-2**32, 2**32),
    "offset": st.integers(0, 2**64),
    "id": st.text(st.characters(codec="utf-8"), max_size=4),
    "external": st.just(True),
    "space": st.sampled_from(["sram", "dram", "L2 \u00e9"]),
}).map(lambda v: {**v, "upper": v["lower"] + 3} if "lower" in v else v)


def parsed_alloc(text: str):
    chunk = parse_chunk(make_context(), f"builtin.module {{\n  {text}\n}}\n", "<alloc>")
    return chunk.module.body.block.first_op


@settings(max_examples=200, deadline=None)
@given(alloc_values, st.sampled_from(["", " {tag = 1 : i32}", " // note"]))
def test_the_alloc_table_is_what_every_path_reads_and_writes(values, tail):
    """The table's writer gives text that the op's parser, the per-op fast path and the
    run-of-lines fast path read to the same properties (the values, but a default), and
    that the op's printer (AllocOp.clauses_text) writes back unchanged."""
    text = "%a = memir.alloc" + alloc_syntax.clauses_text(values) + tail
    fast = parsed_alloc(text)
    with pytest.MonkeyPatch.context() as monkeypatch:
        use_slow_paths(monkeypatch)
        slow = parsed_alloc(text)
    with pytest.MonkeyPatch.context() as monkeypatch:  # one op at a time, not in a run
        monkeypatch.setattr(driver, "parse_alloc_lines", lambda *args: None)
        one = parsed_alloc(text)
    expected = {k: v for k, v in values.items() if alloc_syntax.DEFAULTS.get(k) != v}
    for op in (fast, slow, one):
        assert {k: True if k == "external" else v.data for k, v in op.properties.items()} \
            == expected
        assert op.clauses_text() == alloc_syntax.clauses_text(values)
    assert fast.properties == slow.properties == one.properties
