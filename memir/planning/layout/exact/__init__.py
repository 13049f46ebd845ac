"""Exact layout: the capacity decision and arena minimisation (``solver``), by a
MiniMalloc-style interval search (``interval_search``) and CP-SAT (``cpsat``, ``canonical``,
loaded without pandas by ``cpsat_loader``)."""
