"""Run a program's nodes in the order ``schedule`` chooses, before lifetimes are computed.

Why: ExecuTorch's lifetimes are node indices, so the order the graph happens to have sets
the arena's floor. ``schedule``'s planner (``memir.planning.schedule``) lowers that floor; it
is given the same problem its pass builds from IR: one step per node, the storages each
touches, and the dependencies any order must keep (``memir.planning.schedule.deps``: data
read after write, write after read and write after write on every storage, in-place writes
and ``out`` buffers included), plus every edge of the FX graph. Placeholders and
``get_attr`` nodes stay first and the output last. The new order is checked against those
dependencies before the graph is touched.

An ``alloc`` node (its spec is set only by the planning pass) is not a step: it goes right
before the first node that uses it, where ExecuTorch's passes put it.

Storage is a spec's root (views and storage-backed specs share their base's); the memory
model (a storage is live from its first to its last node) is ExecuTorch's.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import operator

import torch
from executorch.exir import memory

from memir.planning.schedule.deps import keeps_deps, schedule_problem
from memir.planning.schedule.strategies import schedule

FIXED = ("placeholder", "get_attr", "output")
NAMING_ONLY = (operator.getitem, memory.view)  # their result is a storage written elsewhere


@dataclass
class Access:
    role: str  # "read" or "write"
    buffer: int | None
    other: int | None


@dataclass
class Step:
    kernel: str
    accesses: list[Access] = field(default_factory=list)


@dataclass
class OrderReport:
    nodes: int
    peak_before: int
    peak_after: int
    bound: int
    strategy: str
    moved: bool


def _specs(value) -> list:
    spec = value.meta.get("spec") if isinstance(value, torch.fx.Node) else None
    if spec is None:
        return []
    flat = spec if isinstance(spec, (list, tuple)) else [spec]
    return [s for s in flat if hasattr(s, "allocated_memory")]


def _root(spec):
    seen = set()
    while id(spec) not in seen:
        seen.add(id(spec))
        try:
            spec = object.__getattribute__(spec, "_base")
            continue
        except AttributeError:
            pass
        if spec.storage_base is None:
            return spec
        spec = spec.storage_base
    return spec


def _written_args(node: torch.fx.Node) -> set[str]:
    schema = getattr(node.target, "_schema", None)
    if schema is None:
        return set()
    return {a.name for a in schema.arguments
            if a.alias_info is not None and a.alias_info.is_write}


class _Storages:
    """Handles for storages: the ones ExecuTorch plans (not constants, except weights
    with a gradient) are 0..B-1, with sizes; the others are ``other`` roots."""

    def __init__(self, planned_constants: set[int]) -> None:
        self.planned_constants = planned_constants
        self.index: dict[int, int] = {}
        self.sizes: list[int] = []
        self.others: dict[int, int] = {}

    def access(self, spec, role: str) -> Access:
        root = _root(spec)
        if root.const and id(root) not in self.planned_constants:
            return Access(role, None, self.others.setdefault(id(root), len(self.others)))
        if id(root) not in self.index:
            self.index[id(root)] = len(self.sizes)
            self.sizes.append(int(root.allocated_memory))
        return Access(role, self.index[id(root)], None)


def _step(node: torch.fx.Node, storages: _Storages) -> Step:
    """A node's accesses: its written arguments (``Tensor(a!)``: ``out`` buffers, in-place
    inputs) as writes, other arguments as reads, and its own result as a write, except
    for ``getitem`` and views, which only name a storage another node wrote."""
    written = _written_args(node)
    schema = getattr(node.target, "_schema", None)
    names = [a.name for a in schema.arguments] if schema is not None else []
    step = Step(str(node.target))
    for k, value in enumerate(node.args):
        role = "write" if k < len(names) and names[k] in written else "read"
        step.accesses += [storages.access(s, role) for arg in _nodes(value)
                          for s in _specs(arg)]
    for name, value in node.kwargs.items():
        role = "write" if name in written else "read"
        step.accesses += [storages.access(s, role) for arg in _nodes(value)
                          for s in _specs(arg)]
    own = "read" if node.target in NAMING_ONLY else "write"
    step.accesses += [storages.access(s, own) for s in _specs(node)]
    return step


def _nodes(value) -> list[torch.fx.Node]:
    found: list[torch.fx.Node] = []
    torch.fx.node.map_arg(value, lambda n: found.append(n) or n)
    return found


def _boundary(nodes: list[torch.fx.Node], role: str, storages: _Storages) -> Step:
    """The inputs (all live from the start) or the output (all live to the end) as one
    step, so that ``schedule`` sees ExecuTorch's lifetimes."""
    step = Step(f"memir.{role}")
    for node in nodes:
        values = _nodes(node.args) if node.op == "output" else [node]
        step.accesses += [storages.access(s, role) for arg in values for s in _specs(arg)]
    return step


def reorder(graph_module: torch.fx.GraphModule, strategy: str = "auto") -> OrderReport:
    """Reorder ``graph_module``'s nodes by ``schedule``; the graph is left as it was when
    nothing lowers the peak."""
    graph = graph_module.graph
    nodes = list(graph.nodes)
    allocs = [n for n in nodes if n.op == "call_function" and n.target is memory.alloc]
    movable = [n for n in nodes if n.op not in FIXED and n.target is not memory.alloc]
    storages = _Storages({id(s) for n in nodes if n.meta.get("weight_has_gradient")
                          for s in _specs(n)})
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
                       result.lower_bound, result.strategy, moved)
