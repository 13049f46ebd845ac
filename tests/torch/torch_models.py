"""Small models for the importer tests (also imported by the CLI tests as MODULE:FACTORY).

A conv net with batch norm, an in-place ReLU, a flatten view and a side branch (so two
streams have something to run in parallel), and a token model whose first layer is an
embedding tied to its output head.
"""

import torch
from torch import nn


class SmallConvNet(nn.Module):
    def __init__(self) -> None:
        super().__init__()
        self.conv1 = nn.Conv2d(3, 8, 3, padding=1)
        self.bn1 = nn.BatchNorm2d(8)
        self.relu = nn.ReLU(inplace=True)
        self.conv2 = nn.Conv2d(8, 8, 3, padding=1)
        self.side = nn.Conv2d(3, 8, 1)
        self.pool = nn.AdaptiveAvgPool2d(1)
        self.fc = nn.Linear(8, 10)

    def forward(self, x):
        y = self.relu(self.bn1(self.conv1(x)))
        y = self.conv2(y) + self.side(x)
        return self.fc(torch.flatten(self.pool(y), 1))


class TinyLM(nn.Module):
    def __init__(self, vocab: int = 64, width: int = 16) -> None:
        super().__init__()
        self.embed = nn.Embedding(vocab, width)
        self.mix = nn.Linear(width, width)
        self.head = nn.Linear(width, vocab, bias=False)
        self.head.weight = self.embed.weight

    def forward(self, tokens):
        return self.head(torch.tanh(self.mix(self.embed(tokens))))


class NeedsRealValues(SmallConvNet):
    """Reads a value while being built, so it cannot be built on fake tensors."""

    def __init__(self) -> None:
        super().__init__()
        self.scale = float(torch.ones(1).sum().item())


class ManyOutputs(nn.Module):
    """Returns a tuple: every tensor in it outlives the function."""

    def __init__(self) -> None:
        super().__init__()
        self.fc = nn.Linear(16, 16)

    def forward(self, x):
        y = self.fc(x)
        return y.sum(), y * 2, torch.relu(y)


class SmallLSTM(nn.Module):
    """Its backward kernel returns one gradient twice (two outputs, one storage)."""

    def __init__(self) -> None:
        super().__init__()
        self.lstm = nn.LSTM(16, 32, batch_first=True)
        self.fc = nn.Linear(32, 4)

    def forward(self, x):
        out, _ = self.lstm(x)
        return self.fc(out[:, -1])


def many_outputs() -> nn.Module:
    return ManyOutputs()


def small_lstm() -> nn.Module:
    return SmallLSTM()


def small_convnet() -> nn.Module:
    return SmallConvNet()


def tiny_lm() -> nn.Module:
    return TinyLM()


def needs_real_values() -> nn.Module:
    return NeedsRealValues()


def broken() -> nn.Module:
    raise RuntimeError("this factory is broken on purpose")


def not_a_module():
    return 42
