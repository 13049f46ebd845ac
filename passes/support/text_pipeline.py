"""Run passes in-process on memir IR text, for the integrations that plan through the passes.

Why here: an integration (memir.torch) must plan with the very passes ``memir-opt`` runs,
without importing xDSL itself (the frontends stay plain Python) and without a pass
importing another. This parses text in a context holding what graph IR uses (builtin,
func, memir), runs the pass instances it is given as ``memir-opt`` runs a pipeline
(invalidating what a pass did not preserve), and reads the result back as plain data:
each compute op's tag (an integer the caller gave it, kept by the passes' clones) and
whether it is a recomputation.
"""

from __future__ import annotations

from xdsl.context import Context
from xdsl.dialects.builtin import Builtin, IntAttr, ModuleOp
from xdsl.dialects.func import Func
from xdsl.parser import Parser
from xdsl.passes import PassPipeline

from memir.dialects import ComputeOp, Memir
from memir.passes.support import analyses
from memir.passes.support.remat_summary import RECOMPUTED_ATTR


def graph_context() -> Context:
    ctx = Context()
    for dialect in (Builtin, Func, Memir):
        ctx.load_dialect(dialect)
    return ctx


def parse_tagged(text: str, tag: str) -> tuple[Context, ModuleOp]:
    """The module, its k-th compute op tagged ``tag = k``."""
    ctx = graph_context()
    module = Parser(ctx, text).parse_module()
    for k, op in enumerate(o for o in module.walk() if isinstance(o, ComputeOp)):
        op.attributes[tag] = IntAttr(k)
    return ctx, module


def run_passes(ctx: Context, module: ModuleOp, passes) -> None:
    """As memir-opt runs a pipeline: what a pass did not preserve is invalidated."""
    def between(previous, _module, _next):
        if previous is not None:
            analyses.manager(ctx).invalidate(analyses.preserved_by(previous))

    PassPipeline(tuple(passes), between).apply(ctx, module)


def tagged_runs(module: ModuleOp, tag: str) -> list[tuple[int, bool]]:
    """The compute ops in program order: (tag, is a recomputation)."""
    return [(op.attributes[tag].data, RECOMPUTED_ATTR in op.attributes)
            for op in module.walk() if isinstance(op, ComputeOp)]


def module_summary(module: ModuleOp, name: str) -> dict[str, int | str] | None:
    """A pass's summary dictionary on the module (``memir.schedule``...), as plain values."""
    found = module.attributes.get(name)
    if found is None:
        return None
    return {key: getattr(value, "data", value) for key, value in found.data.items()}
