"""stream-safety: which buffers may share memory when streams run in parallel
([Multi-stream reuse] §3).

Annotates each planned alloc with a compact ``safety <...>`` summary (O(streams) ints)
from which any pair's safety is decided without the graph. The quadratic list of unsafe
pairs is printed only on request (``print-pairs=true``), on stderr as MLIR's analysis
printers do, so ``-o`` and pipes keep clean IR.

memir treats a data dependency between streams as ordering (the runtime synchronises
it); ``strict-events=true`` instead requires a record/wait for every cross-stream data
edge (a race lint, shared with check-execution). The summaries stay in the analysis cache
(passes/support/analyses.py) for later passes; in the IR they are documentation: memir
never trusts them over the program itself.
"""

from __future__ import annotations

import sys
from dataclasses import dataclass
from typing import ClassVar, Literal

from xdsl.context import Context
from xdsl.dialects.builtin import ModuleOp
from xdsl.passes import ModulePass

from memir.analysis.stream_safety import ALGORITHMS
from memir.passes.support import analyses
from memir.passes.support.bridge import write_safety
from memir.passes.support.options import option

@dataclass(frozen=True)
class StreamSafety(ModulePass):
    """Annotate allocs with stream-safety summaries (Alg. 1, 1-opt or the stream graph)."""

    name = "stream-safety"
    preserves: ClassVar = analyses.ALL

    algorithm: Literal[ALGORITHMS] = option("stream-graph", "the stream graph (Alg. 2), "
                                            "Alg. 1 with 1-opt, or Alg. 1")
    print_pairs: bool = option(False, "print every unsafe pair on stderr")
    strict_events: bool = option(False, "order by streams and events only; report every "
                                 "cross-stream edge they leave open")

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        prog = analyses.program(ctx, op, symbolic=True)  # sizes decide nothing here
        if self.strict_events:
            from memir.passes.support.execution_program import check_strict_events

            check_strict_events(prog)
        result = analyses.stream_safety(ctx, op, self.algorithm, self.print_pairs)
        data = prog.data
        write_safety(prog.ir, [result.summaries[t].to_lists() for t in data.tensor_of_buffer])
        if self.print_pairs and not data.steps and data.buffers:
            sys.stderr.write("// no compute ops: the program orders nothing, so no pair is "
                             "unsafe by it (explicit live [l, u) lifetimes decide)\n")
        elif self.print_pairs:
            handle_of = {t: b for b, t in enumerate(data.tensor_of_buffer)}
            pairs = sorted((handle_of[a], handle_of[b]) for a, b in result.unsafe_pairs()
                           if a in handle_of and b in handle_of)
            sys.stderr.write("".join(f"// unsafe {data.buffers[a].label} "
                                     f"{data.buffers[b].label}\n" for a, b in pairs))
