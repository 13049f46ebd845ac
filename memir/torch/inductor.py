"""memir as Inductor's partitioner: the entry ``torch.compile(options={"custom_partitioner_fn":
...})`` uses.

Why this entry: Inductor's ``compile_fx`` traces the joint graph with its decompositions,
runs its joint-graph passes, then calls ``config.custom_partitioner_fn`` where it would call
``min_cut_rematerialization_partition``, and compiles the two graphs it gets back. memir's
partition then sees the graph Inductor's own partitioner would see.
"""

from __future__ import annotations

import warnings

import torch
from torch._inductor.custom_graph_pass import CustomPartitionerFn

from memir.torch.partition import PlanWarning

UNPROMISED = (
    "memir planned the graphs Inductor compiles within capacity {capacity} bytes (peak "
    "{peak}); Inductor then fuses their kernels and orders them itself, so the compiled "
    "step's peak is measured, not promised, to stay within it (docs/torch-compile.md)")


class InductorPartition(CustomPartitionerFn):
    """A ``memir.torch.Partitioner`` in the form Inductor's config takes."""

    def __init__(self, partitioner) -> None:
        self.partitioner = partitioner

    def __call__(self, gm, joint_inputs, **kwargs):
        graphs = self.partitioner(gm, joint_inputs, **kwargs)
        report = self.partitioner.reports[-1]
        if report.capacity is not None and report.fallback is None:
            warnings.warn(UNPROMISED.format(capacity=report.capacity, peak=report.peak),
                          PlanWarning, stacklevel=2)
        return graphs

    def uuid(self):
        return None  # Inductor caches no code made with it


def inductor_backend(partitioner):
    """A ``torch.compile`` backend: Inductor with ``partitioner`` as its partitioner."""
    from torch._inductor.compile_fx import compile_fx

    patches = {"custom_partitioner_fn": InductorPartition(partitioner)}

    def compile_step(model, example_inputs):
        # AOTAutograd's cache would serve a step compiled before without partitioning it
        with torch._functorch.config.patch(enable_autograd_cache=False):
            return compile_fx(model, example_inputs, config_patches=patches)

    return compile_step
