"""Joint graphs of GPU training steps, made on a CPU-only machine.

Why this way: a CPU-only PyTorch makes fake CUDA tensors, but autograd on them aborts the
process, so the joint graph is traced on CPU (eager's or Inductor's path into the
partitioner) and its devices rewritten: every node's fake ``val`` and every factory op's
``device=`` kwarg name ``cuda:0``, as the graph AOTAutograd traces on a GPU does.
"""

from __future__ import annotations

import copy

import torch
from torch._dynamo.backends.common import aot_autograd
from torch._dynamo.backends.debugging import boxed_nop
from torch._functorch.partitioners import default_partition
from torch._subclasses.fake_tensor import FakeTensorMode

CUDA = torch.device("cuda:0")


def joint_graph(model, inputs, compiler: str):
    """(joint graph, the partition call's keyword arguments) of ``model``'s training step, as
    ``compiler``'s path hands it to its partitioner: ``eager`` (``aot_eager``) or
    ``inductor`` (its decompositions and joint-graph passes, ``compile_fx.partition_fn``)."""
    captured = []

    def capture(joint, joint_inputs, **kwargs):
        captured.append((copy.deepcopy(joint), kwargs))
        return default_partition(joint, joint_inputs, **kwargs)

    partition, extra = capture, {}
    if compiler == "inductor":
        from torch._inductor.compile_fx import partition_fn
        from torch._guards import detect_fake_mode
        from torch._inductor import config as inductor_config
        from torch._inductor.decomposition import select_decomp_table
        from torch._inductor.virtualized import V

        def partition(joint, joint_inputs, **kwargs):
            # as compile_fx sets it; random ops stay ATen's: Inductor's seed prims compute
            # their fake values with real CUDA calls, which a CPU-only PyTorch cannot make
            with V.set_fake_mode(detect_fake_mode(joint_inputs)), \
                    inductor_config.patch(fallback_random=True):
                return partition_fn(joint, joint_inputs, partitioner_fn_override=capture,
                                    **kwargs)

        extra = {"decompositions": select_decomp_table()}
    backend = aot_autograd(fw_compiler=boxed_nop, bw_compiler=boxed_nop,
                           partition_fn=partition, **extra)
    torch.compile(copy.deepcopy(model), backend=backend)(*inputs).backward()
    joint, kwargs = captured[0]
    kwargs = {k: v for k, v in kwargs.items() if k != "compiler"}
    return joint, kwargs


def on_device(joint: torch.fx.GraphModule, device: torch.device = CUDA) -> torch.fx.GraphModule:
    """``joint`` with every fake value and device argument on ``device``, in place."""
    fake = FakeTensorMode(allow_non_fake_inputs=True)

    def moved(value):
        if isinstance(value, torch.Tensor):
            with fake:
                return torch.empty_strided(value.shape, value.stride(), dtype=value.dtype,
                                           device=device)
        if isinstance(value, (tuple, list)):
            return type(value)(moved(v) for v in value)
        return value

    def device_argument(value):
        return device if isinstance(value, torch.device) else value

    for node in joint.graph.nodes:
        if "val" in node.meta:
            node.meta["val"] = moved(node.meta["val"])
        node.args = torch.fx.node.map_aggregate(node.args, device_argument)
        node.kwargs = torch.fx.node.map_aggregate(node.kwargs, device_argument)
    joint.recompile()
    return joint


def graph_as_is(graph: torch.fx.Graph) -> list:
    """``graph``'s nodes in order, each with its arguments and its users in order: what a
    pass that edits a graph and restores it must leave as it found it."""
    return [(n.format_node(), [u.name for u in n.users]) for n in graph.nodes]
