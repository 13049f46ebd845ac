"""``MemirMemoryPlanningPass``: ExecuTorch's planning pass with memir inside.

A subclass of ``MemoryPlanningPass`` (so ``ExecutorchBackendConfig(memory_planning_pass=...)``
takes it and every flag of the base pass keeps its meaning) whose algorithm is
``MemirAlgorithm``. Before the base pass computes lifetimes, ``run`` zeroes the ``out``
buffer of kernels that read it (``zero_fill``) and, with ``reorder=True``, puts the nodes in
``schedule``'s order (``order``).
"""

from __future__ import annotations

from executorch.exir.passes import MemoryPlanningPass

from memir.executorch.algorithm import MemirAlgorithm
from memir.executorch.banks import parse_banks
from memir.executorch.order import OrderReport, reorder
from memir.executorch.spaces import parse_spaces
from memir.executorch.zero_fill import insert_zero_fills
from memir.planning.layout.portfolio import MAX_EFFORT, STRATEGIES


def _check_options(strategy, effort, time_limit) -> None:
    if strategy not in STRATEGIES:
        raise ValueError(f"unknown strategy {strategy!r}; expected one of {', '.join(STRATEGIES)}")
    if isinstance(effort, bool) or not isinstance(effort, int) or not 1 <= effort <= MAX_EFFORT:
        raise ValueError(f"effort must be an integer in 1..{MAX_EFFORT}, got {effort!r}")
    if time_limit is not None and (isinstance(time_limit, bool)
                                   or not isinstance(time_limit, (int, float))
                                   or not time_limit > 0):
        raise ValueError(f"time_limit must be a positive number of seconds or None, "
                         f"got {time_limit!r}")


class MemirMemoryPlanningPass(MemoryPlanningPass):
    """``MemoryPlanningPass`` planned by memir; see ``memir.executorch.memory_planning_pass``."""

    def __init__(self, reorder: bool = False, banks=None, strategy: str = "auto",
                 effort: int = 1, time_limit: float | None = None, spaces=None,
                 **base_options) -> None:
        _check_options(strategy, effort, time_limit)
        if banks is not None and spaces is not None:
            raise ValueError("give banks= (by capacity) or spaces= (by modelled time), not both")
        parsed = parse_banks(banks) if banks is not None else None
        chosen = parse_spaces(spaces) if spaces is not None else None
        self.algorithm = MemirAlgorithm(strategy, effort, time_limit, parsed, spaces=chosen)
        super().__init__(memory_planning_algo=self.algorithm, **base_options)
        self.reorder = bool(reorder)
        self.orders: list[OrderReport] = []
        self.zero_fills = 0

    @property
    def reports(self):
        """One ``PlanningReport`` per planned graph, in planning order."""
        return self.algorithm.reports

    def run(self, graph_module, graph_signature=None):
        self.zero_fills += insert_zero_fills(graph_module)
        if self.reorder:
            self.orders.append(reorder(graph_module))
        return super().run(graph_module, graph_signature)
