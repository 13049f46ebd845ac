"""Analyses computed once per module state, as MLIR's AnalysisManager does for its passes.

Why: a pipeline such as ``bufferize,stream-safety,assign-layout,verify-layout,report`` reads
the same facts four times — the program (dialects/program.py), the stream-safety summaries,
the conflicts — each linear (or worse) in the module. Here each is computed the first time
a pass asks and kept until a pass that changes the program runs.

Each pass says what it keeps valid in ``preserves``: ``ALL`` for passes that only annotate
or read, nothing for passes that change the program; a pass that does not say (a plug-in)
preserves nothing. The manager lives on the ``MemirContext`` the tools create; under
xDSL's ``PassPipeline`` with a plain ``Context`` a pass gets a fresh manager per call, so
nothing is reused and nothing can be stale.
"""

from __future__ import annotations

from xdsl.context import Context
from xdsl.dialects.builtin import ModuleOp

from memir.dialects import PassError
from memir.passes.support.analysis_manager import (  # noqa: F401  (re-exported for the passes)
    ALL,
    AnalysisManager,
    MemirContext,
    manager,
    preserved_by,
)
from memir.dialects.program import Program, read_program

PROGRAM = "program"
SAFETY = "stream-safety"
CONFLICTS = "conflicts"



def program(ctx: Context, module: ModuleOp, symbolic: bool = False) -> Program:
    """The bridge's reading of the module (plain data + op handles).

    A pass that plans constant sizes only leaves ``symbolic`` False: a buffer whose size
    only run time knows is then an error at that buffer, never a plan at one size."""
    prog = manager(ctx).get(module, PROGRAM, lambda: read_program(module))
    if not symbolic and prog.data.symbolic:
        first = next(i for i, b in enumerate(prog.data.buffers) if b.sym_size is not None)
        raise PassError(f"this pass plans constant sizes only, and this buffer's size is "
                        f"[{prog.data.buffers[first].sym_size}]: symbolic sizes are planned by "
                        "assign-layout, verify-layout, memir-to-memref, check-execution and "
                        "report", prog.ir.allocs[first])
    return prog


def stream_safety(ctx: Context, module: ModuleOp, algorithm: str = "stream-graph",
                  decide_pairs: bool = False):
    """Stream-safety summaries of every graph tensor (memir.analysis.stream_safety).

    All three algorithms give the same summaries (tests prove it), so one cache entry
    serves them all; the quadratic pair bits are computed only when asked for.
    """
    prog = program(ctx, module, symbolic=True)  # the calling pass has decided
    key = SAFETY + (":pairs" if decide_pairs else "")

    def compute():
        from memir.analysis.stream_safety import GraphError, analyze

        try:
            return analyze(prog.data.graph, algorithm, decide_pairs=decide_pairs)
        except GraphError as error:
            raise PassError(error.message, prog.ir.step_op(error.node))

    return manager(ctx).get(module, key, compute)


def conflicts(ctx: Context, module: ModuleOp):
    """Which planned buffers may be live together, decided from the program.

    None when lifetimes decide it: every buffer has an explicit ``live [l, u)``, or the
    program runs on one stream without events (sequential lifetimes in program order).
    Otherwise a ``memir.analysis.summary_conflicts.SummaryConflicts`` over the planned buffers: it
    decides any pair from the stream-safety summaries, O(buffers x streams) memory, and
    never lists the pairs. Summaries written into the IR are never trusted here: they may
    be stale or edited.
    """
    prog = program(ctx, module, symbolic=True)  # the calling pass has decided

    def compute():
        data = prog.data
        if data.all_explicit or not data.needs_stream_safety:
            return None
        from memir.analysis.summary_conflicts import SummaryConflicts

        result = stream_safety(ctx, module)
        tensors = data.tensor_of_buffer
        return SummaryConflicts(result.starts[tensors], result.ends[tensors])

    return manager(ctx).get(module, CONFLICTS, compute)
