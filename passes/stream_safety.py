"""stream-safety: which buffers may share memory when streams run in parallel (seed 000 §3).

Annotates each planned alloc with a compact ``safety <...>`` summary (O(streams) ints)
from which any pair's safety is decided without the graph; the layout pass reads it. The
quadratic list of unsafe pairs is printed only on request (``print-pairs=true``), as
``// unsafe %a %f`` comment lines before the IR, in a stable order.
"""

from __future__ import annotations

import sys
from dataclasses import dataclass

from xdsl.context import Context
from xdsl.dialects.builtin import ModuleOp
from xdsl.ir import SSAValue
from xdsl.passes import ModulePass

from memir.dialects import SafetyAttr
from memir.passes.ir_model import BufferModel, build_model
from memir.tools.diagnostics import OpError

ALGORITHMS = ("stream-graph", "ancestors-opt", "ancestors")


def run_analysis(model: BufferModel, algorithm: str, decide_pairs: bool = False):
    """Summaries for every tensor; the quadratic pair bits only when asked for."""
    from memir.analysis.stream_safety import GraphError, analyze

    try:
        return analyze(model.graph, algorithm, decide_pairs=decide_pairs)
    except GraphError as error:
        op = model.computes[error.node] if error.node is not None else None
        raise OpError(error.message, op)


def printed_names(module: ModuleOp) -> dict[SSAValue, str]:
    """``%name`` as the printer will spell each named value (``%ws``, ``%ws_1``, ...)."""
    counts: dict[str, int] = {}
    names: dict[SSAValue, str] = {}

    def name(value: SSAValue) -> None:
        if hint := value.name_hint:
            index = counts.get(hint, 0)
            counts[hint] = index + 1
            names[value] = f"%{hint}_{index}" if index else f"%{hint}"

    for inner in module.walk():
        for value in inner.results:
            name(value)
        for region in inner.regions:
            for block in region.blocks:
                for arg in block.args:
                    name(arg)
    return names


@dataclass(frozen=True)
class StreamSafety(ModulePass):
    """Annotate allocs with stream-safety summaries (Alg. 1, 1-opt or the stream graph)."""

    name = "stream-safety"

    algorithm: str = "stream-graph"
    print_pairs: bool = False

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        if self.algorithm not in ALGORITHMS:
            raise OpError(
                f"unknown algorithm '{self.algorithm}'; choose from {', '.join(ALGORITHMS)}"
            )
        model = build_model(op)
        result = run_analysis(model, self.algorithm, decide_pairs=self.print_pairs)
        for alloc, tensor in zip(model.allocs, model.tensor_of_alloc):
            summary = result.summaries[tensor]
            alloc.properties["safety"] = SafetyAttr(tuple(tuple(v) for v in summary.to_lists()))
        if self.print_pairs:
            printed = printed_names(op)
            names = {t: printed.get(alloc.result, model.graph.tensors[t].name)
                     for alloc, t in zip(model.allocs, model.tensor_of_alloc)}
            lines = [f"// unsafe {names[a]} {names[b]}\n" for a, b in result.unsafe_pairs()
                     if a in names and b in names]
            sys.stdout.write("".join(lines))
