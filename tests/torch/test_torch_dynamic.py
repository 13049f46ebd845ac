"""``memir-translate --import-torch --dynamic``: sizes as polynomials of a size symbol, their
symbolic allocs, and one-line errors for what cannot stay symbolic (issue 53, item 5)."""

from __future__ import annotations

import math

import pytest

pytest.importorskip("torch.nn", reason="needs memir[torch]")

import torch  # noqa: E402
from torch import nn  # noqa: E402

from memir.io.torch import trace_model  # noqa: E402
from memir.io.torch_dynamic import (  # noqa: E402
    DynamicDim,
    DynamicShapeError,
    parse_dynamic,
    resolve_dims,
)
from memir.model.symbolic import Symbol  # noqa: E402
from memir.tools.memir_opt import main as memir_opt  # noqa: E402
from memir.tools.memir_translate import main as translate  # noqa: E402


class TinyTransformer(nn.Module):
    """One attention block and an MLP over a token sequence: sizes linear in the sequence
    and, for the attention scores, quadratic."""

    def __init__(self, vocab: int = 32, width: int = 16) -> None:
        super().__init__()
        self.embed = nn.Embedding(vocab, width)
        self.qkv = nn.Linear(width, 3 * width)
        self.out = nn.Linear(width, width)
        self.norm = nn.LayerNorm(width)
        self.mlp = nn.Sequential(nn.Linear(width, 4 * width), nn.GELU(),
                                 nn.Linear(4 * width, width))
        self.head = nn.Linear(width, vocab)

    def forward(self, tokens):
        x = self.embed(tokens)
        q, k, v = self.qkv(x).chunk(3, dim=-1)
        scores = torch.softmax(q @ k.transpose(-2, -1) / math.sqrt(q.shape[-1]), dim=-1)
        x = self.norm(x + self.out(scores @ v))
        return self.head(x + self.mlp(x))


class Branchy(nn.Module):
    def __init__(self) -> None:
        super().__init__()
        self.embed = nn.Embedding(10, 8)

    def forward(self, tokens):
        x = self.embed(tokens)
        return x * 2 if tokens.shape[1] > 100 else x + 1


class ReadsTheSize(Branchy):
    def forward(self, tokens):
        return self.embed(tokens).reshape(int(tokens.shape[1]), -1)


def tiny_transformer() -> nn.Module:
    return TinyTransformer()


def strided_conv() -> nn.Module:
    return nn.Sequential(nn.Conv2d(3, 4, 3, stride=2), nn.ReLU())


def test_the_cli_imports_symbolic_sizes_and_bufferize_makes_symbolic_allocs(tmp_path, capsys):
    ir, buffers = tmp_path / "lm.mlir", tmp_path / "buffers.mlir"
    assert translate(["--import-torch", "test_torch_dynamic:tiny_transformer", "--dynamic",
                      "seq=1..2048", "-o", str(ir)]) == 0, capsys.readouterr().err
    text = ir.read_text()
    assert "attributes {memir.symbols = #memir.symbols<seq in [1, 2048]>}" in text
    assert "%input: tensor<1x?xi64>" in text and "-> tensor<?x32xf32>" in text
    assert 'memir.sizes = ["4*seq*seq"]' in text  # the attention scores
    assert memir_opt([str(ir), "-p", "bufferize", "-o", str(buffers)]) == 0
    planned = buffers.read_text()
    allocs = [line.split("[")[1].split("]")[0] for line in planned.splitlines()
              if "memir.alloc [" in line]
    assert len(allocs) == 16 and "memir.sizes" not in planned
    assert allocs.count("4*seq*seq") == 3 and allocs.count("64*seq") == 7
    assert memir_opt([str(buffers), "-o", str(tmp_path / "again.mlir")]) == 0
    assert (tmp_path / "again.mlir").read_text() == planned  # prints what it reads
    _plan_prove_run_and_plant(tmp_path, buffers, capsys)


def _plan_prove_run_and_plant(tmp_path, buffers, capsys) -> None:
    """The symbolic plan is proven and runs clean at the sampled sizes; the second
    attention product moved onto the softmax it reads is caught, at the range's first
    point."""
    plan = tmp_path / "plan.mlir"
    assert memir_opt([str(buffers), "-p", "assign-layout,verify-layout,check-execution",
                      "-o", str(plan)]) == 0, capsys.readouterr().err
    lines = plan.read_text().splitlines()
    softmax = next(line for line in lines if line.strip().startswith("%_softmax = "))
    product = next(k for k, line in enumerate(lines) if line.strip().startswith("%bmm_1 = "))
    lines[product] = lines[product].split(" offset ")[0] + " offset " + \
        softmax.split(" offset ")[1]
    planted = tmp_path / "planted.mlir"
    planted.write_text("\n".join(lines))
    capsys.readouterr()
    assert memir_opt([str(planted), "-p", "check-execution"]) == 1
    err = capsys.readouterr().err
    assert 'op 19 "aten.bmm" on stream 0 writes %bmm_1' in err, err
    assert "while %_softmax still needs them" in err and "(at seq=1, a sampled size)" in err


def test_the_polynomials_are_the_static_sizes_at_every_length():
    """A dynamic trace (run at 128) evaluated at 100 and 7 gives exactly the static traces'
    byte sizes there, tensor by tensor, in training too (backward and Adam)."""
    dynamic = trace_model(tiny_transformer, mode="train", dynamic=["seq=1..512"])
    for length in (100, 7):
        static = trace_model(tiny_transformer, mode="train", input_shape=(length,))
        assert [n.kernel for n in static.graph.nodes] == [n.kernel for n in dynamic.graph.nodes]
        sizes = [t.sym_size.evaluate({"seq": length}) if t.sym_size is not None else t.size
                 for t in dynamic.graph.tensors]
        assert sizes == [t.size for t in static.graph.tensors]
    assert sum(t.sym_size is not None for t in dynamic.graph.tensors) > 30
    assert dynamic.symbols == (Symbol("seq", 1, 512),)


@pytest.mark.parametrize("spec, message", [
    ("seq=9..3", "bad --dynamic 'seq=9..3': the range [9, 3] holds no value"),
    ("seq=3..7:8", "holds no value divisible by 8"),
    ("seq=1..2000000000000", "the range goes beyond 2^40"),
    ("seq=1..1", "needs a value of 2 or more"),
    ("seq:1..9", "expected [DIM:]NAME=LO..HI[:DIVISOR]"),
    ("5:seq=1..64", "--dynamic seq: unknown dimension 5: the example input is 1x128 "
                    "(dimensions 0 to 1)"),
])
def test_bad_dynamic_sizes_are_one_line_errors(capsys, spec, message):
    assert translate(["--import-torch", "test_torch_dynamic:tiny_transformer",
                      "--dynamic", spec]) == 1
    err = capsys.readouterr().err
    assert len(err.strip().splitlines()) == 1 and "Traceback" not in err
    assert err.startswith("memir-translate: error: ") and message in err, err


def test_the_default_dimension_is_the_sequence_of_tokens_else_the_batch():
    seq, batch = parse_dynamic("seq=1..64"), parse_dynamic("batch=1..8")
    assert resolve_dims([seq], (2, 128), tokens=True) == {1: seq.symbol}
    assert resolve_dims([batch, seq], (2, 128), tokens=True) == {0: batch.symbol,
                                                                 1: seq.symbol}
    assert resolve_dims([parse_dynamic("2:h=8..64:8")], (1, 3, 32, 32), tokens=False) == {
        2: Symbol("h", 8, 64, 8)}
    assert resolve_dims([DynamicDim(Symbol("n", 1, None))], (1, 3), tokens=False) == {
        0: Symbol("n", 1, None)}
    with pytest.raises(DynamicShapeError, match="given twice"):
        resolve_dims([seq, parse_dynamic("len=1..9")], (2, 128), tokens=True)


def test_what_cannot_stay_symbolic_is_an_error_naming_it():
    with pytest.raises(DynamicShapeError, match=r"node convolution_0 \(aten.convolution\): "
                       r"its size .*h - 3\)//2.* is not a polynomial"):
        trace_model(strided_conv, input_shape=(3, 16, 16), dynamic=["2:h=8..64"])
    with pytest.raises(DynamicShapeError, match="holds only where seq > 100 .* not at seq=1"):
        trace_model(Branchy, dynamic=["seq=1..2048"])
    assert trace_model(Branchy, dynamic=["seq=101..2048"]).symbols  # within the branch
    with pytest.raises(DynamicShapeError, match="fixes seq at 128"):
        trace_model(ReadsTheSize, dynamic=["seq=2..2048"])


def test_a_dynamic_batch_of_convolutions_is_not_narrowed_by_the_cpu_kernels():
    """oneDNN's choice branches on batch >= 16; the dynamic trace turns it off, as
    torch.export does, and leaves it as it was."""
    enabled = torch._C._get_mkldnn_enabled()
    imported = trace_model(lambda: nn.Sequential(nn.Conv2d(3, 4, 3, padding=1)),
                           input_shape=(3, 8, 8), dynamic=["batch=1..64"])
    sizes = {str(t.sym_size) for t in imported.graph.tensors if t.sym_size is not None}
    assert sizes == {"768*batch", "1024*batch"}  # the input and the convolution's output
    assert torch._C._get_mkldnn_enabled() == enabled
