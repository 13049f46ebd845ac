"""report: what the plan costs, on stderr (as MLIR's analysis printers do).

Buffers, arena, lower bound, arena / bound, fragmentation ((arena - peak live) / arena,
OLLA's metric), seconds per pass run so far in this pipeline (kept on the tool's
context, not in a global) and the process's peak RSS; ``plot=FILE.png`` (or ``.svg``) draws the heap map: time x
offset rectangles with the arena and the bound marked.

A module of several functions with planned buffers (``memref-to-memir``'s output: each
function gets its own arena, as ``memir-to-memref`` lowers it) reports the module's total:
arena, bound and peak are sums over the functions, and one line per function gives its
arena and bound (the peak of its own buffers). A one-function program reports as above.
A symbolic plan reports its arena expression and a table at the range points (and at the
values ``at=`` names): memir's arena beside the upper-bound plan, the per-size static plan
and Relax's rule (``memir.planning.layout.symbolic_baselines``).
"""

from __future__ import annotations

import re
import sys
from dataclasses import dataclass, replace
from typing import ClassVar

from xdsl.context import Context
from xdsl.dialects.builtin import ModuleOp
from xdsl.passes import ModulePass

from memir.dialects import PassError
from memir.passes.support import analyses
from memir.passes.support import space_layout, space_summary
from memir.passes.support.bridge import (
    current_offsets,
    is_symbolic,
    layout_problem,
    read_plan_attr,
    read_symbolic_plan,
    symbolic_problem,
)
from memir.passes.support.options import option
from memir.passes.support import remat_summary, schedule_summary
from memir.model.layout import Plan, Problem


def peak_live(problem: Problem) -> tuple[int, str]:
    """Most bytes that may be live at once, and how it was found.

    One stream: the peak in program order. Several streams: the heaviest clique of the
    stream-safety conflicts (the bytes some interleaving may hold at once), which is exact
    for chordal conflict graphs and otherwise a greedy clique, a floor of the true peak.
    """
    from memir.planning.layout.lower_bound import heaviest_clique, peak_live_bytes

    if problem.conflicts is None:
        return peak_live_bytes(problem), "program order"
    weight, exact, _ = heaviest_clique(problem)
    return weight, "heaviest clique of the stream conflicts" + ("" if exact else ", greedy")


def peak_rss_mib() -> float:
    """The process's peak resident set so far (Linux reports KiB, macOS bytes)."""
    import resource

    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return peak / (1 << 20) if sys.platform == "darwin" else peak / 1024


def _by_function(allocs) -> dict[str, list[int]]:
    """Buffer handles per enclosing ``func.func`` (by symbol), in program order."""
    found: dict[str, list[int]] = {}
    for i, alloc in enumerate(allocs):
        op = alloc.parent_op()
        while op is not None and op.name != "func.func":
            op = op.parent_op()
        if op is not None:
            found.setdefault(f"@{op.sym_name.data}", []).append(i)
    return found


def alignment_lines(problem: Problem, arena: int, bound: int) -> list[str]:
    """A line saying so when alignment, not the plan, sets the arena above the bound.

    The bound counts each buffer's bytes, not its alignment. Rounded up to their alignments,
    the buffers live at once take ``padded`` bytes at the peak; an arena no larger than that
    is set by alignment (a tiny program's 4-byte buffers aligned to 64 B), one larger than
    that is partly the plan's.
    """
    from memir.planning.layout.lifetimes import peak_live_bytes

    widest = max((b.alignment for b in problem.buffers), default=1)
    if arena <= bound or widest <= 1 or problem.conflicts is not None:
        return []
    padded = peak_live_bytes(Problem([replace(b, size=-(-b.size // b.alignment) * b.alignment)
                                      for b in problem.buffers]))
    if padded <= bound:
        return []
    if arena <= padded:
        return [f"alignment:      sets the arena: rounded up to their alignments (up to "
                f"{widest} B) the live buffers take {padded} B at the peak; the bound "
                "counts bytes only"]
    return [f"alignment:      {padded - bound} of the arena's {arena - bound} B above the bound "
            f"(alignments up to {widest} B)"]


def _module_lines(problem: Problem, offsets, functions: dict[str, list[int]]) -> list[str]:
    """The module's total (one arena per function) and each function's arena and bound."""
    from memir.planning.layout.lifetimes import peak_live_bytes

    rows = []
    for name, handles in functions.items():
        own = Problem([problem.buffers[i] for i in handles])
        arena = max(offsets[i] + problem.buffers[i].size for i in handles
                    if offsets[i] is not None)
        rows.append((name, arena, peak_live_bytes(own)))
    arena, bound = sum(r[1] for r in rows), sum(r[2] for r in rows)
    lines = [f"arena:          {arena} (the sum of {len(rows)} functions' arenas)",
             f"lower bound:    {bound}",
             f"arena / bound:  {arena / bound:.4f}" if bound else "arena / bound:  n/a"]
    for name, a, b in rows:
        own = Problem([problem.buffers[i] for i in functions[name]])
        lines.append(f"function {name}: arena {a}, lower bound {b}")
        lines += [f"  {line}" for line in alignment_lines(own, a, b)]
    return lines


@dataclass(frozen=True)
class Report(ModulePass):
    """Print arena, lower bound, ratio, fragmentation, pass times; optional heap-map plot."""

    name = "report"
    preserves: ClassVar = analyses.ALL

    plot: str = option("", "draw the heap map to this .png or .svg file")
    at: str = option("", "symbolic plans: more points for the table, each value given to "
                     "every symbol (\"1,5,16\")")

    def check_options(self) -> None:
        if self.plot and not self.plot.endswith((".png", ".svg")):
            raise PassError(f"plot file must end in .png or .svg, got '{self.plot}'")
        if self.at and not re.fullmatch(r"\d+(,\d+)*", self.at.replace(" ", "")):
            raise PassError(f"at= takes values separated by commas (\"1,5,16\"), got "
                            f"'{self.at}'")

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        self.check_options()
        prog = analyses.program(ctx, op, symbolic=True)
        if is_symbolic(prog.data, prog.ir):
            if self.plot:
                raise PassError("plot= draws static plans only; this plan is symbolic")
            lines = self._symbolic_lines(ctx, op, prog)
            for name, seconds in getattr(ctx, "pass_timings", []):
                lines.append(f"pass {name + ':':<14}{seconds:.4f} s")
            sys.stderr.write("".join(f"report: {line}\n" for line in lines))
            return
        problem = layout_problem(prog.data, analyses.conflicts(ctx, op))
        plan_attr = read_plan_attr(prog.ir)
        lines = [f"buffers:        {len(problem.buffers)}"]
        functions = _by_function(prog.ir.allocs)
        if space_layout.has_spaces(op):
            arenas = {name: p.arena.data
                      for name, p in space_layout.read_space_plans(op).items()}
            lines += space_summary.report_lines(op, arenas)
        elif plan_attr is None:
            lines.append("plan:           none (run assign-layout first)")
        elif len(functions) > 1:
            lines += _module_lines(problem, current_offsets(prog.ir), functions)
            lines.append(f"strategy:       {plan_attr.strategy.data} ({plan_attr.status.data}, "
                         f"{plan_attr.seconds.data:.3f} s)")
        else:
            arena, bound = plan_attr.arena.data, plan_attr.bound.data
            peak, how = peak_live(problem)
            ratio = f"{arena / bound:.4f}" if bound else "n/a"
            fragmentation = (arena - peak) / arena if arena else 0.0
            lines += [
                f"arena:          {arena}",
                f"lower bound:    {bound}",
                f"arena / bound:  {ratio}",
                f"peak live:      {peak} ({how})",
                f"fragmentation:  {fragmentation:.4f}",
                *alignment_lines(problem, arena, bound),
                f"strategy:       {plan_attr.strategy.data} ({plan_attr.status.data}, "
                f"{plan_attr.seconds.data:.3f} s)",
            ]
        lines += schedule_summary.report_lines(op)
        lines += remat_summary.report_lines(op)
        for name, seconds in getattr(ctx, "pass_timings", []):
            lines.append(f"pass {name + ':':<14}{seconds:.4f} s")
        lines.append(f"peak RSS:       {peak_rss_mib():.0f} MiB (this process so far)")
        sys.stderr.write("".join(f"report: {line}\n" for line in lines))
        if self.plot:
            if plan_attr is None:
                raise PassError("plot= needs a plan: run assign-layout first")
            from memir.planning.heapmap import plot

            offsets = current_offsets(prog.ir)
            try:
                plot(problem, Plan(offsets, plan_attr.arena.data,
                                   lower_bound=plan_attr.bound.data),
                     self.plot, marked=remat_summary.recomputed_buffers(prog.ir.allocs))
            except OSError as error:
                raise PassError(f"cannot write plot '{self.plot}': {error.strerror}") from None

    def _symbolic_lines(self, ctx, op: ModuleOp, prog) -> list[str]:
        """The arena expression, then memir beside the baselines at each point."""
        from memir.model.symbolic import range_points
        from memir.planning.layout.symbolic_baselines import baseline_rows

        problem = symbolic_problem(prog.data, analyses.conflicts(ctx, op))
        lines = [f"buffers:        {len(problem.buffers)}",
                 "symbols:        " + ", ".join(map(str, problem.symbols.values()))]
        plan = read_symbolic_plan(prog.ir)
        if plan is None:
            return lines + ["plan:           none (run assign-layout first)"]
        points = range_points(problem.symbols.values())
        for value in (int(v) for v in self.at.replace(" ", "").split(",") if v):
            point = dict.fromkeys(problem.symbols, value)
            if point not in points:
                points.append(point)
        lines += [f"arena:          [{plan.arena}]", f"strategy:       {plan.strategy}"]
        if plan.fallback is not None:
            lines.append(f"fallback:       the upper-bound plan ({plan.fallback[1]} bytes) "
                         "where the arena would be larger")
        functions = _by_function(prog.ir.allocs)
        if len(functions) > 1:
            lines.append(f"functions:      {', '.join(functions)} (memir-to-memref gives each "
                         "its own arena; below, all buffers share one)")
        table = [["at", "memir", "upper-bound", "static", "relax", "memir/static"]]
        for row in baseline_rows(problem, plan, points):
            ratio = row["memir/static"]
            table.append([row["point"], str(row["memir"]),
                          "none" if row["upper-bound"] is None else str(row["upper-bound"]),
                          str(row["static"]), str(row["relax"]),
                          "n/a" if ratio is None else f"{ratio:.4f}"])
        widths = [max(len(r[k]) for r in table) for k in range(len(table[0]))]
        return lines + ["  ".join(c.ljust(w) if k == 0 else c.rjust(w)
                                  for k, (c, w) in enumerate(zip(r, widths))) for r in table]
