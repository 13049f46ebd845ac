"""check-execution: run the plan under random legal stream interleavings.

Thin on purpose: the program comes from the one reader (``analyses.program``: every
step's accesses, arguments, arena views and tiles included), becomes the plain
``memir.verify.execution.Execution``, and the independent checker there runs it. Planned
allocs (with offsets) and materialized ``memir.view``s are both supported. Semantics:
see memir/verify/execution.py — by default a cross-stream data dependency orders its two
ops; ``strict-events=true`` orders by streams and events only and first reports every
cross-stream data edge they leave unordered (a race lint).

An upstream memref program (functions without memir compute ops: ``memref-to-memir``'s
linked allocs, or ``memir-to-memref``'s arena views) is read by
``passes/support/memref_execution_reader.py`` and run by ``memir/verify/memref_execution.py``
instead: a shadow memory per function, ``interleavings`` executions of its loops and branches.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from xdsl.context import Context
from xdsl.dialects.builtin import ModuleOp
from xdsl.passes import ModulePass

from memir.dialects import PassError
from memir.dialects.limits import MAX_INTERLEAVINGS, MAX_SEED
from memir.passes.support import analyses
from memir.passes.support.bridge import current_offsets
from memir.passes.support.execution_program import check_strict_events, execution_of
from memir.passes.support.options import Bound, check_bounds, option
from memir.verify.execution import check, check_data


@dataclass(frozen=True)
class CheckExecution(ModulePass):
    """Run the plan under random legal stream interleavings; report the first conflict."""

    name = "check-execution"
    preserves: ClassVar = analyses.ALL

    interleavings: int = option(64, "random legal interleavings of the streams to run",
                                Bound(1, MAX_INTERLEAVINGS, "each one runs the whole program"))
    seed: int = option(0, "the seed of the random interleavings",
                       Bound(0, MAX_SEED, "a 32-bit seed"))
    data: bool = option(False, "check the bytes too: each op hashes what it reads")
    strict_events: bool = option(False, "order by streams and events only; report every "
                                 "cross-stream edge they leave open")

    def check_options(self) -> None:
        check_bounds(self)

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        self.check_options()
        prog = analyses.program(ctx, op)
        functions = [f for f in op.walk() if f.name == "func.func" and f.regions[0].blocks]
        if not prog.data.steps and functions:
            return self.check_memref(functions, current_offsets(prog.ir))
        if not prog.data.steps:
            raise PassError("check-execution needs compute ops: this module has no program "
                            "to run (buffers with lifetimes only)",
                            prog.ir.allocs[0] if prog.ir.allocs else None)
        ex = execution_of(prog)
        if self.strict_events:
            check_strict_events(prog)
        run = check_data if self.data else check
        try:
            found = run(ex, self.interleavings, self.seed, self.strict_events)
        except ValueError as error:  # data=true on an arena too large
            raise PassError(str(error), prog.ir.computes[0]) from None
        if found is not None:
            raise PassError(found.message, prog.ir.computes[found.op])

    def check_memref(self, functions, offsets) -> None:
        """An upstream memref program (see passes/support/memref_execution_reader.py): each
        function on its own, its arguments distinct memory, ``interleavings`` executions."""
        from memir.passes.support.memref_execution_reader import read_function
        from memir.verify.memref_execution import check_function

        for arena, fn in enumerate(functions):
            args, nodes, reader = read_function(fn, offsets, arena)
            if reader.unplaced is not None:
                raise PassError("this buffer has no offset: run assign-layout first",
                                reader.unplaced)
            found = check_function(args, nodes, self.interleavings, self.seed)
            if found is not None:
                raise PassError(found.message, reader.ops.get(id(found.node)))
