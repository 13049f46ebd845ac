"""Placing buffers in one arena: the ``assign-layout`` portfolio (``portfolio``), the greedy
heuristics and their fit and obstacle structures, blocks of pinned and grouped buffers,
pin-and-fill, the conflict relation, and the lower bound every plan is measured against."""
