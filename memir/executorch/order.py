"""Run a program's nodes in the order ``schedule`` chooses, before lifetimes are computed.

Why: ExecuTorch's lifetimes are node indices, so the order the graph happens to have sets
the arena's floor. ``schedule``'s planner (``memir.planning.schedule``) lowers that floor; it
is given the same problem its pass builds from IR: one step per node (``StepData``,
``memir.model.program``), the storages each touches, and the dependencies any order must
keep (``schedule_problem``), plus every edge of the FX graph. Placeholders and ``get_attr``
nodes stay first and the output last; the new order is checked against those dependencies
before the graph is touched.

An ``alloc`` node is not a step: it goes right before its first user, where ExecuTorch's
passes put it. Storage is a spec's root (views share their base's); the memory model (a
storage is live from its first to its last node) is ExecuTorch's.
"""

from __future__ import annotations

import time
from dataclasses import dataclass

import torch

from memir.executorch.fx_nodes import (FIXED_NODES, accesses, is_alloc, kernel_name, nodes_in,
                                       specs_of, storage_root)
from memir.model.program import Access, StepData
from memir.planning.schedule import keeps_deps, schedule, schedule_problem


@dataclass
class OrderReport:
    nodes: int
    peak_before: int
    peak_after: int
    bound: int
    strategy: str
    moved: bool
    seconds: float = 0.0


class _Storages:
    """Handles for storages: the ones ExecuTorch plans (not constants, except weights
    with a gradient) are 0..B-1, with sizes; the others are ``other`` roots."""

    def __init__(self, planned_constants: set[int]) -> None:
        self.planned_constants = planned_constants
        self.index: dict[int, int] = {}
        self.sizes: list[int] = []
        self.others: dict[int, int] = {}

    def access(self, spec, role: str) -> Access:
        root = storage_root(spec)
        if root.const and id(root) not in self.planned_constants:
            return Access(role, None, self.others.setdefault(id(root), len(self.others)))
        if id(root) not in self.index:
            self.index[id(root)] = len(self.sizes)
            self.sizes.append(int(root.allocated_memory))
        return Access(role, self.index[id(root)], None)


def _step(node: torch.fx.Node, storages: _Storages) -> StepData:
    return StepData(kernel_name(node.target), 0,
                    accesses=[storages.access(spec, role) for role, _, spec in accesses(node)])


def _boundary(nodes: list[torch.fx.Node], role: str, storages: _Storages) -> StepData:
    """The inputs (all live from the start) or the output (all live to the end) as one
    step, so that ``schedule`` sees ExecuTorch's lifetimes."""
    step = StepData(f"memir.{role}", 0)
    for node in nodes:
        values = nodes_in(node.args) if node.op == "output" else [node]
        step.accesses += [storages.access(s, role) for arg in values for s in specs_of(arg)]
    return step


def reorder(graph_module: torch.fx.GraphModule, strategy: str = "auto") -> OrderReport:
    """Reorder ``graph_module``'s nodes by ``schedule``; the graph is left as it was when
    nothing lowers the peak."""
    started = time.perf_counter()
    graph = graph_module.graph
    nodes = list(graph.nodes)
    allocs = [n for n in nodes if is_alloc(n)]
    movable = [n for n in nodes if n.op not in FIXED_NODES and not is_alloc(n)]
    storages = _Storages({id(s) for n in nodes if n.meta.get("weight_has_gradient")
                          for s in specs_of(n)})
    first = _boundary([n for n in nodes if n.op == "placeholder"], "write", storages)
    steps = [first] + [_step(n, storages) for n in movable]
    steps.append(_boundary([n for n in nodes if n.op == "output"], "read", storages))
    position = {n: k + 1 for k, n in enumerate(movable)}
    last = len(steps) - 1
    items = [("step", k, 0) for k in range(len(steps))]
    problem = schedule_problem(items, steps, storages.sizes)
    edges = {(position[a], position[n]) for n in movable for a in n.all_input_nodes
             if a in position}
    edges |= {(0, k) for k in range(1, last + 1)} | {(k, last) for k in range(last)}
    problem.deps = sorted(set(problem.deps) | edges)
    result = schedule(problem, strategy=strategy)
    moved = result.order != list(range(len(steps)))
    if moved:
        if not keeps_deps(problem.deps, result.order):
            raise RuntimeError("schedule returned an order that breaks a dependency")
        output = next(n for n in nodes if n.op == "output")
        for k in result.order[1:-1]:
            output.prepend(movable[k - 1])
        rank = {n: k for k, n in enumerate(graph.nodes)}
        for alloc in allocs:  # each right before the first node that writes it
            if alloc.users:
                min(alloc.users, key=rank.__getitem__).prepend(alloc)
        graph.lint()
        graph_module.recompile()
    return OrderReport(len(movable), result.peak_before, result.peak_after,
                       result.lower_bound, result.strategy, moved,
                       time.perf_counter() - started)
