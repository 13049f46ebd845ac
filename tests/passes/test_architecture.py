"""The pass framework: one bridge, passes that run under xDSL's own PassPipeline, one
registry entry per pass module, and the bugs that came from joining IR to data by name."""

from __future__ import annotations

import typing
from dataclasses import dataclass
from pathlib import Path

import pytest
from xdsl.context import Context
from xdsl.dialects.builtin import IntAttr
from xdsl.passes import ModulePass, PassPipeline
from xdsl.utils.exceptions import PassFailedException

from _pipelines import parse, run_pipeline

from memir.dialects import AllocOp, ArenaOp, ContiguousOp, PassError, TileViewOp, ViewOp
from memir.passes import PASSES
from memir.passes.assign_layout import AssignLayout
from memir.dialects.program import read_program
from memir.passes.bufferize import Bufferize
from memir.passes.materialize_arena import MaterializeArena
from memir.passes.render_tile_chunks import RenderTileChunks
from memir.passes.stream_safety import StreamSafety
from memir.passes.verify_layout import VerifyLayout
from memir.tools.memir_opt import main as memir_opt
from memir.tools.registry import all_passes

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = ROOT / "examples"


def test_passes_run_under_xdsl_pipeline_with_a_plain_context():
    from memir.tools.registry import make_context as memir_context

    plain = Context()
    for dialect in memir_context().loaded_dialects:
        plain.load_dialect(dialect)
    _, module = parse((EXAMPLES / "two_streams.mlir").read_text(), plain)
    PassPipeline((Bufferize(), StreamSafety(), AssignLayout(), VerifyLayout())).apply(plain,
                                                                                     module)
    assert all(a.offset is not None for a in module.walk()
               if isinstance(a, AllocOp) and a.external is None)


def test_pass_errors_are_xdsl_pass_failures_carrying_the_op():
    ctx, module = parse("%a = memir.alloc 64 live [0, 1)")
    with pytest.raises(PassFailedException) as error:
        MaterializeArena().apply(ctx, module)
    assert isinstance(error.value, PassError)
    assert isinstance(error.value.op, AllocOp)


def test_every_option_is_declared_with_a_one_line_help():
    """Each option of a built-in pass is an ``option(...)`` field: a help line for --help and
    the docs' table, and for a number the range its validation checks."""
    from memir.passes.support.options import declared_options

    for cls in PASSES:
        for option in declared_options(cls):
            where = f"{cls.name}: {option.name}"
            assert option.help and "\n" not in option.help and len(option.help) <= 100, where
            numeric = {int, float} & set(option.kinds) and bool not in option.kinds
            assert (option.bound is not None) == bool(numeric), where


def test_one_declaration_feeds_help_and_validation():
    """A bound declared with ``option`` is what --help shows and what the check refuses."""
    from memir.passes.support.options import Bound, OptionError, check_bounds, option
    from memir.tools.registry import pass_listing

    @dataclass(frozen=True)
    class Planted(ModulePass):
        """Plant a pass."""

        name = "planted"
        count: int = option(2, "how many", Bound(1, 3, "three at most"))

        def apply(self, ctx, op) -> None: ...

    assert "        count: 1..3; how many" in pass_listing({"planted": lambda: Planted})
    with pytest.raises(OptionError, match=r"^count 4 is too large: at most 3 \(three at most\)$"):
        check_bounds(Planted(count=4))


def test_torch_compile_takes_rematerializes_declaration():
    """The partitioner's devices and capacity range are rematerialize's declared ones."""
    pytest.importorskip("torch")
    from memir.passes.rematerialize import Rematerialize
    from memir.torch.partition import DEVICE_PROFILES, check_limits

    device = typing.get_args(typing.get_type_hints(Rematerialize)["device"])
    assert DEVICE_PROFILES == ("auto", *device)
    check_limits(2**62 - 1, None)
    with pytest.raises(ValueError, match="capacity must be a positive number of bytes"):
        check_limits(2**62, None)


def test_a_declared_bound_is_refused_with_todays_message(capsys):
    """memir-opt's words for an option out of its declared range, unchanged."""
    assert memir_opt(["-p", "assign-layout{effort=65}", str(EXAMPLES / "two_streams.mlir")]) == 1
    assert capsys.readouterr().err == ("memir-opt: error: bad options for pass 'assign-layout': "
                                       "effort 65 is too large: at most 64 (every work budget "
                                       "scales with it)\n")


def test_every_pass_module_is_registered():
    """passes/ holds passes only (tests/passes/test_layers.py), each one in PASS_MODULES:
    a module left out would never be loaded."""
    from memir.passes import PASS_MODULES

    modules = {p.stem for p in (ROOT / "passes").glob("*.py")} - {"__init__"}
    assert {module for module, _ in PASS_MODULES.values()} == modules


def test_every_pass_is_registered_and_declares_what_it_preserves():
    registered, _ = all_passes()
    for cls in PASSES:
        assert registered[cls.name]() is cls
        assert hasattr(cls, "preserves"), cls.name


TWO_FUNCTIONS_WITH_TILES = """
func.func @first(%x: !memir.buf) {
  %a = memir.alloc 1024
  %t = memir.tile_view %a [0] [16] [1] elem 4
  memir.compute "w" ins(%x) outs(%t)
  memir.compute "r" ins(%t) outs()
  func.return
}
func.func @second(%x: !memir.buf) {
  %a = memir.alloc 1024
  %t = memir.tile_view %a [128] [64] [1] elem 4
  memir.compute "w" ins(%x) outs(%a)
  memir.compute "update_" ins(%a) outs(%a)
  memir.compute "w2" ins(%x) outs(%t)
  memir.compute "r" ins(%t) outs()
  func.return
}
"""


def test_render_tile_chunks_keeps_each_function_its_own_tile():
    ctx, module = parse(TWO_FUNCTIONS_WITH_TILES.replace(
        '  memir.compute "update_" ins(%a) outs(%a)\n', ''))
    RenderTileChunks().apply(ctx, module)
    first, second = [op for op in module.walk() if isinstance(op, TileViewOp)]
    assert list(first.attributes["chunks"].get_values()) == [0, 64]
    assert first.lifetime == (0, 2)
    assert list(second.attributes["chunks"].get_values()) == [512, 256]
    assert second.lifetime == (3, 5)


def test_materialize_arena_with_a_contiguous_group():
    text = (EXAMPLES / "train_allreduce.mlir").read_text()
    ctx, module = parse(text)
    run_pipeline(ctx, module, [StreamSafety(), AssignLayout(), VerifyLayout(),
                               MaterializeArena()])
    assert not any(isinstance(op, AllocOp | ContiguousOp) and getattr(op, "external", None)
                   is None for op in module.walk())
    views = {op.result.name_hint: op.offset.data for op in module.walk()
             if isinstance(op, ViewOp)}
    assert views["g2"] == views["g3"] + 131072 and views["g1"] == views["g2"] + 131072
    assert sum(isinstance(op, ArenaOp) for op in module.walk()) == 1


def test_print_pairs_names_values_as_printed_and_respects_output_file(tmp_path, capsys):
    text = """
func.func @f(%x: !memir.buf) {
  %s0 = memir.stream 0
  %s1 = memir.stream 1
  %a = memir.alloc 64
  memir.compute "p" on %s0 ins(%x) outs(%a)
  %b = memir.alloc 64
  memir.compute "q" on %s1 ins(%x) outs(%b)
  func.return
}
func.func @g(%x: !memir.buf) {
  %s0 = memir.stream 0
  %s1 = memir.stream 1
  %a = memir.alloc 64
  memir.compute "p" on %s0 ins(%x) outs(%a)
  %b = memir.alloc 64
  memir.compute "q" on %s1 ins(%x) outs(%b)
  func.return
}
"""
    source, out = tmp_path / "in.mlir", tmp_path / "out.mlir"
    source.write_text(text)
    assert memir_opt([str(source), "-p", "stream-safety{print-pairs=true}", "-o",
                      str(out)]) == 0
    captured = capsys.readouterr()
    assert captured.out == ""
    pairs = [line for line in captured.err.splitlines() if line.startswith("// unsafe")]
    # each function's %a and %b run on two streams at once: unsafe; both functions print
    # their values as %a and %b, so the pairs say which function they mean
    assert "// unsafe %a (in @f) %b (in @f)" in pairs
    assert "// unsafe %a (in @g) %b (in @g)" in pairs
    printed = out.read_text()
    assert printed.count("%a = memir.alloc") == 2 and "// unsafe" not in printed


def test_bridge_joins_by_handle_not_by_name():
    ctx, module = parse(TWO_FUNCTIONS_WITH_TILES)
    prog = read_program(module)
    labels = [b.label for b in prog.data.buffers]
    assert labels == ["%a (in @first)", "%a (in @second)"]
    assert [t.buffer for t in prog.data.tiles] == [0, 1]
    assert prog.data.uses == [[0, 1], [2, 3, 4, 5]]


def test_every_package_is_installed_by_a_normal_install():
    """pyproject lists packages one by one: a new subpackage must be listed, or a
    non-editable install leaves it out."""
    import tomllib

    config = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]
    listed = set(config["packages"])
    dirs = {"memir": ROOT / "memir", "memir.dialects": ROOT / "dialects",
            "memir.passes": ROOT / "passes"}
    for package, base in dirs.items():
        for init in base.rglob("__init__.py"):
            parts = init.parent.relative_to(base).parts
            assert ".".join((package, *parts)) in listed, init


def test_a_tile_violation_points_at_its_own_function_alloc():
    """Two functions with the same SSA names: verify-layout points at the second one's alloc
    (the checker returns a buffer handle), not at the first alloc printed with that name."""
    ctx, module = parse(TWO_FUNCTIONS_WITH_TILES)
    first, second = [op for op in module.walk() if isinstance(op, AllocOp)]
    first.properties["offset"] = IntAttr(0)
    second.properties["offset"] = IntAttr(-8)  # a bad offset in the second function only
    with pytest.raises(PassError, match="offset -8") as error:
        VerifyLayout().apply(ctx, module)
    assert error.value.op is second
