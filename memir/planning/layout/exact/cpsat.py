"""CP-SAT model of the layout problem, for what the interval search cannot take.

Why: general conflict graphs (multi-stream safety) and ordered contiguous groups do not fit
the section-based search, and CP-SAT gives a proven lower bound when minimising.

Model (OLLA section 3.3 with the big-M pairs replaced by global constraints): an offset
variable per buffer (``alignment * k``), pinned where pre-placed; every conflicting pair lies
in some clique (a time section, or a greedy clique cover) and each clique gets one 1-D
``AddNoOverlap``, whose edge finding is far stronger than pairwise disjunctions; interval
problems also get the 2-D no-overlap. Groups chain offsets. The objective is the arena
unless a capacity is given, which makes it a decision problem.

The solver runs on deterministic time with a fixed number of workers and
``interleave_search``, so its answer does not depend on the machine.
"""

from __future__ import annotations

import time
from dataclasses import dataclass

from memir.planning.cpsat_loader import cp_model

from memir.planning.budget import CPSAT_WORKERS, NO_DEADLINE, Deadline, cp_solver
from memir.model.layout import PlanStatus, Problem


@dataclass(slots=True)
class CpResult:
    status: PlanStatus
    offsets: list[int] | None
    arena: int | None
    bound: int
    seconds: float


def clique_cover(problem: Problem, active: list[int]) -> list[list[int]]:
    """Cliques of the conflict graph on ``active`` that together contain every edge."""
    act = set(active)
    if problem.conflicts is None:
        bufs = problem.buffers
        times = sorted({t for i in active for t in (bufs[i].lower, bufs[i].upper)})
        cliques: list[list[int]] = []
        prev: set[int] = set()
        by_start = sorted(active, key=lambda i: bufs[i].lower)
        live: list[int] = []
        k = 0
        for t in times:
            live = [i for i in live if bufs[i].upper > t]
            started = False
            while k < len(by_start) and bufs[by_start[k]].lower == t:
                live.append(by_start[k])
                k += 1
                started = True
            # A section is a maximal clique candidate just after some buffer starts.
            if started and len(live) > 1 and not set(live) <= prev:
                cliques.append(sorted(live))
            prev = set(live)
        return cliques
    adj = {i: problem.conflicts[i] & act for i in active}
    uncovered = {(i, j) for i in active for j in adj[i] if i < j}
    cliques = []
    for i in sorted(active, key=lambda v: -len(adj[v])):
        while True:
            todo = [j for j in adj[i] if (min(i, j), max(i, j)) in uncovered]
            if not todo:
                break
            clique = [i, todo[0]]
            for j in sorted(adj[i], key=lambda v: -len(adj[v])):
                if j not in clique and all(j in adj[c] for c in clique):
                    clique.append(j)
            for a in clique:
                for b in clique:
                    if a < b:
                        uncovered.discard((a, b))
            cliques.append(sorted(clique))
    return cliques


def solve_cpsat(
    problem: Problem,
    work: float,
    capacity: int | None,
    upper: int,
    lower: int,
    hint: list[int] | None = None,
    workers: int = CPSAT_WORKERS,
    deadline: Deadline = NO_DEADLINE,
    seed: int = 0,
) -> CpResult:
    """Minimise the arena within ``[lower, upper]``, or decide whether ``capacity`` suffices.

    ``work`` is CP-SAT's deterministic time. ``upper`` must be the arena of a known valid
    plan when minimising (it bounds the offsets); with a capacity it is ignored. A nonzero
    ``seed`` sets CP-SAT's random seed: a later pass searches elsewhere, still the same way
    on every machine.
    """
    start = time.monotonic()
    bufs = problem.buffers
    n = len(bufs)
    top = capacity if capacity is not None else upper
    model = cp_model.CpModel()
    x: list[cp_model.IntVar | int] = []
    for i, b in enumerate(bufs):
        if b.offset is not None:
            x.append(b.offset)
            continue
        hi = top - b.size
        if hi < 0:
            return CpResult(PlanStatus.INFEASIBLE, None, None, lower, time.monotonic() - start)
        if b.alignment > 1:
            k = model.NewIntVar(0, hi // b.alignment, f"k{i}")
            xi = model.NewIntVar(0, hi, f"x{i}")
            model.Add(xi == b.alignment * k)
            x.append(xi)
        else:
            x.append(model.NewIntVar(0, hi, f"x{i}"))
    for g in problem.groups:
        for a, b in zip(g, g[1:]):
            model.Add(x[b] == x[a] + bufs[a].size)
    active = [i for i in range(n) if bufs[i].size > 0]
    space = {
        i: model.NewFixedSizeIntervalVar(x[i], bufs[i].size, f"s{i}")
        if not isinstance(x[i], int)
        else model.NewIntervalVar(x[i], bufs[i].size, x[i] + bufs[i].size, f"s{i}")
        for i in active
    }
    for clique in clique_cover(problem, active):
        model.AddNoOverlap([space[i] for i in clique])
    if problem.conflicts is None and active:
        time_iv = [
            model.NewIntervalVar(bufs[i].lower, bufs[i].upper - bufs[i].lower, bufs[i].upper, f"t{i}")
            for i in active
        ]
        model.AddNoOverlap2D(time_iv, [space[i] for i in active])
    arena = None
    if capacity is None:
        arena = model.NewIntVar(lower, upper, "arena")
        for i in range(n):
            model.Add(x[i] + bufs[i].size <= arena)
        model.Minimize(arena)
    if hint is not None:
        for i in range(n):
            if not isinstance(x[i], int):
                model.AddHint(x[i], hint[i])
    solver = cp_solver()
    solver.parameters.max_deterministic_time = max(0.01, work)
    left = deadline.left()
    if left is not None:
        solver.parameters.max_time_in_seconds = max(0.01, left)
    solver.parameters.num_workers = max(1, workers)
    solver.parameters.interleave_search = workers > 1  # reproducible with several workers
    if seed:
        solver.parameters.random_seed = seed
    st = solver.Solve(model)
    seconds = time.monotonic() - start
    if st in (cp_model.OPTIMAL, cp_model.FEASIBLE):
        offs = [int(solver.Value(v)) if not isinstance(v, int) else v for v in x]
        ar = max((o + b.size for o, b in zip(offs, bufs)), default=0)
        bound = lower if capacity is not None else max(lower, int(solver.BestObjectiveBound()))
        status = (PlanStatus.OPTIMAL if (capacity is None and st == cp_model.OPTIMAL)
                  else PlanStatus.FEASIBLE)
        return CpResult(status, offs, ar, bound, seconds)
    if st == cp_model.INFEASIBLE:
        return CpResult(PlanStatus.INFEASIBLE, None, None, lower, seconds)
    bound = lower
    if capacity is None:
        bound = max(lower, int(solver.BestObjectiveBound()))
    return CpResult(PlanStatus.UNKNOWN, None, None, bound, seconds)
