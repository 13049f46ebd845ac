"""Kernels that read their ``out`` buffer get it zeroed first.

Why: a plan that reuses memory hands a kernel an ``out`` buffer holding whatever was there
before. A kernel that accumulates into ``out`` without clearing it is then wrong, with
ExecuTorch's own plans too (and wrong from the second call on even without reuse, since the
buffer keeps the last call's result). Before planning, each such call gets an explicit
``aten::zeros.out`` into the same buffer right before it, so every plan is safe.

``OUT_READING_KERNELS``: kernel -> the test that shows it reads ``out`` (it fails without
the fill). Add a kernel only with such a test.
"""

from __future__ import annotations

import torch

from memir.executorch.fx_nodes import kernel_name

OUT_READING_KERNELS = {
    # portable max_pool2d_with_indices_backward_out adds each gradient into grad_input
    "aten::max_pool2d_with_indices_backward.grad_input":
        "tests/executorch/test_executorch_training.py::test_max_pool_backward_reads_its_out",
}


def _out_alloc(node: torch.fx.Node) -> torch.fx.Node | None:
    outs = [a.name for a in node.target._schema.arguments if a.is_out]
    if len(outs) != 1:
        return None
    alloc = node.kwargs.get(outs[0])
    return alloc if isinstance(alloc, torch.fx.Node) else None


def insert_zero_fills(graph_module: torch.fx.GraphModule) -> int:
    """Zero the ``out`` buffer of every call of an ``OUT_READING_KERNELS`` kernel, right
    before the call; returns how many fills were inserted."""
    graph = graph_module.graph
    inserted = 0
    for node in list(graph.nodes):
        if node.op != "call_function" or kernel_name(node.target) not in OUT_READING_KERNELS:
            continue
        alloc = _out_alloc(node)
        spec = node.meta.get("spec")
        if alloc is None or spec is None:
            continue
        with graph.inserting_before(node):
            fill = graph.call_function(torch.ops.aten.zeros.out,
                                       (list(spec.shape),), {"out": alloc})
        fill.meta["spec"] = spec
        if "val" in node.meta:
            fill.meta["val"] = node.meta["val"]
        inserted += 1
    if inserted:
        graph_module.recompile()
    return inserted
