"""memir as ExecuTorch's planning pass, against ExecuTorch's own planner, in ExecuTorch's runtime.

Usage: python benchmarks/executorch_plans.py [--models resnet18,mlp] [--json out.json] [--no-run]

For every model (inference at batch 1 and training programs from
``torch.export.experimental._export_forward_backward``) the same edge program goes through
``to_executorch`` three times: ExecuTorch's default planner (``greedy``), memir at the
program's order (``memir.executorch.memory_planning_pass()``) and memir with
``reorder=True``. Printed per model: tensors planned, the three arenas, the fixed-order
bound (largest sum of live bytes at one node, ExecuTorch's own lifetimes), ``schedule``'s
proven order bound (no order that keeps the program's dependencies goes below it), the
planning seconds of each planner and their share of the export (``torch.export`` +
``to_edge`` + ``to_executorch`` with ExecuTorch's planner), the difference in
``to_executorch``'s seconds, and what the runtime gives: every memir ``.pte`` is run in
ExecuTorch's runtime and its outputs compared bit for bit with ExecuTorch's own ``.pte`` and
with eager PyTorch (max abs difference; for training the loss and every gradient).

``--banks 0.25,0.5``: instead, two banks, a fast one holding that fraction of the
fixed-order bound and an unbounded slow one, planned by ExecuTorch's ``BankedGreedy`` and by
memir's ``banks=`` on the same banks: the tensor bytes each puts in the fast bank (more is
better: more accesses hit fast memory), both arenas, and memir's ``.pte`` run against
ExecuTorch's single-arena one (bit for bit).

Training programs contain kernels that read their ``out`` buffer
(``memir.executorch.zero_fill``); ExecuTorch's own plan runs them as they are, so its
gradients can be wrong. The bit-for-bit reference there is ExecuTorch's planner on the
program with the same zero fills (column ``ref``); ``ET err`` is ExecuTorch's plan as it
ships, against eager.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
import warnings
from dataclasses import asdict, dataclass, field
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

import torch  # noqa: E402
from torch import nn  # noqa: E402
from torch_corpus import torchvision_model  # noqa: E402

INFERENCE = ("resnet18", "resnet50", "mobilenet_v2", "mobilenet_v3_large", "efficientnet_b0",
             "vit_b_16", "transformer_layer", "gpt2_block")
TRAINING = ("mlp_train", "resnet18_frozen_bn_train", "small_cnn_train", "transformer_train")


class TransformerBlock(nn.Module):
    """A pre-norm transformer block: self-attention and a GELU MLP. ``gpt2``: GPT-2's
    causal ``scaled_dot_product_attention``; otherwise attention written out (softmax(q k^T /
    sqrt(d)) v, whose backward is core ATen, unlike the fused kernel's), for training."""

    def __init__(self, width: int, heads: int, mlp: int, gpt2: bool) -> None:
        super().__init__()
        self.heads, self.gpt2 = heads, gpt2
        self.ln1, self.ln2 = nn.LayerNorm(width), nn.LayerNorm(width)
        self.qkv, self.proj = nn.Linear(width, 3 * width), nn.Linear(width, width)
        self.fc, self.out = nn.Linear(width, mlp * width), nn.Linear(mlp * width, width)

    def attention(self, q, k, v) -> torch.Tensor:
        if self.gpt2:
            return nn.functional.scaled_dot_product_attention(q, k, v, is_causal=True)
        scale = q.shape[-1] ** 0.5
        return torch.softmax(q @ k.transpose(-2, -1) / scale, dim=-1) @ v

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        b, t, c = x.shape
        q, k, v = self.qkv(self.ln1(x)).split(c, dim=2)
        q, k, v = (z.view(b, t, self.heads, c // self.heads).transpose(1, 2) for z in (q, k, v))
        x = x + self.proj(self.attention(q, k, v).transpose(1, 2).reshape(b, t, c))
        return x + self.out(nn.functional.gelu(self.fc(self.ln2(x))))


class SmallCNN(nn.Module):
    def __init__(self) -> None:
        super().__init__()
        self.features = nn.Sequential(
            nn.Conv2d(3, 16, 3, padding=1), nn.ReLU(), nn.MaxPool2d(2),
            nn.Conv2d(16, 32, 3, padding=1), nn.ReLU(), nn.MaxPool2d(2))
        self.head = nn.Linear(32 * 8 * 8, 10)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return self.head(self.features(x).flatten(1))


class WithLoss(nn.Module):
    """Model and cross-entropy loss: what ``_export_forward_backward`` differentiates."""

    def __init__(self, net: nn.Module, sequence: bool = False) -> None:
        super().__init__()
        self.net, self.sequence = net, sequence
        self.loss = nn.CrossEntropyLoss()

    def forward(self, x: torch.Tensor, y: torch.Tensor):
        out = self.net(x)
        if self.sequence:
            out = out.mean(dim=1)
        return (self.loss(out, y),)


def _frozen_bn_resnet18() -> nn.Module:
    net = torchvision_model("resnet18")()
    for m in net.modules():
        if isinstance(m, nn.BatchNorm2d):
            m.eval()
            for p in m.parameters():
                p.requires_grad_(False)
    return net


def build(name: str):
    """(module, example inputs, training?)"""
    torch.manual_seed(0)
    image = (torch.randn(1, 3, 224, 224),)
    if name in ("resnet18", "resnet50", "mobilenet_v2", "mobilenet_v3_large", "efficientnet_b0",
                "vit_b_16"):
        return torchvision_model(name)().eval(), image, False
    if name == "transformer_layer":
        return nn.TransformerEncoderLayer(256, 4, batch_first=True).eval(), \
            (torch.randn(1, 128, 256),), False
    if name == "gpt2_block":
        return TransformerBlock(768, 12, 4, gpt2=True).eval(), (torch.randn(1, 128, 768),), False
    if name == "mlp_train":
        net = nn.Sequential(nn.Linear(784, 512), nn.ReLU(), nn.Linear(512, 512), nn.ReLU(),
                            nn.Linear(512, 10))
        return WithLoss(net), (torch.randn(32, 784), torch.randint(0, 10, (32,))), True
    if name == "resnet18_frozen_bn_train":
        return WithLoss(_frozen_bn_resnet18()), (*image, torch.tensor([3])), True
    if name == "small_cnn_train":
        return WithLoss(SmallCNN()), (torch.randn(4, 3, 32, 32), torch.randint(0, 10, (4,))), True
    if name == "transformer_train":
        return WithLoss(TransformerBlock(128, 4, 2, gpt2=False), sequence=True), \
            (torch.randn(2, 32, 128), torch.randint(0, 128, (2,))), True
    raise SystemExit(f"unknown model {name!r}; expected one of {INFERENCE + TRAINING}")


@dataclass
class Row:
    model: str
    training: bool
    tensors: int = 0
    et_arena: int = 0
    memir_arena: int = 0
    bound: int = 0
    reorder_arena: int = 0
    reorder_bound: int = 0
    et_plan_s: float = 0.0
    memir_plan_s: float = 0.0
    reorder_plan_s: float = 0.0
    export_s: float = 0.0  # torch.export + to_edge + to_executorch with ExecuTorch's planner
    et_to_executorch_s: float = 0.0
    memir_to_executorch_s: float = 0.0
    reorder_to_executorch_s: float = 0.0
    zero_fills: int = 0
    order_peaks: tuple[int, int, int] = (0, 0, 0)  # schedule: peak before, after, order bound
    bit_equal: bool | None = None  # memir's .pte outputs == the reference .pte's
    reorder_bit_equal: bool | None = None
    memir_err: float | None = None  # max abs difference from eager
    reorder_err: float | None = None
    et_err: float | None = None  # ExecuTorch's plan as it ships, against eager
    notes: list[str] = field(default_factory=list)


def _timed_greedy():
    """ExecuTorch's default algorithm, timed; named ``greedy`` so that ExecuTorch still runs
    its own overlap check on it."""
    from executorch.exir.memory_planning import MemoryPlanningAlgorithmSuite

    suite, spent = MemoryPlanningAlgorithmSuite(), [0.0]

    def greedy(*args, **kwargs):
        started = time.perf_counter()
        sizes = suite(*args, **kwargs)
        spent[0] += time.perf_counter() - started
        return sizes

    return greedy, spent


def _lower(exported, planning_pass):
    from executorch.exir import ExecutorchBackendConfig, to_edge

    started = time.perf_counter()
    edge = to_edge(exported)
    config = ExecutorchBackendConfig(memory_planning_pass=planning_pass)
    program = edge.to_executorch(config)
    return program, time.perf_counter() - started


def _arena(program) -> int:
    return sum(program.executorch_program.execution_plan[0].non_const_buffer_sizes)


def _run(program, inputs, training: bool) -> list[torch.Tensor]:
    """The program's outputs in ExecuTorch's runtime (for training: loss, then gradients)."""
    if training:
        from executorch.extension.training import _load_for_executorch_for_training_from_buffer

        module = _load_for_executorch_for_training_from_buffer(program.buffer)
        outputs = module.forward_backward("forward", inputs)
        grads = module.named_gradients()
        return [o.clone() for o in outputs] + [grads[k].clone() for k in sorted(grads)]
    from executorch.runtime import Runtime

    method = Runtime.get().load_program(program.buffer).load_method("forward")
    return [o.clone() for o in method.execute(list(inputs))]


def _eager(model, inputs, training: bool) -> list[torch.Tensor]:
    if not training:
        with torch.no_grad():
            out = model(*inputs)
        return [out] if isinstance(out, torch.Tensor) else list(out)
    model.zero_grad()
    loss = model(*inputs)[0]
    loss.backward()
    grads = {n: p.grad for n, p in model.named_parameters() if p.grad is not None}
    return [loss.detach()] + [grads[k] for k in sorted(grads)]


def _max_err(got: list[torch.Tensor], want: list[torch.Tensor]) -> float:
    if len(got) != len(want):
        return float("inf")
    return max((float((g.float() - w.float()).abs().max()) for g, w in zip(got, want)),
               default=0.0)


def _equal(a: list[torch.Tensor], b: list[torch.Tensor]) -> bool:
    return len(a) == len(b) and all(torch.equal(x, y) for x, y in zip(a, b))


class _FillsOnly:
    """ExecuTorch's planner on the program with memir's zero fills: the bit-for-bit
    reference for programs with out-reading kernels."""

    @staticmethod
    def make():
        from executorch.exir.passes import MemoryPlanningPass

        from memir.executorch.zero_fill import insert_zero_fills

        class FillsThenGreedy(MemoryPlanningPass):
            def run(self, graph_module, graph_signature=None):
                insert_zero_fills(graph_module)
                return super().run(graph_module, graph_signature)

        return FillsThenGreedy()


def measure(name: str, run: bool) -> Row:
    from executorch.exir.passes import MemoryPlanningPass

    import memir.executorch as mx

    model, inputs, training = build(name)
    row = Row(name, training)
    started = time.perf_counter()
    exported = torch.export.export(model, inputs, strict=training)
    if training:
        from torch.export.experimental import _export_forward_backward

        exported = _export_forward_backward(exported)
    export_s = time.perf_counter() - started

    greedy, spent = _timed_greedy()
    et_program, row.et_to_executorch_s = _lower(exported, MemoryPlanningPass(greedy))
    row.et_plan_s, row.et_arena = spent[0], _arena(et_program)
    row.export_s = export_s + row.et_to_executorch_s

    fixed = mx.memory_planning_pass()
    memir_program, row.memir_to_executorch_s = _lower(exported, fixed)
    report = fixed.reports[0]
    row.memir_arena, row.bound = _arena(memir_program), sum(a.bound for a in report.arenas)
    row.tensors, row.memir_plan_s = sum(a.tensors for a in report.arenas), report.seconds
    row.zero_fills = fixed.zero_fills

    ordered = mx.memory_planning_pass(reorder=True)
    reorder_program, row.reorder_to_executorch_s = _lower(exported, ordered)
    row.reorder_arena = _arena(reorder_program)
    row.reorder_bound = sum(a.bound for a in ordered.reports[0].arenas)
    row.reorder_plan_s = ordered.reports[0].seconds + ordered.orders[0].seconds
    row.order_peaks = (ordered.orders[0].peak_before, ordered.orders[0].peak_after,
                       ordered.orders[0].bound)
    if not run:
        return row

    eager = _eager(model, inputs, training)
    et_out = _run(et_program, inputs, training)
    row.et_err = _max_err(et_out, eager)
    reference = et_out
    if row.zero_fills:
        reference_program, _ = _lower(exported, _FillsOnly.make())
        reference = _run(reference_program, inputs, training)
        row.notes.append("reference: ExecuTorch's planner with the zero fills")
    memir_out = _run(memir_program, inputs, training)
    reorder_out = _run(reorder_program, inputs, training)
    row.bit_equal, row.memir_err = _equal(memir_out, reference), _max_err(memir_out, eager)
    row.reorder_bit_equal = _equal(reorder_out, reference)
    row.reorder_err = _max_err(reorder_out, eager)
    return row


BANK_MODELS = ("resnet18", "mobilenet_v2", "mobilenet_v3_large", "efficientnet_b0",
               "transformer_layer", "gpt2_block", "mlp_train", "small_cnn_train")
SLOW_UNBOUNDED = 1 << 40  # BankedGreedy needs a size for every bank


@dataclass
class BankRow:
    model: str
    fraction: float
    fast_capacity: int
    et_fast_tensor_bytes: int = 0
    memir_fast_tensor_bytes: int = 0
    et_arenas: tuple[int, int] = (0, 0)
    memir_arenas: tuple[int, int] = (0, 0)
    bit_equal: bool | None = None


def _tensor_bytes_in(program, mem_id: int) -> int:
    """Bytes of the planned tensors at memory id ``mem_id`` (each storage once)."""
    from memir.executorch.fx_nodes import specs_of, storage_root

    roots = {}
    for node in program.exported_program().graph_module.graph.nodes:
        for spec in specs_of(node):
            root = storage_root(spec)
            if root.mem_id == mem_id and root.mem_offset is not None:
                roots[id(root)] = int(root.allocated_memory)
    return sum(roots.values())


def measure_banks(name: str, fractions: list[float], run: bool) -> list[BankRow]:
    from executorch.exir.banked_memory_planning import Bank, BankedGreedy, TargetMemoryMap
    from executorch.exir.memory_planning import MemoryPlanningAlgorithmSuite
    from executorch.exir.passes import MemoryPlanningPass

    import memir.executorch as mx

    model, inputs, training = build(name)
    exported = torch.export.export(model, inputs, strict=training)
    if training:
        from torch.export.experimental import _export_forward_backward

        exported = _export_forward_backward(exported)
    single = mx.memory_planning_pass()
    reference = _lower(exported, single)[0]
    bound = single.reports[0].arenas[0].bound
    expected = _run(reference, inputs, training) if run else None
    rows = []
    for fraction in fractions:
        capacity = max(16, int(bound * fraction) // 16 * 16)
        row = BankRow(name, fraction, capacity)
        target = TargetMemoryMap([Bank("fast", capacity, 1), Bank("slow", SLOW_UNBOUNDED, 2)])
        banked = MemoryPlanningPass(MemoryPlanningAlgorithmSuite([BankedGreedy(target)]))
        theirs = _lower(exported, banked)[0]
        ours = _lower(exported, mx.memory_planning_pass(banks=[("fast", capacity),
                                                               ("slow", None)]))[0]
        row.et_fast_tensor_bytes = _tensor_bytes_in(theirs, 1)
        row.memir_fast_tensor_bytes = _tensor_bytes_in(ours, 1)
        row.et_arenas = tuple(_sizes(theirs)[1:3])
        row.memir_arenas = tuple(_sizes(ours)[1:3])
        if run:
            row.bit_equal = _equal(_run(ours, inputs, training), expected)
        rows.append(row)
    return rows


def print_banks(rows: list[BankRow]) -> None:
    print("model | fast bank | ET fast tensor bytes | memir fast tensor bytes | memir/ET | "
          "ET arenas (fast, slow) | memir arenas (fast, slow) | = single-arena .pte")
    for r in rows:
        print(" | ".join(str(c) for c in (
            r.model, f"{r.fast_capacity} ({r.fraction:g} of bound)", r.et_fast_tensor_bytes,
            r.memir_fast_tensor_bytes, _ratio(r.memir_fast_tensor_bytes, r.et_fast_tensor_bytes),
            r.et_arenas, r.memir_arenas, r.bit_equal)))


def _sizes(program) -> list[int]:
    sizes = list(program.executorch_program.execution_plan[0].non_const_buffer_sizes)
    return sizes + [0] * (3 - len(sizes))


def _ratio(a: int, b: int) -> str:
    return f"{a / b:.4f}" if b else "-"


def print_table(rows: list[Row]) -> None:
    head = ("model", "tensors", "ET arena", "memir arena", "bound", "memir/ET", "memir/bound",
            "order bound", "reorder arena", "reorder/bound", "ET plan s", "memir plan s",
            "reorder plan s", "export s", "plan share", "reorder share", "to_executorch diff",
            "= ref", "reorder = ref", "memir err", "ET err")
    print(" | ".join(head))
    for r in rows:
        export = r.export_s or 1.0
        added = (r.memir_to_executorch_s - r.et_to_executorch_s) / export
        cells = (r.model, r.tensors, r.et_arena, r.memir_arena, r.bound,
                 _ratio(r.memir_arena, r.et_arena), _ratio(r.memir_arena, r.bound),
                 r.order_peaks[2], r.reorder_arena, _ratio(r.reorder_arena, r.bound),
                 f"{r.et_plan_s:.3f}", f"{r.memir_plan_s:.3f}", f"{r.reorder_plan_s:.3f}",
                 f"{r.export_s:.1f}",
                 f"{r.memir_plan_s / export:.2%}", f"{r.reorder_plan_s / export:.2%}",
                 f"{added:+.1%}", r.bit_equal, r.reorder_bit_equal,
                 "-" if r.memir_err is None else f"{r.memir_err:.2e}",
                 "-" if r.et_err is None else f"{r.et_err:.2e}")
        print(" | ".join(str(c) for c in cells))
    if rows:
        worst_et = max(rows, key=lambda r: r.memir_arena / max(r.et_arena, 1))
        worst_bound = max(rows, key=lambda r: r.memir_arena / max(r.bound, 1))
        below = sum(r.reorder_arena < r.bound for r in rows)
        print(f"worst memir/ET: {_ratio(worst_et.memir_arena, worst_et.et_arena)} "
              f"({worst_et.model}); worst memir/bound: "
              f"{_ratio(worst_bound.memir_arena, worst_bound.bound)} ({worst_bound.model}); "
              f"reorder below the fixed-order bound on {below} of {len(rows)}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--models", default=",".join(INFERENCE + TRAINING))
    parser.add_argument("--json", help="write the rows here as they come")
    parser.add_argument("--no-run", action="store_true", help="plan only, run nothing")
    parser.add_argument("--banks", help="fast-bank fractions of the bound, e.g. 0.25,0.5")
    args = parser.parse_args()
    warnings.filterwarnings("ignore")
    if args.banks:
        fractions = [float(f) for f in args.banks.split(",")]
        models = args.models if args.models != parser.get_default("models") else ",".join(
            BANK_MODELS)
        bank_rows = [row for name in models.split(",")
                     for row in measure_banks(name, fractions, not args.no_run)]
        print_banks(bank_rows)
        return
    rows: list[Row] = []
    for name in args.models.split(","):
        started = time.perf_counter()
        rows.append(measure(name, not args.no_run))
        print(f"# {name}: {time.perf_counter() - started:.0f} s", file=sys.stderr, flush=True)
        if args.json:
            Path(args.json).write_text(json.dumps([asdict(r) for r in rows], indent=1))
    print_table(rows)


if __name__ == "__main__":
    main()
