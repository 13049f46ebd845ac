"""Placing buffers in one arena: the ``assign-layout`` planners.

The names below are the room's door: what other rooms and the frontends may use (loaded on
first use, ``memir.planning.doors``); the modules are the room's own.

* ``portfolio``: ``assign_layout``, the entry point: strategies, stages and their budgets;
* ``heuristics``: the greedy planners (Single / Many Objects, sort x fit);
* ``greedy_family``: the classical greedy family every allocator is compared with;
* ``blocks``: buffers and ordered contiguous groups as the units the greedies place;
* ``fit``: Merge and Fit, the choice of a start among the allowed ones;
* ``obstacles``: which placed buffers a new one must avoid (Avoid);
* ``lifetimes``: lifetimes as arrays, the peak of live bytes, intervals meeting a range;
* ``input_order``: planning in an order fixed by the buffers' content, not their listing;
* ``pin_and_fill``: the largest buffers placed exactly, the rest filled greedily;
* ``order_search``: a local search over the greedy's order (promote what sets the peak);
* ``window``: a window of time around the arena top placed again;
* ``lower_bound``: the clique bound every plan is measured against;
* ``exact``: the exact solver (interval search and CP-SAT).
"""

from memir.planning.doors import lazy_exports

__getattr__, __all__ = lazy_exports(__name__, {
    "portfolio": ("LayoutError", "MAX_EFFORT", "STRATEGIES", "assign_layout"),
    "greedy_family": ("best_of_family",),
    "lifetimes": ("IntervalIndex", "peak_live_bytes"),
    "lower_bound": ("heaviest_clique",),
})
