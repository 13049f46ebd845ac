"""The peak of the training step Inductor compiled, measured on the device it will run on.

Why measure, not model: Inductor fuses the kernels of memir's two graphs, orders them
itself, reuses buffers, and adds work of its own that neither graph names (on CPU it copies
every convolution weight to channels-last in the forward and keeps the copies for the
backward). No model memir has sees that, so what Inductor compiled runs once: the forward
on zero tensors of the shapes and strides it was compiled for, then the backward on the
tensors that forward saved (matched by name: the backward's inputs are named as the
forward's outputs) and zero tangents made after the forward, as PyTorch makes them, each
under memir.torch.measure's peak. The step's peak is the forward's, or what the forward
left live plus the backward's rise, whichever is larger.

The random state is restored afterwards, so the run draws nothing from the user's stream;
the zero inputs cost the graphs' inputs (the weights) once more while it runs.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import torch
from torch import fx
from torch._subclasses.fake_tensor import unset_fake_temporarily

from memir.torch.device import present
from memir.torch.hints import hinted
from memir.torch.measure import live_bytes


@dataclass
class CompiledPeak:
    """An ``inner_compile`` for Inductor's ``compile_fx`` that measures what it compiled.

    ``step`` is the measured peak once the forward and the backward are both compiled;
    ``missing`` says why it is not (no such device in this process, a backward compiled
    lazily at its first call)."""

    inner: object = None  # Inductor's compile_fx_inner, by default
    step: int | None = None
    missing: str | None = "the backward was not compiled with the forward"
    _forward: dict[str, torch.Tensor] = field(default_factory=dict, repr=False)
    _forward_peak: int = 0
    _forward_live: int = 0

    def __call__(self, gm: fx.GraphModule, example_inputs, **kwargs):
        from torch._inductor.compile_fx import compile_fx_inner

        backward = bool(kwargs.get("is_backward"))
        names = _placeholders(gm) if backward else _outputs(gm)
        compiled = (self.inner or compile_fx_inner)(gm, example_inputs, **kwargs)
        device = _device(example_inputs)
        if not present(device):
            self.missing = f"this process has no {device} to run Inductor's code on"
            return compiled
        with unset_fake_temporarily(), torch.random.fork_rng(_cuda_indices(device)):
            if backward:
                self._measure_backward(compiled, names, example_inputs, str(device))
            else:
                self._measure_forward(compiled, names, example_inputs, str(device))
        return compiled

    def _measure_forward(self, compiled, names, example_inputs, device: str) -> None:
        inputs = [_zeros_like(value) for value in example_inputs]
        held = []
        self._forward_peak, self._forward_live = live_bytes(
            lambda: held.extend(compiled(inputs)), device)
        self._forward = {name: value for name, value in zip(names, held) if name}

    def _measure_backward(self, compiled, names, example_inputs, device: str) -> None:
        if not self._forward:
            return
        saved = [self._forward.pop(name, None) for name in names]

        def backward():
            # the tangents are the step's allocations too: made after the forward, held by
            # the autograd engine until the backward returns
            tangents = [_zeros_like(example) if value is None else None
                        for value, example in zip(saved, example_inputs)]
            inputs = [value if value is not None else tangent
                      for value, tangent in zip(saved, tangents)]
            saved.clear()  # the inputs' list alone holds the saved: the backward frees them
            compiled(inputs)

        rise, _ = live_bytes(backward, device)
        self.step = max(self._forward_peak, self._forward_live + rise)
        self.missing = None
        self._forward = {}


def _outputs(gm: fx.GraphModule) -> list[str | None]:
    """The forward's outputs by name (None where an output is not a node)."""
    values = gm.graph.output_node().args[0]
    return [v.name if isinstance(v, fx.Node) else None for v in values]


def _placeholders(gm: fx.GraphModule) -> list[str]:
    return [node.name for node in gm.graph.find_nodes(op="placeholder")]


def _device(example_inputs) -> torch.device:
    devices = [v.device for v in example_inputs if isinstance(v, torch.Tensor)]
    return next((d for d in devices if d.type != "cpu"), torch.device("cpu"))


def _cuda_indices(device: torch.device) -> list[int]:
    return [device.index or 0] if device.type == "cuda" else []


def _zeros_like(value):
    """A real zero tensor with a fake tensor's shape, strides, dtype and device (sizes at
    their hints); a size as its hint."""
    if isinstance(value, torch.Tensor):
        shape, stride = hinted(value)
        extent = 1 + sum((n - 1) * step for n, step in zip(shape, stride)) \
            if all(shape) else 0
        storage = torch.zeros(extent, dtype=value.dtype, device=value.device)
        return storage.as_strided(shape, stride)
    return hinted(value)
