"""Rematerialisation on plain data: free buffers after a use, recompute them before a later one.

Why: after ``schedule`` the peak of a training graph sits at the proven order bound; only
changing the program goes lower. The planner is ``strategies.plan_program``, on the problem
of ``program`` and the memory model of ``stage_model``; docs/passes/rematerialize.md lists
what each of the other modules here does.

Others import what this ``__init__`` exports (each name loaded on first use,
``memir.planning.doors``, so reading ``DEVICES`` loads no planner); the planner's tests and
benchmarks may reach the modules themselves.
"""

from memir.planning.doors import lazy_exports

__getattr__, __all__ = lazy_exports(__name__, {
    "cost": ("DEVICES",),
    "descent_memo": ("DescentMemo", "using"),
    "exact_intervals": ("IntervalResult", "interval_remat"),
    "exact_stages": ("ExactResult", "exact_remat"),
    "greedy": ("GreedyResult", "greedy_remat"),
    "order_pool": ("Apart", "worth_forking"),
    "program": ("Access", "Buffer", "RematProgram", "Step", "remat_problem"),
    "runs": ("outcome_run_memory", "outcome_runs"),
    "stage_model": ("Evaluation", "RematOp", "RematProblem", "evaluate", "stage_runs",
                    "total_cost"),
    "strategies": ("Planned", "RematOutcome", "Unreached", "plan_program", "plan_remat"),
})
