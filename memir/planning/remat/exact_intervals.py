"""Exact rematerialisation with retention intervals: MOCCASIN's formulation in CP-SAT.

Why a second model: Checkmate's (``exact_stages``) has a variable per (stage, buffer, run),
which grows with the cube of the program and is out of reach beyond about 140 ops. MOCCASIN
(Bartan et al., ICML 2023) keeps a few *copies* per op instead: each an optional interval
(made at a stage, held until an end variable), memory one cumulative constraint over them,
so the model grows with ops x copies. It uses the same stage model as
``stage_model.evaluate``, versions of in-place writes included.

A plan of this model is valid in ``evaluate``'s with at most the memory the model counts,
and every plan recomputing each op at most ``copies - 1`` times is a plan of this model: the
optimum and bound are exact for that class, and for every plan when ``copies`` covers every
stage an op may re-run in (``ExactResult.complete``). Deterministic: fixed workers and a
deterministic-time budget; a greedy plan may be given as a hint, never a constraint.
"""

from __future__ import annotations

from dataclasses import dataclass

from memir.planning.budget import CPSAT_WORKERS, NO_DEADLINE, Deadline
from memir.planning.remat.stage_model import RematProblem

COPIES = 3  # the original run and up to two recomputations per op


@dataclass
class IntervalResult:
    plan: dict[int, list[int]] | None
    cost: int | None
    lower_bound: int  # proven for plans recomputing each op at most copies - 1 times
    optimal: bool
    infeasible: bool
    complete: bool  # the class is every plan: the bound and optimality hold for all
    variables: int = 0


def _stages(problem: RematProblem, horizon: list[int]) -> list[list[int]]:
    """Per op, the stages a recomputation of it may run in."""
    return [[t for t in range(i + 1, horizon[i] + 1) if problem.can_recompute(i, t)]
            if problem.recomputable[i] else [] for i in range(problem.num_ops)]


def interval_remat(problem: RematProblem, capacity: int, copies: int = COPIES,
                   work: float = 10.0, deadline: Deadline = NO_DEADLINE,
                   workers: int = CPSAT_WORKERS,
                   hint: dict[int, list[int]] | None = None) -> IntervalResult:
    """The least-cost plan recomputing each op at most ``copies - 1`` times that keeps
    every run within ``capacity`` (within ``work`` units of CP-SAT deterministic time)."""
    from memir.planning.cpsat_loader import cp_model
    from memir.planning.budget import solve_model
    from memir.planning.remat.stage_model import horizons
    from memir.planning.remat.incremental import PlanState

    _last_use, horizon, _need = horizons(problem)
    stages = _stages(problem, horizon)
    state = PlanState(problem)  # for uses / makes per op (planned buffers only)
    model = cp_model.CpModel()
    runs = _Runs(problem, model)
    complete = runs.add_leading_copies(stages, copies)
    runs.add_follower_copies(stages)
    held = _HeldCopies(runs)
    held.add_made(state)
    held.add_unproduced(state)
    _serve_uses(runs, held, state, _Versions(model, problem, runs.present, runs.stage))
    model.add_cumulative(held.intervals, held.demands, capacity)
    present = runs.present
    objective = [(problem.ops[i].cost or 0) * a for i in range(runs.n) for a in present[i][1:]]
    model.minimize(sum(objective) if objective else 0)
    if hint:
        _hint(model, problem, hint, present, runs.stage)
    solver, status = solve_model(model, work, deadline, workers)
    return _result(runs, solver, status, bool(objective), complete,
                   len(model.proto.variables))


# The model: copy 0 of op i is its own run; copies 1.. are optional recomputations at a stage
# variable t (where ``can_recompute`` allows). Runs lie on one time line by the key
# t * n + i (a stage's recomputations in index order before its op). Each use of a buffer (a
# read or in-place write) by a present run falls inside a present copy made earlier; live
# bytes at each run are at most the capacity (between runs no copy starts). An in-place
# follower's copies go with its producer's, as a prefix. For a buffer written in place a use
# is served by the latest copy before it, which must hold the version the use expects.
class _Runs:
    """The copies of each op's run: (present, stage) per copy, copy 0 the op's own run
    (always present, in its own stage), and the time line they are ordered on."""

    def __init__(self, problem: RematProblem, model) -> None:
        self.problem, self.model = problem, model
        self.n = n = problem.num_ops
        self.last = n * n  # the time line: keys t * n + i < n * n
        self.present: list[list] = [[1] for _ in range(n)]
        self.stage: list[list] = [[i] for i in range(n)]

    def key(self, i: int, c: int):
        """Where copy c of op i runs on the time line (an expression for c > 0)."""
        n = self.n
        return i * n + i if c == 0 else n * self.stage[i][c] + i

    def add_leading_copies(self, stages: list[list[int]], copies: int) -> bool:
        """Up to ``copies - 1`` optional copies of each op without a leader, in the stages
        it may re-run in, in stage order; whether that is every such stage for every op."""
        from memir.planning.cpsat_loader import cp_model

        model, present, stage = self.model, self.present, self.stage
        complete = True
        for i in range(self.n):
            if self.problem.leader[i] is not None or not stages[i]:
                continue
            count = min(copies - 1, len(stages[i]))
            complete &= count == len(stages[i])
            domain = cp_model.Domain.from_values(stages[i])
            for c in range(count):
                a = model.new_bool_var(f"a{i}_{c + 1}")
                t = model.new_int_var_from_domain(domain, f"t{i}_{c + 1}")
                model.add(t == stages[i][0]).only_enforce_if(~a)
                if c:  # symmetry: in stage order, each present only after the one before
                    model.add_implication(a, present[i][c])
                    model.add(t > stage[i][c]).only_enforce_if(a)
                present[i].append(a)
                stage[i].append(t)
        return complete

    def add_follower_copies(self, stages: list[list[int]]) -> None:
        """Followers: a copy per copy of their producer, in the same stage, present only
        after the followers of its buffer before it."""
        problem, model, present, stage = self.problem, self.model, self.present, self.stage
        for w in range(self.n):
            p = problem.leader[w]
            if p is None or not problem.recomputable[w]:
                continue
            b = problem.ops[w].writes[0]
            k = problem.in_place[b].index(w)
            before = problem.in_place[b][k - 1] if k else p
            allowed = set(stages[w])
            for c in range(1, len(present[before])):
                a = model.new_bool_var(f"a{w}_{c}")
                model.add_implication(a, present[before][c])
                model.add(stage[p][c] > w).only_enforce_if(a)
                for t in sorted(set(stages[p]) - allowed):  # stages where w may not re-run
                    model.add(stage[p][c] != t).only_enforce_if(a)
                present[w].append(a)
                stage[w].append(stage[p][c])


class _HeldCopies:
    """Copies of buffers as intervals on the time line, each with its bytes as demand: an
    end per (buffer, copy of its producer), and one copy of each planned buffer no op
    produces, held from its first use."""

    def __init__(self, runs: _Runs) -> None:
        self.runs = runs
        self.ends: dict[tuple[int, int], object] = {}
        self.unproduced: dict[int, object] = {}
        self.intervals: list = []
        self.demands: list[int] = []

    def add_made(self, state) -> None:
        runs, model, problem, last = self.runs, self.runs.model, self.runs.problem, self.runs.last
        present = runs.present
        for i in range(runs.n):
            for b in state.makes_of[i]:
                for c in range(len(present[i])):
                    start = runs.key(i, c)
                    end = model.new_int_var(0, last, f"e{b}_{c}")
                    model.add(end >= start)
                    size = model.new_int_var(1, last + 1, f"z{b}_{c}")
                    if c == 0:
                        interval = model.new_interval_var(start, size, end + 1, f"I{b}_0")
                    else:
                        model.add(end == start).only_enforce_if(~present[i][c])
                        interval = model.new_optional_interval_var(start, size, end + 1,
                                                                   present[i][c], f"I{b}_{c}")
                    self.ends[b, c] = end
                    self.intervals.append(interval)
                    self.demands.append(problem.sizes[b])

    def add_unproduced(self, state) -> None:
        model, problem, last, n = self.runs.model, self.runs.problem, self.runs.last, self.runs.n
        for b, first in enumerate(problem.first_use):
            if problem.planned[b] and problem.producer[b] is None and first is not None \
                    and b in state.reads:
                start = first * n + first
                end = model.new_int_var(start, last, f"e{b}")
                size = model.new_int_var(1, last + 1, f"z{b}")
                self.intervals.append(model.new_interval_var(start, size, end + 1, f"I{b}"))
                self.demands.append(problem.sizes[b])
                self.unproduced[b] = end


def _serve_uses(runs: _Runs, held: _HeldCopies, state, versions: _Versions) -> None:
    """Every use by a run that happens falls inside a present copy made before it (for a
    buffer with in-place writers: the latest one, holding the version the use expects)."""
    model, problem, present = runs.model, runs.problem, runs.present
    for j in range(runs.n):
        for d in range(len(present[j])):
            q, active = runs.key(j, d), present[j][d]
            enforce = [] if d == 0 else [active]
            for b in state.uses[j]:
                if problem.producer[b] is None:
                    kept = model.add(held.unproduced[b] >= q)
                    if enforce:
                        kept.only_enforce_if(enforce)
                    continue
                options = _serving_copies(runs, held, versions, b, j, d, q)
                if d == 0:
                    model.add_bool_or(options) if options else model.add_bool_or([])
                else:
                    model.add_bool_or([*options, ~active])


def _serving_copies(runs: _Runs, held: _HeldCopies, versions: _Versions, b: int, j: int,
                    d: int, q) -> list:
    """One literal per copy of b's producer that may serve use (j, d) at time ``q``: it
    serves only if present, made before the use, still held there and, for a buffer with
    in-place writers, the latest such copy holding the version the use expects."""
    model, problem, present = runs.model, runs.problem, runs.present
    p = problem.producer[b]
    options = []
    for c in range(len(present[p])):
        made = runs.key(p, c)
        if c == 0 and d == 0 and made >= q:
            continue  # made after the read: never serves it
        z = model.new_bool_var(f"s{j}_{d}_{b}_{c}")
        if c:
            model.add_implication(z, present[p][c])
        if c or d:
            model.add(made < q).only_enforce_if(z)
        model.add(held.ends[b, c] >= q).only_enforce_if(z)
        if problem.in_place[b]:
            if c + 1 < len(present[p]):  # no later copy made before the use
                model.add(runs.key(p, c + 1) > q).only_enforce_if([z, present[p][c + 1]])
            versions.serve(z, b, j, d, c)
        options.append(z)
    return options


def _result(runs: _Runs, solver, status, costs: bool, complete: bool,
            variables: int) -> IntervalResult:
    """The plan the solver found (stage -> ops re-run there), its cost and bound."""
    from memir.planning.cpsat_loader import cp_model

    if status in (cp_model.OPTIMAL, cp_model.FEASIBLE):
        plan: dict[int, list[int]] = {}
        for i in range(runs.n):
            for c in range(1, len(runs.present[i])):
                if solver.value(runs.present[i][c]):
                    plan.setdefault(solver.value(runs.stage[i][c]), []).append(i)
        plan = {t: sorted(ops) for t, ops in sorted(plan.items())}
        cost = int(round(solver.objective_value))
        bound = int(solver.best_objective_bound + 1e-6) if costs else 0
        return IntervalResult(plan, cost, min(bound, cost), status == cp_model.OPTIMAL, False,
                              complete, variables)
    if status == cp_model.INFEASIBLE:
        return IntervalResult(None, None, 0, False, True, complete, variables)
    return IntervalResult(None, None, 0, False, False, complete, variables)


class _Versions:
    """The version a copy holds where a use finds it (``stage_model``: versions), for the
    latest copy: copy 0 holds the in-place writes before the use's stage; a recomputed
    one the K followers re-run with it, then the writers of the stages after it."""

    def __init__(self, model, problem: RematProblem, present, stage) -> None:
        self.model, self.problem, self.present, self.stage = model, problem, present, stage
        self.counts: dict[tuple[int, int, int], object] = {}
        self.tables: dict[int, list[int]] = {}  # b -> its version at every stage

    def _count(self, b: int, i: int, c: int):
        """In-place writes of b before the stage of copy c of op i (a constant for c=0)."""
        if c == 0:
            return self.problem.version(b, i)
        if (b, i, c) not in self.counts:
            if b not in self.tables:
                self.tables[b] = [self.problem.version(b, t)
                                  for t in range(self.problem.num_ops)]
            var = self.model.new_int_var(0, len(self.problem.in_place[b]), f"v{b}_{i}_{c}")
            self.model.add_element(self.stage[i][c], self.tables[b], var)
            self.counts[b, i, c] = var
        return self.counts[b, i, c]

    def _prefix(self, b: int, c: int):
        """Followers of b re-run with copy c of its producer."""
        present = self.present
        return sum(present[w][c] for w in self.problem.in_place[b] if len(present[w]) > c)

    def serve(self, z, b: int, j: int, d: int, c: int) -> None:
        """Copy c of b's producer serves use (j, d) only if it holds the version op j
        expects (``z``: it serves)."""
        model, problem = self.model, self.problem
        p = problem.producer[b]
        expected = problem.version(b, j)
        if c == 0:
            if d:  # no in-place write of b in stages j..stage - 1
                model.add(self._count(b, j, d) == expected).only_enforce_if(z)
            return
        prefix, made = self._prefix(b, c), self._count(b, p, c)
        if d == 0:  # every follower before its stage re-ran, then the original writes
            model.add(prefix == made).only_enforce_if(z)
            return
        same = model.new_bool_var(f"same{b}_{j}_{d}_{c}")
        model.add(self.stage[j][d] == self.stage[p][c]).only_enforce_if(same)
        model.add(self.stage[j][d] != self.stage[p][c]).only_enforce_if(~same)
        model.add(prefix >= expected).only_enforce_if([z, same])
        model.add(prefix + self._count(b, j, d) - made == expected).only_enforce_if([z, ~same])


def _hint(model, problem: RematProblem, plan, present, stage) -> None:
    """Suggest ``plan`` (a greedy's) as the first solution: its recomputations of each
    leading op, in stage order, as that op's copies (those beyond the copies are left)."""
    chosen: dict[int, list[int]] = {}
    for t, ops in sorted(plan.items()):
        for i in ops:
            if problem.leader[i] is None:
                chosen.setdefault(i, []).append(t)
    for i in range(problem.num_ops):
        if problem.leader[i] is not None:
            continue
        ts = chosen.get(i, [])
        for c in range(1, len(present[i])):
            model.add_hint(present[i][c], c <= len(ts))
            if c <= len(ts):
                model.add_hint(stage[i][c], ts[c - 1])
            for w in problem.followers[i]:  # the followers it re-ran there
                if problem.leader[w] == i and len(present[w]) > c:
                    model.add_hint(present[w][c], c <= len(ts) and w in plan[ts[c - 1]])
