"""A backward node that reads nothing (a factory: the zeros a gradient starts from) stays in
the backward (``memir.torch.joint._factories_after``): it reads the smallest tangent, so
``schedule`` cannot run it in the forward, where the forward would make and save it for the
backward (ViT-B/16's forward did, docs/torch-compile.md)."""

from __future__ import annotations

import copy

import pytest

torch = pytest.importorskip("torch")

from device_graphs import joint_graph  # noqa: E402
from tc_models import example  # noqa: E402

import memir.torch as mt  # noqa: E402


def test_a_backward_factory_reads_the_smallest_tangent_and_runs_in_the_backward():
    model, inputs = example("block")
    joint, kwargs = joint_graph(model, inputs, "inductor")
    partitioner = mt.Partitioner(budget=1.0, fused=True)
    forward, _ = partitioner(copy.deepcopy(joint), None, **kwargs)
    program, plan = partitioner.last_plan
    graph, boundary = program.graph, program.boundary
    tangents = graph.nodes[boundary].outputs
    smallest = min(tangents, key=lambda t: graph.tensors[t].size)
    factories = [k for k in range(boundary + 1, len(graph.nodes))
                 if program.source[k] is not None and not program.source[k].all_input_nodes]
    assert factories  # the premise: Inductor's decompositions make zeros in the backward
    for k in factories:
        assert graph.nodes[k].inputs == [smallest]
        assert k in graph.tensors[smallest].consumers
    position = {run.node: i for i, run in reversed(list(enumerate(plan.runs)))}
    assert all(position[k] > position[boundary] for k in factories)
    (output,) = forward.graph.find_nodes(op="output")
    assert not [v for v in output.args[0] if isinstance(v, torch.fx.Node)
                and v.op == "call_function" and not v.all_input_nodes]  # none saved
