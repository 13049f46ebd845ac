"""Planning on plain data (no xDSL): where buffers go, in what order ops run, what is made again.

Rooms: ``layout`` (offsets in one arena, ``assign-layout``; exact solver in
``layout.exact``), ``tiles`` (offsets for strided tiles), ``schedule`` (an op order that
lowers the peak, ``schedule``), ``remat`` (recomputation, ``rematerialize``), ``spaces``
(which memory serves each use, and the copies, ``assign-spaces``). A room's ``__init__``
exports what other rooms and the frontends may use; its modules are its own
(``tests/passes/test_layers.py``).

Shared: ``budget`` (work budgets, the optional ``Deadline``), ``cpsat_loader`` (CP-SAT
without pandas), ``heapmap`` (the heap-map plot), ``doors`` (exports loaded on first use).
Figures behind the constants: ``docs/planning-figures.md``.
"""
