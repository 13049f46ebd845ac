"""Planning seconds per graph of memir.torch's partition, budget by budget, without
compiling a step each time.

Usage: python benchmarks/torch_planning.py [--models densenet121,resnet50]
                                           [--budgets 1,0.5,0.2] [--batch 1]
                                           [--compiler eager|inductor]

Why a benchmark of its own: ``benchmarks/torch_compile.py`` gives the planning seconds
inside a whole compile and a measured step, minutes per row; the planning alone is what
issue 50 bounds (30 s per graph). Each model's joint training graph (the model and its
cross-entropy loss, as benchmarks/torch_compile.py builds it) is read once with memir's
reader (workspaces measured) and kept in cache/joint/ (``--force`` reads it again), so the
same graph is planned at every budget and by every version of the planner: a row's
``plan`` column (a digest of the runs and the peak) must not change when the planner only
gets faster. Works on the code before ``StepPlanner`` too (``Partitioner._fit``).
``--compiler inductor`` reads the joint graph Inductor hands its partitioner (its
decompositions: more nodes) with what saving costs there (``fusion.price_fused``), as
``memir.torch.backend(compiler="inductor")`` plans it (kept in cache/joint/ apart).
"""

from __future__ import annotations

import argparse
import hashlib
import pickle
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))
sys.path.insert(0, str(REPO / "benchmarks"))
CACHE = REPO / "cache" / "joint"


def _read(name: str, batch: int):
    """The joint graphs of one training step (graph, outputs, mutated per graph), read by
    a partition function that plans nothing (PyTorch's default partition runs)."""
    import torch
    from torch._functorch.partitioners import classify_nodes, default_partition
    from torch._dynamo.backends.common import aot_autograd
    from torch._dynamo.backends.debugging import boxed_nop

    from memir.torch.joint import read_joint
    from torch_compile import example

    found = []

    def partition(joint, joint_inputs, *, num_fwd_outputs, static_lifetime_input_indices=None,
                  **kwargs):
        joint.graph.eliminate_dead_code()
        joint.recompile()
        info = classify_nodes(joint, static_lifetime_input_indices or [], num_fwd_outputs)
        forward = {n for n in joint.graph.nodes if info.is_required_fw(n)}
        program = read_joint(joint, forward, num_fwd_outputs)
        for node in program.graph.nodes:  # as Partitioner: random values are saved
            node.seed = None
        found.append((program.graph, program.outputs, program.mutated))
        return default_partition(joint, joint_inputs, num_fwd_outputs=num_fwd_outputs,
                                 static_lifetime_input_indices=static_lifetime_input_indices,
                                 **kwargs)

    model, x, labels = example(name, batch, "cpu")
    torch._dynamo.reset()
    backend = aot_autograd(fw_compiler=boxed_nop, bw_compiler=boxed_nop,
                           partition_fn=partition)
    torch.compile(model, backend=backend)(x, labels).backward()
    return found


class _Read(BaseException):
    """Stops the compile once the joint graph is read (not an ``Exception``: the
    partition's fallback and dynamo's error handling let it through)."""


def _read_inductor(name: str, batch: int):
    """The joint graph Inductor's compile hands memir's partition, with its held bytes:
    (graph, outputs, mutated, tangents node, held, plain scratch), read and priced by
    ``Partitioner(fused=True).read``; the compile stops there."""
    import torch

    from memir.torch.inductor import inductor_backend
    from memir.torch.partition import Partitioner
    from torch_compile import example

    found = []

    class Reading(Partitioner):
        def _partition(self, joint, info, num_fwd_outputs, static_inputs, start):
            program, held = self.read(joint, info, num_fwd_outputs)
            found.append((program.graph, program.outputs, program.mutated,
                          program.boundary, held, program.plain_scratch))
            raise _Read

    model, x, labels = example(name, batch, "cpu")
    torch._dynamo.reset()
    try:
        torch.compile(model, backend=inductor_backend(Reading(fused=True)))(x, labels)
    except _Read:
        pass
    return found


def programs(name: str, batch: int, force: bool, compiler: str = "eager"):
    """The cached joint graphs of ``name`` at ``batch``, read first if missing."""
    suffix = "" if compiler == "eager" else f".{compiler}"
    path = CACHE / f"{name}.b{batch}{suffix}.pkl"
    found = None if force or not path.exists() else pickle.loads(path.read_bytes())
    if found is None or not _current(found):
        CACHE.mkdir(parents=True, exist_ok=True)
        start = time.perf_counter()
        found = (_read if compiler == "eager" else _read_inductor)(name, batch)
        path.write_bytes(pickle.dumps(found))
        print(f"# {name}: read {len(found)} graph(s) in {time.perf_counter() - start:.1f} s",
              flush=True)
    return found


def _current(found) -> bool:
    """Whether cached graphs were written by this tree's memir: every field of its tensors
    and nodes is there, and Inductor's entries hold the plain scratch (a cache from before
    a field was added is read again)."""
    import dataclasses

    for graph, *rest in found:
        if len(rest) == 4:  # read from Inductor before the plain scratch was kept
            return False
        for item in graph.tensors[:1] + graph.nodes[:1]:
            if not all(hasattr(item, f.name) for f in dataclasses.fields(item)):
                return False
    return True


class _Program:
    """What planning reads of a ``JointProgram`` (and, read from Inductor, the tangents
    node, the held bytes per node and the backward's scratch in the FX graph's layout)."""

    def __init__(self, graph, outputs, mutated, boundary=None, held=None, plain_scratch=None):
        self.graph, self.outputs, self.mutated = graph, outputs, mutated
        self.boundary, self.held, self.plain_scratch = boundary, held, plain_scratch


def plan_once(program, budget: float | None, capacity: int | None, device: str):
    """(plan, capacity) as the partition plans it, in this tree's version of memir.torch:
    with the objects the process held before frozen for the cyclic collector, as
    ``memir.torch.partition`` plans (this process holds every model's graphs read)."""
    import gc

    gc.freeze()
    try:
        return _plan_once(program, budget, capacity, device)
    finally:
        gc.unfreeze()


def _plan_once(program, budget: float | None, capacity: int | None, device: str):
    import memir.torch.plan as plan

    if program.held is not None:
        planner = plan.StepPlanner(program, device, program.held)
        return plan.plan_for_limits(planner, capacity, budget)
    if hasattr(plan, "plan_for_limits"):
        return plan.plan_for_limits(plan.StepPlanner(program, device), capacity, budget)
    import inspect

    from memir.torch.partition import Partitioner, _planned

    kept = _planned(program, None, device)
    partitioner = Partitioner(capacity, budget, device)
    if "device" in inspect.signature(partitioner._fit).parameters:
        return partitioner._fit(program, kept, device)
    return partitioner._fit(program, kept)


def digest(plan) -> str:
    """The plan's runs and peak, short: equal digests, equal plans."""
    text = repr(([(r.node, r.recomputed) for r in plan.runs], plan.peak, plan.reused))
    return hashlib.sha256(text.encode()).hexdigest()[:12]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--models", default="resnet50,mobilenet_v2,efficientnet_b0,vit_b_16,"
                                             "bert_base,gpt2_small,densenet121")
    parser.add_argument("--budgets", default="1,0.5,0.2")
    parser.add_argument("--batch", type=int, default=1)
    parser.add_argument("--device", default="cpu")
    parser.add_argument("--force", action="store_true", help="read the graphs again")
    parser.add_argument("--read-only", action="store_true", help="cache the graphs, plan none")
    parser.add_argument("--compiler", default="eager", choices=("eager", "inductor"))
    args = parser.parse_args()
    budgets = [float(b) for b in args.budgets.split(",")]
    from memir.io.torch import allow_torchvision_models

    allow_torchvision_models()
    print("model | graph | nodes | budget | capacity | peak | recomputed | plan s | plan")
    print("--- | --- | --- | --- | --- | --- | --- | --- | ---")
    for name in args.models.split(","):
        found = programs(name, args.batch, args.force, args.compiler)
        if args.read_only:
            continue
        for g, (graph, outputs, mutated, *fused) in enumerate(found):
            for budget in budgets:
                program = _Program(pickle.loads(pickle.dumps(graph)), outputs, mutated, *fused)
                start = time.perf_counter()
                plan, capacity = plan_once(program, budget, None, args.device)
                seconds = time.perf_counter() - start
                print(f"{name} | {g} | {len(graph.nodes)} | {budget:g} | {capacity} | "
                      f"{plan.peak} | {sum(r.recomputed for r in plan.runs)} | "
                      f"{seconds:.1f} | {digest(plan)}", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
