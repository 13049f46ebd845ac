"""Memory spaces: which memory serves each value's uses, and the copies between them.

Targets pair a small fast memory (SRAM, HBM) with a large slow one (DRAM, flash, host
memory). A value read many times gains from the fast one, but only so much fits at once;
copies on a separate stream (prefetches, evictions) can bring a value in before its heavy
uses and take it out after, hidden behind compute. This room chooses, per value, the
spaces of the spans between its uses and when each copy is issued, minimising a modelled
step time under each space's capacity. The names below are the room's door: what other
rooms and the frontends may use (loaded on first use, ``memir.planning.doors``); the
modules are the room's own.

* ``model``: the problem and the placement, as plain data;
* ``cost``: the one time model (``timeline``) every strategy and test uses;
* ``pieces``: the buffers a placement creates, live bytes and the real layout;
* ``check``: the rules a placement must obey (``check_assignment``, ``check_capacities``);
* ``candidates``, ``priced``: the options per value and their figures;
* ``greedy`` (with ``incremental``, its simulation), ``exact``, ``repair``, ``baselines``:
  the strategies' parts;
* ``strategies``: ``assign_spaces``, the entry point;
* ``devices``: two-memory device profiles with their sources;
* ``budgets``: the work budgets.
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
