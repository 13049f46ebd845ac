"""memref-to-memir / memir-to-memref on generated upstream programs.

The oracle is written here, from the output program alone: each ``memref.view`` of the
arena is a buffer at its ``arith.constant`` offset, of its type's byte size, live from its
first to its last use in walk order, a use inside a region counting as the whole span of
the enclosing op of the view's block (a loop may run its body again). The plan is then
checked by ``memir.verify.overlap.check_plan``, which shares no code with the passes.
"""

from __future__ import annotations

import subprocess
import sys

import pytest
from xdsl.context import Context
from xdsl.dialects.builtin import Builtin, MemRefType, ModuleOp
from xdsl.dialects.func import Func
from xdsl.parser import Parser
from xdsl.utils.exceptions import ParseError

from _probe import loaded_modules

from memir.model.layout import Buffer, Plan, Problem
from memir.tools.registry import UPSTREAM_DIALECTS, _loader, make_context
from memir.verify.overlap import check_plan

PIPELINE = "memref-to-memir,assign-layout,verify-layout,memir-to-memref"


def generate(n: int, loop_every: int = 500) -> str:
    """A chain of ``n`` temporaries of varied sizes: %t{i} reads %t{i-1} and %t{i-7} (a
    skip connection keeps some alive longer); every ``loop_every`` allocs a loop with a
    per-iteration temporary reads the live chain."""
    lines = ["func.func @big(%x: memref<4xf32>, %y: memref<4xf32>) {",
             "  %c0 = arith.constant 0 : index", "  %c1 = arith.constant 1 : index",
             "  %c3 = arith.constant 3 : index"]
    freed: set[int] = set()
    for i in range(n):
        size = 4 + (i * 37) % 61
        lines.append(f"  %t{i} = memref.alloc() : memref<{size}xf32>")
        source = "%x" if i == 0 else f"%t{i - 1}"
        lines.append(f"  %v{i} = memref.load {source}[%c0] : memref<{_shape(i - 1)}xf32>")
        lines.append(f"  memref.store %v{i}, %t{i}[%c0] : memref<{size}xf32>")
        if i >= 7 and i % 3 == 0:  # a skip connection: %t{i-7} lives until here
            lines.append(f"  memref.copy %t{i - 7}, %t{i - 7} : memref<{_shape(i - 7)}xf32> "
                         f"to memref<{_shape(i - 7)}xf32>")
        if i >= 7:
            lines.append(f"  memref.dealloc %t{i - 7} : memref<{_shape(i - 7)}xf32>")
            freed.add(i - 7)
        if i % loop_every == loop_every - 1:
            lines += [f"  scf.for %i{i} = %c0 to %c3 step %c1 {{",
                      f"    %l{i} = memref.alloc() : memref<16xf32>",
                      f"    linalg.add ins(%t{i - 1}, %t{i - 2} : memref<{_shape(i - 1)}xf32>, "
                      f"memref<{_shape(i - 2)}xf32>) outs(%l{i} : memref<16xf32>)"
                      if _shape(i - 1) == _shape(i - 2) == 16 else
                      f"    memref.copy %l{i}, %l{i} : memref<16xf32> to memref<16xf32>",
                      f"    %u{i} = memref.load %t{i}[%c0] : memref<{size}xf32>",
                      f"    memref.store %u{i}, %l{i}[%c1] : memref<16xf32>",
                      f"    memref.dealloc %l{i} : memref<16xf32>", "  }"]
    last = n - 1
    lines.append(f"  %r = memref.load %t{last}[%c0] : memref<{_shape(last)}xf32>")
    lines.append("  memref.store %r, %y[%c0] : memref<4xf32>")
    for i in range(n):
        if i not in freed:
            lines.append(f"  memref.dealloc %t{i} : memref<{_shape(i)}xf32>")
    lines += ["  return", "}"]
    return "\n".join(lines) + "\n"


def _shape(i: int) -> int:
    return 4 if i < 0 else 4 + (i * 37) % 61


def upstream_context() -> Context:
    """xDSL's upstream dialects only: memir is not loaded, so memir syntax cannot parse."""
    ctx = Context()
    ctx.load_dialect(Builtin)
    ctx.load_dialect(Func)
    for name, (module, attr) in UPSTREAM_DIALECTS.items():
        ctx.register_dialect(name, _loader(module, attr))
    return ctx


def run_opt(text: str, pipeline: str = PIPELINE) -> str:
    done = subprocess.run([sys.executable, "-m", "memir.tools.memir_opt", "-p", pipeline],
                          input=text, capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr[-2000:]
    return done.stdout


def oracle(module: ModuleOp) -> tuple[Problem, Plan]:
    """The plan the output program states, with lifetimes computed here (see the top)."""
    order: dict[int, int] = {}
    last: dict[int, int] = {}
    for k, op in enumerate(module.walk()):
        order[id(op)] = k
    for op in module.walk():  # the last walk index inside each op
        last[id(op)] = max((order[id(o)] for o in op.walk()), default=order[id(op)])
    arenas = [op for op in module.walk() if op.name == "memref.alloc"
              and op.memref.type.element_type.width.data == 8
              and any(u.operation.name == "memref.view" for u in op.memref.uses)]
    assert len(arenas) == 1
    arena = arenas[0]
    buffers, offsets = [], []
    for use in arena.memref.uses:
        view = use.operation
        if view.name != "memref.dealloc":
            const = view.byte_shift.owner
            assert const.name == "arith.constant"
            offsets.append(const.value.value.data)
            kind: MemRefType = view.result.type
            count = 1
            for d in kind.get_shape():
                count *= d
            block, spans = view.parent_block(), []
            for u in view.result.uses:
                op = u.operation
                while op.parent_block() is not block:
                    op = op.parent_op()
                spans.append((order[id(op)], last[id(op)] + 1))
            lower = min((s for s, _ in spans), default=order[id(view)])
            upper = max((e for _, e in spans), default=order[id(view)] + 1)
            # f32 allocs without an alignment attribute: f32's own alignment, 4
            buffers.append(Buffer(count * 4, lower, upper, 4, name=view.result.name_hint))
    size = arena.memref.type.get_shape()[0]
    return Problem(buffers), Plan(offsets, size)


@pytest.fixture(scope="module")
def big() -> tuple[str, ModuleOp]:
    """memir-opt's output for 10k allocs, re-parsed with the upstream dialects only."""
    out = run_opt(generate(10_000))
    module = Parser(upstream_context(), out).parse_module()
    module.verify()
    return out, module


def test_ten_thousand_allocs_are_planned_safely(big):
    problem, plan = oracle(big[1])
    assert len(problem.buffers) == 10_000 + 10_000 // 500
    assert check_plan(problem, plan) == []
    # temporaries share bytes: the arena is far below the sum of the sizes
    assert plan.arena < sum(b.size for b in problem.buffers) // 20


def test_output_is_upstream_mlir(big):
    out, _ = big
    assert "memir" not in out
    assert out.count("memref.alloc()") == 1 and out.count("memref.dealloc %arena") == 1
    with pytest.raises(ParseError):  # the upstream-only context really lacks memir
        Parser(upstream_context(), 'memir.alloc 8 live [0, 1)').parse_module()


def test_the_oracle_sees_an_overlap(big):
    """The check can fail: two buffers live together put at one offset are reported."""
    problem, plan = oracle(big[1])
    a, b = next((i, j) for i in range(len(problem.buffers)) for j in (i + 1,)
                if problem.conflict(i, j))
    plan.offsets[b] = plan.offsets[a]
    assert check_plan(problem, plan)


def test_loop_temporary_is_planned_inside_the_loop_span():
    text = generate(40, loop_every=10)
    module = Parser(make_context(), text).parse_module()
    from memir.passes.memref_to_memir import MemrefToMemir

    MemrefToMemir().apply(make_context(), module)
    allocs = {a.buffer_id.data: a.lifetime for a in module.walk() if a.name == "memir.alloc"}
    loop = allocs["@big:%l9"]
    assert allocs["@big:%t9"][0] < loop[0] and loop[1] <= allocs["@big:%t9"][1]
    assert allocs["@big:%t8"][1] >= loop[1]  # used by the loop body: live across it


UPSTREAM_MODULES = sorted({module for module, _ in UPSTREAM_DIALECTS.values()
                           if module.startswith("xdsl.")} | {"xdsl.dialects.memref"})

def loaded_upstream(stdin: bytes) -> tuple[int, list[str]]:
    return loaded_modules(stdin, UPSTREAM_MODULES)


def test_empty_input_loads_no_upstream_dialect():
    assert loaded_upstream(b"") == (0, [])


def test_memir_input_loads_no_upstream_dialect():
    assert loaded_upstream(b'%a = memir.alloc 64 live [0, 2) id "a"\n') == (0, [])


def test_the_probe_sees_a_lazily_loaded_dialect():
    """The check can fail: a memref program loads the memref dialect, and only it."""
    status, loaded = loaded_upstream(b"%t = memref.alloc() : memref<4xf32>\n")
    assert status == 0 and "xdsl.dialects.memref" in loaded
    assert "xdsl.dialects.linalg" not in loaded
