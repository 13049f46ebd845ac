"""Memory spaces: which memory serves each value's uses, and the copies between them.

Targets pair a small fast memory (SRAM, HBM) with a large slow one (DRAM, flash, host
memory). A value read many times gains from the fast one, but only so much fits at once;
copies on a separate stream (prefetches, evictions) can bring a value in before its heavy
uses and take it out after, hidden behind compute. This room chooses, per value, the
spaces of the spans between its uses and when each copy is issued, minimising a modelled
step time under each space's capacity.

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
