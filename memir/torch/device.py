"""The device a joint graph runs on, and whether this process has it.

Why: the reader fakes each input on the device its ``val`` names, the scratch of each kernel
is measured on that device when this process can reach it (a CPU-only PyTorch can still
make fake CUDA tensors and plan a GPU graph), and ``device_profile="auto"`` prices
recomputation on that device's roofline.
"""

from __future__ import annotations

import torch
from torch import fx


def graph_device(joint: fx.GraphModule) -> torch.device:
    """The device of the joint graph's first tensor input (CPU for a graph without one)."""
    for node in joint.graph.find_nodes(op="placeholder"):
        value = node.meta.get("val")
        if isinstance(value, torch.Tensor):
            return value.device
    return torch.device("cpu")


def present(device: torch.device) -> bool:
    """Whether this process can allocate real tensors on ``device``."""
    if device.type == "cpu":
        return True
    if device.type == "cuda":
        index = device.index or 0
        return torch.cuda.is_available() and index < torch.cuda.device_count()
    return False
