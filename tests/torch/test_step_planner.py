"""memir.torch.plan's ``StepPlanner`` (one graph read, bufferized and scheduled once, each
capacity planned on a copy, the greedy's descents kept) plans what ``plan_step`` plans
from scratch, and ``plan_for_limits`` picks the partition's plan as the budget rule says."""

from __future__ import annotations

import pytest

torch = pytest.importorskip("torch")
pytest.importorskip("functorch.compile", reason="needs AOTAutograd")

from torch import nn  # noqa: E402

from memir.dialects import PassError  # noqa: E402
from memir.torch.plan import (  # noqa: E402
    BUDGET_TRIES,
    LOWEST,
    StepPlanner,
    UnreachableCapacity,
    Unreached,
    budget_capacity,
    plan_for_limits,
    plan_step,
)


def _joint_program(model: nn.Module, *inputs):
    """The joint program of one training step, read as memir.torch's partition reads it
    (random values saved)."""
    from torch._dynamo.backends.common import aot_autograd
    from torch._dynamo.backends.debugging import boxed_nop
    from torch._functorch.partitioners import classify_nodes, default_partition

    from memir.torch.joint import read_joint

    found = []

    def partition(joint, joint_inputs, *, num_fwd_outputs, static_lifetime_input_indices=None,
                  **kwargs):
        joint.graph.eliminate_dead_code()
        joint.recompile()
        info = classify_nodes(joint, static_lifetime_input_indices or [], num_fwd_outputs)
        program = read_joint(joint, {n for n in joint.graph.nodes if info.is_required_fw(n)},
                             num_fwd_outputs)
        for node in program.graph.nodes:
            node.seed = None
        found.append(program)
        return default_partition(joint, joint_inputs, num_fwd_outputs=num_fwd_outputs,
                                 static_lifetime_input_indices=static_lifetime_input_indices,
                                 **kwargs)

    torch._dynamo.reset()
    backend = aot_autograd(fw_compiler=boxed_nop, bw_compiler=boxed_nop,
                           partition_fn=partition)
    torch.compile(model, backend=backend)(*inputs).backward()
    (program,) = found
    return program


class _Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.features = nn.Sequential(
            nn.Conv2d(3, 8, 3, padding=1), nn.BatchNorm2d(8), nn.ReLU(),
            nn.Conv2d(8, 8, 3, padding=1), nn.BatchNorm2d(8), nn.SiLU(),
            nn.Conv2d(8, 8, 3, padding=1), nn.ReLU())
        self.head = nn.Linear(8, 10)

    def forward(self, x, y):
        return nn.functional.cross_entropy(self.head(self.features(x).mean((2, 3))), y)


@pytest.fixture(scope="module")
def program():
    torch.manual_seed(0)
    return _joint_program(_Net(), torch.randn(2, 3, 16, 16), torch.randint(0, 10, (2,)))


def _from_scratch(program, capacity):
    """plan_step's plan, or the smallest peak its error names."""
    try:
        return plan_step(program, capacity, "cpu")
    except PassError as error:
        return error.smallest_peak


def test_the_order_and_every_capacity_plan_as_plan_step(program):
    planner = StepPlanner(program, "cpu")
    kept = plan_step(program, None, "cpu")
    assert planner.kept == kept
    lowest = planner.smallest_peak()
    assert lowest < kept.peak  # recomputation goes lower on this step
    capacities = [kept.peak, (kept.peak + lowest) // 2, lowest, lowest - 1,
                  (kept.peak + 3 * lowest) // 4]
    for capacity in capacities:
        found = planner.plan(capacity)
        want = _from_scratch(program, capacity)
        if isinstance(want, int):
            assert isinstance(found, Unreached) and found.smallest_peak == want
            assert found.floor is not None and found.floor <= want
        else:
            assert found == want
    assert planner.plan(lowest) is planner.plan(lowest)  # each capacity planned once


def test_the_smallest_peak_is_a_one_byte_capacity_run(program):
    planner = StepPlanner(program, "cpu")
    assert planner.smallest_peak() == _from_scratch(program, 1)
    assert planner.smallest_peak() == planner.plan(1).smallest_peak


def _budget_oracle(program, budget):
    """The partition's budget rule on plan_step alone."""
    kept = plan_step(program, None, "cpu")
    capacity = budget_capacity(budget, kept.peak, _from_scratch(program, 1))
    for _ in range(BUDGET_TRIES - 1):
        found = _from_scratch(program, capacity)
        if not isinstance(found, int):
            return found, capacity
        capacity = max(capacity + 1, found)
    return plan_step(program, capacity, "cpu"), capacity


@pytest.mark.parametrize("budget", [0.0, 0.3, 0.7])
def test_a_budget_plans_as_the_rule_on_plan_step(program, budget):
    assert plan_for_limits(StepPlanner(program, "cpu"), None, budget) == \
        _budget_oracle(program, budget)


def test_limits_keep_the_order_where_it_fits(program):
    planner = StepPlanner(program, "cpu")
    assert plan_for_limits(planner, None, None) == (planner.kept, None)
    assert plan_for_limits(planner, None, 1.0) == (planner.kept, None)
    assert plan_for_limits(planner, planner.kept.peak, None) == (planner.kept,
                                                                 planner.kept.peak)
    lower = planner.kept.peak - 1
    plan, capacity = plan_for_limits(planner, lower, None)
    assert capacity == lower and plan.peak <= lower
    assert budget_capacity(0.5, 100, 50) == 75


def test_a_capacity_below_every_plan_names_the_smallest_peak(program):
    planner = StepPlanner(program, "cpu")
    lowest = planner.smallest_peak()
    with pytest.raises(UnreachableCapacity) as caught:
        plan_for_limits(planner, lowest - 1, None)
    assert caught.value.smallest_peak == planner.plan(lowest - 1).smallest_peak
    assert str(caught.value) == (
        f"capacity {lowest - 1} bytes cannot be reached: the smallest peak memir's plans "
        f"reach for this graph is {caught.value.smallest_peak} bytes (without "
        f"recomputation {planner.kept.peak})")


def test_a_plan_made_meanwhile_is_the_plan_made_here(program, monkeypatch):
    import importlib

    from memir.planning.remat.order_pool import cores

    plan_module = importlib.import_module("memir.torch.plan")
    here = StepPlanner(program, "cpu")
    middle = (here.kept.peak + here.smallest_peak()) // 2
    forks = []

    class Counted(plan_module.Apart):
        def __init__(self, call):
            forks.append(call)
            super().__init__(call)

    monkeypatch.setattr(plan_module, "Apart", Counted)
    apart = StepPlanner(program, "cpu")
    assert apart.meanwhile(lambda: apart.plan(middle)) == here.plan(middle)
    assert apart.plan(LOWEST) == here.plan(LOWEST)
    assert apart.smallest_peak() == here.smallest_peak()
    assert len(forks) == (cores() > 1)  # planned in a fork beside a second core
    assert apart.meanwhile(lambda: "known") == "known"  # planned already
    assert len(forks) == (cores() > 1)
