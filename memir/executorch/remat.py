"""Recompute nodes of an ExecuTorch program so that its arena fits ``capacity=`` bytes.

Why: past the order bound (``reorder``) only changing the program lowers the arena. The
planner is memir's one remat planner (``memir.planning.remat.plan_program``) on plain data
read as ``order`` reads it: one step per compute node, storages by spec root, the inputs
as a first step and the outputs (and mutable buffers) as a last one, so that its lifetimes
are ExecuTorch's. ``getitem`` and views are not steps: each sits right after what it
names, where it changes no peak. ``outcome_runs`` then gives the runs; each
recomputation is a copy of its node with fresh ``alloc`` nodes and specs, later readers
read the newest copy (as ``memir.torch.graphs.ordered``), and the graph is put in run
order. Never recomputed: random kernels, in-place writers, kernels that read their out
(zero-filled), producers of outputs, and nodes that share storage.
"""

from __future__ import annotations

import copy
import time
from dataclasses import dataclass

import torch
from executorch.exir import memory
from torch.fx.node import map_arg

from memir.executorch.fx_nodes import (FIXED_NODES, NAMING_ONLY, accesses, is_alloc,
                                       kernel_name, nodes_in, specs_of, storage_root)
from memir.executorch.out_probe import out_names
from memir.planning.budget import NO_DEADLINE
from memir.planning.remat import (DEVICES, Access, Buffer, RematProgram, Step, outcome_runs,
                                  plan_program)

DEVICE = "cpu"  # ExecuTorch runs on CPUs and NPUs: the roofline recomputations are priced on
STRATEGY = "greedy"  # greedy and min-cut starts: seconds, where CP-SAT's models take minutes


@dataclass
class RematReport:
    capacity: int
    nodes: int  # compute nodes read
    peak_before: int  # ExecuTorch's lifetimes, nothing recomputed (bytes)
    peak_after: int
    recomputed: int  # copies added
    removed: int  # originals nothing reads any more (moved, not copied)
    strategy: str
    seconds: float = 0.0


class UnreachableCapacity(ValueError):
    """``capacity`` is below every plan memir makes for this program; ``smallest``: the
    lowest peak (or arena) reached, in bytes."""

    def __init__(self, message: str, smallest: int) -> None:
        super().__init__(message)
        self.smallest = smallest


@dataclass
class _Read:
    program: RematProgram
    computes: list[torch.fx.Node]  # step k + 1 runs computes[k]


def _edge_roots(nodes, signature) -> tuple[set[int], set[int], set[int]]:
    """The storage roots (by id) of the graph inputs, the outputs and the mutable buffers."""
    inputs = {id(storage_root(s)) for n in nodes if n.op == "placeholder" for s in specs_of(n)}
    outputs = {id(storage_root(s)) for n in nodes if n.op == "output"
               for a in nodes_in(n.args) for s in specs_of(a)}
    mutated = set()
    if signature is not None:
        names = set(signature.buffers_to_mutate.values())
        mutated = {id(storage_root(s)) for n in nodes if n.op == "placeholder"
                   and signature.inputs_to_buffers.get(n.target) in names for s in specs_of(n)}
    return inputs, outputs, mutated


def read_program(graph_module, alignment: int = 16, signature=None, alloc_inputs: bool = True,
                 alloc_outputs: bool = True) -> _Read:
    """The program as ``plan_program`` reads it (module doc)."""
    from executorch.exir.tensor import calculate_aligned_num_bytes

    nodes = list(graph_module.graph.nodes)
    inputs, outputs, mutated = _edge_roots(nodes, signature)
    unplanned = (set() if alloc_inputs else inputs) | (set() if alloc_outputs else outputs)
    gradient_weights = {id(storage_root(s)) for n in nodes if n.meta.get("weight_has_gradient")
                        for s in specs_of(n)}
    index: dict[int, int] = {}
    others: dict[int, int] = {}
    sizes: list[int] = []

    def access(spec, role: str) -> Access:
        root = storage_root(spec)
        key = id(root)
        if key in unplanned or (root.const and key not in gradient_weights):
            return Access(role, None, others.setdefault(key, len(others)))
        if key not in index:
            index[key] = len(sizes)
            sizes.append(calculate_aligned_num_bytes(root.nbytes(), alignment))
        return Access(role, index[key], None)

    computes = [n for n in nodes if n.op not in FIXED_NODES and not is_alloc(n)
                and n.target not in NAMING_ONLY]
    steps = [Step("memir.inputs", tuple(access(s, "write") for n in nodes
                                        if n.op == "placeholder" for s in specs_of(n)),
                  None, None, False, 0)]
    written: set[int] = set()
    for node in computes:
        touched = [(role, spec) for role, _, spec in accesses(node)]
        ok = _recomputable(node, touched, written, outputs | mutated | unplanned)
        written |= {id(storage_root(s)) for r, s in touched if r == "write"}
        steps.append(Step(kernel_name(node.target), tuple(access(s, r) for r, s in touched),
                          _flops(node) if ok else None, _traffic(touched) if ok else None,
                          False, len(sizes)))
    last = [s for n in nodes if n.op == "output" for a in nodes_in(n.args) for s in specs_of(a)]
    last += [s for n in nodes if n.op == "placeholder" for s in specs_of(n)
             if id(storage_root(s)) in mutated]  # never freed, as ExecuTorch plans them
    steps.append(Step("memir.outputs", tuple(access(s, "read") for s in last), None, None,
                      False, len(sizes)))
    edge = {index[k] for k in inputs | outputs | mutated if k in index}  # used outside steps
    buffers = tuple(Buffer(size, alignment, escapes=(-1,) if b in edge else ())
                    for b, size in enumerate(sizes))
    return _Read(RematProgram(buffers, tuple(steps), len(others)), computes)


def _recomputable(node, touched, written: set[int], kept: set[int]) -> bool:
    """A node a plan may run again: an out-variant kernel whose every ``out`` is an
    ``alloc`` of its own, writing only fresh storage of its own that no output, mutable
    buffer or unplanned value lives in. (Random kernels get a cost too: steps are not
    ``seeded``, so the planner's ``remat_problem`` makes them impure, never recomputed.)"""
    target = node.target
    names = out_names(target)
    if not isinstance(target, torch._ops.OpOverload) or not names or "val" not in node.meta:
        return False
    if "_share_alloc_with_arg_idx" in node.meta:
        return False
    for name in names:
        out = node.kwargs.get(name)
        if not (isinstance(out, torch.fx.Node) and is_alloc(out) and len(out.users) == 1):
            return False
    own = specs_of(node)
    if not own or any(type(s).__name__ != "TensorSpec" or s.storage_base is not None
                      for s in own):
        return False
    mine = {id(s) for s in own}
    roots = [id(storage_root(s)) for r, s in touched if r == "write"]
    return (all(id(s) in mine for r, s in touched if r == "write")
            and not any(k in written or k in kept for k in roots))


def _traffic(touched) -> int:
    """Bytes the node reads and writes (each storage once)."""
    seen = {id(storage_root(s)): storage_root(s).nbytes() for _, s in touched}
    return sum(seen.values())


def _flops(node) -> int | None:
    """FLOPs by PyTorch's flop counter's formula for the op, None without one."""
    from torch.utils.flop_counter import flop_registry

    formula = flop_registry.get(getattr(node.target, "overloadpacket", None))
    if formula is None:
        return None
    value = lambda n: n.meta.get("val")  # noqa: E731
    outs = set(out_names(node.target))
    kwargs = {k: map_arg(v, value) for k, v in node.kwargs.items() if k not in outs}
    try:
        return int(formula(*map_arg(node.args, value), out_val=node.meta["val"], **kwargs))
    except Exception:  # a formula that does not take the out variant's arguments
        return None


def rematerialize(graph_module, capacity: int, alignment: int = 16, signature=None,
                  alloc_inputs: bool = True, alloc_outputs: bool = True,
                  reorder: bool = False, deadline=NO_DEADLINE) -> RematReport:
    """Plan recomputations for ``capacity`` bytes of arena and write them into the graph;
    the graph is left as it was when it already fits. ``reorder``: the runs may be ordered
    again (after ``order.reorder``)."""
    started = time.perf_counter()
    read = read_program(graph_module, alignment, signature, alloc_inputs, alloc_outputs)
    outcome = plan_program(read.program, capacity, DEVICES[DEVICE], STRATEGY, deadline,
                           reorder, layout=True)
    before = outcome.before.peak
    if outcome.unreached is not None:
        found = outcome.unreached
        where = ("once laid out: the smallest arena" if found.arena else
                 "by recomputation: the smallest peak")
        raise UnreachableCapacity(
            f"capacity {capacity} bytes cannot be reached {where} memir's plans reach for "
            f"this graph is {found.smallest} bytes (without recomputation {before})",
            found.smallest)
    if outcome.forwards or outcome.reuses:
        raise RuntimeError("memir: the plan rewrites the program in a way the ExecuTorch "
                           "graph cannot follow (forwarded clones or in-place reuse)")
    planned = outcome.planned
    runs = outcome_runs(outcome)
    recomputed = removed = 0
    if planned is not None and runs != [(s, False) for s in range(len(read.program.steps))]:
        recomputed, removed = _rewrite(graph_module, read.computes, runs)
    return RematReport(capacity, len(read.computes), before,
                       before if planned is None else planned.peak, recomputed, removed,
                       "none" if planned is None else planned.strategy,
                       time.perf_counter() - started)


def _source(node):
    """The compute or fixed node whose value ``node`` names (through getitems and views);
    None for an ``alloc``."""
    while node.op == "call_function" and node.target in NAMING_ONLY:
        node = node.args[0]
    return None if is_alloc(node) else node


def _check_runs(computes, runs, output) -> None:
    """Every run reads only what runs before it; the inputs first, the outputs last."""
    last = len(computes) + 1
    if runs[0] != (0, False) or runs[-1] != (last, False):
        raise RuntimeError("memir: the plan's runs do not keep the inputs first and the "
                           "outputs last")
    done = {n for n in output.graph.nodes if n.op in FIXED_NODES}
    for step, _ in runs[1:-1]:
        node = computes[step - 1]
        if any(_source(a) not in done for a in node.all_input_nodes if _source(a)):
            raise RuntimeError(f"memir: the plan runs {node.name} before what it reads")
        done.add(node)
    if any(_source(a) not in done for a in output.all_input_nodes if _source(a)):
        raise RuntimeError("memir: the plan drops a node an output reads")


def _fresh(spec):
    """A spec of the same tensor with its own storage (nothing planned yet)."""
    if isinstance(spec, (list, tuple)):
        return type(spec)(_fresh(s) for s in spec)
    new = copy.copy(spec)
    new.init_mem_planning_fields()
    new.shape = list(spec.shape)
    return new


def _naming_spec(node, parent):
    """The spec of ``node`` (a getitem or view) once it names ``parent``'s value."""
    from executorch.exir.passes.replace_view_copy_with_view_pass import _ViewSpec

    if node.target is memory.view:
        return _ViewSpec(parent.meta["spec"], list(node.meta["val"].shape))
    return parent.meta["spec"][node.args[1]]


class _Writer:
    """The graph being rewritten: ``latest`` maps an original node to its newest copy."""

    def __init__(self, graph) -> None:
        self.graph = graph
        self.latest: dict = {}
        self.origin: dict = {}  # copy -> the original node it copies
        self.copies: list = []  # getitems and views made for copies, parents first

    def now(self, node):
        original = self.origin.get(node, node)
        return self.latest.get(original, original)

    def recompute(self, node):
        """A copy of ``node`` with fresh allocs and specs, reading the newest values."""
        graph, outs = self.graph, set(out_names(node.target))
        kwargs = {}
        for name, value in node.kwargs.items():
            if name in outs:
                value = graph.call_function(memory.alloc, value.args)
                value.meta.update({k: v for k, v in node.kwargs[name].meta.items()
                                   if k != "spec"})
            kwargs[name] = map_arg(value, self.now) if name not in outs else value
        new = graph.call_function(node.target, map_arg(node.args, self.now), kwargs)
        new.meta.update(copy.copy(node.meta))
        new.meta["spec"] = _fresh(node.meta["spec"])
        node = self.origin.get(node, node)
        self.latest[node], self.origin[new] = new, node
        self._name_parts(node, new)
        return new

    def _name_parts(self, original, new) -> None:
        """Copies of the getitems and views of ``original`` on ``new`` (unread ones go)."""
        for user in list(original.users):
            if user.op == "call_function" and user.target in NAMING_ONLY \
                    and user.args[0] is original:
                part = self.graph.call_function(user.target, (new, *user.args[1:]),
                                                dict(user.kwargs))
                part.meta.update(copy.copy(user.meta))
                part.meta["spec"] = _naming_spec(user, new)
                self.latest[user], self.origin[part] = part, user
                self.copies.append(part)
                self._name_parts(user, part)

    def read_newest(self, node) -> None:
        node.args = map_arg(node.args, self.now)
        node.kwargs = map_arg(node.kwargs, self.now)


def _rewrite(graph_module, computes, runs) -> tuple[int, int]:
    """Write ``runs`` into the graph (module doc); returns (copies, originals removed)."""
    graph = graph_module.graph
    output = next(n for n in graph.nodes if n.op == "output")
    _check_runs(computes, runs, output)
    writer = _Writer(graph)
    sequence = []
    with graph.inserting_before(output):
        for step, again in runs[1:-1]:
            node = computes[step - 1]
            if again:
                sequence.append(writer.recompute(node))
            else:
                writer.read_newest(node)
                sequence.append(node)
    ran = set(sequence)
    removed = [n for n in computes if n not in ran]
    for node in reversed(removed):
        _erase_with_parts(graph, node)
    for node in sequence:
        output.prepend(node)
    for part in reversed(writer.copies):  # a view of an unread getitem goes first
        if not part.users:
            graph.erase_node(part)
    _place_loose(graph, ran)
    graph.lint()
    graph_module.recompile()
    return sum(again for _, again in runs), len(removed)


def _erase_with_parts(graph, node) -> None:
    """Erase an original nothing reads, with its getitems, views and allocs."""
    for user in list(node.users):
        if user.target not in NAMING_ONLY:
            raise RuntimeError(f"memir: {user.name} still reads {node.name}, which the plan "
                               "removes")
        _erase_with_parts(graph, user)
    allocs = [a for a in node.all_input_nodes if is_alloc(a) and len(a.users) == 1]
    graph.erase_node(node)
    for alloc in allocs:
        graph.erase_node(alloc)


def _place_loose(graph, ran: set) -> None:
    """Getitems and views of a compute node right after it (ExecuTorch stretches every
    output of a node to its last getitem); allocs, and what names inputs or allocs, right
    before their first reader, the last placed first."""
    loose = [n for n in graph.nodes if n.op not in FIXED_NODES and n not in ran]
    named = {n: None for n in loose if not is_alloc(n) and _source(n) in ran}
    for node in named:
        node.args[0].append(node)
    for node in reversed([n for n in loose if n not in named]):
        if node.users:
            rank = {n: k for k, n in enumerate(graph.nodes)}
            min(node.users, key=rank.__getitem__).prepend(node)
