"""CP-SAT over the candidate options: one option per value, the fastest program that fits.

Why this model and not a relaxation: the copy stream is serialised in a fixed order
(``Copy.stream_key``), so it becomes a chain (copy k starts at the max of the previous
landing and its issue step's end), and steps chain the same way. These are the
simulation's recurrences written as equalities, so a choice of options fixes every time
and the objective is that choice's simulated total: the optimum is exact on the candidate
space, and ``best_objective_bound`` bounds every choice's total. (Optional intervals on a
NoOverlap would let the solver reorder the stream; inequalities would leave slack the
search removes a unit at a time.) Budget: deterministic time with a fixed worker count
(``budgets``), warm-started with the greedy's choice.
"""

from __future__ import annotations

import math
from collections import defaultdict
from dataclasses import dataclass
from math import gcd

from memir.planning.budget import NO_DEADLINE, Deadline, solve_model
from memir.planning.spaces.budgets import CPSAT_WORKERS
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
        self.compute = step_compute_ps(problem)
        self.unit = _unit(self.compute, priced)
        self.m = cp_model.CpModel()
        self.x = [[self.m.new_bool_var(f"x{v}_{o}") for o in range(len(opts))]
                  for v, opts in enumerate(priced)]
        for row in self.x:
            self.m.add_exactly_one(row)
        self._bounds()
        self._steps()
        self._stream()  # ties the steps' ends too
        self._capacities()
        self.m.minimize(self.end[-1])

    def _bounds(self) -> None:
        """Per step the longest it can last, and per step and copy the latest it can end
        (every option at its slowest, every copy present): tight domains keep the
        enforced constraints' relaxations tight."""
        worst: dict[int, int] = defaultdict(int)
        for opts in self.priced:
            most: dict[int, int] = defaultdict(int)
            for p in opts:
                for step, ps in p.uses:
                    most[step] = max(most[step], ps)
            for step, ps in most.items():
                worst[step] += ps
        self.worst_step = [max(c, worst[i]) for i, c in enumerate(self.compute)]
        self.copies = sorted((c, v, o) for v, opts in enumerate(self.priced)
                             for o, p in enumerate(opts) for c in p.copies)
        late_end, late_stream, stream, k = [], [], 0, 0
        for i, d in enumerate(self.worst_step):
            start = late_end[-1] if late_end else 0
            while k < len(self.copies) and self.copies[k][0][0] < i:
                issue, ps = self.copies[k][0][0], self.copies[k][0][-1]
                stream = max(stream, late_end[issue] if issue >= 0 else 0) + ps
                late_stream.append(stream)
                k += 1
            late_end.append(max(start, stream) + d)
        self.late_end, self.late_stream = late_end, late_stream

    def _steps(self) -> None:
        """Step i starts at the max of step i - 1's end and the landings of the copies due
        by it, and lasts the max of its compute and its operands' traffic."""
        traffic = defaultdict(list)
        for v, opts in enumerate(self.priced):
            for o, p in enumerate(opts):
                for step, ps in p.uses:
                    if ps:
                        traffic[step].append(ps // self.unit * self.x[v][o])
        m, u, early = self.m, self.unit, 0
        self.dur, self.end = [], []
        for i, c in enumerate(self.compute):
            early += c
            worst = self.worst_step[i] // u
            self.dur.append(m.new_int_var(c // u, worst, f"d{i}"))
            self.end.append(m.new_int_var(early // u, self.late_end[i] // u, f"e{i}"))
            if traffic[i]:
                moved = m.new_int_var(0, worst, f"t{i}")
                m.add(moved == sum(traffic[i]))
                m.add_max_equality(self.dur[i], [c // u, moved])
            else:
                m.add(self.dur[i] == c // u)

    def _stream(self) -> None:
        """Copy k, if present, starts at the max of the stream's previous landing and its
        issue step's end; absent, it leaves the stream as it was and lands at time 0."""
        m, u, prev = self.m, self.unit, 0
        landing: dict[int, list] = defaultdict(list)
        for k, ((issue, deadline, _, _, ps), v, o) in enumerate(self.copies):
            late = self.late_stream[k] // u
            start = m.new_int_var(0, late, f"s{k}")
            m.add_max_equality(start, [prev, self.end[issue] if issue >= 0 else 0])
            here, lands = m.new_int_var(0, late, f"L{k}"), m.new_int_var(0, late, f"a{k}")
            lit = self.x[v][o]
            m.add(here == start + ps // u).only_enforce_if(lit)
            m.add(here == prev).only_enforce_if(~lit)
            m.add(lands == here).only_enforce_if(lit)
            m.add(lands == 0).only_enforce_if(~lit)
            landing[deadline].append(lands)
            prev = here
        for i, d in enumerate(self.dur):
            begin = m.new_int_var(0, self.late_end[i] // u, f"b{i}")
            m.add_max_equality(begin, [self.end[i - 1] if i else 0, *landing[i]])
            m.add(self.end[i] == begin + d)

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


# Times are counted in the largest unit that divides every duration. Capacities: per
# bounded space, the chosen pieces' aligned bytes at every step where a piece starts.
def _unit(compute: list[int], priced: list[list[Priced]]) -> int:
    """The largest time unit every duration is a whole number of (picoseconds): the model
    counts in it, which keeps its coefficients small."""
    unit = 0
    for opts in priced:
        for p in opts:
            for _, ps in p.uses:
                unit = gcd(unit, ps)
            for c in p.copies:
                unit = gcd(unit, c[-1])
    for c in compute:
        unit = gcd(unit, c)
    return unit or 1


def exact_choice(problem: SpaceProblem, priced: list[list[Priced]], hint: list[int] | None,
                 work: float, deadline: Deadline = NO_DEADLINE,
                 workers: int = CPSAT_WORKERS) -> ExactResult:
    """Solve the model above within ``work`` deterministic seconds."""
    from memir.planning.cpsat_loader import cp_model

    if not problem.num_steps:  # no steps, no values: nothing to choose
        return ExactResult([0] * len(priced), 0, True)
    model = _Model(problem, priced)
    if hint is not None:
        model.hint(hint)
    solver, status = solve_model(model.m, work, deadline, workers)
    if status not in (cp_model.OPTIMAL, cp_model.FEASIBLE):
        return ExactResult(None, None, False)
    choice = [next(o for o, var in enumerate(row) if solver.value(var)) for row in model.x]
    objective = round(solver.objective_value) * model.unit
    bound = (objective if status == cp_model.OPTIMAL
             else _ceil(solver.best_objective_bound) * model.unit)
    return ExactResult(choice, min(bound, objective), status == cp_model.OPTIMAL)


def _ceil(bound: float) -> int:
    """The integer bound a float objective bound proves (objectives are integers)."""
    near = round(bound)
    return near if abs(bound - near) <= 1e-6 * max(1.0, abs(bound)) else math.ceil(bound)
