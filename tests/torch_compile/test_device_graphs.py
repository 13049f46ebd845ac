"""GPU training steps planned on a CPU-only machine: the joint graph, traced on CPU by the
eager and the Inductor paths and moved to ``cuda:0`` (device_graphs.py), is read on its own
device, planned, and partitioned into two graphs that run on that device, with no
fallback; its buffers are held as the CUDA caching allocator holds them."""

from __future__ import annotations

import copy
import warnings

import pytest

torch = pytest.importorskip("torch")

from device_graphs import CUDA, joint_graph, on_device
from tc_models import example
from torch._functorch.partitioners import classify_nodes
from torch._subclasses.fake_tensor import FakeTensorMode

import memir.torch as mt
from memir.io.torch_trace import CUDA_BLOCK_BYTES
from memir.torch.joint import read_joint

MODELS = ("mlp", "cnn", "block")


def fake_run(module: torch.fx.GraphModule, fake: FakeTensorMode, inputs=None) -> list:
    """``module`` run on fake tensors like its placeholders' values (or ``inputs``)."""
    if inputs is None:
        with fake:
            inputs = [torch.empty_strided(v.shape, v.stride(), dtype=v.dtype, device=v.device)
                      for v in (n.meta["val"] for n in module.graph.find_nodes(op="placeholder"))]
    with fake:
        return list(torch.fx.Interpreter(module).run(*inputs))


@pytest.mark.parametrize("compiler", ["eager", "inductor"])
@pytest.mark.parametrize("name", MODELS)
def test_a_gpu_step_is_planned_and_runs_on_its_device(name, compiler):
    joint, kwargs = joint_graph(*example(name), compiler)
    joint = on_device(joint)
    partitioner = mt.Partitioner(budget=0.5)
    with warnings.catch_warnings():
        warnings.simplefilter("error", mt.PlanWarning)  # a fallback fails the test
        fw, bw = partitioner(joint, None, **kwargs)
    (report,) = partitioner.reports
    assert report.fallback is None and report.peak <= report.capacity
    for module in (fw, bw):  # factory ops keep the graph's device
        for node in module.graph.nodes:
            assert node.kwargs.get("device", CUDA) == CUDA, node.format_node()
    fake = FakeTensorMode(allow_non_fake_inputs=True)
    forward = fake_run(fw, fake)
    assert all(v.device == CUDA for v in forward if isinstance(v, torch.Tensor))
    saved = forward[kwargs["num_fwd_outputs"]:]
    tangents = [n.meta["val"] for n in bw.graph.find_nodes(op="placeholder")][len(saved):]
    with fake:
        tangents = [torch.zeros_like(t) for t in tangents]
    gradients = fake_run(bw, fake, saved + tangents)
    (output,) = joint.graph.find_nodes(op="output")
    wanted = [n.meta["val"] for n in output.args[0][kwargs["num_fwd_outputs"]:] if n is not None]
    got = [g for g in gradients if g is not None]
    assert [(g.shape, g.device) for g in got] == [(w.shape, w.device) for w in wanted]


def test_a_gpu_graph_holds_what_the_caching_allocator_holds():
    """Every buffer of a CUDA graph is a multiple of the allocator's 512-byte block; the same
    graph on CPU holds the exact bytes, some of them below a block."""
    cpu, kwargs = joint_graph(*example("block"), "eager")
    cuda = on_device(copy.deepcopy(cpu))
    cpu_roots, cuda_roots = (
        [t.size for t in _read(joint, kwargs).graph.tensors if t.alias_of is None]
        for joint in (cpu, cuda))
    assert all(size % CUDA_BLOCK_BYTES == 0 for size in cuda_roots)
    assert any(0 < size < CUDA_BLOCK_BYTES for size in cpu_roots)
    assert cuda_roots == [-(-s // CUDA_BLOCK_BYTES) * CUDA_BLOCK_BYTES for s in cpu_roots]


def _read(joint, kwargs):
    info = classify_nodes(joint, [], kwargs["num_fwd_outputs"])
    forward = {n for n in joint.graph.nodes if info.is_required_fw(n)}
    return read_joint(joint, forward, kwargs["num_fwd_outputs"])


@pytest.mark.parametrize("device, profile", [("cpu", "cpu"), ("cuda:0", "default")])
def test_auto_prices_recomputation_on_the_graph_s_device(device, profile):
    """``auto`` reads the graph's device: CPU's profile, and for a GPU this process cannot
    name (a CPU-only machine) the default profile, with one warning for that device."""
    joint, kwargs = joint_graph(*example("mlp"), "eager")
    if device != "cpu":
        joint = on_device(joint, torch.device(device))
    partitioner = mt.Partitioner(budget=0.5)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        partitioner(copy.deepcopy(joint), None, **kwargs)
        partitioner(joint, None, **kwargs)
    assert [r.profile for r in partitioner.reports] == [profile, profile]
    named = [w for w in caught if issubclass(w.category, mt.ProfileWarning)]
    assert len(named) == (profile == "default")
    if named:
        assert "no device profile for cuda:0" in str(named[0].message)
