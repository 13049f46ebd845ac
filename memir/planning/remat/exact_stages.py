"""Exact rematerialisation: Checkmate's formulation, at the granularity of single runs.

Why CP-SAT: Checkmate (Jain et al., MLSys 2020) states optimal rematerialisation as a
0/1 program over stages; on graphs of a few hundred ops CP-SAT solves it or proves a
lower bound on the added cost, which is what the greedy is judged against. The model is
exactly ``stage_model.evaluate``'s memory model (a copy lives from the run that makes it to
the last run that reads it), so an optimal answer here is optimal there. Deterministic: a
fixed worker count and a deterministic-time budget decide the search; a wall-clock cap is
only an extra limit.
"""

from __future__ import annotations

from dataclasses import dataclass

from memir.planning.budget import CPSAT_WORKERS, NO_DEADLINE, Deadline, solve_model
from memir.planning.remat.stage_model import RematProblem, horizons


@dataclass
class ExactResult:
    plan: dict[int, list[int]] | None  # None: no plan found (infeasible or out of budget)
    cost: int | None
    lower_bound: int  # proven: no plan fitting the capacity adds less cost
    optimal: bool
    infeasible: bool  # proven: no plan fits the capacity
    variables: int = 0  # in the model built (``model_size`` bounds it)


def model_size(problem: RematProblem) -> int:
    """An upper bound on the CP-SAT model's variables (R, S, H and the L live-at-run
    indicators), from the horizons alone, in O(ops + buffers): what ``strategies`` caps before
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
            p = problem.producer[b]
            if p is not None and problem.recomputable[p]:  # H: a version per stage
                s_vars += sum(need[b] - start + max(0, need[b] - w)
                              for w in problem.in_place[b][:1]) + sum(
                    max(0, need[b] - w) for w in problem.in_place[b][1:])
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


def _fresh_versions(problem: RematProblem, R, b: int, t: int) -> dict[int, object]:
    """Version -> 1, 0 or a linear term: a copy of ``b`` made in stage t ends the stage at
    that version (its producer re-ran with a prefix of the followers; op t, an in-place
    writer of b, moves the copy on)."""
    p = problem.producer[b]
    runs = [1 if p == t else R.get((t, p), 0)]  # X_0, X_1, ...: prefix indicators
    writers = problem.in_place[b]
    m = problem.version(b, t)
    runs += [R.get((t, w), 0) for w in writers[:m]]
    if m < len(writers) and writers[m] == t:
        return {m + 1: runs[0]}  # op t reads version m (forced) and writes m + 1
    runs.append(0)
    return {u: runs[u] - runs[u + 1] for u in range(m + 1)}


def _held_versions(model, problem: RematProblem, R, H, b: int, t: int, held) -> None:
    """H[t, b, v] for a buffer with in-place writers whose producer may re-run: the copy
    held into stage t holds version v. It was held at that version into stage t - 1 (or
    at v - 1, when op t - 1 wrote it in place), or made there ending at v; when stage
    t - 1 made a copy, the older one serves no later read."""
    p = problem.producer[b]
    m = problem.version(b, t)  # versions a copy held into stage t can hold: 0..m
    fresh = _fresh_versions(problem, R, b, t - 1)
    made = 1 if p == t - 1 else R.get((t - 1, p), 0)
    writes = m >= 1 and problem.in_place[b][m - 1] == t - 1
    versions = []
    for v in range(m + 1):
        var = H[t, b, v] = model.new_bool_var(f"H{t}_{b}_{v}")
        versions.append(var)
        source = v - 1 if writes else v
        if writes and v == 0:
            source = None
        before = H.get((t - 1, b, source), 0) if source is not None else 0
        new = fresh.get(v, 0)
        model.add(var <= before + new)
        if not (isinstance(made, int) and made == 0):
            model.add(var <= 1 - made + new)
    model.add(held == sum(versions))


def _version_served(model, problem: RematProblem, R, H, b: int, t: int, j: int, var,
                    made) -> bool:
    """Constrain run j of stage t (``var``: 1 or its R variable) to find ``b`` at the
    version op j expects: a copy made in the stage re-ran the followers before j; a held
    one holds it; the only copy of a buffer whose producer never re-runs holds the version
    of stage t. False when the run cannot happen (constrained to 0)."""
    if not problem.versioned(b):
        return True
    p = problem.producer[b]
    e = problem.version(b, j)
    if not problem.recomputable[p]:
        if e == problem.version(b, t):
            return True
        _forbid(model, var)
        return False
    if not problem.in_place[b]:
        return True
    fresh = made(t, p) if p < j else 0
    if e >= 1 and not (isinstance(fresh, int) and fresh == 0):
        w = problem.in_place[b][e - 1]
        needed = R.get((t, w), 0)
        if isinstance(needed, int):
            model.add(var + fresh <= 1 + needed)
        else:
            model.add(var + fresh - 1 <= needed)
    held = H.get((t, b, e), 0)
    if isinstance(fresh, int) and fresh == 1:
        return True
    terms = [x for x in (held, fresh) if not (isinstance(x, int) and x == 0)]
    if not terms:
        _forbid(model, var)
        return False
    model.add(var <= sum(terms))
    return True


def _never(model) -> None:
    model.add_bool_or([])  # an empty clause: the model is infeasible


def _forbid(model, run) -> None:
    """The run (``made``: 1 or a variable) may not happen: the variable is 0; a run that
    always happens (the stage's own op) makes the model infeasible."""
    if isinstance(run, int):
        _never(model)
    else:
        model.add(run == 0)


# Variables, only where they can matter: R[t, i] op i re-runs in stage t; S[t, b] a copy of
# b made before stage t is still held when it starts; H[t, b, v] that copy holds version v
# (buffers written in place after a producer that may re-run); L[b, t, k] b's copy is live
# at run k of stage t (Checkmate's FREE, turned round). A read of b in stage s needs S[s, b]
# or R[s, producer(b)] at the version the read expects (index order is topological); a copy
# is held only if it was held or made in the stage before; b is live at run k if a copy is
# there and something at or after k reads it; live bytes at every run fit the capacity.
# Objective: the least added cost.
def exact_remat(problem: RematProblem, capacity: int, work: float = 10.0,
                deadline: Deadline = NO_DEADLINE, workers: int = CPSAT_WORKERS) -> ExactResult:
    """The least-cost plan that keeps every run within ``capacity`` (within ``work``
    units of CP-SAT deterministic time)."""
    from memir.planning.cpsat_loader import cp_model

    stages = _Stages(problem, cp_model.CpModel())
    stages.add_recomputations()
    stages.add_held_copies()
    stages.serve_reads()
    stages.fit(capacity)
    model, R = stages.model, stages.R
    objective = [(problem.ops[i].cost or 0) * var for (t, i), var in R.items()]
    model.minimize(sum(objective) if objective else 0)
    solver, status = solve_model(model, work, deadline, workers)
    return _result(R, solver, status, bool(objective), len(model.proto.variables))


def _result(R, solver, status, costs: bool, variables: int) -> ExactResult:
    """The plan the solver found (stage -> ops re-run there), its cost and bound."""
    from memir.planning.cpsat_loader import cp_model

    if status in (cp_model.OPTIMAL, cp_model.FEASIBLE):
        plan: dict[int, list[int]] = {}
        for (t, i), var in sorted(R.items()):
            if solver.value(var):
                plan.setdefault(t, []).append(i)
        cost = int(round(solver.objective_value))
        bound = int(solver.best_objective_bound + 1e-6) if costs else 0
        return ExactResult(plan, cost, min(bound, cost), status == cp_model.OPTIMAL, False,
                           variables)
    if status == cp_model.INFEASIBLE:
        return ExactResult(None, None, 0, False, True, variables)
    return ExactResult(None, None, 0, False, False, variables)


def _one(terms) -> bool:
    return any(isinstance(x, int) and x == 1 for x in terms)


def _nonzero(terms) -> list:
    return [x for x in terms if not (isinstance(x, int) and x == 0)]


class _Stages:
    """Checkmate's variables over the stages of one program: ``R[t, i]`` (op i re-runs in
    stage t), ``S[t, b]`` (b is held into stage t, for t after the stage that first makes
    b) and ``H[t, b, v]`` (held at version v: buffers with in-place writers whose producer
    may re-run), with the constraints that tie them."""

    def __init__(self, problem: RematProblem, model) -> None:
        self.problem, self.model = problem, model
        self.n = problem.num_ops
        self.last_use, self.op_horizon, self.need = horizons(problem)
        self.R: dict[tuple[int, int], object] = {}
        self.S: dict[tuple[int, int], object] = {}
        self.H: dict[tuple[int, int, int], object] = {}
        self.planned = [problem.planned[b] and problem.first_use[b] is not None
                        for b in range(len(problem.sizes))]
        self.runs: list[list[int]] = []

    def made(self, t: int, i: int):
        """1, 0 or the variable: op i runs in stage t."""
        return 1 if i == t else self.R.get((t, i), 0)

    def add_recomputations(self) -> None:
        """R for every op and stage it may re-run in; a follower re-runs with its producer,
        after the followers of its buffer before it (a prefix)."""
        problem, model, R = self.problem, self.model, self.R
        for i in range(self.n):
            for t in range(i + 1, self.op_horizon[i] + 1):
                if problem.can_recompute(i, t):
                    R[t, i] = model.new_bool_var(f"R{t}_{i}")
        for (t, i), var in R.items():
            lead = problem.leader[i]
            if lead is None:
                continue
            b = problem.ops[i].writes[0]
            k = problem.in_place[b].index(i)
            before = (t, problem.in_place[b][k - 1]) if k else (t, lead)
            model.add(var <= R[before]) if before in R else model.add(var == 0)
        self.runs = [[i for i in range(t) if (t, i) in R] + [t] for t in range(self.n)]

    def add_held_copies(self) -> None:
        """S (and H): a copy is held into a stage only if it was held into the one before
        or made there; a buffer whose producer never re-runs is kept from first use to last."""
        problem, model, S = self.problem, self.model, self.S
        for b, size in enumerate(problem.sizes):
            if not self.planned[b]:
                continue
            start, p = problem.first_use[b], problem.producer[b]
            droppable = p is not None and problem.recomputable[p]
            for t in range(start + 1, self.need[b] + 1):
                if not droppable and t <= self.last_use[b]:
                    S[t, b] = 1  # kept from its first use to its last
                    continue
                held = S[t, b] = model.new_bool_var(f"S{t}_{b}")
                if droppable and problem.in_place[b]:
                    _held_versions(model, problem, self.R, self.H, b, t, held)
                    continue
                before = S.get((t - 1, b), 1 if t - 1 == start else 0)
                refill = self.made(t - 1, p) if droppable and t - 1 > start else 0
                if not (isinstance(before, int) and before == 1):
                    model.add(held <= before + refill)

    def available(self, b: int, t: int, k: int) -> list:
        """Terms one of which is 1 when a copy of b is there at run k of stage t."""
        terms = [self.S.get((t, b), 0)]
        p = self.problem.producer[b]
        if p is not None and p <= k and p in self.runs[t]:
            terms.append(self.made(t, p))
        return _nonzero(terms)

    def readers_in(self, t: int, b: int) -> list[int]:
        ops = self.problem.ops
        return [i for i in self.runs[t] if b in ops[i].reads
                or (b in ops[i].writes and b not in ops[i].produces)]

    def serve_reads(self) -> None:
        """Every read is served, at the version it expects."""
        problem, model = self.problem, self.model
        for t in range(self.n):
            for i in self.runs[t]:
                for b in readers_of_op(problem, i):
                    var = self.made(t, i)
                    if not _version_served(model, problem, self.R, self.H, b, t, i, var,
                                           self.made):
                        continue
                    terms = self.available(b, t, i)
                    if _one(terms):
                        continue
                    if not terms:
                        _forbid(model, var)
                    elif i == t:
                        model.add(sum(terms) >= 1)
                    else:
                        model.add(var <= sum(terms))

    def fit(self, capacity: int) -> None:
        """Live bytes at each run that happens fit the capacity."""
        problem, model = self.problem, self.model
        for t in range(self.n):
            present = [b for b in range(len(problem.sizes)) if self.planned[b]
                       and ((t, b) in self.S
                            or any(b in problem.ops[i].produces for i in self.runs[t]))]
            reads = {b: self.readers_in(t, b) for b in present}
            for k in self.runs[t]:
                constant, terms = self._live_at(t, k, present, reads)
                if not terms:
                    if constant > capacity:
                        _forbid(model, self.made(t, k))
                    continue
                limit = model.add(sum(terms) + constant <= capacity)
                if k != t:
                    limit.only_enforce_if(self.R[t, k])

    def _live_at(self, t: int, k: int, present: list[int], reads: dict[int, list[int]]):
        """(constant bytes, linear terms) live at run k of stage t: a copy is live when it
        is there and wanted (read by this or a later run of the stage, or held on)."""
        problem, model = self.problem, self.model
        constant, terms = 0, []
        for b in present:
            size = problem.sizes[b]
            if b in problem.ops[k].produces:  # made here: live here
                constant += size
                continue
            have = self.available(b, t, k)
            wanted = [self.made(t, j) for j in reads[b] if j >= k]
            wanted.append(self.S.get((t + 1, b), 0))
            wanted = _nonzero(wanted)
            if not have or not wanted:
                continue
            if _one(have) and _one(wanted):
                constant += size
                continue
            live = model.new_bool_var(f"L{b}_{t}_{k}")
            for a in have:
                for w in wanted:
                    model.add(live >= a + w - 1)
            terms.append(size * live)
        return constant, terms
