"""The backward's convolution scratch as Inductor's layout rule makes it
(``JointProgram.plain_scratch``, ``memir.torch.plan.StepPlanner``): Inductor lays out a
compiled graph channels-last only where it runs a convolution, so a backward that
recomputes none gives each convolution's backward its operands in the FX graph's layout
and the scratch of that layout. A depthwise backward's scratch differs many times over
between the two (EfficientNet-B0's budget-1 plan was predicted at 1.5x its step:
docs/torch-compile.md)."""

from __future__ import annotations

import dataclasses

import pytest

torch = pytest.importorskip("torch")

from device_graphs import joint_graph  # noqa: E402
from tc_models import example  # noqa: E402
from torch import nn  # noqa: E402
from torch._functorch.partitioners import classify_nodes  # noqa: E402

import memir.torch as mt  # noqa: E402
from memir.torch.plan import LOWEST, StepPlanner, plan_step  # noqa: E402

pytestmark = pytest.mark.skipif(not torch.backends.mkldnn.is_available(),
                                reason="Inductor lays CPU graphs out channels-last with "
                                       "oneDNN only")
CONVOLUTION, BACKWARD = "aten.convolution", "aten.convolution_backward"


class Depthwise(nn.Module):
    """Two 5x5 depthwise convolutions, as an EfficientNet block has one."""

    def __init__(self, channels: int = 64):
        super().__init__()
        self.stem = nn.Conv2d(3, channels, 1)
        self.body = nn.Sequential(
            nn.SiLU(), nn.Conv2d(channels, channels, 5, padding=2, groups=channels),
            nn.SiLU(), nn.Conv2d(channels, channels, 5, padding=2, groups=channels), nn.SiLU())
        self.head = nn.Linear(channels, 10)

    def forward(self, x, y):
        features = self.body(self.stem(x)).mean((2, 3))
        return nn.functional.cross_entropy(self.head(features), y)


def read(model, inputs):
    """(program, held) as memir.torch's partition reads Inductor's joint graph."""
    joint, kwargs = joint_graph(model, inputs, "inductor")
    info = classify_nodes(joint, kwargs.get("static_lifetime_input_indices") or [],
                          kwargs["num_fwd_outputs"])
    return mt.Partitioner(budget=1.0, fused=True).read(joint, info, kwargs["num_fwd_outputs"])


@pytest.fixture(scope="module")
def depthwise():
    torch.manual_seed(0)
    return read(Depthwise(), (torch.randn(1, 3, 16, 16), torch.randint(0, 10, (1,))))


def recomputed(graph, plan) -> set[str]:
    return {graph.nodes[run.node].kernel for run in plan.runs if run.recomputed}


def test_each_depthwise_backward_has_its_plain_scratch(depthwise):
    program, _ = depthwise
    nodes = program.graph.nodes
    assert sorted(nodes[k].kernel for k in program.plain_scratch) == [BACKWARD] * 2
    for k, plain in program.plain_scratch.items():
        assert k > program.boundary and 4 * plain < nodes[k].workspace


def test_the_order_is_planned_with_the_plain_scratch(depthwise):
    """memir's order recomputes no convolution: its peak is the graph's with each backward's
    plain scratch as its workspace (the IR's own reading of that graph, whose order is
    scheduled with that scratch: within 1%; memir's is scheduled once, with the larger)."""
    program, held = depthwise
    plain = plan_step(dataclasses.replace(program, graph=_with_workspaces(program)), None,
                      "cpu").peak
    planner = StepPlanner(program, "cpu", held)
    assert abs(planner.kept.peak - plain) <= plain // 100
    assert 2 * planner.kept.peak < plan_step(program, None, "cpu").peak


def test_a_plan_recomputes_a_convolution_only_where_no_other_reaches():
    """Where the plain scratch saves nothing, recomputing a convolution reaches lower: a
    capacity only that reaches is planned so, and the order's peak is planned without."""
    program, held = read(*example("cnn"))
    planner = StepPlanner(_sparing_nothing(program), "cpu", held)
    lowest = planner.smallest_peak()
    assert CONVOLUTION in recomputed(program.graph, planner.plan(lowest))
    assert planner.plan(LOWEST).smallest_peak == lowest
    assert CONVOLUTION not in recomputed(program.graph, planner.plan(planner.kept.peak))


def _with_workspaces(program):
    return dataclasses.replace(program.graph, nodes=[
        dataclasses.replace(node, workspace=program.plain_scratch.get(k, node.workspace))
        for k, node in enumerate(program.graph.nodes)])


def _sparing_nothing(program):
    """``program`` with each convolution backward's plain scratch its laid-out one."""
    same = {k: n.workspace for k, n in enumerate(program.graph.nodes)
            if n.kernel == BACKWARD and n.workspace}
    return dataclasses.replace(program, plain_scratch=same)


def test_a_capacity_only_the_plain_scratch_reaches_is_planned(depthwise):
    """A budget's range ends at the laid-out plans' lowest peak (``smallest_peak``); a
    capacity below it that plans recomputing no convolution reach is planned so."""
    program, held = depthwise
    planner = StepPlanner(program, "cpu", held)
    lowest = planner.plan(LOWEST).smallest_peak
    assert lowest < planner.smallest_peak()
    plan = planner.plan(lowest)
    assert plan.peak <= lowest and CONVOLUTION not in recomputed(program.graph, plan)


def test_the_plain_model_plans_only_where_its_scratch_leaves_room(monkeypatch):
    """Where the plain scratch spares nothing at the laid-out plan's peak, that plan stands
    and the plain model is not planned (it spared DenseNet-121 9 s a budget)."""
    program, held = read(*example("cnn"))
    planner = StepPlanner(_sparing_nothing(program), "cpu", held)
    laid_out = planned(planner, monkeypatch)
    found = planner.plan(planner.kept.peak - 1)
    assert CONVOLUTION not in recomputed(program.graph, found)
    assert laid_out == [True]


def test_the_plain_model_plans_where_the_laid_out_one_falls_short(depthwise, monkeypatch):
    program, held = depthwise
    planner = StepPlanner(program, "cpu", held)
    laid_out = planned(planner, monkeypatch)
    found = planner.plan(planner.kept.peak - 1)
    assert laid_out == [True, False] and found.peak < planner.kept.peak


def planned(planner, monkeypatch) -> list[bool]:
    """Per model planned from now on, whether it was the laid-out one."""
    found = []
    remat_on = planner._remat_on

    def counted(model, capacity):
        found.append(model is planner._laid_out)
        return remat_on(model, capacity)

    monkeypatch.setattr(planner, "_remat_on", counted)
    return found
