"""``assign_spaces``: one entry point from a SpaceProblem to a placement and its time.

Why keep every plan and take the fastest: ``greedy`` and ``exact`` (CP-SAT over the same
options; ``auto`` picks by ``budgets.EXACT_MAX_OPTIONS``), the baselines and the
all-default plan are each valid (checked rules, capacities by live bytes and by layout)
and simulated by the same ``timeline``, so taking the minimum can only help, and the plan
is never slower than what a deployed rule would have done.

Status: ``optimal`` when the total meets CP-SAT's proven lower bound over the options,
``feasible`` when CP-SAT proved a bound the plan does not meet, ``heuristic`` otherwise.
Work budgets only (``budgets``); ``time_limit`` is an optional cap. ``copies=False`` (no
copy engine, e.g. ExecuTorch's memory ids) keeps each movable value whole in one space.
"""

from __future__ import annotations

from dataclasses import dataclass

from memir.planning.budget import Deadline
from memir.planning.spaces.baselines import fastest_first, greedy_by_size_pools
from memir.planning.spaces.budgets import (
    ARENA_MIN_STEP_SHIFT,
    ARENA_ROUNDS,
    CPSAT_WORK,
    EXACT_MAX_OPTIONS,
)
from memir.planning.spaces.candidates import Option, candidates
from memir.planning.spaces.cost import all_default_ps, timeline
from memir.planning.spaces.exact import exact_choice
from memir.planning.spaces.greedy import greedy_choice
from memir.planning.spaces.model import Assignment, SpaceProblem, all_default, check_problem
from memir.planning.spaces.priced import Priced, assemble, price
from memir.planning.spaces.repair import Layouts, repair_layout

# greedy: options by density, planned again for less memory where the layout overflows
# (budgets.ARENA_ROUNDS), then layout repair. exact: warm-started with the greedy's choice,
# then repair; the greedy's plan is kept if it simulates faster. auto: then the baselines and
# the all-default plan are evaluated the same way; the fastest wins, its name saying which.
STRATEGIES = ("auto", "greedy", "exact")
MAX_EFFORT = 64


@dataclass(slots=True)
class SpacePlan:
    """A placement (``check.check_assignment`` holds, and every bounded space lays out
    within its capacity) and what is known about it; times in picoseconds."""

    assignment: Assignment
    total_ps: int
    all_default_ps: int
    bound_ps: int | None  # proven lower bound over the candidate options (exact only)
    status: str  # "optimal" | "feasible" | "heuristic"
    strategy: str  # which plan won: "exact", "greedy", "fastest-first", ...
    arenas: dict[int, int]  # bounded space -> laid-out arena bytes


@dataclass(frozen=True, slots=True)
class _Plan:
    name: str
    assignment: Assignment
    total_ps: int
    arenas: dict[int, int]


def _finish(problem: SpaceProblem, assignment: Assignment, name: str, layouts: Layouts,
            deadline: Deadline) -> _Plan:
    """Repair the layout, then simulate."""
    fixed, arenas = repair_layout(problem, assignment, layouts, deadline)
    return _Plan(name, fixed, timeline(problem, fixed).total_ps, arenas)


def _greedy(problem: SpaceProblem, options: list[list[Option]], priced: list[list[Priced]],
            layouts: Layouts, deadline: Deadline) -> tuple[list[int], Assignment]:
    """The greedy's choice, planned again for less memory where its layout overflows: the
    live-byte target shrinks by the layout's share of fragmentation (peak / arena)."""
    caps: dict[int, int] = {}
    for attempt in range(ARENA_ROUNDS + 1):
        choice = greedy_choice(problem, priced, deadline, caps, options)
        assignment = assemble(options, choice)
        over = layouts.overflowing(assignment)
        if not over or attempt == ARENA_ROUNDS or deadline.expired():
            break
        for s, (arena, peak) in over.items():
            cap = problem.spaces[s].capacity
            target = min(cap * peak // arena, caps.get(s, cap) - (cap >> ARENA_MIN_STEP_SHIFT))
            caps[s] = max(0, target)
    return choice, assignment


def assign_spaces(problem: SpaceProblem, strategy: str = "auto", effort: int = 1,
                  time_limit: float | None = None, copies: bool = True) -> SpacePlan:
    """Choose spans and copies for every value; see the module docstring."""
    if strategy not in STRATEGIES:
        raise ValueError(f"unknown strategy {strategy!r}; choose one of {', '.join(STRATEGIES)}")
    if not 1 <= effort <= MAX_EFFORT:
        raise ValueError(f"effort must be in 1..{MAX_EFFORT}, got {effort}")
    check_problem(problem)
    deadline = Deadline.after(time_limit)
    layouts = Layouts(problem)
    options = candidates(problem, copies)
    priced = price(problem, options)
    greedy, assignment = _greedy(problem, options, priced, layouts, deadline)
    plans = [_finish(problem, assignment, "greedy", layouts, deadline)]
    solve = strategy == "exact" or (
        strategy == "auto" and sum(map(len, options)) <= EXACT_MAX_OPTIONS)
    bound = None
    if solve:
        result = exact_choice(problem, priced, greedy, CPSAT_WORK * effort, deadline)
        bound = result.bound
        if result.choice is not None:
            plans.insert(0, _finish(problem, assemble(options, result.choice), "exact",
                                    layouts, deadline))
    if strategy == "auto":
        plans += [_finish(problem, fastest_first(problem), "fastest-first", layouts, deadline),
                  _finish(problem, greedy_by_size_pools(problem), "greedy-by-size", layouts,
                          deadline)]
    plans.append(_finish(problem, all_default(problem), "all-default", layouts, deadline))
    best = min(plans, key=lambda p: p.total_ps)
    status = ("heuristic" if bound is None
              else "optimal" if best.total_ps <= bound else "feasible")
    return SpacePlan(best.assignment, best.total_ps, all_default_ps(problem), bound, status,
                     best.name, best.arenas)
