"""``MemirMemoryPlanningPass``: ExecuTorch's planning pass with memir inside.

A subclass of ``MemoryPlanningPass`` (so ``ExecutorchBackendConfig(memory_planning_pass=...)``
takes it and every flag of the base pass keeps its meaning) whose algorithm is
``MemirAlgorithm``. Before the base pass computes lifetimes, ``run`` zeroes the ``out``
buffer of kernels that read it (``zero_fill``), with ``reorder=True`` puts the nodes in
``schedule``'s order (``order``) and, with ``capacity=``, recomputes nodes until the arena
fits (``remat``); the arena laid out is checked against the capacity.
"""

from __future__ import annotations

from executorch.exir.passes import MemoryPlanningPass

from memir.arguments import (ALIGNMENT, MAX_BYTES, SECONDS, bounded_integer, bounded_number,
                             choice, integer, shown)
from memir.executorch.algorithm import MemirAlgorithm
from memir.executorch.banks import parse_banks
from memir.executorch.order import OrderReport, reorder
from memir.executorch.remat import RematReport, UnreachableCapacity, rematerialize
from memir.executorch.spaces import parse_spaces
from memir.executorch.zero_fill import insert_zero_fills
from memir.planning.budget import Deadline
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
                 capacity: int | None = None, **base_options) -> None:
        _check_options(reorder, strategy, effort, time_limit, base_options)
        if banks is not None and spaces is not None:
            raise ValueError("give banks= (by capacity) or spaces= (by modelled time), not both")
        integer("capacity", capacity, 1, MAX_BYTES - 1, "a number of bytes", none=True)
        if capacity is not None and (banks is not None or spaces is not None):
            raise ValueError("capacity= is the one arena's size: give it or banks=/spaces=, "
                             "not both")
        parsed = parse_banks(banks) if banks is not None else None
        chosen = parse_spaces(spaces) if spaces is not None else None
        self.algorithm = MemirAlgorithm(strategy, effort, time_limit, parsed, spaces=chosen)
        super().__init__(memory_planning_algo=self.algorithm, **base_options)
        self.reorder = reorder
        self.orders: list[OrderReport] = []
        self.zero_fills = 0
        self.capacity, self.time_limit = capacity, time_limit
        self.remats: list[RematReport] = []  # with capacity=: one per planned program

    @property
    def reports(self):
        """One ``PlanningReport`` per planned graph, in planning order."""
        return self.algorithm.reports

    def run(self, graph_module, graph_signature=None):
        self.zero_fills += insert_zero_fills(graph_module, graph_signature)
        if self.reorder:
            self.orders.append(reorder(graph_module))
        if self.capacity is None:
            return super().run(graph_module, graph_signature)
        self.remats.append(rematerialize(
            graph_module, self.capacity, self.alignment, graph_signature,
            self.alloc_graph_input, self.alloc_graph_output, self.reorder,
            Deadline.after(self.time_limit)))
        result = super().run(graph_module, graph_signature)
        arena = self.reports[-1].bufsizes[1]  # submodules' reserved bytes and padding too
        if arena > self.capacity:
            raise UnreachableCapacity(
                f"capacity {self.capacity} bytes: memir's plan fits, but memory id 1 laid out "
                f"(strategy={self.algorithm.strategy!r}, control-flow submodules included) "
                f"takes {arena} bytes", arena)
        return result
