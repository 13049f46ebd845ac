"""Small programs for the ExecuTorch tests: export, lower with a planning pass, run.

Why small: every test exports real programs and runs them in ExecuTorch's runtime, and the
suite must stay fast; the benchmark (benchmarks/executorch_plans.py) has the real models.
"""

from __future__ import annotations

import importlib.util
import os
import warnings

import pytest

if importlib.util.find_spec("executorch") is None or importlib.util.find_spec("torch") is None:
    if os.environ.get("CI"):  # CI installs the extra: a missing ExecuTorch is a failure there
        raise ImportError("CI must run the ExecuTorch tests: pip install -e '.[executorch]'")
    pytest.skip("needs memir[executorch]", allow_module_level=True)

import torch  # noqa: E402
from torch import nn  # noqa: E402

warnings.filterwarnings("ignore", module="executorch")


class ViewsMLP(nn.Module):
    """Linear layers with views and an add between them (views share storage)."""

    def __init__(self) -> None:
        super().__init__()
        self.a, self.b = nn.Linear(16, 32), nn.Linear(32, 8)

    def forward(self, x):
        y = torch.relu(self.a(x)).view(2, -1) + 1
        return self.b(y.view(4, 32)).sum(0)


class ConvNet(nn.Module):
    """Convolutions, batch norm (inference), pooling, a residual add."""

    def __init__(self) -> None:
        super().__init__()
        self.c1, self.bn = nn.Conv2d(3, 8, 3, padding=1), nn.BatchNorm2d(8)
        self.c2 = nn.Conv2d(8, 8, 3, padding=1)
        self.fc = nn.Linear(8 * 4 * 4, 10)

    def forward(self, x):
        y = torch.relu(self.bn(self.c1(x)))
        y = y + self.c2(y)
        return self.fc(nn.functional.adaptive_avg_pool2d(y, 4).flatten(1))


class PoolNet(nn.Module):
    """A CNN with a max pool: its backward kernel reads its out buffer."""

    def __init__(self) -> None:
        super().__init__()
        self.c1, self.c2 = nn.Conv2d(3, 8, 3, padding=1), nn.Conv2d(8, 8, 3, padding=1)
        self.fc = nn.Linear(8 * 8 * 8, 10)

    def forward(self, x):
        y = nn.functional.max_pool2d(torch.relu(self.c1(x)), 2)
        return self.fc(torch.relu(self.c2(y)).flatten(1))


class Accumulator(nn.Module):
    """A mutable buffer updated in place every call (state across calls)."""

    def __init__(self) -> None:
        super().__init__()
        self.register_buffer("state", torch.zeros(4, 8))
        self.lin = nn.Linear(8, 8)

    def forward(self, x):
        y = self.lin(x)
        self.state.add_(y)
        return torch.relu(self.state) * 2 + y


class Branch(nn.Module):
    """``torch.cond``: each branch is a submodule planned on its own."""

    def forward(self, x):
        return torch.cond(x.sum() > 0, lambda t: (t * 2).relu() + 1, lambda t: t.sin() - 1,
                          (x,))


class WithLoss(nn.Module):
    def __init__(self, net: nn.Module) -> None:
        super().__init__()
        self.net, self.loss = net, nn.CrossEntropyLoss()

    def forward(self, x, y):
        return (self.loss(self.net(x), y),)


def inference(name: str):
    """(module, inputs) of a small inference program."""
    torch.manual_seed(0)
    if name == "views_mlp":
        return ViewsMLP().eval(), (torch.randn(4, 16),)
    if name == "convnet":
        return ConvNet().eval(), (torch.randn(1, 3, 16, 16),)
    if name == "attention":
        return nn.TransformerEncoderLayer(32, 4, dim_feedforward=64, batch_first=True).eval(), \
            (torch.randn(1, 8, 32),)
    if name == "accumulator":
        return Accumulator().eval().requires_grad_(False), (torch.randn(4, 8),)
    if name == "branch":
        return Branch(), (torch.randn(4, 8),)
    raise KeyError(name)


def training(name: str):
    """(module with loss, inputs) of a small training program."""
    torch.manual_seed(0)
    if name == "poolnet":
        return WithLoss(PoolNet()), (torch.randn(2, 3, 16, 16), torch.tensor([1, 3]))
    if name == "mlp":
        net = nn.Sequential(nn.Linear(64, 32), nn.ReLU(), nn.Linear(32, 10))
        return WithLoss(net), (torch.randn(8, 64), torch.randint(0, 10, (8,)))
    raise KeyError(name)


def export(module, inputs, train: bool = False):
    exported = torch.export.export(module, inputs, strict=train)
    if train:
        from torch.export.experimental import _export_forward_backward

        exported = _export_forward_backward(exported)
    return exported


def lower(exported, planning_pass=None):
    """``to_edge(...).to_executorch(...)`` with ``planning_pass`` (None: ExecuTorch's)."""
    from executorch.exir import ExecutorchBackendConfig, to_edge

    config = (ExecutorchBackendConfig() if planning_pass is None
              else ExecutorchBackendConfig(memory_planning_pass=planning_pass))
    return to_edge(exported).to_executorch(config)


def arenas(program) -> list[int]:
    return list(program.executorch_program.execution_plan[0].non_const_buffer_sizes)


def run(program, inputs, calls: int = 1) -> list[torch.Tensor]:
    """The outputs of ``calls`` calls of one loaded method, one after the other."""
    from executorch.runtime import Runtime

    method = Runtime.get().load_program(program.buffer).load_method("forward")
    return [t.clone() for _ in range(calls) for t in method.execute(list(inputs))]


def train_step(program, inputs, calls: int = 1) -> list[dict[str, torch.Tensor]]:
    """Gradients by name after each of ``calls`` forward-backward calls in the runtime."""
    from executorch.extension.training import _load_for_executorch_for_training_from_buffer

    module = _load_for_executorch_for_training_from_buffer(program.buffer)
    grads = []
    for _ in range(calls):
        module.forward_backward("forward", inputs)
        grads.append({k: v.clone() for k, v in module.named_gradients().items()})
    return grads


def eager_grads(module, inputs) -> dict[str, torch.Tensor]:
    module.zero_grad()
    module(*inputs)[0].backward()
    return {n: p.grad.clone() for n, p in module.named_parameters() if p.grad is not None}


def max_grad_error(got: dict[str, torch.Tensor], want: dict[str, torch.Tensor]) -> float:
    assert set(got) == set(want), (sorted(got), sorted(want))
    return max(float((got[k] - want[k]).abs().max()) for k in want)


def same(a: list[torch.Tensor], b: list[torch.Tensor]) -> bool:
    return len(a) == len(b) and all(torch.equal(x, y) for x, y in zip(a, b))
