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

The models in ``DUAL_DRIVER`` get a driver that calls ``@forward`` twice and prints both outputs:
once on that input as a dense constant of the input's shape, once on a second input
(``((53 i + 29) mod 89 - 44) / 40``) written as a flat 1-D dense constant and brought to the
input's shape by ``tensor.reshape`` with a constant ``i64`` shape tensor; their ``NAME.expected``
holds eager's two outputs one after the other, in print order.

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


def second_input(shape: tuple[int, ...]) -> np.ndarray:
    """The dual driver's second input: ((53 i + 29) mod 89 - 44) / 40 over the linear index i."""
    index = np.arange(int(np.prod(shape)), dtype=np.int64)
    return (((index * 53 + 29) % 89 - 44).astype(np.float32) / np.float32(40)).reshape(shape)


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

    def _affine(norm: nn.Module) -> nn.Module:
        """A norm layer whose scale and shift are not the identity (seeded draws)."""
        with torch.no_grad():
            norm.weight.uniform_(0.5, 1.5)
            norm.bias.uniform_(-0.2, 0.2)
        return norm

    class Shapes(nn.Module):
        """Views and data movement: view/reshape/flatten, permute/transpose, cat/stack/chunk/split,
        narrow/select/index_select and a strided slice, all gathered into one output."""

        def __init__(self):
            super().__init__()
            self.mix = nn.Linear(6, 6)
            self.register_buffer("rows", torch.tensor([3, 0, 2]))

        def forward(self, x):  # (2, 4, 6)
            x = self.mix(x)
            a = x.view(2, 4, 2, 3).permute(0, 2, 3, 1).reshape(2, 6, 4)  # a copy: not a view
            b = x.transpose(1, 2)  # (2, 6, 4)
            p, q = torch.chunk(torch.cat([a, b * 2], dim=2), 2, dim=1)  # (2, 3, 8) twice
            s = torch.stack([a, b], dim=1)  # (2, 2, 6, 4)
            r1, r2, r3 = torch.split(x, [1, 2, 3], dim=2)
            n = x.narrow(2, 1, 4)  # (2, 4, 4)
            row = x.select(1, 2)  # (2, 6)
            picked = torch.index_select(x, 1, self.rows)  # (2, 3, 6)
            strided = x[:, ::2, 1::2]  # (2, 2, 3)
            parts = (p * q, s, r1 * r3, r2, n, row, picked, strided)
            return torch.cat([t.flatten(1) for t in parts], dim=1)

    class Norms(nn.Module):
        """Lookups, normalizations, activations and reductions: an embedding (constant and derived
        indices), gather, LayerNorm, eval-mode BatchNorm1d, GELU, SiLU, softmax, log-softmax, sum,
        mean and amax over dims."""

        def __init__(self):
            super().__init__()
            self.emb = nn.Embedding(10, 8)
            self.register_buffer("tokens", torch.tensor([[1, 4, 4, 9, 0, 7], [3, 3, 8, 2, 5, 6]]))
            self.register_buffer("picks", torch.randint(0, 8, (2, 6, 3)))
            self.ln = _affine(nn.LayerNorm(8))
            self.bn = _affine(nn.BatchNorm1d(6))
            with torch.no_grad():
                self.bn.running_mean.uniform_(-0.2, 0.2)
                self.bn.running_var.uniform_(0.5, 1.5)
            self.fc = nn.Linear(8, 8)

        def forward(self, x):  # (2, 6, 8)
            h = x + self.emb(self.tokens)
            h = h - 0.5 * self.emb((self.tokens * 3 + 1) % 10)  # indices computed in the model
            g = torch.gather(h, 2, self.picks)  # (2, 6, 3)
            act = nn.functional.gelu(self.fc(self.ln(h))) + nn.functional.silu(self.bn(h))
            parts = (g, torch.softmax(act, dim=-1), torch.log_softmax(act, dim=1),
                     act.sum(dim=(0, 2)), h.mean(dim=-1), act.amax(dim=1), h.amax(dim=(0, 2)))
            return torch.cat([t.reshape(-1) for t in parts])

    class ConvPool(nn.Module):
        """Convolutions and resampling: grouped, dilated and dilated depthwise convolutions,
        max pool (with padding), avg pool, adaptive avg pool (even and uneven windows), nearest and
        bilinear upsampling."""

        def __init__(self):
            super().__init__()
            self.grouped = nn.Conv2d(4, 8, 3, padding=1, groups=2)
            self.dilated = nn.Conv2d(8, 8, 3, padding=2, dilation=2)
            self.depthwise = nn.Conv2d(8, 8, 3, padding=2, dilation=2, groups=8, bias=False)
            self.bn = nn.BatchNorm2d(8)
            self.nearest = nn.Upsample(scale_factor=2, mode="nearest")
            self.bilinear = nn.Upsample(scale_factor=2, mode="bilinear")
            self.head = nn.Conv2d(8, 4, 1)

        def forward(self, x):  # (1, 4, 8, 8)
            y = torch.relu(self.grouped(x))
            y = torch.relu(self.bn(self.dilated(y)))
            y = y + self.depthwise(y)  # (1, 8, 8, 8)
            m = nn.functional.max_pool2d(y, 3, 2, 1)  # (1, 8, 4, 4)
            a = nn.functional.avg_pool2d(y, 2)  # (1, 8, 4, 4)
            even = nn.functional.adaptive_avg_pool2d(y, (2, 2))
            uneven = nn.functional.adaptive_avg_pool2d(m, (3, 3))  # windows overlap
            z = self.head(m - a + self.nearest(even))  # (1, 4, 4, 4)
            parts = (z, self.bilinear(a[:, :2]), uneven)
            return torch.cat([t.reshape(-1) for t in parts])

    class AttentionBlock(nn.Module):
        """Post-norm transformer block: causal multi-head self-attention through
        scaled_dot_product_attention, residual + LayerNorm, a GELU MLP, residual + LayerNorm."""

        def __init__(self, dim: int = 16, heads: int = 2, hidden: int = 32):
            super().__init__()
            self.heads = heads
            self.qkv, self.proj = nn.Linear(dim, 3 * dim), nn.Linear(dim, dim)
            self.ln1, self.ln2 = _affine(nn.LayerNorm(dim)), _affine(nn.LayerNorm(dim))
            self.fc1, self.fc2 = nn.Linear(dim, hidden), nn.Linear(hidden, dim)

        def forward(self, x):  # (2, 6, 16)
            b, t, d = x.shape
            h = self.heads
            q, k, v = (z.view(b, t, h, d // h).transpose(1, 2)
                       for z in self.qkv(x).chunk(3, dim=-1))
            y = nn.functional.scaled_dot_product_attention(q, k, v, is_causal=True)
            x = self.ln1(x + self.proj(y.transpose(1, 2).reshape(b, t, d)))
            return self.ln2(x + self.fc2(nn.functional.gelu(self.fc1(x))))

    return {
        "torch_resnet_style": (lambda: ResNet(BasicBlock, [1, 1, 1], [8, 16, 32], 10, stem=8),
                               (1, 3, 32, 32)),
        "torch_mobilenetv2_style": (MobileNetV2Style, (1, 3, 32, 32)),
        "torch_transformer_encoder": (EncoderLayer, (1, 8, 32)),
        "torch_small_cnn": (SmallCNN, (1, 1, 16, 16)),
        "torch_mlp": (MLP, (2, 16)),
        "torch_shapes": (Shapes, (2, 4, 6)),
        "torch_norms": (Norms, (2, 6, 8)),
        "torch_conv_pool": (ConvPool, (1, 4, 8, 8)),
        "torch_attention": (AttentionBlock, (2, 6, 16)),
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


# models whose driver feeds two inputs, the second through tensor.reshape of a flat constant
DUAL_DRIVER = frozenset({"torch_shapes", "torch_norms", "torch_conv_pool", "torch_attention"})


def _f32(value: np.float32) -> str:
    """The shortest literal that MLIR reads back as ``value`` (it reads a double, then rounds)."""
    text = np.format_float_positional(value, unique=True, trim="0")
    return text if np.float32(float(text)) == value else repr(float(value))


def _dense(values: np.ndarray, indent: str) -> str:
    """``values`` as a dense literal, nested like its shape, 16 numbers a line at most."""
    if values.ndim == 1:
        rows = [", ".join(_f32(v) for v in values[i:i + 16]) for i in range(0, len(values), 16)]
        return "[" + f",\n{indent} ".join(rows) + "]"
    inner = indent + " "
    return "[" + f",\n{inner}".join(_dense(v, inner) for v in values) + "]"


def _dual_driver(first: np.ndarray, second: np.ndarray, out_type: str) -> str:
    """A ``@main`` that calls ``@forward`` on two inputs and prints both results.

    The first input is a dense constant of the input's shape; the second a flat 1-D dense
    constant that ``tensor.reshape`` brings to the input's shape (a constant ``i64`` shape
    tensor), as torch-mlir style programs reshape.
    """
    shape, size, rank = first.shape, first.size, first.ndim
    tensor = f"tensor<{'x'.join(map(str, shape))}xf32>"
    flat = f"tensor<{size}xf32>"
    dims = f"tensor<{rank}xi64>"
    lines = ["  func.func @main() {",
             f"    %x0 = arith.constant dense<{_dense(first, '      ')}> : {tensor}",
             f"    %y0 = call @forward(%x0) : ({tensor}) -> {out_type}",
             f"    %u0 = tensor.cast %y0 : {out_type} to tensor<*xf32>",
             "    call @printMemrefF32(%u0) : (tensor<*xf32>) -> ()",
             f"    %flat = arith.constant dense<{_dense(second.ravel(), '      ')}> : {flat}",
             f"    %shape = arith.constant dense<[{', '.join(map(str, shape))}]> : {dims}",
             f"    %x1 = tensor.reshape %flat(%shape) : ({flat}, {dims}) -> {tensor}",
             f"    %y1 = call @forward(%x1) : ({tensor}) -> {out_type}",
             f"    %u1 = tensor.cast %y1 : {out_type} to tensor<*xf32>",
             "    call @printMemrefF32(%u1) : (tensor<*xf32>) -> ()",
             "    return", "  }",
             "  func.func private @printMemrefF32(tensor<*xf32>)"]
    return "\n".join(lines)


def export(name: str) -> tuple[str, np.ndarray]:
    """The program text (driver included) and PyTorch eager's output for model ``name``.

    For a model in ``DUAL_DRIVER``, eager's outputs on both inputs, flattened and concatenated in
    the driver's print order.
    """
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
        if name in DUAL_DRIVER:
            outputs = (expected, model(torch.from_numpy(second_input(shape))).numpy())
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
    if name in DUAL_DRIVER:
        driver = _dual_driver(fixed_input(shape), second_input(shape), out_type)
        inputs = f"inputs {'x'.join(map(str, shape))} dense and tensor.reshape of a flat constant"
        expected = np.concatenate([output.ravel() for output in outputs])
    else:
        driver = _driver(shape, out_type)
        inputs = f"input {'x'.join(map(str, shape))}"
    text = text[:body_end] + "\n" + driver + text[body_end:]
    header = (f"// source: torch-mlir 20261001 fx.export_and_import(linalg-on-tensors) of "
              f"tests/upstream/export_torch.py:{name} (torch.manual_seed(0), eval mode, "
              f"{inputs})\n")
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
