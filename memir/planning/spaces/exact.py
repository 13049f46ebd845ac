"""CP-SAT over the candidate options: one option per value, the fastest program that fits.

Why this model and not a relaxation: the copy stream is serialised in a fixed order (by
issue step, then deadline, value, target span; ``Copy.stream_key``), so the candidate copies
can be sorted once and the stream becomes a chain of running "stream free at" variables
``L_k``: ``L_k >= L_{k-1}``, and when copy k is present, ``L_k >= L_{k-1} + d_k`` and
``L_k >= end of its issue step + d_k``, and its deadline step starts no earlier than
``L_k``. Steps chain the same way (a step lasts at least its compute time and at least the
summed traffic time of its chosen operands). These are the simulation's recurrences with
every ``max`` written as inequalities, and every term only grows with the others, so the
least solution of a choice is its simulated total: the optimum is exact on the candidate
space, and ``best_objective_bound`` is a lower bound on any choice's simulated total.
(Copies as optional intervals on one NoOverlap would let the solver reorder the stream, a
relaxation whose optimum the simulation could not reproduce.) Capacities: per bounded
space, the chosen pieces' aligned bytes at every step where a piece starts.

Budget: ``max_deterministic_time`` with a fixed worker count and ``interleave_search``
(``memir.planning.budget``), warm-started with the greedy's choice.
"""

from __future__ import annotations

import math
from collections import defaultdict
from dataclasses import dataclass

from memir.planning.budget import CPSAT_WORKERS, NO_DEADLINE, Deadline
from memir.planning.spaces.cost import step_compute_ps
from memir.planning.spaces.model import SpaceProblem
from memir.planning.spaces.priced import Priced


@dataclass(frozen=True, slots=True)
class ExactResult:
    choice: list[int] | None  # None: the budget ran out before any solution
    bound: int | None  # a lower bound on every candidate choice's total (picoseconds)
    proven: bool  # CP-SAT proved the choice optimal


class _Model:
    def __init__(self, problem: SpaceProblem, priced: list[list[Priced]]) -> None:
        from memir.planning.cpsat_loader import cp_model

        self.problem, self.priced = problem, priced
        self.m = cp_model.CpModel()
        self.x = [[self.m.new_bool_var(f"x{v}_{o}") for o in range(len(opts))]
                  for v, opts in enumerate(priced)]
        for row in self.x:
            self.m.add_exactly_one(row)
        self.horizon = self._horizon()
        self._steps()
        self._stream()
        self._capacities()
        self.m.minimize(self.end[-1])

    def _horizon(self) -> int:
        compute = step_compute_ps(self.problem)
        worst: dict[int, int] = defaultdict(int)
        for opts in self.priced:
            most: dict[int, int] = defaultdict(int)
            for p in opts:
                for step, ps in p.uses:
                    most[step] = max(most[step], ps)
            for step, ps in most.items():
                worst[step] += ps
        self.worst_step = [max(c, worst[i]) for i, c in enumerate(compute)]
        copies = sum(max(sum(c[-1] for c in p.copies) for p in opts) for opts in self.priced)
        return sum(self.worst_step) + copies + 1

    def _steps(self) -> None:
        compute = step_compute_ps(self.problem)
        traffic = defaultdict(list)
        for v, opts in enumerate(self.priced):
            for o, p in enumerate(opts):
                for step, ps in p.uses:
                    if ps:
                        traffic[step].append(ps * self.x[v][o])
        m, h = self.m, self.horizon
        self.dur = [m.new_int_var(compute[i], self.worst_step[i], f"d{i}")
                    for i in range(self.problem.num_steps)]
        self.end = [m.new_int_var(0, h, f"e{i}") for i in range(self.problem.num_steps)]
        for i, d in enumerate(self.dur):
            if traffic[i]:
                m.add(d >= sum(traffic[i]))
            m.add(self.end[i] >= (self.end[i - 1] if i else 0) + d)

    def _stream(self) -> None:
        copies = sorted((c, v, o) for v, opts in enumerate(self.priced)
                        for o, p in enumerate(opts) for c in p.copies)
        m, prev = self.m, 0
        for k, ((issue, deadline, _, _, ps), v, o) in enumerate(copies):
            here, lit = m.new_int_var(0, self.horizon, f"L{k}"), self.x[v][o]
            m.add(here >= prev)
            m.add(here >= prev + ps).only_enforce_if(lit)
            m.add(here >= (self.end[issue] if issue >= 0 else 0) + ps).only_enforce_if(lit)
            m.add(self.end[deadline] - self.dur[deadline] >= here).only_enforce_if(lit)
            prev = here

    def _capacities(self) -> None:
        for space, cap in ((s, sp.capacity) for s, sp in enumerate(self.problem.spaces)
                           if sp.capacity is not None):
            held = [(v, o, lo, hi, b) for v, opts in enumerate(self.priced)
                    for o, p in enumerate(opts) for s, lo, hi, b in p.pieces if s == space]
            for t in sorted({lo for _, _, lo, _, _ in held}):
                live = [(v, o, b) for v, o, lo, hi, b in held if lo <= t < hi]
                worst = defaultdict(int)
                for v, _, b in live:
                    worst[v] = max(worst[v], b)
                if sum(worst.values()) > cap:
                    self.m.add(sum(b * self.x[v][o] for v, o, b in live) <= cap)

    def hint(self, choice: list[int]) -> None:
        for v, row in enumerate(self.x):
            for o, var in enumerate(row):
                self.m.add_hint(var, o == choice[v])


def exact_choice(problem: SpaceProblem, priced: list[list[Priced]], hint: list[int] | None,
                 work: float, deadline: Deadline = NO_DEADLINE,
                 workers: int = CPSAT_WORKERS) -> ExactResult:
    """Solve the model above within ``work`` deterministic seconds."""
    from memir.planning.cpsat_loader import cp_model

    model = _Model(problem, priced)
    if hint is not None:
        model.hint(hint)
    solver = cp_model.CpSolver()
    solver.parameters.max_deterministic_time = max(0.01, work)
    if (left := deadline.left()) is not None:
        solver.parameters.max_time_in_seconds = max(0.01, left)
    solver.parameters.num_workers = max(1, workers)
    solver.parameters.interleave_search = workers > 1
    status = solver.solve(model.m)
    if status not in (cp_model.OPTIMAL, cp_model.FEASIBLE):
        return ExactResult(None, None, False)
    choice = [next(o for o, var in enumerate(row) if solver.value(var)) for row in model.x]
    objective = round(solver.objective_value)
    bound = objective if status == cp_model.OPTIMAL else _ceil(solver.best_objective_bound)
    return ExactResult(choice, min(bound, objective), status == cp_model.OPTIMAL)


def _ceil(bound: float) -> int:
    """The integer bound a float objective bound proves (objectives are integers)."""
    near = round(bound)
    return near if abs(bound - near) <= 1e-6 * max(1.0, abs(bound)) else math.ceil(bound)
