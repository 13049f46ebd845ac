"""Exact rematerialisation: Checkmate's formulation, at the granularity of single runs.

Why CP-SAT: Checkmate (Jain et al., MLSys 2020) states optimal rematerialisation as a
0/1 program over stages; on graphs of a few hundred ops CP-SAT solves it or proves a
lower bound on the added cost, which is what the greedy is judged against. The model is
exactly ``problem.evaluate``'s memory model (a copy lives from the run that makes it to
the last run that reads it), so an optimal answer here is optimal there.

Variables (only where they can matter; constants folded):
- ``R[t, i]``: op i re-runs in stage t (i recomputable, t > i, up to the last stage a
  recomputation of it can help in, everything it reads unchanged since stage i or made
  again in stage t: then ``R[t, i] <= R[t, p]`` for its producer p, ``refreshed``);
- ``S[t, b]``: a copy of buffer b made before stage t is still held when stage t starts;
- ``L[b, t, k]``: b's copy is live at run k of stage t (Checkmate's FREE, turned round).
Constraints: a read of b in stage s needs ``S[s, b]`` or ``R[s, producer(b)]`` (the
producer re-runs earlier in the stage: index order is topological); a copy is held only
if it was held or made in the stage before; b is live at run k if a copy is there (held,
or made at or before k) and something at or after k reads it (a later run of the stage,
or the next stage holds it); the live bytes at every run that happens fit the capacity.
Objective: the least added cost. Deterministic: a fixed worker count and a
deterministic-time budget decide the search; a wall-clock cap is only an extra limit.
"""

from __future__ import annotations

from dataclasses import dataclass

from memir.planning.budget import CPSAT_WORKERS, NO_DEADLINE, Deadline
from memir.planning.remat.problem import RematProblem


@dataclass
class ExactResult:
    plan: dict[int, list[int]] | None  # None: no plan found (infeasible or out of budget)
    cost: int | None
    lower_bound: int  # proven: no plan fitting the capacity adds less cost
    optimal: bool
    infeasible: bool  # proven: no plan fits the capacity
    variables: int = 0  # in the model built (``model_size`` bounds it)


def horizons(problem: RematProblem) -> tuple[list[int], list[int], list[int]]:
    """Per buffer, the last stage an op uses it; per op, the last stage a recomputation of
    it can help in (a buffer it produces is read there, by an op or by a recomputation);
    per buffer, the last stage a copy of it may be read in."""
    last_use = [-1] * len(problem.sizes)
    for i, op in enumerate(problem.ops):
        for b in (*op.reads, *op.writes, *op.produces):
            last_use[b] = i
    readers: list[list[int]] = [[] for _ in problem.sizes]
    for j, op in enumerate(problem.ops):
        if problem.recomputable[j]:
            for b in set(op.reads):
                readers[b].append(j)
    # Consumers come later in the order, so one backward sweep reaches the fixpoint.
    op_horizon = list(range(problem.num_ops))
    need = list(last_use)
    for i in reversed(range(problem.num_ops)):
        for b in problem.ops[i].produces:
            need[b] = max([last_use[b], *(op_horizon[j] for j in readers[b])])
            op_horizon[i] = max(op_horizon[i], need[b])
        for w in problem.followers[i]:  # they re-run with i, as late as it does
            if problem.leader[w] == i:
                op_horizon[w] = max(op_horizon[w], op_horizon[i])
    for b, found in enumerate(readers):  # buffers no op produces (externals, read-first)
        if problem.producer[b] is None and found:
            need[b] = max([last_use[b], *(op_horizon[j] for j in found)])
    return last_use, op_horizon, need


def model_size(problem: RematProblem) -> int:
    """An upper bound on the CP-SAT model's variables (R, S and the L live-at-run
    indicators), from the horizons alone, in O(ops + buffers): what ``auto`` caps before
    building a model that could take minutes to write down."""
    n = problem.num_ops
    last_use, op_horizon, need = horizons(problem)
    recomputed = [0] * (n + 1)  # per stage: ops that may re-run there (difference array)
    r_vars = 0
    for i in range(n):
        if problem.recomputable[i] and op_horizon[i] > i:
            recomputed[i + 1] += 1
            recomputed[op_horizon[i] + 1] -= 1
            r_vars += op_horizon[i] - i
    held = [0] * (n + 2)  # per stage: buffers that may be held into it
    s_vars = 0
    for b in range(len(problem.sizes)):
        start = problem.first_use[b]
        if problem.planned[b] and start is not None and need[b] > start:
            held[start + 1] += 1
            held[need[b] + 1] -= 1
            s_vars += need[b] - start
    l_vars = runs = present = 0
    for t in range(n):
        runs += recomputed[t]
        present += held[t]
        l_vars += (runs + 1) * present
    return r_vars + s_vars + l_vars


def readers_of_op(problem: RematProblem, i: int) -> list[int]:
    """The planned buffers op i reads (or writes in place) without producing them."""
    op = problem.ops[i]
    return [b for b in dict.fromkeys((*op.reads, *op.writes))
            if b not in op.produces and problem.planned[b] and problem.first_use[b] is not None]


def solve_model(model, work: float, deadline: Deadline, workers: int):
    """Solve a CP-SAT ``model`` within ``work`` deterministic seconds (the budget that decides
    the answer), capped by ``deadline``: (the solver, its status). Both remat models use it."""
    from memir.planning.exact.cpsat_loader import cp_model

    solver = cp_model.CpSolver()
    solver.parameters.max_deterministic_time = max(0.01, work)
    if (left := deadline.left()) is not None:
        solver.parameters.max_time_in_seconds = max(0.01, left)
    solver.parameters.num_workers = max(1, workers)
    solver.parameters.interleave_search = workers > 1
    return solver, solver.solve(model)


def _never(model) -> None:
    model.add_bool_or([])  # an empty clause: the model is infeasible


def exact_remat(problem: RematProblem, capacity: int, work: float = 10.0,
                deadline: Deadline = NO_DEADLINE, workers: int = CPSAT_WORKERS) -> ExactResult:
    """The least-cost plan that keeps every run within ``capacity`` (within ``work``
    units of CP-SAT deterministic time)."""
    from memir.planning.exact.cpsat_loader import cp_model

    n = problem.num_ops
    model = cp_model.CpModel()
    last_use, op_horizon, need = horizons(problem)
    R: dict[tuple[int, int], object] = {}
    needs: dict[tuple[int, int], set[int]] = {}
    for i in range(n):
        for t in range(i + 1, op_horizon[i] + 1):
            if (needed := problem.refreshed(i, t)) is not None:
                R[t, i] = model.new_bool_var(f"R{t}_{i}")
                needs[t, i] = needed
    for (t, i), needed in needs.items():  # a changed value is read from a copy made in t
        for p in needed:
            model.add(R[t, i] <= R[t, p]) if (t, p) in R else model.add(R[t, i] == 0)
    for (t, i), var in R.items():  # a producer re-runs with its followers before t
        if problem.leader[i] is None:
            for w in problem.followers[i]:
                if w < t:
                    model.add(var == R[t, w]) if (t, w) in R else model.add(var == 0)
        elif (t, problem.leader[i]) not in R:
            model.add(var == 0)
    runs = [[i for i in range(t) if (t, i) in R] + [t] for t in range(n)]
    planned = [problem.planned[b] and problem.first_use[b] is not None
               for b in range(len(problem.sizes))]

    def made(t: int, i: int):
        """1, 0 or the variable: op i runs in stage t."""
        return 1 if i == t else R.get((t, i), 0)

    # S[t, b]: held into stage t, for t after the stage that first makes b.
    S: dict[tuple[int, int], object] = {}
    for b, size in enumerate(problem.sizes):
        if not planned[b]:
            continue
        start, p = problem.first_use[b], problem.producer[b]
        droppable = p is not None and problem.recomputable[p]
        for t in range(start + 1, need[b] + 1):
            if not droppable and t <= last_use[b]:
                S[t, b] = 1  # kept from its first use to its last
                continue
            held = S[t, b] = model.new_bool_var(f"S{t}_{b}")
            before = S.get((t - 1, b), 1 if t - 1 == start else 0)
            refill = made(t - 1, p) if droppable and t - 1 > start else 0
            if not (isinstance(before, int) and before == 1):
                model.add(held <= before + refill)

    def available(b: int, t: int, k: int) -> list:
        """Terms one of which is 1 when a copy of b is there at run k of stage t."""
        terms = [S.get((t, b), 0)]
        p = problem.producer[b]
        if p is not None and p <= k and p in runs[t]:
            terms.append(made(t, p))
        return [x for x in terms if not (isinstance(x, int) and x == 0)]

    def readers_in(t: int, b: int) -> list[int]:
        return [i for i in runs[t] if b in problem.ops[i].reads
                or (b in problem.ops[i].writes and b not in problem.ops[i].produces)]

    # Every read is served.
    for t in range(n):
        for i in runs[t]:
            for b in readers_of_op(problem, i):
                terms = available(b, t, i)
                var = made(t, i)
                if any(isinstance(x, int) and x == 1 for x in terms):
                    continue
                if not terms:
                    _never(model) if i == t else model.add(var == 0)
                elif i == t:
                    model.add(sum(terms) >= 1)
                else:
                    model.add(var <= sum(terms))
    # Live bytes at each run that happens fit the capacity.
    for t in range(n):
        present = [b for b in range(len(problem.sizes)) if planned[b]
                   and ((t, b) in S or any(b in problem.ops[i].produces for i in runs[t]))]
        reads = {b: readers_in(t, b) for b in present}
        for k in runs[t]:
            constant, terms = 0, []
            for b in present:
                size = problem.sizes[b]
                if b in problem.ops[k].produces:  # made here: live here
                    constant += size
                    continue
                have = available(b, t, k)
                wanted = [made(t, j) for j in reads[b] if j >= k]
                wanted.append(S.get((t + 1, b), 0))
                wanted = [x for x in wanted if not (isinstance(x, int) and x == 0)]
                if not have or not wanted:
                    continue
                one = lambda xs: any(isinstance(x, int) and x == 1 for x in xs)  # noqa: E731
                if one(have) and one(wanted):
                    constant += size
                    continue
                live = model.new_bool_var(f"L{b}_{t}_{k}")
                for a in have:
                    for w in wanted:
                        model.add(live >= a + w - 1)
                terms.append(size * live)
            if not terms:
                if constant > capacity:
                    _never(model) if k == t else model.add(R[t, k] == 0)
                continue
            limit = model.add(sum(terms) + constant <= capacity)
            if k != t:
                limit.only_enforce_if(R[t, k])
    objective = [(problem.ops[i].cost or 0) * var for (t, i), var in R.items()]
    model.minimize(sum(objective) if objective else 0)

    solver, status = solve_model(model, work, deadline, workers)
    variables = len(model.proto.variables)
    if status in (cp_model.OPTIMAL, cp_model.FEASIBLE):
        plan: dict[int, list[int]] = {}
        for (t, i), var in sorted(R.items()):
            if solver.value(var):
                plan.setdefault(t, []).append(i)
        cost = int(round(solver.objective_value))
        bound = int(solver.best_objective_bound + 1e-6) if objective else 0
        return ExactResult(plan, cost, min(bound, cost), status == cp_model.OPTIMAL, False,
                           variables)
    if status == cp_model.INFEASIBLE:
        return ExactResult(None, None, 0, False, True, variables)
    return ExactResult(None, None, 0, False, False, variables)
