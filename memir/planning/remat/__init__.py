"""Rematerialisation on plain data: free buffers after a use, recompute them before a later one.

Why: after ``schedule`` the peak of a training graph sits at the proven order bound; only
changing the program goes lower. The planner is ``strategies.plan_program``, on the problem
of ``program`` and the memory model of ``stage_model``; docs/passes/rematerialize.md lists
what each of the other modules here does.

Others import what this ``__init__`` exports; the planner's tests and benchmarks may reach
the modules themselves.
"""

from memir.planning.remat.cost import DEVICES
from memir.planning.remat.descent_memo import DescentMemo, using
from memir.planning.remat.exact_intervals import IntervalResult, interval_remat
from memir.planning.remat.exact_stages import ExactResult, exact_remat
from memir.planning.remat.greedy import GreedyResult, greedy_remat
from memir.planning.remat.program import Access, Buffer, RematProgram, Step, remat_problem
from memir.planning.remat.runs import outcome_runs
from memir.planning.remat.stage_model import (
    Evaluation,
    RematOp,
    RematProblem,
    evaluate,
    stage_runs,
    total_cost,
)
from memir.planning.remat.strategies import (
    Planned,
    RematOutcome,
    Unreached,
    plan_program,
    plan_remat,
)

__all__ = ["DEVICES", "Access", "Buffer", "DescentMemo", "Evaluation", "ExactResult",
           "GreedyResult", "IntervalResult", "Planned", "RematOp", "RematOutcome",
           "RematProblem", "RematProgram", "Step", "Unreached", "evaluate", "exact_remat",
           "greedy_remat", "interval_remat", "outcome_runs", "plan_program", "plan_remat",
           "remat_problem", "stage_runs", "total_cost", "using"]
