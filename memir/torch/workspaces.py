"""Measure the scratch memory each kernel of a joint graph allocates beyond its results.

Why measure: the reader sees a kernel's declared results only (on fake tensors), but real
kernels allocate more while they run: CPU's ``convolution_backward`` its im2col columns,
``native_dropout_backward`` a float copy of its mask. Those bytes are live at the kernel, so
a plan that ignores them predicts a peak the
step does not keep. Here every node runs once on real tensors of the graph's shapes, inputs
zero (valid indices and labels), under the profiler's memory events; a node's workspace is
the highest its own allocations rose above what it kept at its end. The reader gives each
node that ``workspace`` (graph IR's ``workspace N``: a buffer live during that op only), so
``schedule`` and ``rematerialize`` plan with it. Values are freed after their last use, so
the run holds what the step holds, not every intermediate.
"""

from __future__ import annotations

from dataclasses import dataclass
from types import SimpleNamespace

import torch
from torch import fx
from torch.profiler import ProfilerActivity, profile, record_function

from memir.torch.device import graph_device, present
from memir.torch.hints import hinted, real_zeros
from memir.torch.measure import memory_events

LABEL = "memir_node_"
LAID_OUT_LABEL = "memir_laid_out_node_"  # the run again in Inductor's layout
CONVOLUTIONS = (torch.ops.aten.convolution.default, torch.ops.aten.convolution_backward.default)


def _real(node: fx.Node, device: torch.device):
    """A zero tensor like the input's value at its hinted sizes (a size: its hint)."""
    return real_zeros(node.meta["val"], device)


@dataclass(frozen=True)
class Scratch:
    """Scratch bytes per node: with its operands as the FX graph lays them out (``plain``),
    and the larger of that and their channels-last layout (``laid_out``; the same where
    the node ran once)."""

    plain: dict[fx.Node, int]
    laid_out: dict[fx.Node, int]


def measure_workspaces(joint: fx.GraphModule, order: list[fx.Node],
                       channels_last: bool = False,
                       copies: frozenset[fx.Node] = frozenset()) -> Scratch:
    """Scratch bytes per computing node of ``order`` (nodes with none left out); empty when
    a kernel refuses the zero inputs, or the graph's device is not in this process (a GPU
    graph planned on a CPU-only machine): then the plan counts the results' allocations
    only, rounded as the device's allocator rounds them (``torch_trace.allocated_bytes``).
    No per-kernel figure is documented for cuDNN's and cuBLAS's scratch, and cuBLAS's
    workspace is allocated once per handle and kept, before any measured step.
    ``channels_last``: convolutions and their backwards also run on channels-last copies of
    the 4-D operands the step computes or Inductor copies (``copies``: ``layout_copies``;
    other inputs of the step keep their layout): ``Scratch.laid_out`` is the larger. Where
    Inductor lays a graph out so (``inductor_layout``), a result computed in the same
    compiled graph reaches them in that layout, a saved one in the FX graph's, and which is
    saved is the plan's choice (a depthwise backward's scratch differs many times over
    between the two: docs/torch-compile.md)."""
    from torch.utils._python_dispatch import _disable_current_modes

    device = graph_device(joint)
    if not present(device):
        return Scratch({}, {})
    try:
        with _disable_current_modes():  # the compiler's fake mode: these tensors are real
            return _measured(joint, order, device, channels_last, copies)
    except Exception:  # noqa: BLE001 - a kernel that checks its values: nothing measured
        return Scratch({}, {})


def _measured(joint: fx.GraphModule, order: list[fx.Node], device: torch.device,
              channels_last: bool, copies: frozenset[fx.Node]) -> Scratch:
    placeholders = joint.graph.find_nodes(op="placeholder")
    last_use = {}
    for k, node in enumerate(order):
        for value in node.all_input_nodes:
            last_use[value] = k
    env = {p: _real(p, device) for p in placeholders}
    activities = [ProfilerActivity.CPU] + ([ProfilerActivity.CUDA]
                                           if device.type == "cuda" else [])
    with torch.no_grad(), profile(activities=activities, profile_memory=True) as prof:
        for k, node in enumerate(order):
            args, kwargs = fx.node.map_arg((node.args, node.kwargs), lambda n: env[n])
            with record_function(f"{LABEL}{k}"):
                env[node] = node.target(*args, **kwargs) if node.op == "call_function" \
                    else None
            if channels_last and node.target in CONVOLUTIONS:
                args = tuple(_channels_last(value) if _computed(source, copies) else value
                             for source, value in zip(node.args, args, strict=True))
                with record_function(f"{LAID_OUT_LABEL}{k}"):  # again in that layout,
                    again = node.target(*args, **kwargs)  # kept to the range's end, as above
                del args, again
            for value in node.all_input_nodes:
                if last_use.get(value) == k and value.op != "placeholder":
                    env.pop(value, None)
    plain = _per_node(prof, order, device, LABEL)
    again = _per_node(prof, order, device, LAID_OUT_LABEL)
    return Scratch(plain, {node: max(plain.get(node, 0), again.get(node, 0))
                           for node in plain.keys() | again.keys()})


def inductor_layout(joint: fx.GraphModule) -> bool:
    """Whether Inductor lays this graph's convolutions out channels-last (its own rule: on
    CPU with oneDNN, any graph with a convolution; on a GPU, by its heuristics)."""
    from torch._inductor.graph import GraphLowering

    try:
        return bool(GraphLowering.decide_layout_opt(joint, is_inference=False))
    except Exception:  # noqa: BLE001 - a graph the rule cannot read: the graph's own layout
        return False


def layout_copies(joint: fx.GraphModule, forward: set[fx.Node]) -> list[fx.Node]:
    """The step's inputs that Inductor copies channels-last and keeps, where it lays a graph
    out so: the 4-D dense inputs not in that layout (a 1x1 weight and a depthwise one
    already are) that a convolution reads, directly or through their readers (its own
    rule, ``find_nodes_prefer_channels_last``), and that the backward reads, so the forward
    saves them: one kernel at its start copies them all, and the forward saves the copies
    in their place. An input only the forward reads is copied at each convolution that
    reads it and freed there; that is not modelled (no model measured has one)."""
    from torch._inductor.graph import GraphLowering

    try:
        preferring = GraphLowering.find_nodes_prefer_channels_last(SimpleNamespace(module=joint))
    except Exception:  # noqa: BLE001 - a graph the rule cannot read: no copies
        return []
    return [p for p in joint.graph.find_nodes(op="placeholder")
            if p in preferring and "tangents" not in str(p.target)  # as joint.is_tangent
            and any(user not in forward for user in p.users) and _copied(p.meta.get("val"))]


def _copied(value) -> bool:
    """A 4-D dense tensor whose strides are not channels-last (size-1 dimensions aside)."""
    if not isinstance(value, torch.Tensor) or value.dim() != 4:
        return False
    shape, stride = hinted(value)
    meta = torch.empty_strided(shape, stride, dtype=value.dtype, device="meta")
    return _dense(shape, stride) and not meta.is_contiguous(memory_format=torch.channels_last)


def _dense(shape, stride) -> bool:
    """Non-overlapping and dense: some order of the dimensions is contiguous."""
    expected = 1
    for size, step in sorted(zip(shape, stride, strict=True), key=lambda d: d[1]):
        if size != 1 and step != expected:
            return False
        expected *= size
    return True


def _computed(source, copies: set[fx.Node]) -> bool:
    return isinstance(source, fx.Node) and (source.op != "placeholder" or source in copies)


def _channels_last(value):
    if isinstance(value, torch.Tensor) and value.dim() == 4:
        return value.contiguous(memory_format=torch.channels_last)
    return value


def _per_node(prof, order: list[fx.Node], device: torch.device,
              label: str) -> dict[fx.Node, int]:
    """The scratch of each run labelled ``label`` (the highest its allocations rose above
    what it kept at its end)."""
    events = prof.profiler.kineto_results.events()
    ranges = sorted((e.start_ns(), e.end_ns(), int(e.name()[len(label):])) for e in events
                    if e.name().startswith(label))
    memory = memory_events(prof, device)
    found: dict[fx.Node, int] = {}
    m = 0
    for start, end, k in ranges:
        while m < len(memory) and memory[m][0] < start:
            m += 1
        live = top = 0
        while m < len(memory) and memory[m][0] <= end:
            live += memory[m][1]
            top = max(top, live)
            m += 1
        if top - max(live, 0) > found.get(order[k], 0):
            found[order[k]] = top - max(live, 0)
    return found

