"""Writes the torch-mlir part of the upstream corpus: small real-model shapes as MLIR 22 programs.

Why: memir has to plan what users' compilers emit, and for PyTorch users that is torch-mlir's
``linalg-on-tensors`` export. Each model is built in plain torch (torchvision has no CPU wheel
here), with weights from ``torch.manual_seed`` and eval-mode batchnorm, exported by
``torch_mlir.fx.export_and_import``; the exported ``@main`` is renamed ``@forward`` and a driver
``@main`` feeds it a fixed input and prints the output with ``printMemrefF32``. PyTorch eager's
output on the same input is written beside it (``NAME.expected``, one float a line), so a run can
be compared with eager within float tolerance.

The input is integer arithmetic on the element's linear index, ``((37 i + 11) mod 101 - 50) / 50``,
which MLIR and numpy compute bit for bit alike.

    python tests/upstream/export_torch.py            # the committed corpus programs
    python tests/upstream/export_torch.py --resnet50 DIR   # ResNet-50, batch 1, 224x224 (benchmark)
"""

from __future__ import annotations

import argparse
import sys
import warnings
from pathlib import Path

import numpy as np

CORPUS = Path(__file__).resolve().parent / "corpus"


def fixed_input(shape: tuple[int, ...]) -> np.ndarray:
    """The driver's input: ((37 i + 11) mod 101 - 50) / 50 over the linear index i."""
    index = np.arange(int(np.prod(shape)), dtype=np.int64)
    return (((index * 37 + 11) % 101 - 50).astype(np.float32) / np.float32(50)).reshape(shape)


# ----------------------------------------------------------------------------- models
def _models():
    import torch
    from torch import nn

    class BasicBlock(nn.Module):
        """ResNet's basic residual block (two 3x3 convs, batchnorm, identity or 1x1 shortcut)."""

        def __init__(self, cin: int, cout: int, stride: int = 1):
            super().__init__()
            self.conv1 = nn.Conv2d(cin, cout, 3, stride, 1, bias=False)
            self.bn1 = nn.BatchNorm2d(cout)
            self.conv2 = nn.Conv2d(cout, cout, 3, 1, 1, bias=False)
            self.bn2 = nn.BatchNorm2d(cout)
            self.short = None
            if stride != 1 or cin != cout:
                self.short = nn.Sequential(nn.Conv2d(cin, cout, 1, stride, bias=False),
                                           nn.BatchNorm2d(cout))

        def forward(self, x):
            y = torch.relu(self.bn1(self.conv1(x)))
            y = self.bn2(self.conv2(y))
            return torch.relu(y + (x if self.short is None else self.short(x)))

    class Bottleneck(nn.Module):
        """ResNet-50's bottleneck block (1x1, 3x3, 1x1, expansion 4)."""

        def __init__(self, cin: int, width: int, stride: int = 1):
            super().__init__()
            cout = width * 4
            self.c1, self.b1 = nn.Conv2d(cin, width, 1, bias=False), nn.BatchNorm2d(width)
            self.c2 = nn.Conv2d(width, width, 3, stride, 1, bias=False)
            self.b2 = nn.BatchNorm2d(width)
            self.c3, self.b3 = nn.Conv2d(width, cout, 1, bias=False), nn.BatchNorm2d(cout)
            self.short = None
            if stride != 1 or cin != cout:
                self.short = nn.Sequential(nn.Conv2d(cin, cout, 1, stride, bias=False),
                                           nn.BatchNorm2d(cout))

        def forward(self, x):
            y = torch.relu(self.b1(self.c1(x)))
            y = torch.relu(self.b2(self.c2(y)))
            y = self.b3(self.c3(y))
            return torch.relu(y + (x if self.short is None else self.short(x)))

    class ResNet(nn.Module):
        def __init__(self, block, layers, widths, classes, stem=64):
            super().__init__()
            self.stem = nn.Sequential(nn.Conv2d(3, stem, 7, 2, 3, bias=False), nn.BatchNorm2d(stem),
                                      nn.ReLU(), nn.MaxPool2d(3, 2, 1))
            blocks, cin = [], stem
            for i, (n, w) in enumerate(zip(layers, widths)):
                for j in range(n):
                    blocks.append(block(cin, w, 2 if (j == 0 and i > 0) else 1))
                    cin = w * (4 if block is Bottleneck else 1)
            self.blocks = nn.Sequential(*blocks)
            self.fc = nn.Linear(cin, classes)

        def forward(self, x):
            y = self.blocks(self.stem(x))
            return self.fc(torch.flatten(nn.functional.adaptive_avg_pool2d(y, 1), 1))

    class InvertedResidual(nn.Module):
        """MobileNetV2's block: 1x1 expand, 3x3 depthwise, 1x1 project, ReLU6, residual if same shape."""

        def __init__(self, cin: int, cout: int, stride: int, expand: int):
            super().__init__()
            hidden = cin * expand
            self.residual = stride == 1 and cin == cout
            self.body = nn.Sequential(
                nn.Conv2d(cin, hidden, 1, bias=False), nn.BatchNorm2d(hidden), nn.ReLU6(),
                nn.Conv2d(hidden, hidden, 3, stride, 1, groups=hidden, bias=False),
                nn.BatchNorm2d(hidden), nn.ReLU6(),
                nn.Conv2d(hidden, cout, 1, bias=False), nn.BatchNorm2d(cout))

        def forward(self, x):
            y = self.body(x)
            return x + y if self.residual else y

    class MobileNetV2Style(nn.Module):
        def __init__(self):
            super().__init__()
            self.stem = nn.Sequential(nn.Conv2d(3, 8, 3, 2, 1, bias=False), nn.BatchNorm2d(8),
                                      nn.ReLU6())
            self.blocks = nn.Sequential(InvertedResidual(8, 8, 1, 1), InvertedResidual(8, 12, 2, 6),
                                        InvertedResidual(12, 12, 1, 6),
                                        InvertedResidual(12, 16, 2, 6))
            self.head = nn.Linear(16, 10)

        def forward(self, x):
            y = self.blocks(self.stem(x))
            return self.head(y.mean(dim=(2, 3)))

    class EncoderLayer(nn.Module):
        """One pre-norm transformer encoder layer: multi-head attention and a GELU MLP."""

        def __init__(self, dim: int = 32, heads: int = 4, hidden: int = 64):
            super().__init__()
            self.heads = heads
            self.ln1, self.ln2 = nn.LayerNorm(dim), nn.LayerNorm(dim)
            self.qkv, self.proj = nn.Linear(dim, 3 * dim), nn.Linear(dim, dim)
            self.fc1, self.fc2 = nn.Linear(dim, hidden), nn.Linear(hidden, dim)

        def forward(self, x):
            b, t, d = x.shape
            h = self.heads
            q, k, v = self.qkv(self.ln1(x)).split(d, dim=2)
            q, k, v = (z.reshape(b, t, h, d // h).transpose(1, 2) for z in (q, k, v))
            att = torch.softmax(q @ k.transpose(2, 3) / (d // h) ** 0.5, dim=-1)
            y = (att @ v).transpose(1, 2).reshape(b, t, d)
            x = x + self.proj(y)
            return x + self.fc2(nn.functional.gelu(self.fc1(self.ln2(x))))

    class SmallCNN(nn.Module):
        """LeNet-shaped: conv, max-pool, conv, average-pool, two linear layers."""

        def __init__(self):
            super().__init__()
            self.c1, self.c2 = nn.Conv2d(1, 4, 5), nn.Conv2d(4, 8, 3)
            self.f1, self.f2 = nn.Linear(8 * 2 * 2, 16), nn.Linear(16, 10)

        def forward(self, x):
            y = nn.functional.max_pool2d(torch.relu(self.c1(x)), 2)
            y = nn.functional.avg_pool2d(torch.relu(self.c2(y)), 2)
            return self.f2(torch.relu(self.f1(torch.flatten(y, 1))))

    class MLP(nn.Module):
        """A three-layer perceptron with tanh and sigmoid, and a log-softmax head."""

        def __init__(self):
            super().__init__()
            self.l1, self.l2, self.l3 = nn.Linear(16, 32), nn.Linear(32, 32), nn.Linear(32, 8)

        def forward(self, x):
            y = torch.tanh(self.l1(x))
            y = torch.sigmoid(self.l2(y))
            return torch.log_softmax(self.l3(y), dim=-1)

    return {
        "torch_resnet_style": (lambda: ResNet(BasicBlock, [1, 1, 1], [8, 16, 32], 10, stem=8),
                               (1, 3, 32, 32)),
        "torch_mobilenetv2_style": (MobileNetV2Style, (1, 3, 32, 32)),
        "torch_transformer_encoder": (EncoderLayer, (1, 8, 32)),
        "torch_small_cnn": (SmallCNN, (1, 1, 16, 16)),
        "torch_mlp": (MLP, (2, 16)),
        "resnet50": (lambda: ResNet(Bottleneck, [3, 4, 6, 3], [64, 128, 256, 512], 1000),
                     (1, 3, 224, 224)),
    }


# ----------------------------------------------------------------------------- driver
def _driver(shape: tuple[int, ...], out_type: str) -> str:
    """A ``@main`` that builds the fixed input, calls ``@forward`` and prints the result."""
    rank = len(shape)
    dims = ", ".join(f"d{i}" for i in range(rank))
    tensor = f"tensor<{'x'.join(map(str, shape))}xf32>"
    iterators = ", ".join(['"parallel"'] * rank)
    lines = ["  func.func @main() {",
             f"    %empty = tensor.empty() : {tensor}",
             f"    %x = linalg.generic {{indexing_maps = [affine_map<({dims}) -> ({dims})>], "
             f"iterator_types = [{iterators}]}} outs(%empty : {tensor}) {{",
             "    ^bb0(%out: f32):"]
    lines.append("      %lin0 = linalg.index 0 : index")
    for i in range(1, rank):
        lines += [f"      %i{i} = linalg.index {i} : index",
                  f"      %n{i} = arith.constant {shape[i]} : index",
                  f"      %m{i} = arith.muli %lin{i - 1}, %n{i} : index",
                  f"      %lin{i} = arith.addi %m{i}, %i{i} : index"]
    last = f"%lin{rank - 1}"
    lines += [f"      %li = arith.index_cast {last} : index to i64",
              "      %c37 = arith.constant 37 : i64", "      %c11 = arith.constant 11 : i64",
              "      %c101 = arith.constant 101 : i64", "      %c50 = arith.constant 50 : i64",
              "      %a = arith.muli %li, %c37 : i64", "      %b = arith.addi %a, %c11 : i64",
              "      %r = arith.remsi %b, %c101 : i64", "      %s = arith.subi %r, %c50 : i64",
              "      %f = arith.sitofp %s : i64 to f32",
              "      %f50 = arith.constant 5.000000e+01 : f32",
              "      %v = arith.divf %f, %f50 : f32", "      linalg.yield %v : f32",
              f"    }} -> {tensor}",
              f"    %y = call @forward(%x) : ({tensor}) -> {out_type}",
              f"    %u = tensor.cast %y : {out_type} to tensor<*xf32>",
              "    call @printMemrefF32(%u) : (tensor<*xf32>) -> ()",
              "    return", "  }",
              "  func.func private @printMemrefF32(tensor<*xf32>)"]
    return "\n".join(lines)


def export(name: str) -> tuple[str, np.ndarray]:
    """The program text (driver included) and PyTorch eager's output for model ``name``."""
    import torch
    import torch_mlir.fx as fx

    factory, shape = _models()[name]
    torch.manual_seed(0)
    model = factory().eval()
    with torch.no_grad():  # batchnorm statistics that are not the identity
        for module in model.modules():
            if isinstance(module, torch.nn.BatchNorm2d):
                module.running_mean.uniform_(-0.2, 0.2)
                module.running_var.uniform_(0.5, 1.5)
    x = torch.from_numpy(fixed_input(shape))
    with torch.no_grad():
        expected = model(x).numpy()
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        module = fx.export_and_import(model, x, output_type="linalg-on-tensors",
                                      func_name="forward")
    text = str(module)
    out_type = "tensor<" + "x".join(map(str, expected.shape)) + "xf32>"
    if "func.func @forward(" not in text:
        raise SystemExit(f"{name}: no @forward in torch-mlir's output")
    # the driver goes in before the module's closing brace (and before a resource section)
    body_end = text.index("\n}\n") if "{-#" in text else text.rstrip().rindex("}")
    text = text[:body_end] + "\n" + _driver(shape, out_type) + text[body_end:]
    header = (f"// source: torch-mlir 20261001 fx.export_and_import(linalg-on-tensors) of "
              f"tests/upstream/export_torch.py:{name} (torch.manual_seed(0), eval mode, input "
              f"{'x'.join(map(str, shape))})\n")
    return header + text, expected


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--resnet50", metavar="DIR", help="write resnet50.mlir into DIR instead")
    parser.add_argument("names", nargs="*", help="models to write (default: every corpus model)")
    args = parser.parse_args(argv)
    if args.resnet50:
        text, _ = export("resnet50")
        out = Path(args.resnet50) / "resnet50.mlir"
        out.parent.mkdir(parents=True, exist_ok=True)
        out.write_text(text)
        print(out)
        return 0
    names = args.names or [n for n in _models() if n.startswith("torch_")]
    for name in names:
        text, expected = export(name)
        (CORPUS / f"{name}.mlir").write_text(text)
        (CORPUS / f"{name}.expected").write_text(
            "".join(f"{v!r}\n" for v in expected.astype(np.float64).ravel().tolist()))
        print(f"{name}: {len(text):,} chars, output {tuple(expected.shape)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
