"""A joint graph given to the partitioner again (Inductor traces it afresh for each compile
that keeps a capacity) is read and scheduled once; the same code with other inputs is read
anew."""

from __future__ import annotations

import copy
import importlib

import pytest

torch = pytest.importorskip("torch")

from device_graphs import joint_graph  # noqa: E402
from tc_models import example  # noqa: E402

import memir.torch as mt  # noqa: E402
from memir.torch.joint import read_joint  # noqa: E402


@pytest.fixture
def reads(monkeypatch):
    found = []
    partition = importlib.import_module("memir.torch.partition")  # not the instance
    monkeypatch.setattr(partition, "read_joint",
                        lambda *a, **k: found.append(a) or read_joint(*a, **k))
    return found


def _cnn_joint(batch: int):
    model, (x, y) = example("cnn")
    return joint_graph(model, (x[:batch], y[:batch]), "eager")


def _partitioned(partitioner, joint, kwargs):
    forward, backward = partitioner(copy.deepcopy(joint), None, **kwargs)
    return forward.code, backward.code


def test_the_same_graph_again_is_read_once_and_partitioned_alike(reads):
    joint, kwargs = _cnn_joint(4)
    partitioner = mt.Partitioner(budget=0.5)
    first = _partitioned(partitioner, joint, kwargs)
    again = _partitioned(partitioner, joint, kwargs)
    assert len(reads) == 1
    assert again == first
    assert partitioner.reports[0].peak == partitioner.reports[1].peak
    assert _partitioned(mt.Partitioner(budget=0.5), joint, kwargs) == first  # from scratch


def test_the_same_code_with_other_input_strides_is_read_anew(reads):
    """The code does not say an input's strides: a channels-last image is another graph."""
    joint, kwargs = _cnn_joint(4)
    other = copy.deepcopy(joint)
    (image,) = [p for p in other.graph.find_nodes(op="placeholder")
                if tuple(p.meta["val"].shape) == (4, 3, 32, 32)]
    value = image.meta["val"]
    with value.fake_mode:
        image.meta["val"] = value.contiguous(memory_format=torch.channels_last)
    assert other.code == joint.code
    partitioner = mt.Partitioner(budget=0.5)
    for graph in (joint, other):
        _partitioned(partitioner, graph, kwargs)
    assert len(reads) == 2
