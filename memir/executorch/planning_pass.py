"""``MemirMemoryPlanningPass``: ExecuTorch's planning pass with memir inside.

A subclass of ``MemoryPlanningPass`` (so ``ExecutorchBackendConfig(memory_planning_pass=...)``
takes it and every flag of the base pass keeps its meaning) whose algorithm is
``MemirAlgorithm``. Before the base pass computes lifetimes, ``run`` zeroes the ``out``
buffer of kernels that read it (``zero_fill``) and, with ``reorder=True``, puts the nodes in
``schedule``'s order (``order``).
"""

from __future__ import annotations

from executorch.exir.passes import MemoryPlanningPass

from memir.arguments import (ALIGNMENT, SECONDS, bounded_integer, bounded_number, choice,
                             integer, shown)
from memir.executorch.algorithm import MemirAlgorithm
from memir.executorch.banks import parse_banks
from memir.executorch.order import OrderReport, reorder
from memir.executorch.spaces import parse_spaces
from memir.executorch.zero_fill import insert_zero_fills
from memir.planning.layout import MAX_EFFORT, STRATEGIES

BASE_FLAGS = ("allow_lifetime_and_storage_overlap", "alloc_graph_input", "alloc_graph_output",
              "alloc_mutable_buffers", "share_mutable_buffers")  # MemoryPlanningPass's bools


def _check_options(reorder, strategy, effort, time_limit, base_options) -> None:
    """One-line ``TypeError``/``ValueError`` naming the argument (memir.arguments), in the
    ranges ``assign-layout`` and ``bufferize`` declare for the same options: the planner's
    strategies and effort, the ``SECONDS`` and ``ALIGNMENT`` bounds."""
    flags = {"reorder": reorder, **{k: v for k, v in base_options.items() if k in BASE_FLAGS}}
    for name, value in flags.items():
        if not isinstance(value, bool):
            raise TypeError(f"{name} must be True or False, got {shown(value)}")
    choice("strategy", strategy, STRATEGIES)
    integer("effort", effort, 1, MAX_EFFORT)
    bounded_number("time_limit", time_limit, SECONDS, "a positive number of seconds", none=True)
    if "alignment" in base_options:
        bounded_integer("alignment", base_options["alignment"], ALIGNMENT, "a number of bytes")


class MemirMemoryPlanningPass(MemoryPlanningPass):
    """``MemoryPlanningPass`` planned by memir; see ``memir.executorch.memory_planning_pass``."""

    def __init__(self, reorder: bool = False, banks=None, strategy: str = "auto",
                 effort: int = 1, time_limit: float | None = None, spaces=None,
                 **base_options) -> None:
        _check_options(reorder, strategy, effort, time_limit, base_options)
        if banks is not None and spaces is not None:
            raise ValueError("give banks= (by capacity) or spaces= (by modelled time), not both")
        parsed = parse_banks(banks) if banks is not None else None
        chosen = parse_spaces(spaces) if spaces is not None else None
        self.algorithm = MemirAlgorithm(strategy, effort, time_limit, parsed, spaces=chosen)
        super().__init__(memory_planning_algo=self.algorithm, **base_options)
        self.reorder = reorder
        self.orders: list[OrderReport] = []
        self.zero_fills = 0

    @property
    def reports(self):
        """One ``PlanningReport`` per planned graph, in planning order."""
        return self.algorithm.reports

    def run(self, graph_module, graph_signature=None):
        self.zero_fills += insert_zero_fills(graph_module, graph_signature)
        if self.reorder:
            self.orders.append(reorder(graph_module))
        return super().run(graph_module, graph_signature)
