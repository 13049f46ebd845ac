"""In-process pipelines for the tests of passes and analyses: parse a module in memir's
context and run passes as memir-opt does between them (invalidating what a pass did not
preserve). Importable from any test: tests/ is on sys.path through its conftest."""

from __future__ import annotations

from xdsl.context import Context
from xdsl.dialects.builtin import ModuleOp
from xdsl.parser import Parser
from xdsl.passes import PassPipeline

from memir.passes.support import analyses
from memir.tools.registry import make_context


def parse(text: str, ctx: Context | None = None) -> tuple[Context, ModuleOp]:
    ctx = ctx or make_context()
    return ctx, Parser(ctx, text).parse_module()


def run_pipeline(ctx, module, passes) -> None:
    """What memir-opt does between passes: invalidate what the pass did not preserve."""

    def between(previous, _module, _next):
        if previous is not None:
            analyses.manager(ctx).invalidate(analyses.preserved_by(previous))

    PassPipeline(tuple(passes), between).apply(ctx, module)
