"""Convolutions' scratch measured in the layout Inductor runs them in
(``memir.torch.workspaces``): on CPU Inductor lays out every graph with a convolution
channels-last, where a 5x5 depthwise convolution's backward takes many times the scratch it
takes on contiguous tensors (EfficientNet-B0's backward peaked there, docs/torch-compile.md);
the step's own inputs keep their layout."""

from __future__ import annotations

import pytest

torch = pytest.importorskip("torch")

from torch.fx.experimental.proxy_tensor import make_fx  # noqa: E402

from memir.torch.workspaces import inductor_layout, measure_workspaces  # noqa: E402

aten = torch.ops.aten
CHANNELS, SIDE, KERNEL = 672, 14, 5


def depthwise_backward_of_an_input(grad, x, weight):
    """Its input is one of the step's (as a stem's image is): it keeps its layout."""
    return aten.convolution_backward.default(
        grad.relu(), x, weight, [0], [1, 1], [KERNEL // 2] * 2, [1, 1], False, [0, 0],
        CHANNELS, [True, True, False])


def depthwise_backward(grad, x, weight):
    return aten.convolution_backward.default(
        grad, x.relu(), weight, [0], [1, 1], [KERNEL // 2] * 2, [1, 1], False, [0, 0], CHANNELS,
        [True, True, False])


def traced(function, *shapes):
    return make_fx(function, tracing_mode="fake")(*(torch.zeros(s) for s in shapes))


def scratch(graph, channels_last: bool) -> int:
    return sum(measured(graph, channels_last).laid_out.values())


def measured(graph, channels_last: bool):
    order = [n for n in graph.graph.nodes if n.op == "call_function"]
    return measure_workspaces(graph, order, channels_last)


def test_a_depthwise_backward_is_measured_in_inductors_layout():
    image = (1, CHANNELS, SIDE, SIDE)
    graph = traced(depthwise_backward, image, image, (CHANNELS, 1, KERNEL, KERNEL))
    contiguous, channels_last = scratch(graph, False), scratch(graph, True)
    assert channels_last > 4 * contiguous > 0


def test_the_fx_graphs_layout_is_measured_beside_inductors():
    """Inductor's backward gives a convolution's backward the FX graph's layout unless it
    computes a convolution (``memir.torch.joint.JointProgram.plain_scratch``)."""
    image = (1, CHANNELS, SIDE, SIDE)
    graph = traced(depthwise_backward, image, image, (CHANNELS, 1, KERNEL, KERNEL))
    both = measured(graph, True)
    (backward,) = graph.graph.find_nodes(op="call_function",
                                         target=aten.convolution_backward.default)
    assert both.plain[backward] == measured(graph, False).plain[backward]
    assert both.laid_out[backward] > 4 * both.plain[backward] > 0


def test_an_input_of_the_step_keeps_its_layout():
    shapes = [(1, CHANNELS, SIDE, SIDE)] * 2 + [(CHANNELS, 1, KERNEL, KERNEL)]
    of_an_input = scratch(traced(depthwise_backward_of_an_input, *shapes), True)
    assert 4 * of_an_input < scratch(traced(depthwise_backward, *shapes), True)


def test_inductor_lays_out_a_cpu_graph_with_a_convolution_channels_last():
    convolution = traced(lambda x, w: aten.convolution.default(
        x, w, None, [1, 1], [0, 0], [1, 1], False, [0, 0], 1), (1, 3, 8, 8), (4, 3, 3, 3))
    assert inductor_layout(convolution) == torch.backends.mkldnn.is_available()
    assert not inductor_layout(traced(lambda x: x.relu(), (4, 4)))
