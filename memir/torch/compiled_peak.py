"""The peak of the training step Inductor compiled, measured by running it once as a user does.

Why measure, not model: Inductor fuses the kernels of memir's two graphs, orders them
itself, reuses buffers and adds work of its own (on CPU it copies every convolution weight to
channels-last in the forward and keeps the copies for the backward), and the autograd engine
copies each gradient whose strides are not its weight's into the weight's layout. No model
memir has sees all that, and a measurement of the two compiled graphs alone missed up to 10%
of ConvNeXt-T's step. So the step itself runs: the compiled function on twins of its inputs
(copies: the user's weights, gradients, batch-norm statistics and random stream are left as
they were), then the backward from its outputs, twice (the first run compiles the backward
and warms the kernels), the second under memir.torch.measure's peak.
"""

from __future__ import annotations

import torch
from torch._subclasses.fake_tensor import FakeTensor, unset_fake_temporarily

from memir.torch.device import present
from memir.torch.hints import hinted, real_zeros
from memir.torch.measure import peak_bytes


class Unmeasured(Exception):
    """The step cannot be run here; the message says why."""


def step_peak(compiled, example_inputs) -> int:
    """Bytes the compiled step (forward and backward) allocates at its highest."""
    device = _device(example_inputs)
    if not present(device):
        raise Unmeasured(f"this process has no {device} to run Inductor's code on")
    with unset_fake_temporarily(), torch.random.fork_rng(_cuda_indices(device)):
        inputs = [_twin(value) for value in example_inputs]
        leaves = [v for v in inputs if isinstance(v, torch.Tensor) and v.requires_grad]

        def run():
            outputs = _call(compiled, inputs)
            grown = [o for o in outputs if isinstance(o, torch.Tensor) and o.requires_grad]
            if grown:
                torch.autograd.backward(grown, [torch.ones_like(o) for o in grown])

        try:
            run()
            for leaf in leaves:
                leaf.grad = None  # as ``zero_grad(set_to_none=True)`` before a step
            return peak_bytes(run, str(device))
        except Exception as error:  # noqa: BLE001 - a step that cannot run here: said why
            first = (str(error).strip().splitlines() or [""])[0][:200]
            raise Unmeasured(f"running it failed ({type(error).__name__}: {first})") from error


def _call(compiled, inputs) -> list:
    outputs = compiled(*inputs)  # as dynamo calls what its backend returns
    return list(outputs) if isinstance(outputs, (list, tuple)) else [outputs]


def _device(example_inputs) -> torch.device:
    devices = [v.device for v in example_inputs if isinstance(v, torch.Tensor)]
    return next((d for d in devices if d.type != "cpu"), torch.device("cpu"))


def _cuda_indices(device: torch.device) -> list[int]:
    return [device.index or 0] if device.type == "cuda" else []


def _twin(value):
    """A copy with the same strides, dtype, device and ``requires_grad`` (a fake tensor's
    as zeros, sizes at their hints); a size as its hint."""
    if not isinstance(value, torch.Tensor):
        return hinted(value)
    copy = real_zeros(value) if isinstance(value, FakeTensor) else value.detach().clone()
    return copy.requires_grad_(value.requires_grad)
