"""Planning on plain data (no xDSL): where buffers go, in what order ops run, what is made again.

Rooms:

* ``layout``: offsets of buffers in one arena (``assign-layout``), with its exact solver in
  ``layout.exact``;
* ``tiles``: tile-aware offsets for strided tiles of buffers;
* ``schedule``: an order of ops that lowers the peak of live bytes (``schedule``);
* ``remat``: recomputation that frees buffers and makes them again (``rematerialize``);
* ``spaces``: which memory serves each value's uses, and the copies between them
  (``assign-spaces``).

A room's ``__init__`` exports what other rooms and the frontends may use; its modules are
its own (``tests/passes/test_layers.py``).

Shared modules:

* ``budget``: work budgets and the optional wall-clock ``Deadline``;
* ``cpsat_loader``: OR-tools' CP-SAT, imported without pandas;
* ``heapmap``: the heap-map plot of a plan;
* ``doors``: a room's exports, each loaded on first use.

Figures behind the constants: ``docs/planning-figures.md``.
"""
