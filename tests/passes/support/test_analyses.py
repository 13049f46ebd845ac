"""The analysis cache (passes/support/analyses.py): each analysis computed once per module
state, invalidated by the passes that change the program, as MLIR's analysis manager does."""

from __future__ import annotations

from pathlib import Path

from _pipelines import parse, run_pipeline

from memir.passes.assign_layout import AssignLayout
from memir.passes.bufferize import Bufferize
from memir.passes.materialize_arena import MaterializeArena
from memir.passes.report import Report
from memir.passes.stream_safety import StreamSafety
from memir.passes.support import analyses
from memir.passes.verify_layout import VerifyLayout

EXAMPLES = Path(__file__).resolve().parents[3] / "examples"



def test_the_main_pipeline_reads_the_program_once_after_bufferize():
    ctx, module = parse((EXAMPLES / "two_streams.mlir").read_text())
    run_pipeline(ctx, module, [Bufferize(), StreamSafety(), AssignLayout(), VerifyLayout(),
                               Report()])
    computed = analyses.manager(ctx).computed
    assert computed[analyses.PROGRAM] == 1
    assert computed[analyses.CONFLICTS] == 1
    assert computed[analyses.SAFETY] == 1


def test_a_pass_that_changes_the_program_invalidates_the_cache():
    ctx, module = parse((EXAMPLES / "two_streams.mlir").read_text())
    run_pipeline(ctx, module, [Bufferize(), StreamSafety(), AssignLayout(), MaterializeArena(),
                               Report()])
    # report after materialize-arena reads the program again (no planned allocs are left)
    assert analyses.manager(ctx).computed[analyses.PROGRAM] == 2
    assert not analyses.program(ctx, module).data.buffers


def test_a_plugin_pass_that_declares_nothing_preserves_nothing():
    class Plugin:
        name = "plugin"

    assert analyses.preserved_by(Plugin()) == frozenset()
    manager = analyses.AnalysisManager()
    ctx, module = parse("%a = memir.alloc 64 live [0, 1)")
    manager.get(module, "x", lambda: 1)
    manager.invalidate(analyses.preserved_by(Plugin()))
    assert "x" not in manager.cache
