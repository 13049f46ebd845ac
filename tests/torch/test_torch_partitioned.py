"""PyTorch's partitioned program recorded as a memir training graph
(benchmarks/torch_partitioned.py): the reference step is the importer's step, a budget-0
program recomputes forward work and nothing else, and memir plans both."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

pytest.importorskip("torch.nn", reason="needs memir[torch]")
pytest.importorskip("functorch.compile", reason="needs AOTAutograd")

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "benchmarks"))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from torch_models import small_convnet  # noqa: E402
from torch_partitioned import graph_cost, trace_partitioned  # noqa: E402

from memir.io.graph_ir import graph_to_ir  # noqa: E402
from memir.io.torch import trace_model  # noqa: E402
from memir.tools.memir_opt import main as memir_opt  # noqa: E402

SHAPE = (3, 16, 16)
FORWARD = ("aten.convolution", "aten.addmm", "aten.mm")


def _kernels(imported) -> list[str]:
    return [node.kernel for node in imported.graph.nodes]


def test_default_partition_is_the_importers_step():
    eager = trace_model(small_convnet, batch=2, mode="train", input_shape=SHAPE)
    theirs = trace_partitioned(small_convnet, None, batch=2, input_shape=SHAPE)
    assert graph_cost(theirs)[0] == graph_cost(eager)[0]
    for kernel in (*FORWARD, "aten.convolution_backward"):
        assert _kernels(theirs).count(kernel) == _kernels(eager).count(kernel), kernel


def test_budget_zero_recomputes_forward_work_only():
    eager = trace_model(small_convnet, batch=2, mode="train", input_shape=SHAPE)
    reference = graph_cost(trace_partitioned(small_convnet, None, batch=2, input_shape=SHAPE))
    zero = trace_partitioned(small_convnet, 0.0, batch=2, input_shape=SHAPE)
    forward = sum(n.flops or 0 for n in eager.graph.nodes if n.kernel in FORWARD)
    added = graph_cost(zero)[0] - reference[0]
    assert 0 < added <= forward
    assert _kernels(zero).count("aten.convolution") > _kernels(eager).count("aten.convolution")


@pytest.mark.parametrize("budget", [None, 0.5, 0.0])
def test_memir_plans_pytorchs_program(tmp_path, budget):
    theirs = trace_partitioned(small_convnet, budget, batch=2, input_shape=SHAPE)
    graph = tmp_path / "theirs.mlir"
    graph.write_text(graph_to_ir(theirs.graph, theirs.outputs, mutated=theirs.mutated))
    assert memir_opt([str(graph), "-p", "bufferize,schedule,stream-safety,assign-layout,"
                      "verify-layout", "-o", str(tmp_path / "out.mlir")]) == 0
