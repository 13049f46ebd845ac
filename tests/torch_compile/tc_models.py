"""Small training steps for the torch.compile tests: an MLP, a CNN with training-mode batch
norm (where PyTorch's min-cut partitioner fails in backward with eager compilers; also with
ReLU6, as MobileNet has it, or with a max pool after its first ReLU, as ResNet's stem has
it), and a transformer block with dropout."""

from __future__ import annotations

import copy

import torch
from torch import nn


class MLP(nn.Module):
    def __init__(self):
        super().__init__()
        self.net = nn.Sequential(nn.Linear(64, 256), nn.GELU(), nn.Linear(256, 256), nn.GELU(),
                                 nn.Linear(256, 10))

    def forward(self, x, y):
        return nn.functional.cross_entropy(self.net(x), y)


class CNN(nn.Module):
    def __init__(self, width: int = 16, depth: int = 4, activation=nn.ReLU, pool=False):
        super().__init__()
        layers = [nn.Conv2d(3, width, 3, padding=1), nn.BatchNorm2d(width), activation()]
        layers += [nn.MaxPool2d(3, 2, 1)] if pool else []  # ResNet's stem
        for _ in range(depth):
            layers += [nn.Conv2d(width, width, 3, padding=1), nn.BatchNorm2d(width),
                       activation()]
        self.features = nn.Sequential(*layers)
        self.head = nn.Linear(width, 10)

    def forward(self, x, y):
        return nn.functional.cross_entropy(self.head(self.features(x).mean((2, 3))), y)


class Block(nn.Module):
    def __init__(self, dim: int = 64, heads: int = 4):
        super().__init__()
        self.layer = nn.TransformerEncoderLayer(dim, heads, 4 * dim, dropout=0.1,
                                                batch_first=True)
        self.head = nn.Linear(dim, 10)

    def forward(self, x, y):
        return nn.functional.cross_entropy(self.head(self.layer(x).mean(1)), y)


def example(name: str):
    """(model, inputs) with fixed seeds."""
    torch.manual_seed(0)
    if name == "mlp":
        return MLP(), (torch.randn(512, 64), torch.randint(0, 10, (512,)))
    if name in ("cnn", "cnn_relu6", "cnn_pool"):  # ReLU6's backward reads its input
        model = CNN(activation=nn.ReLU6) if name == "cnn_relu6" else CNN(
            pool=name == "cnn_pool")
        return model, (torch.randn(4, 3, 32, 32), torch.randint(0, 10, (4,)))
    return Block(), (torch.randn(4, 32, 64), torch.randint(0, 10, (4,)))


def step(model, inputs, seed: int = 1):
    """One forward and backward: (loss, gradients)."""
    for p in model.parameters():
        p.grad = None
    torch.manual_seed(seed)
    loss = model(*inputs)
    loss.backward()
    return loss.detach(), [p.grad for p in model.parameters()]


def compiled_and_eager(name: str, backend, dynamic: bool | None = None):
    model, inputs = example(name)
    twin = copy.deepcopy(model)
    return torch.compile(twin, backend=backend, dynamic=dynamic), twin, model, inputs
