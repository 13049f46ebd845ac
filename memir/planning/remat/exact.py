"""Exact rematerialisation: Checkmate's stage model as a CP-SAT problem.

Why CP-SAT: Checkmate (Jain et al., MLSys 2020) states optimal rematerialisation as a
0/1 program over stages; on graphs of a few hundred ops CP-SAT solves it or proves a
lower bound on the added cost, which is what the greedy is judged against. The model is
exactly ``problem.evaluate``'s memory model, so an optimal answer here is optimal there.

Variables (only where they can matter):
- ``R[t, i]``: op i re-runs in stage t (i recomputable, t > i, up to the last stage any of
  its buffers is used, everything it reads unchanged since stage i);
- ``S[t, b]``: a copy of buffer b made before stage t is still held in stage t.
Constraints: a use of b in stage s needs ``S[s, b]`` or ``R[s, producer(b)]``; a
recomputation needs what it reads the same way; ``S[t+1, b] <= S[t, b] + R[t, producer]``
(a copy is only held if it was held or made); each stage's held and made bytes fit the
capacity. Objective: the least added cost. Deterministic: a fixed worker count and a
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


def _horizons(problem: RematProblem) -> tuple[list[int], list[int], list[int]]:
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
    for b, found in enumerate(readers):  # buffers no op produces (externals, read-first)
        if problem.producer[b] is None and found:
            need[b] = max([last_use[b], *(op_horizon[j] for j in found)])
    return last_use, op_horizon, need


def _const(term) -> int | None:
    """The value of a term that is a plain 0 or 1, None for a variable."""
    return term if isinstance(term, int) else None


def _never(model) -> None:
    model.add_bool_or([])  # an empty clause: the model is infeasible


def exact_remat(problem: RematProblem, capacity: int, work: float = 10.0,
                deadline: Deadline = NO_DEADLINE, workers: int = CPSAT_WORKERS) -> ExactResult:
    """The least-cost plan that keeps every stage within ``capacity`` (within ``work``
    units of CP-SAT deterministic time)."""
    from memir.planning.cpsat_loader import cp_model

    n = problem.num_ops
    model = cp_model.CpModel()
    last_use, op_horizon, need = _horizons(problem)
    R: dict[tuple[int, int], object] = {}
    for i in range(n):
        for t in range(i + 1, op_horizon[i] + 1):
            if problem.can_recompute(i, t):
                R[t, i] = model.new_bool_var(f"R{t}_{i}")
    memory: list[list] = [[] for _ in range(n)]  # (bytes, variable) terms per stage
    constant = [0] * n
    for (t, i), var in R.items():
        for b in problem.ops[i].produces:
            memory[t].append((problem.sizes[b], var))
    # Held copies: S[t, b] is a variable or 1; absent means 0.
    S: dict[tuple[int, int], object] = {}
    for b, size in enumerate(problem.sizes):
        start = problem.first_use[b]
        if not problem.planned[b] or start is None:
            continue
        p = problem.producer[b]
        if p is None or not problem.recomputable[p]:
            # Kept from its first use to its last; held longer only for a recomputation.
            for t in range(start, last_use[b] + 1):
                S[t, b] = 1
                constant[t] += size
            previous = None
            for t in range(last_use[b] + 1, need[b] + 1):
                held = S[t, b] = model.new_bool_var(f"S{t}_{b}")
                if previous is not None:
                    model.add(held <= previous)
                memory[t].append((size, held))
                previous = held
            continue
        constant[start] += size  # the copy its producer makes in its own stage
        for t in range(start + 1, need[b] + 1):
            held = S[t, b] = model.new_bool_var(f"S{t}_{b}")
            if t - 1 > start:
                model.add(held <= S[t - 1, b] + R.get((t - 1, p), 0))
            memory[t].append((size, held))

    def need_copy(b: int, t: int, var=None) -> None:
        """A read of b in stage t (by ``var``'s recomputation, or by op t itself)."""
        if not problem.planned[b] or problem.producer[b] is None:
            return
        held = S.get((t, b), 0)
        made = R.get((t, problem.producer[b]), 0)
        if _const(held) == 1:
            return
        if _const(held) == 0 and _const(made) == 0:
            _never(model) if var is None else model.add(var == 0)
        elif var is None:
            model.add(held + made >= 1)
        else:
            model.add(var <= held + made)

    for s, op in enumerate(problem.ops):
        for b in {*op.reads, *op.writes} - set(op.produces):
            need_copy(b, s)
    for (t, i), var in R.items():
        for b in set(problem.ops[i].reads):
            need_copy(b, t, var)
    for t in range(n):
        if memory[t]:
            model.add(sum(size * v for size, v in memory[t]) + constant[t] <= capacity)
        elif constant[t] > capacity:
            _never(model)  # a stage nothing can lower is over the capacity
    objective = [(problem.ops[i].cost or 0) * var for (t, i), var in R.items()]
    model.minimize(sum(objective) if objective else 0)

    solver = cp_model.CpSolver()
    solver.parameters.max_deterministic_time = max(0.01, work)
    if (left := deadline.left()) is not None:
        solver.parameters.max_time_in_seconds = max(0.01, left)
    solver.parameters.num_workers = max(1, workers)
    solver.parameters.interleave_search = workers > 1
    status = solver.solve(model)
    if status in (cp_model.OPTIMAL, cp_model.FEASIBLE):
        plan: dict[int, list[int]] = {}
        for (t, i), var in sorted(R.items()):
            if solver.value(var):
                plan.setdefault(t, []).append(i)
        cost = int(round(solver.objective_value))
        bound = int(solver.best_objective_bound + 1e-6) if objective else 0
        return ExactResult(plan, cost, min(bound, cost), status == cp_model.OPTIMAL, False)
    if status == cp_model.INFEASIBLE:
        return ExactResult(None, None, 0, False, True)
    return ExactResult(None, None, 0, False, False)
