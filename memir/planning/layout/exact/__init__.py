"""The layout's exact solver: decide a capacity or minimise the arena.

* ``solver``: the entry point, taking turns between the two engines below;
* ``interval_search``: a MiniMalloc-style depth-first search for interval problems;
* ``canonical``: CP-SAT driven as MiniMalloc's canonical search, for interval problems;
* ``cpsat``: the general CP-SAT model (conflict graphs, contiguous groups).
"""
