"""What others do with a range of sizes, to report beside a symbolic plan (issue 53, item 3).

Why: a symbolic plan's arena means little alone. Three references bound it: the upper-bound
plan (ExecuTorch's way: plan once at every size's maximum), which a symbolic plan should
never exceed; the per-size static plan, the envelope no single plan beats; and TVM Relax's
``StaticPlanBlockMemory`` rule, which shares storage only between equal symbolic sizes.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace

from memir.model.symbolic import Poly, SymbolicPlan, SymbolicProblem, point_text, range_points
from memir.planning.layout.portfolio import assign_layout
from memir.planning.layout.symbolic import upper_bound_plan

RELAX_MATCH_RANGE = 16
"""Relax's ``match_range_``: a constant-size request reuses tokens in [size/16, size*16]."""


def upper_bound_arena(problem: SymbolicProblem, effort: int = 1) -> int | None:
    """ExecuTorch's way (issue 53, "How the anchors handle it": dynamic shapes are planned at
    the upper bound of every dimension): one static plan with every size at its greatest
    value over the range, its offsets used at every size, so its arena is one number. None
    where a size has no upper bound. Planned as ``plan_symbolic`` plans it, the ceiling it
    compares with: the static portfolio, or the greedy family past ``AUTO_BUFFERS``."""
    plan = upper_bound_plan(problem, effort)
    return None if plan is None else plan.arena.evaluate({})


def static_arena(problem: SymbolicProblem, point: Mapping[str, int], effort: int = 1) -> int:
    """The per-size static plan at ``point`` (the static portfolio on the sizes there): the
    envelope below, which no plan for the whole range can beat at that point."""
    return assign_layout(replace(problem.at(point), capacity=None), effort=effort).arena


def relax_arena(problem: SymbolicProblem, point: Mapping[str, int]) -> int:
    """TVM Relax's ``StaticPlanBlockMemory`` (src/relax/transform/static_plan_block_memory.cc,
    ``TokenAllocator1D::RequestReuse``), with each buffer a tensor in lifetime order: a
    symbolic size reuses a free storage token only if its size is provably equal (here: the
    same polynomial); a constant size takes the smallest free constant token in
    [size, 16*size], else the largest in [size/16, size) and enlarges it to the size, else
    a new token. A token is free for a buffer when no buffer on it conflicts with the buffer
    (Relax: its last holder was released). Arena: the sum of the tokens' sizes at ``point``,
    each token its own allocation (no offsets, no alignment padding)."""
    order = sorted(range(len(problem)), key=lambda i: (problem.buffers[i].lower, i))
    static = problem.at(point)
    tokens: list[list] = []  # [size: Poly or int, holders: list[int]]
    for i in order:
        size = problem.buffers[i].size
        free = [k for k, (_, holders) in enumerate(tokens)
                if not any(static.conflict(i, h) for h in holders)]
        chosen = _relax_reuse(size, free, tokens)
        if chosen is None:
            tokens.append([size.constant if size.is_constant else size, [i]])
        else:
            tokens[chosen][1].append(i)
    return sum(max(s if isinstance(s, int) else s.evaluate(point), 0) for s, _ in tokens)


def _relax_reuse(size: Poly, free: list[int], tokens: list[list]) -> int | None:
    if not size.is_constant:
        return next((k for k in free if tokens[k][0] == size), None)
    want = size.constant
    constant = [k for k in free if isinstance(tokens[k][0], int)]
    larger = [k for k in constant if want <= tokens[k][0] <= want * RELAX_MATCH_RANGE]
    if larger:
        return min(larger, key=lambda k: (tokens[k][0], k))
    smaller = [k for k in constant if want // RELAX_MATCH_RANGE <= tokens[k][0] < want]
    if smaller:
        k = max(smaller, key=lambda k: (tokens[k][0], -k))
        tokens[k][0] = want  # Relax enlarges the token
        return k
    return None


def baseline_rows(problem: SymbolicProblem, plan: SymbolicPlan,
                  points: list[dict[str, int]] | None = None, effort: int = 1) -> list[dict]:
    """One row per point (default: the range points): the point, memir's arena, the
    upper-bound, static and Relax arenas, and each one's ratio to the static arena."""
    points = range_points(problem.symbols.values()) if points is None else points
    upper = upper_bound_arena(problem, effort)
    rows = []
    for point in points:
        row = {"point": point_text(point), "memir": plan.at(point)[1],
               "upper-bound": upper, "static": static_arena(problem, point, effort),
               "relax": relax_arena(problem, point)}
        for name in ("memir", "upper-bound", "relax"):
            value = row[name]
            row[f"{name}/static"] = (None if value is None or (value and not row["static"])
                                     else value / row["static"] if row["static"] else 1.0)
        rows.append(row)
    return rows
