"""Rematerialisation on plain data: free buffers after a use, recompute them before a later one.

Why: after ``schedule`` the peak of a training graph sits at the proven order bound; only
changing the program goes lower.

* ``stage_model``: the problem, a plan and the memory model (Checkmate's stages over an order);
* ``strategies``: what ``rematerialize`` offers (greedy, exact, auto), on plain data;
* ``greedy``: frees the cheapest bytes per unit of cost at the peak, then a local search;
* ``incremental``: a plan's memory profile kept up to date as the greedy adds runs;
* ``mincut``: the greedy's starts from a minimum cut (PyTorch's partitioner);
* ``exact_stages``: Checkmate's CP-SAT model, with a proven bound on the added cost;
* ``exact_intervals``: MOCCASIN's retention-interval model, for a few hundred ops;
* ``peak_floor``: a proven lower bound on the peak any plan reaches;
* ``cost``: what a recomputation costs, a roofline on a named device;
* ``reschedule``: a plan's program ordered again by ``schedule``'s algorithms;
* ``deferred_updates``: optimizer updates run later, weight gradients earlier, to free reruns;
* ``sunk_tails``: the ends of the optimizer's updates run at the end of the step;
* ``hoisted_reads``: reads that do nothing run right after what they read is written;
* ``forwarding``: a clone before an in-place op replaced by the source itself;
* ``in_place_reuse``: at the proven floor, an elementwise result written over a dying operand.
* ``descent_memo``: the greedy's descents kept across capacities (the same plans, once).
"""

from memir.planning.remat.exact_stages import ExactResult, exact_remat
from memir.planning.remat.greedy import GreedyResult, greedy_remat
from memir.planning.remat.exact_intervals import IntervalResult, interval_remat
from memir.planning.remat.stage_model import (
    Evaluation,
    RematOp,
    RematProblem,
    evaluate,
    stage_runs,
    total_cost,
)

__all__ = ["Evaluation", "ExactResult", "GreedyResult", "IntervalResult", "RematOp",
           "RematProblem", "evaluate", "exact_remat", "greedy_remat", "interval_remat",
           "stage_runs", "total_cost"]
