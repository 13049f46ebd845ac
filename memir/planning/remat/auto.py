"""The strategies ``rematerialize`` offers, on plain data: greedy, exact, and auto.

Why here and not in the pass: the benchmark that measures auto against the proven optimum
(benchmarks/remat_exact.py) must run exactly what users run, without building IR.
``auto`` runs the greedy (with its local improvement), then the exact model when it stays
below ``EXACT_MAX_VARIABLES`` variables, and keeps the cheapest plan that fits; the exact
run's proven lower bound on the added cost is reported either way.
"""

from __future__ import annotations

from dataclasses import dataclass

from memir.planning.budget import NO_DEADLINE, Deadline
from memir.planning.remat.exact import exact_remat, model_size
from memir.planning.remat.greedy import greedy_remat
from memir.planning.remat.problem import Evaluation, RematProblem, evaluate

EXACT_MAX_VARIABLES = 20_000
"""auto builds the CP-SAT model only below this many variables (``model_size``, an upper
bound on R, S and the L live-at-run indicators). Measured on a 2-core machine with
synthetic training chains: 10k estimated variables (31 ops) solve to optimality in 4.6 s;
76k (61 ops, 54k built) spend 60 s in CP-SAT's presolve and search without a bound, and
575k (121 ops) 265 s without a plan, whatever the deterministic budget says. The corpus'
training graphs (1.5-2.5k ops) estimate in the tens of millions: greedy alone there."""
EXACT_WORK = 10.0  # CP-SAT deterministic time for auto's exact stage


@dataclass
class Planned:
    plan: dict[int, list[int]]
    evaluation: Evaluation
    strategy: str  # which plan won, "(optimal)" when it meets the proven bound
    bound: int  # proven lower bound on the added cost of any plan that fits (0: none)


def plan_remat(problem: RematProblem, capacity: int, strategy: str = "auto",
               deadline: Deadline = NO_DEADLINE, exact_work: float = EXACT_WORK) -> Planned:
    """The cheapest plan the strategy finds that fits ``capacity`` (or the lowest peak)."""
    candidates = []  # (plan, evaluation, name)
    bound = 0
    if strategy in ("auto", "greedy"):
        greedy = greedy_remat(problem, capacity, deadline=deadline)
        candidates.append((greedy.plan, greedy.evaluation, "greedy"))
    if strategy == "exact" or (strategy == "auto"
                               and model_size(problem) <= EXACT_MAX_VARIABLES):
        exact = exact_remat(problem, capacity, work=exact_work, deadline=deadline)
        bound = exact.lower_bound
        if exact.plan is not None:
            candidates.append((exact.plan, evaluate(problem, exact.plan), "exact"))
        elif not candidates:
            candidates.append(({}, evaluate(problem, {}), "exact"))
    fitting = [c for c in candidates if c[1].peak <= capacity] or candidates
    plan, ev, name = min(fitting, key=lambda c: (c[1].cost, c[2] != "greedy"))
    if ev.peak <= capacity and ev.cost <= bound:
        name += " (optimal)"
    return Planned(plan, ev, name, bound)
