"""Plain-data computation graph shared by frontends, analyses and the IR adapters.

Why in the model: the algorithms (stream safety, scheduling, bounds) must be testable
against brute-force oracles without xDSL, and the program model (``memir.model.program``)
carries one; passes translate IR to this model and back, frontends (PyTorch) produce it.

Conventions: ``Graph.nodes`` is the program order, within one stream the execution order;
between streams nothing is assumed but data dependencies and ``Graph.deps`` (event / token
edges: ``a`` finishes before ``b`` starts). A tensor is live from the start of its
producer to the end of its last consumer. ``producer is None`` marks a graph input
(argument, weight, optimizer state): not planned. A workspace is a tensor whose producer is
also its only consumer. ``alias_of`` marks a view or an in-place result: it shares that
tensor's storage and never gets an allocation of its own.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from memir.model.symbolic import Poly


@dataclass(slots=True)
class Tensor:
    name: str
    size: int
    producer: int | None = None
    consumers: list[int] = field(default_factory=list)
    shape: tuple[int, ...] | None = None
    dtype: str | None = None
    alias_of: int | None = None
    planned: bool = True
    sym_size: Poly | None = None


@dataclass(slots=True)
class Node:
    name: str
    kernel: str
    stream: int = 0
    inputs: list[int] = field(default_factory=list)
    outputs: list[int] = field(default_factory=list)
    workspace: int = 0
    flops: int | None = None  # arithmetic of one run, where known (a cost, not a rule)
    bytes_moved: int | None = None  # bytes read and written by one run
    seed: int | None = None  # a random kernel's place in the step's random stream


@dataclass(slots=True)
class Graph:
    nodes: list[Node] = field(default_factory=list)
    tensors: list[Tensor] = field(default_factory=list)
    deps: list[tuple[int, int]] = field(default_factory=list)

    def add_tensor(self, name: str, size: int, **kw) -> int:
        self.tensors.append(Tensor(name, size, **kw))
        return len(self.tensors) - 1

    def add_node(
        self,
        name: str,
        kernel: str,
        inputs: list[int],
        outputs: list[int],
        stream: int = 0,
        workspace: int = 0,
    ) -> int:
        """Append a node in program order and wire producer/consumer links."""
        index = len(self.nodes)
        self.nodes.append(Node(name, kernel, stream, list(inputs), list(outputs), workspace))
        for t in inputs:
            if index not in self.tensors[t].consumers:
                self.tensors[t].consumers.append(index)
        for t in outputs:
            self.tensors[t].producer = index
        return index

    @property
    def num_streams(self) -> int:
        return 1 + max((n.stream for n in self.nodes), default=0)
