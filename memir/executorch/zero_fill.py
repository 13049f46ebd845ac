"""Calls that read their ``out`` buffer get it zeroed first.

Why: a plan that reuses memory hands a kernel an ``out`` buffer holding whatever was there
before. A kernel that accumulates into ``out`` without clearing it is then wrong, with
ExecuTorch's own plans too (and wrong from the second call on even without reuse, since the
buffer keeps the last call's result). Before a training program is planned, its kernels are
probed in ExecuTorch's runtime (``memir.executorch.out_reading``); every call of a kernel
that reads its ``out``, or that could not be probed, gets an explicit ``aten::zeros.out``
into each of its ``out`` buffers right before it, so every plan is safe. A kernel that could
not be probed is named in a warning.

Which programs: those whose signature returns gradients (``_export_forward_backward``), and
any planned without a signature. Inference programs are not probed: the probe costs a
program's worth of ``to_edge`` (seconds) per new kernel set.
"""

from __future__ import annotations

import operator
import warnings

import torch

from memir.executorch.out_probe import Verdict, out_names
from memir.executorch.out_reading import out_readers

GRADIENT_OUTPUTS = ("GRADIENT_TO_PARAMETER", "GRADIENT_TO_USER_INPUT")


def probed(graph_signature) -> bool:
    """Whether a program with this signature has its kernels probed (module doc)."""
    if graph_signature is None:
        return True
    return any(spec.kind.name in GRADIENT_OUTPUTS for spec in graph_signature.output_specs)


def _out_tensors(node: torch.fx.Node) -> list[tuple[str, int | None, object, object]]:
    """(out argument, index in its list or None, spec, fake value) of each tensor the call
    writes through its ``out`` arguments; masked outputs are left out."""
    names = out_names(node.target)
    specs, vals = node.meta.get("spec"), node.meta.get("val")
    if not isinstance(specs, (list, tuple)):
        specs, vals = [specs], [vals]
    vals = list(vals) if isinstance(vals, (list, tuple)) else [None] * len(specs)
    if len(names) == 1 and isinstance(node.kwargs.get(names[0]), torch.fx.Node) \
            and isinstance(node.kwargs[names[0]].args[0], list):  # a list out (split_copy)
        listed = [(names[0], k, spec, val) for k, (spec, val) in enumerate(zip(specs, vals))]
    else:
        listed = [(name, None, spec, val) for name, spec, val in zip(names, specs, vals)]
    return [t for t in listed
            if t[2] is not None and isinstance(node.kwargs.get(t[0]), torch.fx.Node)]


def _fill_target(graph: torch.fx.Graph, node: torch.fx.Node, name: str,
                 index: int | None) -> torch.fx.Node:
    """What the fill writes: the ``alloc`` itself for a call with one out tensor; an item
    of it for a list; a second ``alloc`` for a call with several out arguments (ExecuTorch
    gives each alloc of such a call one spec; the fill's gets the same spec, so the same
    bytes)."""
    alloc = node.kwargs[name]
    if index is None and len(out_names(node.target)) == 1:
        return alloc
    with graph.inserting_before(node):
        if index is not None:
            target = graph.call_function(operator.getitem, (alloc, index))
        else:
            target = graph.call_function(alloc.target, alloc.args, dict(alloc.kwargs))
    if index is None:
        target.meta.update({k: v for k, v in alloc.meta.items() if k != "spec"})
    return target


def _report(verdict: Verdict) -> None:
    if verdict.reads_out is None:
        warnings.warn(f"memir: {verdict.kernel} could not be probed ({verdict.why}); its out "
                      "buffer is zeroed before every call", stacklevel=3)


def insert_zero_fills(graph_module: torch.fx.GraphModule, graph_signature=None) -> int:
    """Zero the ``out`` buffers of every call that reads them (module doc), right before the
    call; returns how many fills were inserted."""
    if not probed(graph_signature):
        return 0
    graph = graph_module.graph
    inserted = 0
    for node, verdict in out_readers(graph_module).items():
        _report(verdict)
        tensors = _out_tensors(node)
        if not tensors:
            warnings.warn(f"memir: {verdict.kernel} reads its out buffer, which has no "
                          "spec to zero-fill: it may run wrong", stacklevel=2)
        for name, index, spec, val in tensors:
            target = _fill_target(graph, node, name, index)
            with graph.inserting_before(node):
                fill = graph.call_function(torch.ops.aten.zeros.out,
                                           (list(spec.shape),), {"out": target})
            fill.meta["spec"] = spec
            if val is not None:
                fill.meta["val"] = val
            inserted += 1
    if inserted:
        graph_module.recompile()
    return inserted
