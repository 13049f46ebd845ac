"""memir inside ExecuTorch: the planning pass of ``to_executorch``.

``memory_planning_pass(...)`` returns a pass for
``ExecutorchBackendConfig(memory_planning_pass=...)``: memir lays out every planned tensor
(``assign-layout``'s planner on ExecuTorch's own lifetimes), checks the plan with its
independent checker before writing it back, and optionally reorders the program
(``schedule``), recomputes nodes to fit a capacity (``remat``) and spreads tensors over
banks. Needs the ``executorch`` extra.
"""

from __future__ import annotations

try:
    import executorch.exir  # noqa: F401
except ImportError as e:  # pragma: no cover - depends on the environment
    raise ImportError("memir.executorch needs ExecuTorch: pip install 'memir[executorch]'") from e

from memir.executorch.algorithm import MemirAlgorithm, PlanningReport, UnsafePlanError
from memir.executorch.banks import BankError
from memir.executorch.planning_pass import MemirMemoryPlanningPass
from memir.executorch.remat import RematReport, UnreachableCapacity

__all__ = ["BankError", "MemirAlgorithm", "MemirMemoryPlanningPass", "PlanningReport",
           "RematReport", "UnreachableCapacity", "UnsafePlanError", "memory_planning_pass"]


def memory_planning_pass(reorder: bool = False, banks=None, strategy: str = "auto",
                         effort: int = 1, time_limit: float | None = None, spaces=None,
                         capacity: int | None = None,
                         **base_options) -> MemirMemoryPlanningPass:
    """A ``MemoryPlanningPass`` planned by memir.

    ``reorder``: run the nodes in ``schedule``'s order first (lower arenas where the order
    allows; outputs unchanged). ``banks``: ``[(name, capacity_bytes), ..., (name, None)]``,
    fastest first, memory ids 1, 2, ...; what fits nowhere is an error naming the bank.
    ``spaces``: ``[Space | (name, capacity_bytes, read_bps, write_bps), ...]``, fastest first
    (e.g. ``memir.planning.spaces.devices.two_spaces(BYTES, "npu")``): each storage goes to
    the memory id (1, 2, ...) of the space where the modelled run is fastest, under every
    space's capacity (``memir.executorch.spaces``).
    ``capacity``: bytes the arena must fit; nodes are recomputed (``memir.executorch.remat``)
    until it does, after ``reorder``; a capacity no plan reaches is an
    ``UnreachableCapacity`` (a ``ValueError``) naming the smallest peak reached.
    ``strategy``, ``effort``, ``time_limit``: ``assign-layout``'s options. Other keyword
    arguments (``alloc_graph_input``, ``alloc_graph_output``, ``alignment``, ...) go to
    ``MemoryPlanningPass``."""
    return MemirMemoryPlanningPass(reorder, banks, strategy, effort, time_limit, spaces,
                                   capacity, **base_options)
