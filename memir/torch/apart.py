"""Each run of memir's backward its own node in the joint graph, while PyTorch extracts the
forward and backward modules from it.

Why: PyTorch's extraction makes one node of each FX node. A saved value becomes a
placeholder the backward never runs, and a node run twice is read from one run by every
reader, so the written step held the old run, or the saved copy, past where memir's plan
frees it, and what the plan recomputes from too.
Here each run of the backward that makes a value the backward has already (saved, a view
of it saved, or run before there) gets a node of its own (a twin), and each later reader
reads the newest run, through a view of it too. A reader rewired is one a tangent feeds
(the forward never runs it), or the backward's outputs (a gradient memir makes again at the
end is returned from there); a forward node the backward runs reading a newer run gets a
twin instead. The joint graph is as it was after: its nodes, their order and their users'
(the twins' names stay taken in its namespace).
"""

from __future__ import annotations

import operator
from contextlib import contextmanager

import torch
from torch import fx


@contextmanager
def runs_apart(joint: fx.GraphModule, backward: list[fx.Node], saved: list[fx.Node],
               tangents: set[fx.Node], views: set[fx.Node], num_fwd_outputs: int):
    """Yields (the backward's runs, twins among them; the twins that are views)."""
    apart = _Apart(joint, tangents, views)
    try:
        runs = apart.run(backward, saved)
        apart.return_newest(num_fwd_outputs)
        _topologically(joint.graph, list(joint.graph.nodes))
        yield runs, apart.twin_views
    finally:
        apart.undo()


class _Apart:
    def __init__(self, joint: fx.GraphModule, tangents: set[fx.Node], views: set[fx.Node]):
        self.graph, self.order, self.views = joint.graph, list(joint.graph.nodes), views
        self.users = {node: dict(node.users) for node in self.order}  # their order too
        self.fed = set(tangents)  # what a tangent feeds: the forward never runs it
        for node in self.order:
            if any(a in self.fed for a in node.all_input_nodes):
                self.fed.add(node)
        self.newest: dict[fx.Node, fx.Node] = {}
        self.made: list[fx.Node] = []
        self.twin_views: set[fx.Node] = set()
        self.rewired: dict[fx.Node, tuple] = {}  # node: its own (args, kwargs)

    def run(self, backward: list[fx.Node], saved: list[fx.Node]) -> list[fx.Node]:
        """The backward's runs, each that makes a value the backward has already a twin."""
        has = set().union(*map(self._aliased, saved))
        runs = []
        for node in backward:
            args, kwargs = self._mapped(node)
            moved = (args, kwargs) != self._own(node)
            if node in has or (moved and node not in self.fed):
                self.newest[node] = self._twin(node, args, kwargs)
                for part in [u for u in node.users if taken_apart(u) is node]:
                    self.newest[part] = self._twin(part, *self._mapped(part))
            elif moved:
                self.rewired[node] = self._own(node)
                node.args, node.kwargs = args, kwargs
            runs.append(self.newest.get(node, node))
            has.add(node)
        return runs

    def return_newest(self, num_fwd_outputs: int) -> None:
        """The backward's outputs read from their newest runs."""
        output = self.order[-1]
        values = output.args[0]
        newest = [*values[:num_fwd_outputs],
                  *(self._current(v) if isinstance(v, fx.Node) else v
                    for v in values[num_fwd_outputs:])]
        if newest != list(values):
            self.rewired[output] = self._own(output)
            output.args = (type(values)(newest), *output.args[1:])

    def undo(self) -> None:
        for node, (args, kwargs) in self.rewired.items():
            node.args, node.kwargs = args, kwargs
        for node in reversed(self.made):
            self.graph.erase_node(node)
        _in_order(self.graph, self.order)
        for node, users in self.users.items():
            node.users = users

    def _own(self, node: fx.Node) -> tuple:
        return self.rewired.get(node, (node.args, node.kwargs))

    def _mapped(self, node: fx.Node) -> tuple[tuple, dict]:
        """``node``'s own arguments, each FX node in them replaced by its current run."""
        args, kwargs = self._own(node)
        return fx.node.map_arg(args, self._current), fx.node.map_arg(kwargs, self._current)

    def _current(self, value: fx.Node) -> fx.Node:
        """``value``'s newest run, or a view of it made for this reader."""
        if value in self.newest:
            return self.newest[value]
        if _aliases(value, self.views):
            args, kwargs = self._mapped(value)
            if (args, kwargs) != self._own(value):
                self.twin_views.add(self._twin(value, args, kwargs))
                return self.made[-1]
        return value

    def _twin(self, node: fx.Node, args: tuple, kwargs: dict) -> fx.Node:
        with self.graph.inserting_before(self.order[-1]):  # the output; sorted after
            self.made.append(self.graph.create_node(node.op, node.target, args, kwargs,
                                                    node.name))
        self.made[-1].meta = dict(node.meta)
        return self.made[-1]

    def _aliased(self, value: fx.Node) -> set[fx.Node]:
        """``value`` and what it is a view (or a part) of."""
        found, stack = set(), [value]
        while stack:
            found.add(top := stack.pop())
            if _aliases(top, self.views):
                stack.extend(top.all_input_nodes)
        return found


def taken_apart(node: fx.Node) -> fx.Node | None:
    """The node a ``getitem`` takes apart (None for any other node)."""
    if node.op == "call_function" and node.target is operator.getitem:
        parent = node.args[0]
        return parent if isinstance(parent, fx.Node) else None
    return None


def a_view_op(node: fx.Node) -> bool:
    """An op whose schema says its result aliases an input (``detach``, ``view``, ``t``)."""
    return isinstance(node.target, torch._ops.OpOverload) and node.target.is_view


def _aliases(node: fx.Node, views: set[fx.Node]) -> bool:
    """A view memir recorded, a part of a node, or a view op."""
    return node in views or taken_apart(node) is not None or a_view_op(node)


def after_inputs(node: fx.Node, done, put) -> None:
    """``put`` ``node``, and first whatever it reads (to any depth) not in ``done``."""
    stack = [node]
    while stack:
        top = stack[-1]
        waiting = [a for a in top.all_input_nodes if a not in done]
        if top in done or not waiting:
            stack.pop()
            if top not in done:
                put(top)
        else:
            stack.extend(waiting)


def _topologically(graph: fx.Graph, nodes: list[fx.Node]) -> None:
    """``graph``'s nodes each after what it reads, otherwise in the order of ``nodes``."""
    order: dict[fx.Node, None] = {}
    for node in nodes:
        after_inputs(node, order, lambda n: order.setdefault(n))
    _in_order(graph, list(order))


def _in_order(graph: fx.Graph, nodes: list[fx.Node]) -> None:
    """``graph``'s nodes moved into the order of ``nodes`` (all of them)."""
    for before, node in zip(nodes, nodes[1:]):
        if before.next is not node:
            before.append(node)
