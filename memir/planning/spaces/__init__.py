"""Memory spaces: which memory serves each value's uses, and the copies between them.

Targets pair a small fast memory (SRAM, HBM) with a large slow one (DRAM, flash, host
memory). A value read many times gains from the fast one, but only so much fits at once;
copies on a separate stream (prefetches, evictions) can bring a value in before its heavy
uses and take it out after, hidden behind compute. This room chooses, per value, the
spaces of the spans between its uses and when each copy is issued, minimising a modelled
step time under each space's capacity. The names below are the room's door (loaded on
first use, ``memir.planning.doors``); the modules are the room's own: ``model``, ``cost``
(the one time model), ``pieces``, ``check``, ``candidates``, ``priced``, ``greedy``,
``incremental``, ``exact``, ``repair``, ``baselines``, ``strategies`` (the entry point),
``devices``, ``budgets``.
"""

from memir.planning.doors import lazy_exports

__getattr__, __all__ = lazy_exports(__name__, {
    "model": ("Assignment", "Copy", "Space", "SpaceProblem", "Span", "Use", "Value",
              "all_default", "check_problem", "with_unbounded_default"),
    "strategies": ("SpacePlan", "assign_spaces"),
    "devices": ("SPACE_DEVICES", "SpaceDevice", "two_spaces"),
    "pieces": ("Piece", "bounded", "lay_out"),
    "check": ("check_assignment", "check_capacities"),
    "cost": ("all_default_ps", "timeline"),
    "baselines": ("fastest_first", "greedy_by_size_pools"),
})
