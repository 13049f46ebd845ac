"""Memory spaces as ExecuTorch memory ids: which storage goes to which id, by modelled time.

Why not banks alone: ``banks=`` fills the fastest bank with whatever fits (by capacity, as
ExecuTorch's ``BankedGreedy`` does), blind to how often a tensor is read. With ``spaces=``
each storage gets the space where ``assign-spaces``' planner (``memir.planning.spaces``)
says the program runs fastest: every node's reads and writes priced at its spaces'
bandwidths, under each space's capacity at every node, fragmentation included. ExecuTorch
runs a memory plan as it is (no copies can be added by a planning pass), so each storage
has one space for its whole lifetime (``copies=False``); space k is memory id k + 1.

The uses come from the graph the pass is given: node i (in ``graph.nodes`` order, the
numbering of ExecuTorch's lifetimes) touches the storages of its arguments and its result.
Each storage's first and last use are its ExecuTorch lifetime, so the planner's pieces are
the storages' own intervals. Nodes carry no FLOP counts here: the model is memory-bound.
"""

from __future__ import annotations

import math

from memir.arguments import number, sequence, shown
from memir.executorch.banks import parse_banks
from memir.executorch.fx_nodes import accesses
from memir.executorch.specs import Root, root_of
from memir.planning.spaces import Space, SpaceProblem, Use, Value, with_unbounded_default


def parse_spaces(spaces) -> list[Space]:
    """``[Space | (name, capacity, read_bps, write_bps), ...]``, fastest first, checked: at
    least two; names and capacities as ``banks=`` takes them (``parse_banks``), positive
    bandwidths."""
    spaces = sequence("spaces", spaces, "Space or (name, capacity, read_bps, write_bps)")
    parsed = []
    for k, entry in enumerate(spaces):
        if not isinstance(entry, Space):
            try:
                entry = Space(*entry)
            except TypeError:
                raise ValueError(f"spaces[{k}] must be a Space or (name, capacity, read_bps, "
                                 f"write_bps), got {shown(entry)}") from None
        for what in ("read_bps", "write_bps"):
            number(f"spaces[{k}].{what}", getattr(entry, what), 0, math.inf,
                   "a bandwidth in bytes per second", open_low=True)
        parsed.append(entry)
    if len(parsed) < 2:
        raise ValueError("spaces must name at least two memories, fastest first")
    parse_banks([(s.name, s.capacity) for s in parsed], "spaces")
    return parsed


def space_problem(roots: list[Root], graph_module, spaces: list[Space],
                  alignment: int) -> SpaceProblem:
    """One value per free root, its uses read from the graph's nodes."""
    index = {id(spec): k for k, root in enumerate(roots) for spec, _ in root.members}
    planned = {id(spec) for root in roots for spec, _ in root.members}
    traffic: list[dict[int, list[int]]] = [{} for _ in roots]
    nodes = list(graph_module.graph.nodes)
    for step, node in enumerate(nodes):
        for role, _, spec in accesses(node):
            k = index.get(id(spec))
            if k is None:
                k = index.get(id(root_of(spec, planned)[0]))
            if k is None:
                continue
            moved = traffic[k].setdefault(step, [0, 0])
            moved[0 if role == "read" else 1] = int(spec.allocated_memory)
    values = []
    for root, moved in zip(roots, traffic):
        for bound in (root.lower, root.upper - 1):  # the lifetime ExecuTorch gave it
            moved.setdefault(bound, [0, 0])
        uses = tuple(Use(s, r, w) for s, (r, w) in sorted(moved.items()))
        values.append(Value(root.size, uses, alignment, root.pinned is None,
                            str(getattr(root.spec, "shape", ""))))
    steps = max(len(nodes), max((r.upper for r in roots), default=0))
    return SpaceProblem(with_unbounded_default(spaces), values, [0] * steps, 1.0)


def choose_spaces(roots: list[Root], graph_module, spaces: list[Space], alignment: int,
                  effort: int, time_limit: float | None):
    """(space index per root, (the problem, the planner's SpacePlan))."""
    from memir.planning.spaces import assign_spaces

    problem = space_problem(roots, graph_module, spaces, alignment)
    plan = assign_spaces(problem, "auto", effort, time_limit, copies=False)
    return [spans[0].space for spans in plan.assignment.spans], (problem, plan)
