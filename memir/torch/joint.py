"""Read AOTAutograd's joint forward-backward graph through memir's PyTorch reader.

Why not a second reader: the importer's recorder (memir.io.torch_trace) already turns the
ATen kernels a program runs on fake tensors into memir's plain Graph. The joint graph is
such a program: we run its nodes on fresh fake tensors under that recorder and remember
which FX node each recorded node came from. Nothing is computed and nothing is allocated.

The one thing the joint graph does not say is when the backward may start: its tangents
are placeholders, free from the first step. So the reader writes them as the outputs of a
``memir.tangents`` node that reads every forward output, and a last ``memir.outputs`` node
reads everything the step returns (a returned value has no reader, and would die early).
An op that reads an input the runtime writes after the forward (``mutated_inputs``) gets
no cost: ``rematerialize`` never recomputes it.
"""

from __future__ import annotations

import operator
from bisect import insort
from dataclasses import dataclass, field

import torch
from torch import fx
from torch._subclasses.fake_tensor import FakeTensorMode
from torch.utils._pytree import tree_leaves

from memir.analysis.graph import Graph
from memir.io.torch_trace import KernelRecorder
from memir.torch.hints import hint, hinted
from memir.torch.workspaces import layout_copies, measure_workspaces

TANGENTS_KERNEL = "memir.tangents"
OUTPUTS_KERNEL = "memir.outputs"
LAYOUT_COPIES_KERNEL = "inductor.channels_last_copies"


class UnplannableGraph(Exception):
    """A joint graph memir does not plan (the caller falls back to PyTorch's partition)."""


@dataclass
class JointProgram:
    """The joint graph as memir's Graph, and where each recorded node came from."""

    graph: Graph
    mutated: list[list[int]]
    outputs: list[int]  # graph tensors the step returns: forward outputs, then gradients
    source: list[fx.Node | None]  # per graph node: its FX node (None: the tangents node)
    boundary: int  # the graph node that makes the tangents
    views: set[fx.Node]  # FX nodes that only alias their inputs (view, t, detach...)
    # Per backward graph node whose scratch depends on the layout: its scratch on operands
    # laid out as the FX graph has them. Inductor's backward gives them that layout unless
    # it runs a convolution (a plan that recomputes one); its ``workspace`` is the larger
    # scratch of the two layouts (memir.torch.workspaces).
    plain_scratch: dict[int, int] = field(default_factory=dict)


def _fake_input(fake: FakeTensorMode, node: fx.Node):
    """An input at its hinted sizes (memir.torch.hints): a symbolic size is an int, a
    tensor a fake one on the device its ``val`` names (factory ops' ``device=`` name it too)."""
    value = node.meta.get("val")
    if isinstance(value, torch.SymInt):
        return hint(value)
    if not isinstance(value, torch.Tensor):
        raise UnplannableGraph(f"input {node.name} is not a tensor or a size "
                               f"({type(value).__name__})")
    shape, stride = hinted(value)
    with fake:
        return torch.empty_strided(shape, stride, dtype=value.dtype, device=value.device)


def is_tangent(node: fx.Node) -> bool:
    """A joint graph's tangent input (AOTAutograd names them ``tangents_N``)."""
    return node.op == "placeholder" and "tangents" in str(node.target)


def mutated_inputs(joint: fx.GraphModule) -> set[fx.Node]:
    """The inputs the runtime writes after the forward (a batch norm's running statistics:
    AOTAutograd returns their new values and copies them back). The backward must not read
    them: PyTorch's version check fails, and the values are not the forward's any more."""
    (output,) = joint.graph.find_nodes(op="output")
    primals = [p for p in joint.graph.find_nodes(op="placeholder") if not is_tangent(p)]
    found = set()
    for desc in output.meta.get("desc") or ():
        index = getattr(getattr(desc, "mutated_input", None), "idx", None)
        if type(desc).__name__ == "InputMutationAOTOutput" and index is not None \
                and index < len(primals):
            found.add(primals[index])
    return found


# The forward's nodes (PyTorch's classify_nodes: what the forward outputs need) run before
# the tangents node, everything else after it, each part in the joint graph's order;
# schedule may move any node that does not depend on the tangents across it. Each node's
# scratch memory, measured on the machine (memir.torch.workspaces), is its workspace.
def joint_order(joint: fx.GraphModule, forward: set[fx.Node]) -> tuple[list, list]:
    """The computing nodes: the forward's in the joint graph's order, and the rest."""
    nodes = [n for n in joint.graph.nodes if n.op not in ("placeholder", "output")]
    return [n for n in nodes if n in forward], [n for n in nodes if n not in forward]


def read_joint(joint: fx.GraphModule, forward: set[fx.Node], num_fwd_outputs: int,
               channels_last: bool = False) -> JointProgram:
    """Run the joint graph on fake tensors under memir's recorder; ``channels_last``:
    Inductor lays the graph out so (memir.torch.workspaces): the convolutions' scratch is
    measured in that layout, and its copies of the step's inputs are one node, first."""
    fake = FakeTensorMode(allow_non_fake_inputs=True)
    recorder = KernelRecorder()
    env: dict[fx.Node, object] = {}
    placeholders = joint.graph.find_nodes(op="placeholder")
    tangents = [p for p in placeholders if is_tangent(p)]
    for node in placeholders:  # made before recording: making them is no kernel of the step
        env[node] = _fake_input(fake, node)
        if node not in tangents and isinstance(env[node], torch.Tensor):
            recorder.add_argument(env[node], node.name)
    (output,) = joint.graph.find_nodes(op="output")
    returned = list(output.args[0])
    mutated = mutated_inputs(joint)
    forward_nodes, rest = joint_order(joint, forward)
    copies = layout_copies(joint, forward) if channels_last else []
    scratch = measure_workspaces(joint, forward_nodes + rest, channels_last, frozenset(copies))
    plain_backward = set() if _convolving(rest) else set(rest)
    plain_scratch: dict[int, int] = {}
    source: list[fx.Node | None] = []

    def record(node: fx.Node) -> None:
        env[node] = _run(node, env, joint, fake)
        first = len(source)
        source.extend([node] * (len(recorder.graph.nodes) - first))
        if first < len(source):
            laid_out, plain = scratch.laid_out.get(node, 0), scratch.plain.get(node, 0)
            recorder.graph.nodes[first].workspace = laid_out
            if node in plain_backward and plain != laid_out:
                plain_scratch[first] = plain
        if mutated & set(node.all_input_nodes):  # runs in the forward, once
            for recorded in recorder.graph.nodes[first:]:
                recorded.flops = recorded.bytes_moved = None

    with fake, recorder:
        if copies:  # Inductor's: every later kernel, forward or backward, reads them instead
            recorder.add_copies([env[p] for p in copies], "inductor_copies", LAYOUT_COPIES_KERNEL)
            source.append(None)
        for node in forward_nodes:
            record(node)
        boundary = _tangents_node(recorder, env, tangents, returned[:num_fwd_outputs])
        source.append(None)
        for node in rest:
            record(node)
    _factories_after(recorder.graph, boundary)
    outputs = list(dict.fromkeys(
        recorder.index(v) for v in tree_leaves([env.get(r) for r in returned
                                                if isinstance(r, fx.Node)])
        if isinstance(v, torch.Tensor)))
    recorder.graph.add_node("outputs", OUTPUTS_KERNEL, outputs, [])
    recorder.mutated.append([])
    source.append(None)
    return JointProgram(recorder.graph, recorder.mutated, outputs, source, boundary,
                        _views(recorder, source), plain_scratch)


def _convolving(nodes: list[fx.Node]) -> bool:
    """Whether these nodes (the joint graph's backward) run a convolution of their own:
    Inductor then lays out the backward channels-last whatever the plan."""
    return any(node.target is torch.ops.aten.convolution.default for node in nodes)


def _views(recorder: KernelRecorder, source: list[fx.Node | None]) -> set[fx.Node]:
    """FX nodes whose every recorded node writes nothing and makes only aliases: they cost
    nothing and memir's IR has its readers read their source, so memir's order does not
    place them; the graphs compute them right before their first reader."""
    graph, found, not_views = recorder.graph, set(), set()
    for k, node in enumerate(graph.nodes):
        aliasing = node.outputs and not recorder.mutated[k] and all(
            graph.tensors[t].alias_of is not None for t in node.outputs)
        (found if aliasing else not_views).add(source[k])
    return found - not_views - {None}


def _run(node: fx.Node, env: dict, joint: fx.GraphModule, fake: FakeTensorMode):
    """``node`` on the fake values; a failure is a graph memir does not plan, naming the op."""
    try:
        return _call(node, env, joint, fake)
    except UnplannableGraph:
        raise
    except Exception as error:  # noqa: BLE001 - any op the fake run refuses
        first = (str(error).strip().splitlines() or [""])[0]
        raise UnplannableGraph(f"node {node.name} ({node.target}) cannot run on fake tensors "
                               f"({type(error).__name__}: {first})") from error


def _call(node: fx.Node, env: dict, joint: fx.GraphModule, fake: FakeTensorMode):
    args, kwargs = fx.node.map_arg((node.args, node.kwargs), lambda n: env[n])
    if node.op == "get_attr":
        value = operator.attrgetter(node.target)(joint)
        return fake.from_tensor(value) if isinstance(value, torch.Tensor) else value
    if node.op != "call_function":
        raise UnplannableGraph(f"node {node.name}: {node.op} nodes are not planned")
    return node.target(*args, **kwargs)


def _factories_after(graph: Graph, boundary: int) -> None:
    """Each node after the tangents node that reads nothing (a factory: zeros a gradient
    starts from) reads the smallest tangent, so that ``schedule`` keeps it in the
    backward: run in the forward, it would be saved and held for nothing."""
    made = graph.nodes[boundary].outputs
    if not made:
        return
    tangent = min(made, key=lambda t: graph.tensors[t].size)
    for k in range(boundary + 1, len(graph.nodes)):
        if not graph.nodes[k].inputs:
            graph.nodes[k].inputs.append(tangent)
            insort(graph.tensors[tangent].consumers, k)


def _tangents_node(recorder: KernelRecorder, env: dict, tangents: list[fx.Node],
                   forward_outputs: list) -> int:
    """The node that makes the tangents once every forward output exists."""
    made = [recorder.add_argument(env[node], node.name) for node in tangents]
    reads = [recorder.index(v) for v in tree_leaves([env[r] for r in forward_outputs
                                                     if isinstance(r, fx.Node)])
             if isinstance(v, torch.Tensor)]
    recorder.mutated.append([])
    return recorder.graph.add_node("tangents", TANGENTS_KERNEL, list(dict.fromkeys(reads)), made)
