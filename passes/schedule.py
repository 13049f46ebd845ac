"""schedule: reorder a block's ops to lower the peak of live bytes ([OLLA], [ROAM]).

Why a pass of its own, at buffer level before stream-safety and assign-layout: the order of
operations decides how long each buffer lives, on training graphs by tens of percent of the
peak. The algorithms (memir.planning.schedule) see only sizes, uses and dependencies; the
dependencies an order must keep, and with several streams the exact concurrency rule
(``parallelism``), are read from the program reader's plain data by
memir.planning.schedule.deps and .streams, where they are documented and tested. This pass
reads, calls, checks and rewrites: an order that fails the check leaves the block in its
input order with a ``memir.remark``; allocs, tile views and streams move to just before their
first user, a dealloc to just after its buffer's last user, and ``memir.schedule`` on the
module records the peaks and bound for ``report``. Reference: docs/passes/schedule.md.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import ClassVar, Literal

from xdsl.context import Context
from xdsl.dialects.builtin import DictionaryAttr, IntAttr, ModuleOp, StringAttr
from xdsl.ir import Block
from xdsl.passes import ModulePass

from memir.dialects import PassError
from memir.dialects.attributes import REMARK_ATTR
from memir.dialects.limits import MAX_WORK_BUDGET
from memir.passes.support import analyses
from memir.passes.support.block_order import reorder_block
from memir.passes.support.options import SECONDS, Bound, check_bounds, option
from memir.passes.support.schedule_summary import SCHEDULE_ATTR
from memir.planning.schedule import PARALLELISM, STRATEGIES


def _blocks(prog) -> list[tuple[Block, list[int]]]:
    """Each block with compute, record or wait ops, and the positions of its ops in the
    program's sequence, in program order."""
    blocks: dict[int, tuple[Block, list[int]]] = {}
    for k, op in enumerate(prog.ir.sequence):
        block = op.parent_block()
        blocks.setdefault(id(block), (block, []))[1].append(k)
    return list(blocks.values())


@dataclass(frozen=True)
class Schedule(ModulePass):
    """Reorder ops (each keeps its stream and its concurrency) to lower the peak."""

    name = "schedule"
    preserves: ClassVar = frozenset()  # the order changes: every analysis is stale

    strategy: Literal[STRATEGIES] = option("auto", "auto: the best of them all; greedy: list "
                                           "scheduling; exact: a search; keep: the input order")
    budget: int = option(200_000, "states the exact search may expand",
                         Bound(1, MAX_WORK_BUDGET, "search states"))
    time_limit: float | int | None = option(None, "a wall-clock cap on the whole pass, in "
                                            "seconds (work budgets decide)", SECONDS)
    parallelism: Literal[PARALLELISM] = option("keep", "with several streams, keep concurrent "
                                               "pairs, all but updates', or events only")

    def check_options(self) -> None:
        check_bounds(self)

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        from memir.planning.budget import Deadline
        from memir.planning.schedule import schedule
        from memir.planning.schedule.deps import schedule_problem, valid_order

        self.check_options()
        # The limit holds for the whole pass: reading the program, building the problems,
        # the search, the check of its output and the rewrite. The search stops early
        # enough to leave the check and rewrite as long as reading took (both linear).
        started = time.perf_counter()
        deadline = Deadline.after(self.time_limit)
        prog = analyses.program(ctx, op)
        if prog.data.all_explicit:
            raise PassError("the buffers carry explicit lifetimes (live [l, u)): there is no "
                            "program order to change", prog.ir.allocs[0])
        sizes = [b.size for b in prog.data.buffers]
        totals = {"before": 0, "after": 0, "bound": 0}
        strategies = []
        for block, positions in _blocks(prog):
            ops = [prog.ir.sequence[k] for k in positions]
            problem = schedule_problem([prog.data.sequence[k] for k in positions],
                                       prog.data.steps, sizes, self.parallelism)
            search = deadline
            if deadline.at is not None:
                search = Deadline(deadline.at - (time.perf_counter() - started))
            result = schedule(problem, self.strategy, self.budget, deadline=search)
            order, peak_after = result.order, result.peak_after
            if order != list(range(len(ops))) and not valid_order(problem, order):
                # A safety net, not a path any known input takes: the input order keeps
                # every promise, so the block keeps it and says why.
                order, peak_after = list(range(len(ops))), result.peak_before
                _remark(block, f"schedule: kept the input order: the {self.strategy} order "
                        f"did not keep parallelism={self.parallelism}")
            reorder_block(block, [ops[i] for i in order])
            totals["before"] = max(totals["before"], result.peak_before)
            totals["after"] = max(totals["after"], peak_after)
            totals["bound"] = max(totals["bound"], result.lower_bound)
            strategies.append(f"{result.strategy} ({result.status})")
        analyses.manager(ctx).invalidate()
        op.attributes[SCHEDULE_ATTR] = DictionaryAttr({
            "peak_before": IntAttr(totals["before"]), "peak_after": IntAttr(totals["after"]),
            "lower_bound": IntAttr(totals["bound"]),
            "strategy": StringAttr(", ".join(strategies) or "none")})


def _remark(block: Block, message: str) -> None:
    """``memir.remark`` on the op that holds the block (the function), as other passes
    say why they left something as it was."""
    holder = block.parent_op()
    if holder is not None:
        holder.attributes[REMARK_ATTR] = StringAttr(message)
