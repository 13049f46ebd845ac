"""Recomputation and saving priced as Inductor runs them (memir.torch.fusion): an op
Inductor fuses costs the results it must write, so at a capacity memir recomputes batch
norm's pointwise chains rather than the convolutions before them, and at budget 1 it
recomputes what Inductor would write only for the backward, as PyTorch's own partitioner
does."""

from __future__ import annotations

import copy

import pytest

torch = pytest.importorskip("torch")

from device_graphs import joint_graph  # noqa: E402
from tc_models import compiled_and_eager, example, step  # noqa: E402

import memir.torch as mt  # noqa: E402
from memir.torch.fusion import price_fused  # noqa: E402
from memir.torch.joint import read_joint  # noqa: E402
from memir.torch.plan import budget_capacity  # noqa: E402

CONVOLUTION = torch.ops.aten.convolution.default


@pytest.fixture(scope="module")
def cnn_joint():
    """The CNN's joint graph as Inductor hands it to its partitioner."""
    torch._dynamo.reset()
    model, inputs = example("cnn")
    return joint_graph(model, inputs, "inductor")


def _program(joint, kwargs):
    from torch._functorch.partitioners import classify_nodes

    joint = copy.deepcopy(joint)
    info = classify_nodes(joint, kwargs.get("static_lifetime_input_indices") or [],
                          kwargs["num_fwd_outputs"])
    forward = {n for n in joint.graph.nodes if info.is_required_fw(n)}
    return read_joint(joint, forward, kwargs["num_fwd_outputs"])


def test_fused_ops_move_the_bytes_an_unfused_kernel_reads(cnn_joint):
    """Convolutions keep their roofline, and so do batch norm's statistics (a reduction runs
    in a loop of its own); a ReLU's result, which the next convolution reads, is written;
    batch norm's pointwise chain before it and the last ReLU (a mean reads it) are fused
    away, their results held only where the backward reads them (``held``)."""
    program = _program(*cnn_joint)
    before = [node.bytes_moved for node in program.graph.nodes]
    held = price_fused(program)
    kinds: dict[str, list] = {}
    for node, source, moved in zip(program.graph.nodes, program.source, before):
        if source is not None and source.op == "call_function":
            written = sum(program.graph.tensors[t].size for t in node.outputs)
            kinds.setdefault(str(source.target), []).append((moved, node.bytes_moved, written))
    for index, node in enumerate(program.graph.nodes):
        if index in held:
            made = [program.graph.tensors[t] for t in node.outputs]
            assert held[index] + node.bytes_moved == sum(t.size for t in made
                                                         if t.alias_of is None)
    assert sum(held.values()) > 0
    assert all(after == moved > written
               for moved, after, written in kinds["aten.convolution.default"])
    relus = kinds["aten.relu.default"]
    assert [after for _, after, _ in relus] == [written for *_, written in relus[:-1]] + [0]
    assert all(moved == after > 0 for moved, after, _ in kinds["aten.var_mean.correction"])
    assert any(moved > after == 0 for moved, after, _ in kinds["aten.sub.Tensor"])
    # a running statistic's update runs once and has no cost: it stays so
    assert any(moved is None and after is None for moved, after, _ in kinds["aten.mul.Tensor"])


def _partition(joint, kwargs, capacity: int, fused: bool):
    partitioner = mt.Partitioner(capacity=capacity, fused=fused)
    _, backward = partitioner(copy.deepcopy(joint), None, **kwargs)
    recomputed = sum(n.target is CONVOLUTION for n in backward.graph.nodes)
    return partitioner.reports[-1], recomputed


def test_at_a_capacity_memir_recomputes_pointwise_chains_over_convolutions(cnn_joint):
    joint, kwargs = cnn_joint
    kept = mt.Partitioner()
    kept(copy.deepcopy(joint), None, **kwargs)
    capacity = kept.reports[-1].peak * 3 // 4  # memir's lowest plan is near half of it
    roofline, roofline_convolutions = _partition(joint, kwargs, capacity, fused=False)
    fused, fused_convolutions = _partition(joint, kwargs, capacity, fused=True)
    assert roofline_convolutions > 1  # the premise: priced by the roofline
    assert fused_convolutions < roofline_convolutions and fused.recomputed > roofline.recomputed
    assert fused.peak <= capacity and fused.fallback is None


def test_the_inductor_backend_prices_fusion_and_the_eager_one_does_not():
    assert mt.backend(compiler="inductor").partitioner.fused
    assert not mt.backend(compiler="eager").partitioner.fused


def test_at_budget_1_memir_recomputes_what_inductor_would_write_only_for_the_backward():
    """ReLU6's backward reads its input, batch norm's result, which Inductor fuses away
    unless it is saved. memir's order saves it, so Inductor writes it in the forward; with
    saving priced (``held``), memir's plan at budget 1 recomputes it in the backward from
    the convolution's result, saved anyway: fewer bytes saved, a lower peak, no
    convolution recomputed. Through Inductor, the step gives eager's gradients."""
    torch._dynamo.reset()
    model, inputs = example("cnn_relu6")
    joint, kwargs = joint_graph(model, inputs, "inductor")
    kept, fused = mt.Partitioner(), mt.Partitioner(fused=True)
    kept(copy.deepcopy(joint), None, **kwargs)
    _, backward = fused(copy.deepcopy(joint), None, **kwargs)
    order, plan = kept.reports[-1], fused.reports[-1]
    assert order.recomputed == 0 and plan.recomputed > 0 and plan.fallback is None
    assert plan.saved_bytes < order.saved_bytes and plan.peak < order.peak
    assert not any(n.target is CONVOLUTION for n in backward.graph.nodes)

    torch._dynamo.reset()
    backend = mt.backend(budget=1.0, compiler="inductor")
    compiled, _, eager, inputs = compiled_and_eager("cnn_relu6", backend)
    loss, grads = step(compiled, inputs)
    eager_loss, eager_grads = step(eager, inputs)
    assert backend.partitioner.reports[-1].recomputed == plan.recomputed
    torch.testing.assert_close(loss, eager_loss)
    for got, want in zip(grads, eager_grads):
        torch.testing.assert_close(got, want, rtol=1e-4, atol=1e-5)


def test_a_budget_goes_from_the_budget_1_plan_where_results_are_held():
    """With saving priced, budget 1 is the plan that spares the backward's writes, below
    memir's order: a budget's capacity goes linearly from its peak, not the order's."""
    torch._dynamo.reset()
    model, inputs = example("cnn_relu6")
    joint, kwargs = joint_graph(model, inputs, "inductor")
    partitioner = mt.Partitioner(budget=0.5, fused=True)
    partitioner(copy.deepcopy(joint), None, **kwargs)
    planner = partitioner._last[2]
    top = planner.plan(planner.kept.peak).peak
    assert top < planner.kept.peak  # the premise
    report = partitioner.reports[-1]
    assert report.capacity == budget_capacity(0.5, top, planner.smallest_peak())
    assert report.fallback is None and report.peak <= report.capacity


def test_a_forward_op_is_priced_for_the_backward_kernels_its_recomputation_serves():
    """ResNet's stem: the max pool reads the first ReLU's result in the forward; the
    backward reads it only through ReLU's backward, a pointwise op Inductor fuses a
    recomputed ReLU into. So that ReLU's recomputation writes nothing (before, it was priced
    as the forward writes it), and its result is not held either (the pool's kernel reads
    it). The other ReLUs' results, which convolutions read in both parts, are written."""
    torch._dynamo.reset()
    model, inputs = example("cnn_pool")
    program = _program(*joint_graph(model, inputs, "inductor"))
    before = {i: n.bytes_moved for i, n in enumerate(program.graph.nodes)}
    held = price_fused(program)
    relus = [i for i, s in enumerate(program.source)
             if s is not None and str(s.target) == "aten.relu.default"]
    stem, *inner, last = relus
    assert before[stem] > 0 and program.graph.nodes[stem].bytes_moved == 0
    assert held[stem] == 0
    written = [program.graph.tensors[program.graph.nodes[i].outputs[0]].size for i in inner]
    assert [program.graph.nodes[i].bytes_moved for i in inner] == written
    assert program.graph.nodes[last].bytes_moved == 0 and held[last] > 0  # a mean reads it
