"""Plan an ExecuTorch program with memir, run it in ExecuTorch's runtime, compare.

Usage: python examples/executorch_plan.py [--train] [--reorder] [--pte out.pte] [--dump FILE|-]

A small CNN (with ``--train``: its forward-backward training program, from
``torch.export.experimental._export_forward_backward``) is exported once and lowered twice:
with ExecuTorch's own planner and with ``memir.executorch.memory_planning_pass()`` (one line
of ``ExecutorchBackendConfig``). Both ``.pte`` run in ExecuTorch's runtime; the arenas and the
largest difference of each from eager PyTorch go to stderr (for training: the loss and
every gradient; ExecuTorch's own plan gets the max-pool gradients wrong, see
``memir.executorch.zero_fill``). ``--dump`` writes memir's planned program as memir IR (``-``:
stdout) for ``memir-opt -p 'verify-layout,check-execution,report'``. Needs memir[executorch].
"""

from __future__ import annotations

import argparse
import sys
import warnings

import torch
from torch import nn


class SmallCNN(nn.Module):
    def __init__(self) -> None:
        super().__init__()
        self.conv1, self.conv2 = nn.Conv2d(3, 8, 3, padding=1), nn.Conv2d(8, 16, 3, padding=1)
        self.head = nn.Linear(16 * 8 * 8, 10)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        y = nn.functional.max_pool2d(torch.relu(self.conv1(x)), 2)
        return self.head(torch.relu(self.conv2(y)).flatten(1))


class WithLoss(nn.Module):
    def __init__(self, net: nn.Module) -> None:
        super().__init__()
        self.net, self.loss = net, nn.CrossEntropyLoss()

    def forward(self, x: torch.Tensor, y: torch.Tensor):
        return (self.loss(self.net(x), y),)


def outputs(program, inputs, train: bool) -> list[torch.Tensor]:
    if train:
        from executorch.extension.training import _load_for_executorch_for_training_from_buffer

        module = _load_for_executorch_for_training_from_buffer(program.buffer)
        loss = module.forward_backward("forward", inputs)
        grads = module.named_gradients()
        return [t.clone() for t in loss] + [grads[k].clone() for k in sorted(grads)]
    from executorch.runtime import Runtime

    method = Runtime.get().load_program(program.buffer).load_method("forward")
    return [t.clone() for t in method.execute(list(inputs))]


def eager(model: nn.Module, inputs, train: bool) -> list[torch.Tensor]:
    if not train:
        with torch.no_grad():
            return [model(*inputs)]
    loss = model(*inputs)[0]
    loss.backward()
    grads = {n: p.grad for n, p in model.named_parameters()}
    return [loss.detach()] + [grads[k] for k in sorted(grads)]


def max_diff(got: list[torch.Tensor], want: list[torch.Tensor]) -> float:
    return max(float((a - b).abs().max()) for a, b in zip(got, want))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--train", action="store_true", help="plan the training program")
    parser.add_argument("--reorder", action="store_true", help="let schedule reorder it")
    parser.add_argument("--pte", help="write memir's .pte here")
    parser.add_argument("--dump", help="write memir's plan as memir IR here ('-': stdout)")
    args = parser.parse_args()
    warnings.filterwarnings("ignore")

    from executorch.exir import ExecutorchBackendConfig, to_edge

    import memir.executorch as mx
    from memir.executorch.dump import dump_ir

    torch.manual_seed(0)
    x, y = torch.randn(2, 3, 16, 16), torch.tensor([1, 3])
    model = WithLoss(SmallCNN()) if args.train else SmallCNN().eval()
    inputs = (x, y) if args.train else (x,)
    exported = torch.export.export(model, inputs, strict=args.train)
    if args.train:
        from torch.export.experimental import _export_forward_backward

        exported = _export_forward_backward(exported)

    theirs = to_edge(exported).to_executorch(ExecutorchBackendConfig())
    planning = mx.memory_planning_pass(reorder=args.reorder)
    ours = to_edge(exported).to_executorch(ExecutorchBackendConfig(memory_planning_pass=planning))

    arena = planning.reports[0].arenas[0]
    their_arena = theirs.executorch_program.execution_plan[0].non_const_buffer_sizes[1]
    want = eager(model, inputs, args.train)
    mine, their = outputs(ours, inputs, args.train), outputs(theirs, inputs, args.train)
    print(f"ExecuTorch's plan: {their_arena} bytes, max abs diff from eager "
          f"{max_diff(their, want):.2e}\n"
          f"memir's plan:      {arena.arena} bytes, max abs diff from eager "
          f"{max_diff(mine, want):.2e} (fixed-order bound {arena.bound}, {arena.tensors} "
          f"tensors, planned in {planning.reports[0].seconds:.3f} s, "
          f"{planning.zero_fills} out buffer(s) zeroed)", file=sys.stderr)
    if args.pte:
        with open(args.pte, "wb") as f:
            ours.write_to_file(f)
    if args.dump:
        text = dump_ir(ours)
        if args.dump == "-":
            sys.stdout.write(text)
        else:
            dump_ir(ours, args.dump)


if __name__ == "__main__":
    main()
