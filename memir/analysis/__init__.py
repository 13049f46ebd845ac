"""Analyses on plain data (no xDSL): the graph, lifetimes, stream safety, optimizer steps.

* ``graph``: the plain computation graph shared by frontends, analyses and the IR adapters;
* ``liveness``: live intervals of a structured program's allocations, from SSA and aliasing;
* ``precedence``: the arcs of a multi-stream graph, checked for cycles;
* ``stream_safety``: which tensors may share memory (``analyze``), and their summaries;
* ``stream_graph``: stream-graph safety, the default algorithm ([Multi-stream reuse] Alg. 2);
* ``ancestor_tensors``: ancestor-set safety and its 1-opt (Alg. 1), the reference;
* ``pair_decisions``: one bit per tensor pair, as the algorithms decide them;
* ``summary_conflicts``: the conflict test from safety summaries, per pair, row and in bulk;
* ``optimizer_step``: which ops are the optimizer step, from kernels and successors.
"""
