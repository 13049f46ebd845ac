"""Inductor's channels-last copies of a step's inputs in memir's model
(``memir.torch.workspaces.layout_copies``, ``read_joint(channels_last=True)``): where Inductor
lays a graph out channels-last, its forward copies each 4-D input that a convolution reads
and the backward reads too (the image, a 3x3 weight; not a 1x1 weight, already in that
layout) in one kernel at its start, and saves the copies for the backward in place of the
inputs (ResNet-50's were held beyond memir's plan: docs/torch-compile.md)."""

from __future__ import annotations

import copy

import pytest

torch = pytest.importorskip("torch")

from device_graphs import joint_graph  # noqa: E402
from tc_models import example  # noqa: E402
from torch.fx.experimental.proxy_tensor import make_fx  # noqa: E402

import memir.torch as mt  # noqa: E402
from memir.torch.joint import LAYOUT_COPIES_KERNEL  # noqa: E402
from memir.torch.workspaces import layout_copies  # noqa: E402

aten = torch.ops.aten


def _convolve(x, weight, padding: int):
    return aten.convolution.default(x, weight, None, [1, 1], [padding] * 2, [1, 1], False,
                                    [0, 0], 1)


def a_step(image, wide, pointwise, other, scaled, permuted, tangents):
    """A forward of convolutions, then a backward's convolution that reads some inputs."""
    out = _convolve(_convolve(image, wide, 1), pointwise, 0) + other
    out = out + _convolve(scaled * 2, wide, 1) + _convolve(tangents, wide, 1)
    forward_end = _convolve(out, permuted, 1)
    backward = aten.convolution_backward.default(
        forward_end, image, wide, [0], [1, 1], [1, 1], [1, 1], False, [0, 0], 1,
        [False, True, False])
    return backward[1] + permuted.sum() + tangents.sum()


def test_the_inputs_inductor_copies_and_keeps_for_the_backward():
    """The image and the 3x3 weights, one of them dense but not contiguous; not the 1x1
    weight (channels-last already), an input no convolution reads, one that reaches a
    convolution only through a pointwise op, or a tangent."""
    image, four = (2, 4, 8, 8), (4, 4, 3, 3)
    inputs = [torch.zeros(image), torch.zeros(four), torch.zeros(4, 4, 1, 1),
              torch.zeros(image), torch.zeros(image),
              torch.zeros(4, 4, 3, 3).transpose(2, 3), torch.zeros(image)]
    graph = make_fx(a_step, tracing_mode="fake")(*inputs)
    backward = {n for n in graph.graph.nodes
                if n.target is aten.convolution_backward.default}
    backward |= {u for n in backward for u in n.users}
    backward |= {u for n in backward for u in n.users}
    readers = {u for p in graph.graph.find_nodes(op="placeholder") for u in p.users
               if u.target is aten.sum.default}
    forward = set(graph.graph.nodes) - backward - readers
    image, wide, _, _, _, permuted, _ = graph.graph.find_nodes(op="placeholder")
    assert layout_copies(graph, forward) == [image, wide, permuted]


@pytest.fixture(scope="module")
def cnn_joint():
    model, (x, y) = example("cnn")
    return joint_graph(model, (x, y), "inductor")


@pytest.mark.skipif(not torch.backends.mkldnn.is_available(),
                    reason="Inductor lays CPU graphs out channels-last with oneDNN only")
def test_the_copies_are_one_node_first_read_in_place_of_the_inputs(cnn_joint):
    joint, kwargs = cnn_joint
    partitioner = mt.Partitioner(budget=0.0, fused=True)  # recomputing all it can
    partitioner(copy.deepcopy(joint), None, **kwargs)
    program, plan = partitioner.last_plan
    assert any(run.recomputed for run in plan.runs)
    graph = program.graph
    (copies,) = [k for k, n in enumerate(graph.nodes) if n.kernel == LAYOUT_COPIES_KERNEL]
    assert copies == 0 and graph.nodes[0].flops is None
    assert len(graph.nodes[0].inputs) == 6  # the image and the five 3x3 weights
    for argument, copy_ in zip(graph.nodes[0].inputs, graph.nodes[0].outputs, strict=True):
        assert graph.tensors[argument].consumers == [0]
        assert graph.tensors[copy_].size == graph.tensors[argument].size
        readers = graph.tensors[copy_].consumers
        assert min(readers) < program.boundary < max(readers)  # held for the backward
    assert [run.node for run in plan.runs].count(0) == 1  # never recomputed


def test_without_inductors_layout_there_are_no_copies(cnn_joint):
    joint, kwargs = cnn_joint
    partitioner = mt.Partitioner()
    partitioner(copy.deepcopy(joint), None, **kwargs)
    program, _ = partitioner.last_plan
    assert all(n.kernel != LAYOUT_COPIES_KERNEL for n in program.graph.nodes)
