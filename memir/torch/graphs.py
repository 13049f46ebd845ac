"""Write memir's plan back as AOTAutograd's forward and backward graphs.

Why through PyTorch's own extraction: the forward/backward contract (forward outputs, then
saved tensors; backward inputs: saved tensors, then tangents; static inputs; version-counter
checks) is ``torch._functorch.partitioners._extract_fwd_bwd_modules``'s, and the
partitioners PyTorch ships all end there. memir decides its two arguments' meaning: the
saved values are those the backward part of memir's order reads before making them itself,
and what the backward recomputes is memir's set of recomputed forward ops.

Each run of the backward that makes a value it has already is a node of its own, later
readers reading it, as ``rematerialize`` rewrites its IR (memir.torch.apart). Then each
graph's nodes are put in memir's order (``ordered``), a node the forward runs twice copied
once more, each ``getitem`` right after its node, views and unrecorded nodes right before
their first reader, and nodes left without a reader dropped.
"""

from __future__ import annotations

import torch
from torch import fx
from torch._functorch.partitioners import _extract_fwd_bwd_modules, is_sym_node

from memir.torch.apart import a_view_op, after_inputs, runs_apart, taken_apart
from memir.torch.joint import JointProgram, is_tangent


def instances(program: JointProgram, runs) -> tuple[list[fx.Node], list[fx.Node]]:
    """The FX nodes memir runs before the tangents exist and after, each run once per
    stage: one FX node recorded as several graph nodes counts once (its recomputations
    once each)."""
    parts: tuple[list[fx.Node], list[fx.Node]] = ([], [])
    part, previous, listed = 0, None, set()
    for run in runs:
        node = program.source[run.node]
        if run.node == program.boundary:
            part, previous, listed = 1, None, set()
            continue
        if node is not None and node not in program.views and (
                (node, True) != previous if run.recomputed else node not in listed):
            parts[part].append(node)
            listed.add(node)
        previous = (node, run.recomputed)
    return parts


def saved_values(backward: list[fx.Node], tangents: set[fx.Node],
                 views: set[fx.Node]) -> list[fx.Node]:
    """What the backward reads before making it: memir's kept values, in first-read order.
    A view of values the backward has is made there; a 4-D view of others is made there
    too, its bases saved instead (the same storage, which memir's IR counts already), for
    Inductor lays a saved 4-D tensor out channels-last where a convolution is upstream,
    which for a view (of a matmul's result, as ConvNeXt's saved GELU inputs) is a
    transposing copy in the forward; other views are saved as they are read."""
    made: set[fx.Node] = set(tangents)
    saved: dict[fx.Node, None] = {}

    def available(value: fx.Node) -> bool:
        if value in made or is_sym_node(value):  # sizes: saved apart (forward_sizes)
            return True
        parent = taken_apart(value)
        if parent is not None and parent not in views:
            return parent in made
        if _is_view(value, views) and all(available(a) for a in value.all_input_nodes):
            made.add(value)
            return True
        return False

    def need(value: fx.Node) -> None:
        if available(value):
            return
        if _is_view(value, views) and _rank(value) == 4:
            for base in value.all_input_nodes:
                need(base)
            made.add(value)
        else:
            saved[value] = None

    for node in backward:
        for value in node.all_input_nodes:
            need(value)
        made.add(node)
    return list(saved)


def _is_view(value: fx.Node, views: set[fx.Node]) -> bool:
    """A view, or a part (``getitem``) of one."""
    parent = taken_apart(value)
    return value in views or (parent is not None and parent in views)


def _rank(value: fx.Node) -> int | None:
    """The dimensions of the tensor ``value`` traced to (None for other values)."""
    found = value.meta.get("val")
    return found.dim() if isinstance(found, torch.Tensor) else None


def ordered(module: fx.GraphModule, runs: list[fx.Node], views: frozenset[str] = frozenset()
            ) -> None:
    """Put ``module``'s nodes in the order of ``runs`` (FX nodes of the joint graph, matched
    by name), in place; a node run twice is copied (in the forward: the backward's runs come
    as nodes of their own, memir.torch.apart), later readers reading the copy, and the
    views of it (``views``: names) made again from the copy before their next reader. A run
    left with no reader goes: the first run of a returned value that memir makes again
    later (a weight's gradient, moved to the end of the backward), whose buffer memir's IR
    keeps but an FX graph need not, and an op PyTorch's extraction copies into this part
    because it can run here (a random one, unread, would draw again, moving the step's
    random stream off eager's)."""
    graph = module.graph
    by_name = {n.name: n for n in graph.nodes}
    new = fx.Graph(owning_module=module, tracer_cls=graph._tracer_cls)
    new._codegen = graph._codegen
    env: dict[fx.Node, fx.Node] = {}

    def copy(node: fx.Node) -> None:
        """``node`` and its parts (``getitem``s) right after it: the tuple dies with them."""
        env[node] = new.node_copy(node, lambda n: env[n])
        for user in node.users:
            if taken_apart(user) is node:
                env[user] = new.node_copy(user, lambda n: env[n])

    def place(node: fx.Node) -> None:
        """``node`` after whatever it reads that is not placed yet."""
        after_inputs(node, env, copy)

    def views_made_again(node: fx.Node) -> None:
        """Views and parts of ``node`` placed already: placed again from its new run (read
        from the old run, they would keep it alive where the plan has freed it)."""
        stack = [node]
        while stack:
            for user in stack.pop().users:
                if user in env and (user.name in views or taken_apart(user) is not None
                                    or a_view_op(user)):
                    del env[user]
                    stack.append(user)

    for node in graph.find_nodes(op="placeholder"):
        env[node] = new.node_copy(node)
    for run in runs:
        node = by_name.get(run.name)
        if node is None or node.op in ("placeholder", "output"):
            continue
        if node in env:  # run again: the plan's recomputation within this graph
            for value in node.all_input_nodes:
                place(value)  # a view made again
            views_made_again(node)
            copy(node)
        else:
            place(node)
    for node in graph.nodes:
        place(node)
    new.eliminate_dead_code(is_impure_node=_kept_unread)
    module.graph = new
    new.lint()
    module.recompile()


def forward_sizes(joint: fx.GraphModule, forward: list[fx.Node]) -> list[fx.Node]:
    """The symbolic sizes the forward can compute (from inputs, forward values and other
    such sizes), all saved as PyTorch's ``default_partition`` saves them: the forward graph
    computes them, and PyTorch's extraction drops those the backward does not read."""
    known = set(forward) | {p for p in joint.graph.find_nodes(op="placeholder")
                            if not is_tangent(p)}
    found = []
    for node in joint.graph.nodes:
        if is_sym_node(node) and all(a in known for a in node.all_input_nodes):
            known.add(node)
            found.append(node)
    return found


def split(joint: fx.GraphModule, program: JointProgram, runs, *, num_fwd_outputs: int,
          static_lifetime_input_nodes=None) -> tuple[fx.GraphModule, fx.GraphModule]:
    """The forward and backward modules running memir's plan."""
    forward, backward = instances(program, runs)
    tangents = set(filter(is_tangent, joint.graph.find_nodes(op="placeholder")))
    views = {v.name for v in program.views}
    saved = saved_values(backward, tangents, program.views)
    with runs_apart(joint, backward, saved, tangents, program.views,
                    num_fwd_outputs) as (backward, twins):
        saved = saved_values(backward, tangents, program.views | twins)
        fw_module, bw_module = _extract_fwd_bwd_modules(  # autograd keeps sizes apart
            joint, saved, saved_sym_nodes=forward_sizes(joint, forward),
            num_fwd_outputs=num_fwd_outputs,
            static_lifetime_input_nodes=static_lifetime_input_nodes)
        views |= {v.name for v in twins}
    ordered(fw_module, forward, frozenset(views))
    ordered(bw_module, backward, frozenset(views))
    return fw_module, bw_module


def _kept_unread(node: fx.Node) -> bool:
    """What dead-code elimination keeps: FX's impure nodes, less the functional random ops
    (FX keeps those: their draws move the random stream)."""
    schema = getattr(node.target, "_schema", None)
    if torch.Tag.nondeterministic_seeded in getattr(node.target, "tags", ()) \
            and schema is not None and not schema.is_mutable:
        return False
    return node.is_impure()
