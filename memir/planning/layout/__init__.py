"""Placing buffers in one arena: the ``assign-layout`` planners.

The names below are the room's door: what other rooms and the frontends may use (loaded on
first use, ``memir.planning.doors``); the modules are the room's own: ``portfolio``
(``assign_layout``, the entry point: strategies, stages, budgets); ``heuristics`` (Single /
Many Objects, sort x fit); ``greedy_family`` (the classical greedies every allocator is
compared with); ``blocks`` (buffers and contiguous groups as units); ``fit`` (Merge and
Fit); ``obstacles`` (Avoid); ``lifetimes`` (lifetimes as arrays, peak of live bytes);
``input_order`` (an order fixed by content); ``pin_and_fill`` (largest placed exactly, the
rest greedily); ``order_search`` (local search over the greedy's order); ``window`` (a
window of time around the arena top placed again); ``lower_bound`` (the clique bound);
``exact`` (interval search and CP-SAT).
"""

from memir.planning.doors import lazy_exports

__getattr__, __all__ = lazy_exports(__name__, {
    "portfolio": ("LayoutError", "MAX_EFFORT", "STRATEGIES", "assign_layout"),
    "greedy_family": ("best_of_family",),
    "lifetimes": ("IntervalIndex", "peak_live_bytes"),
    "lower_bound": ("heaviest_clique",),
})
