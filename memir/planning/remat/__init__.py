"""Rematerialisation on plain data: free buffers after a use, recompute them before a later one.

Why: after ``schedule`` the peak of a training graph sits at the proven order bound; only
changing the program goes lower.

* ``program``: the program planned, as plain data, and the problem it becomes;
* ``stage_model``: the problem, a plan and the memory model (Checkmate's stages over an order);
* ``strategies``: the planner (``plan_program``): every strategy and rewrite composed here;
* ``runs``: the program an outcome becomes, as runs of the input's steps (memir.torch);
* ``descent``: the greedy's descent, shared by the greedy and the min-cut starts;
* ``greedy``: the descent from no recomputation, then pruning and a local search;
* ``incremental``: a plan's memory profile kept up to date as the descent adds runs;
* ``mincut``: the descent's starts from a minimum cut (PyTorch's partitioner);
* ``exact_stages``: Checkmate's CP-SAT model, with a proven bound on the added cost;
* ``exact_intervals``: MOCCASIN's retention-interval model, for a few hundred ops;
* ``peak_floor``: a proven lower bound on the peak any plan reaches;
* ``cost``: what a recomputation costs, a roofline on a named device;
* ``reschedule``: a plan's program ordered again by ``schedule``'s algorithms;
* ``moves``: orders as ops moved after an anchor, shared by the order rewrites below;
* ``deferred_updates``: optimizer updates run later, weight gradients earlier, to free reruns;
* ``sunk_tails``: the ends of the optimizer's updates run at the end of the step;
* ``hoisted_reads``: reads that do nothing run right after what they read is written;
* ``forwarding``: a clone before an in-place op replaced by the source itself;
* ``in_place_reuse``: at the proven floor, an elementwise result written over a dying operand;
* ``descent_memo``: the descents kept across capacities (the same plans, once).

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
