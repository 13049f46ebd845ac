"""CP-SAT driven like MiniMalloc: a fixed canonical search with learning, for interval problems.

Why: MiniMalloc's search places, again and again, the buffer whose lowest feasible offset
is least at that offset. CP-SAT does the same under ``FIXED_SEARCH`` (``CHOOSE_LOWEST_MIN``
/ ``SELECT_MIN_VALUE`` on the offsets, in a static pre-order), and on top its edge finding
and conflict learning prune what MiniMalloc re-explores. The search is complete, so
INFEASIBLE is a proof.

Budget: deterministic time, not conflicts (the same on every machine, and it follows the
cost of a conflict, which varies a hundredfold with the live sets); one worker; a
wall-clock deadline on top when the caller has one.
"""

from __future__ import annotations

import math
from collections.abc import Callable

import numpy as np
from memir.planning.cpsat_loader import cp_model

from memir.planning.budget import NO_DEADLINE, Deadline, cp_solver
from memir.planning.layout.exact.interval_search import build_sections
from memir.model.layout import Problem

FEASIBLE, INFEASIBLE, UNKNOWN = "feasible", "infeasible", "unknown"


def pre_order(problem: Problem, idx: list[int], heuristic: str) -> list[int]:
    """``idx`` sorted by MiniMalloc's static keys, descending (W width, A area, T the largest
    live total over the buffer's sections, Z size), then by index."""
    bufs = problem.buffers
    size = np.array([bufs[i].size for i in idx], dtype=np.int64)
    lower = np.array([bufs[i].lower for i in idx], dtype=np.int64)
    upper = np.array([bufs[i].upper for i in idx], dtype=np.int64)
    width = upper - lower
    keys: dict[str, np.ndarray] = {"W": width, "A": size * width, "Z": size}
    if "T" in heuristic:
        sec = build_sections(size, lower, upper)
        keys["T"] = np.array([sec.totals[sec.sec_lo[k]:sec.sec_hi[k]].max()
                              for k in range(len(idx))], dtype=np.int64)
    cols = [-keys[c] for c in heuristic] + [np.arange(len(idx))]
    order = np.lexsort(cols[::-1])
    return [idx[k] for k in order.tolist()]


# Each decision is "this buffer sits at its lowest offset"; its refutation raises that
# bound, and the no-overlap propagators raise the other buffers' lowest offsets as
# MiniMalloc's canonical rule does.
def decide_canonical(
    problem: Problem,
    capacity: int,
    heuristic: str,
    dtime: float,
    deadline: Deadline = NO_DEADLINE,
    on_solver: Callable[[cp_model.CpSolver], None] | None = None,
) -> tuple[str, list[int] | None]:
    """Does every buffer of an interval problem (no conflict graph, no groups) fit below
    ``capacity``?  (FEASIBLE, offsets) | (INFEASIBLE, None) | (UNKNOWN, None).

    ``dtime`` (CP-SAT's deterministic time, a count: the same on every machine) caps the
    search; ``deadline`` only adds a wall-clock cap (and, expired, stops it before it
    starts). ``on_solver`` receives the solver before it starts, so that another thread
    can stop it (``memir.planning.layout.exact.race``)."""
    bufs = problem.buffers
    idx = [i for i, b in enumerate(bufs) if b.size > 0]
    g = 0
    for i in idx:
        b = bufs[i]
        g = math.gcd(g, b.size)
        if b.offset is not None:
            g = math.gcd(g, b.offset)
        elif b.alignment > 1:
            g = math.gcd(g, b.alignment)
    g = max(g, 1)
    cap = capacity // g
    model = cp_model.CpModel()
    var: dict[int, cp_model.IntVar] = {}
    start: dict[int, cp_model.LinearExprT] = {}
    for i in idx:
        b = bufs[i]
        size = b.size // g
        if b.offset is not None:
            if b.offset + b.size > capacity:
                return INFEASIBLE, None
            start[i] = b.offset // g
            continue
        if size > cap:
            return INFEASIBLE, None
        step = max(1, b.alignment // g)
        var[i] = model.NewIntVar(0, (cap - size) // step, f"k{i}")
        start[i] = var[i] * step if step > 1 else var[i]
    space = {}
    for i in idx:
        space[i] = model.NewFixedSizeIntervalVar(start[i], bufs[i].size // g, f"s{i}")
    _no_overlap_per_section(model, problem, idx, space)
    order = [i for i in pre_order(problem, idx, heuristic) if i in var]
    model.AddDecisionStrategy([var[i] for i in order], cp_model.CHOOSE_LOWEST_MIN,
                              cp_model.SELECT_MIN_VALUE)
    solver = cp_solver()
    solver.parameters.search_branching = cp_model.FIXED_SEARCH
    solver.parameters.num_workers = 1
    solver.parameters.max_deterministic_time = max(1e-4, dtime)
    left = deadline.left()
    if left is not None:
        solver.parameters.max_time_in_seconds = max(0.01, left)
    if on_solver is not None:
        on_solver(solver)
    if deadline.expired():
        return UNKNOWN, None
    status = solver.Solve(model)
    if status in (cp_model.OPTIMAL, cp_model.FEASIBLE):
        out = [b.offset if b.offset is not None else 0 for b in bufs]
        for i in idx:
            s = start[i]
            out[i] = (s if isinstance(s, int) else int(solver.Value(s))) * g
        return FEASIBLE, out
    if status == cp_model.INFEASIBLE:
        return INFEASIBLE, None
    return UNKNOWN, None


def _no_overlap_per_section(model: cp_model.CpModel, problem: Problem, idx: list[int],
                            space: dict) -> None:  # type: ignore[type-arg]
    """One ``AddNoOverlap`` per maximal live set (just after some buffer starts)."""
    bufs = problem.buffers
    events = sorted({bufs[i].lower for i in idx})
    by_start = sorted(idx, key=lambda i: bufs[i].lower)
    live: list[int] = []
    k = 0
    for t in events:
        live = [i for i in live if bufs[i].upper > t]
        while k < len(by_start) and bufs[by_start[k]].lower == t:
            live.append(by_start[k])
            k += 1
        if len(live) > 1:
            model.AddNoOverlap([space[i] for i in live])
