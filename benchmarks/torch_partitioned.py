"""PyTorch's own rematerialization, as a memir training graph: the program AOTAutograd's
min-cut partitioner makes at an ``activation_memory_budget``, recorded kernel by kernel.

Why: to compare memir's ``rematerialize`` with PyTorch's partitioner like for like, both
must be measured the same way on the same step. PyTorch's budget is a fraction of saved
activation bytes and its FLOPs come from its own graph; memir's capacity bounds the whole
step's peak (weights, gradients, Adam state). So we let PyTorch choose (its saved set and
its recomputations) and let memir measure: the model's loss function goes through
``aot_function`` with the partitioner and a backend that keeps the forward and backward
GraphModules as Python; the compiled function then runs one step on fake tensors under
memir's own recorder (memir.io.torch_trace), followed by ``autograd.grad`` and the same
Adam step the importer records (memir.io.torch). The result is a training graph of the
same kind as the importer's; ``schedule`` and ``assign-layout`` give its peak and arena,
and the recorder's per-op FLOPs its cost.

``budget=None`` gives ``default_partition``: everything the backward needs is saved and
nothing is recomputed, the reference for the added FLOPs (its graphs rid of ops whose
results nothing reads, as min-cut's programs are: ``_compiled``). The graph keeps PyTorch's
choices and ATen ops as AOTAutograd traced them (no decompositions, so the ops are the
eager ones the importer records; with ``decompositions="inductor"`` they are the ones
``torch.compile`` partitions). Functionalization turns batch norm's in-place running-stat
update into new tensors the runtime copies back (``copy_``), as eager writes them in place.
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

import torch
from torch import nn
from torch._subclasses.fake_tensor import FakeTensorMode

from memir.io.torch import (IMAGE_SHAPE, TOKEN_SHAPE, Imported, build_fake_model,
                            first_layer_is_embedding, main_output, optimizer_state,
                            optimizer_step)
from memir.io.torch_streams import spread_over_streams
from memir.io.torch_trace import KernelRecorder

DECOMPOSITIONS = ("none", "inductor")


def _decomposition_table(name: str):
    if name == "none":
        return None
    if name == "inductor":
        from torch._inductor.decomposition import select_decomp_table

        return select_decomp_table()
    raise ValueError(f"unknown decompositions '{name}': expected one of {DECOMPOSITIONS}")


def _loss(model: nn.Module, names: list[str]):
    """The step's loss as a function of (state tensors, input, labels), as the importer
    takes it: cross entropy on the logits, or the mean square of a non-float output."""
    def loss(flat_state: list[torch.Tensor], example: torch.Tensor, labels):
        state = dict(zip(names, flat_state))
        logits = main_output(torch.func.functional_call(model, state, (example,)))
        if labels is None:
            return logits.float().square().mean()
        return nn.functional.cross_entropy(logits.flatten(0, -2), labels.flatten())
    return loss


def _compiled(loss, budget: float | None, decompositions: str):
    """``loss`` through AOTAutograd with the min-cut partitioner (``default_partition``
    when ``budget`` is None) and a backend that runs the captured graphs as they are."""
    from functorch.compile import (aot_function, default_partition, make_boxed_func,
                                   min_cut_rematerialization_partition)

    def keep(gm, _inputs):
        return make_boxed_func(gm.forward)

    def save_everything(joint, *args, **kwargs):
        """``default_partition`` after the common-subexpression pass min-cut runs first,
        its graphs then rid of the ops whose results nothing reads, random kernels too
        (``is_impure(impure_random=False)``). default_partition copies each layer's
        attention product, softmax and dropout into the backward graph, where nothing
        reads them (BERT's and GPT-2's: 0.84% of BERT b32's step); min-cut's programs never
        run them, so their added time was measured from a step slower than it needs to be."""
        from torch._functorch.compile_utils import fx_graph_cse

        joint.graph = fx_graph_cse(joint.graph)
        joint.recompile()
        modules = default_partition(joint, *args, **kwargs)
        for module in modules:
            module.graph.eliminate_dead_code(
                is_impure_node=lambda node: node.is_impure(impure_random=False))
            module.recompile()
        return modules

    partition = save_everything if budget is None else min_cut_rematerialization_partition
    return aot_function(loss, fw_compiler=keep, bw_compiler=keep, partition_fn=partition,
                        decompositions=_decomposition_table(decompositions))


def _unchecked_saves():
    """Saved tensors kept as they are, without autograd's version check. The partitioned
    backward may recompute batch norm from the saved running statistics, which the
    forward's epilogue has updated in place since (AOTAutograd functionalizes the update
    and copies it back); in training mode batch norm's output does not read them, so the
    check would reject a program that computes the same values."""
    return torch.autograd.graph.saved_tensors_hooks(lambda t: t, lambda t: t)


def trace_partitioned(factory, budget: float | None, batch: int = 1,
                      input_shape: tuple[int, ...] | None = None, optimizer: str = "adam",
                      decompositions: str = "none") -> Imported:
    """One training step of the model as PyTorch's partitioner runs it at ``budget``."""
    import torch._functorch.config as functorch_config

    start = time.perf_counter()
    fake = FakeTensorMode(allow_non_fake_inputs=True)
    model, state = build_fake_model(factory, fake)
    model.train(True)
    tokens = first_layer_is_embedding(model)
    shape = input_shape or (TOKEN_SHAPE if tokens else IMAGE_SHAPE)
    names = list(state)
    flat = [state[n] for n in names]
    params = {n: state[n] for n, p in model.named_parameters() if p.requires_grad}
    slots = optimizer_state(params, optimizer)
    loss = _compiled(_loss(model, names), budget, decompositions)
    recorder = KernelRecorder()
    with fake:
        example = torch.empty((batch, *shape), dtype=torch.long if tokens else torch.float32)
        with torch.no_grad():  # the labels' shape: the logits' without the classes
            logits = main_output(torch.func.functional_call(model, state, (example,)))
        labels = (torch.empty(logits.shape[:-1], dtype=torch.long)
                  if logits.is_floating_point() and logits.dim() >= 2 else None)
    with functorch_config.patch(activation_memory_budget=1.0 if budget is None else budget):
        # AOTAutograd traces and partitions at the first call and compiles the backward at
        # the first backward: both outside the recorder. The backward's compilation copies
        # the graph with its real constants (GPT-2's causal mask): outside the fake mode.
        with fake, torch.enable_grad(), _unchecked_saves():
            warm = loss(flat, example, labels)
        torch.autograd.grad(warm, list(params.values()), allow_unused=True)
    with fake:
        recorder.add_argument(example, "input")
        for name, tensor in state.items():
            recorder.add_argument(tensor, name)
        for name, tensor in slots.items():
            recorder.add_argument(tensor, name)
        if labels is not None:
            recorder.add_argument(labels, "labels")
        with torch.enable_grad(), _unchecked_saves(), recorder:
            value = loss(flat, example, labels)
        with recorder:
            grads = torch.autograd.grad(value, list(params.values()), allow_unused=True)
            optimizer_from = len(recorder.graph.nodes)
            with torch.no_grad():
                optimizer_step(params, dict(zip(params, grads)), slots, optimizer)
        outputs = [recorder.index(value)]
    spread_over_streams(recorder.graph, recorder.mutated, 1, optimizer_from=optimizer_from)
    return Imported(recorder.graph, outputs, recorder.mutated, time.perf_counter() - start)


def graph_cost(imported: Imported) -> tuple[int, int]:
    """(FLOPs, roofline nanoseconds on memir's default device) summed over the graph's
    ops as ``rematerialize`` counts them, except views: an op that makes only aliases and
    writes nothing moves no bytes (the recorder counts its operands' bytes), and
    AOTAutograd's runtime adds a ``detach`` per saved tensor, more the more it saves."""
    from memir.planning.remat.cost import DEVICES, op_nanoseconds

    graph = imported.graph
    flops = nanoseconds = 0
    for index, node in enumerate(graph.nodes):
        view = (not imported.mutated[index] and node.flops is None
                and all(graph.tensors[t].alias_of is not None for t in node.outputs))
        if view:
            continue
        flops += node.flops or 0
        nanoseconds += op_nanoseconds(node.flops, node.bytes_moved, DEVICES["default"]) or 0
    return flops, nanoseconds


def budget_label(budget: float | None) -> str:
    return "default" if budget is None else f"{budget:g}"


def partitioned_path(cache: Path, model: str, batch: int, budget: float | None,
                     decompositions: str = "none") -> Path:
    tag = "" if decompositions == "none" else f".{decompositions}"
    return cache / f"{model}.b{batch}.train-adam.torch-{budget_label(budget)}{tag}.s1.mlir"


def build_partitioned(cache: Path, model: str, factory, shape: tuple[int, ...], batch: int,
                      budget: float | None, decompositions: str = "none",
                      force: bool = False) -> tuple[Path, float | None]:
    """Write PyTorch's program at ``budget`` as memir IR (cached); (path, seconds or None),
    and its cost beside it (``.cost``: FLOPs and roofline ns)."""
    from memir.files import write_atomically
    from memir.io.graph_ir import graph_to_ir

    path = partitioned_path(cache, model, batch, budget, decompositions)
    if path.exists() and path.with_suffix(".cost").exists() and not force:
        return path, None
    imported = trace_partitioned(factory, budget, batch=batch, input_shape=shape,
                                 decompositions=decompositions)
    path.parent.mkdir(parents=True, exist_ok=True)
    text = graph_to_ir(imported.graph, imported.outputs, mutated=imported.mutated)
    write_atomically(str(path), lambda tmp: Path(tmp).write_text(text))
    flops, nanoseconds = graph_cost(imported)
    path.with_suffix(".cost").write_text(f"{flops} {nanoseconds} {len(imported.graph.nodes)}\n")
    return path, imported.seconds


def read_cost(path: Path) -> tuple[int, int, int]:
    """(FLOPs, roofline ns, ops) written beside a graph by build_partitioned."""
    flops, nanoseconds, ops = path.with_suffix(".cost").read_text().split()
    return int(flops), int(nanoseconds), int(ops)


if __name__ == "__main__":  # python benchmarks/torch_partitioned.py MODEL BUDGET|default
    sys.path.insert(0, str(Path(__file__).resolve().parent))
    from torch_corpus import CACHE, MODELS

    from memir.io.torch import parse_shape

    name, text = sys.argv[1], sys.argv[2]
    factory, shape = MODELS[name]
    got, seconds = build_partitioned(CACHE, name, factory, parse_shape(shape), 1,
                                     None if text == "default" else float(text), force=True)
    print(got, f"{seconds:.1f} s", read_cost(got))
