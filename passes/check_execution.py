"""check-execution: run the plan under random legal stream interleavings.

Thin on purpose: the program comes from the one reader (``analyses.program``: every
step's accesses, arguments, arena views and tiles included), becomes the plain
``memir.verify.execution.Execution``, and the independent checker there runs it, on
planned allocs or materialized ``memir.view``s. Semantics: memir/verify/execution.py; by
default a cross-stream data dependency orders its two ops, ``strict-events=true`` orders
by streams and events only and first reports every cross-stream edge left open.

An upstream memref program (no memir compute ops) is read by
``passes/support/memref_execution_reader.py`` and run by ``memir/verify/memref_execution.py``
instead: a shadow memory per function, ``interleavings`` executions of its loops and branches.
A symbolic plan is run at sampled sizes (memir/verify/execution_symbolic.py): both ends of
every range and ``samples`` seeded points."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from xdsl.context import Context
from xdsl.dialects.builtin import ModuleOp
from xdsl.passes import ModulePass

from memir.dialects import PassError
from memir.dialects.limits import MAX_INTERLEAVINGS, MAX_SEED
from memir.dialects.program import Program
from memir.dialects.spaces import module_spaces
from memir.model.symbolic import OffsetExpr, Poly, point_text
from memir.passes.support import analyses
from memir.passes.support.bridge import current_offsets, read_symbolic_plan
from memir.passes.support.execution_program import check_strict_events, execution_of
from memir.passes.support.options import Bound, check_bounds, option
from memir.verify.execution import check, check_data
from memir.verify.execution_symbolic import check_points, sample_points

MAX_SAMPLES = 10_000


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
    samples: int = option(4, "symbolic plans: seeded random sizes to run at, besides both "
                          "ends of every range",
                          Bound(0, MAX_SAMPLES, "each point runs every interleaving"))

    def check_options(self) -> None:
        check_bounds(self)

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        self.check_options()
        prog = analyses.program(ctx, op, symbolic=True)
        functions = [f for f in op.walk() if f.name == "func.func" and f.regions[0].blocks]
        symbolic = prog.data.symbolic or any(a.symbolic_offset is not None
                                             for a in prog.ir.allocs)
        if symbolic and not prog.data.steps:
            raise PassError("check-execution runs symbolic plans of memir compute programs "
                            "only: this one has none (verify-layout proves its plan)",
                            prog.ir.allocs[0] if prog.ir.allocs else None)
        if not prog.data.steps and functions:
            return self.check_memref(functions, current_offsets(prog.ir))
        if not prog.data.steps:
            raise PassError("check-execution needs compute ops: this module has no program "
                            "to run (buffers with lifetimes only)",
                            prog.ir.allocs[0] if prog.ir.allocs else None)
        if symbolic:
            return self.check_symbolic(prog)
        ex = execution_of(prog)
        if self.strict_events:
            check_strict_events(prog)
        found = self.run(ex, prog)
        if found is not None:
            raise PassError(found.message, prog.ir.computes[found.op])

    def run(self, ex, prog: Program):
        """The first conflict of ``ex`` over the interleavings, or None."""
        run = check_data if self.data else check
        try:
            return run(ex, self.interleavings, self.seed, self.strict_events)
        except ValueError as error:  # data=true on an arena too large
            raise PassError(str(error), prog.ir.computes[0]) from None

    def check_symbolic(self, prog: Program) -> None:
        """Run the plan at both ends of every range and ``samples`` seeded points; the
        first conflict names its point."""
        data, ir = prog.data, prog.ir
        if data.tiles or module_spaces(ir.module):
            raise PassError("check-execution does not run a symbolic plan with tiles or "
                            "memory spaces yet", ir.tiles[0] if data.tiles else None)
        offsets = symbolic_offsets(prog)
        if self.strict_events:
            check_strict_events(prog)
        sizes = [b.sym_size if b.sym_size is not None else Poly.const(b.size)
                 for b in data.buffers]
        used = set().union(*(p.symbols for p in sizes), *(o.symbols for o in offsets))
        if missing := sorted(used - set(data.symbols)):
            raise PassError(f"symbol '{missing[0]}' has no declared range (memir.symbols)",
                            None)
        points = sample_points([data.symbols[n] for n in sorted(used)], self.samples,
                               self.seed)
        plan = read_symbolic_plan(ir)
        fallback = None if plan is None or plan.fallback is None else \
            [OffsetExpr.of(o) for o in plan.fallback[0]]
        template, found = execution_of(prog, placed=False), None
        for point in points:  # the plan that runs at each point: its fallback where taken
            chosen = fallback if fallback is not None and plan.uses_fallback(point) else offsets
            found = check_points(template, sizes, chosen, [point],
                                 lambda ex: self.run(ex, prog))
            if found is not None:
                break
        if found is not None:
            conflict, point = found
            raise PassError(f"{conflict.message} (at {point_text(point)}, a sampled size)",
                            ir.computes[conflict.op])

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


def symbolic_offsets(prog: Program) -> list[OffsetExpr]:
    """Each planned buffer's offset as an expression (a constant one too); an error at the
    first buffer without one."""
    offsets = []
    for b, alloc in zip(prog.data.buffers, prog.ir.allocs):
        offset = alloc.symbolic_offset
        if offset is None and alloc.offset is not None:
            offset = OffsetExpr.of(alloc.offset.data)
        if offset is None:
            raise PassError(f"buffer {b.label} has no offset: run assign-layout first", alloc)
        offsets.append(offset)
    return offsets
