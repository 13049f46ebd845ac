"""Rematerialisation on plain data: free buffers after a use, recompute them before a later one.

Why: after ``schedule`` the peak of a training graph sits at the proven order bound; only
changing the program goes lower. ``problem`` holds the stage model (Checkmate's stages over
a fixed order) and its evaluator, ``greedy`` the cost-per-byte rule XLA uses (with a local
search after it), ``mincut`` its starts from PyTorch's minimum cut, ``exact`` Checkmate's
CP-SAT model of the same stages with a proven lower bound on the added cost,
``intervals`` MOCCASIN's (a few copies per op: a few hundred ops),
``auto`` the strategies the pass offers, ``updates`` the optimizer step and the updates
worth deferring.
"""

from memir.planning.remat.exact import ExactResult, exact_remat
from memir.planning.remat.greedy import GreedyResult, greedy_remat
from memir.planning.remat.intervals import IntervalResult, interval_remat
from memir.planning.remat.problem import (
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
