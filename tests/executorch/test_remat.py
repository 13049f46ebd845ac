"""``memory_planning_pass(capacity=)``: nodes recomputed until the arena fits, run in
ExecuTorch's runtime (issue 50, item 4)."""

from __future__ import annotations

import pytest

from et_programs import (arenas, eager_grads, export, lower, max_grad_error, run, same,
                         train_step, training)

import torch  # noqa: E402  (after the skip in et_programs)
from torch import nn  # noqa: E402

import memir.executorch as mx  # noqa: E402
from memir.executorch.remat import read_program  # noqa: E402
from memir.planning.remat import DEVICES, remat_problem  # noqa: E402

pytestmark = pytest.mark.filterwarnings("ignore")
KIB16 = 8 * 512 * 4  # one 8x512 float activation


class SkipChain(nn.Module):
    """``a`` is made first and read again last: held, the peak is three 8x512 activations
    (``a``, the matmul before the relu and the relu); recomputed from the input, two."""

    def __init__(self) -> None:
        super().__init__()
        self.up, self.down, self.up2 = (nn.Parameter(torch.randn(*shape) / 8)
                                        for shape in ((16, 512), (512, 16), (16, 512)))

    def forward(self, x):
        a = x @ self.up
        h = torch.relu((a @ self.down) @ self.up2)
        return torch.bmm(h.view(8, 1, 512), a.view(8, 512, 1)).view(8)


@pytest.fixture(scope="module")
def skip_chain():
    torch.manual_seed(0)
    inputs = (torch.randn(8, 16),)
    exported = export(SkipChain().eval(), inputs)
    return exported, inputs, run(lower(exported), inputs)


@pytest.mark.parametrize("reorder", [False, True])
def test_inference_chain_fits_by_recomputing_and_runs_bit_equal(skip_chain, reorder):
    exported, inputs, want = skip_chain
    planning = mx.memory_planning_pass(capacity=40_000, reorder=reorder)
    program = lower(exported, planning)
    (report,) = planning.remats
    assert report.peak_before == 3 * KIB16 > 40_000  # x dies after its one read
    assert report.recomputed == 1
    assert arenas(program)[1] == report.peak_after == 2 * KIB16 + 512  # a', h and x held
    assert planning.reports[-1].arenas[0].bound == report.peak_after  # ExecuTorch's lifetimes
    assert same(run(program, inputs), want)  # ExecuTorch's own plan, nothing recomputed


def test_a_capacity_no_plan_reaches_is_one_line_naming_the_smallest_peak(skip_chain):
    exported, _, _ = skip_chain
    with pytest.raises(ValueError) as error:
        lower(exported, mx.memory_planning_pass(capacity=30_000))
    message = str(error.value)
    assert "\n" not in message and "capacity 30000" in message
    assert f"is {2 * KIB16 + 512} bytes (without recomputation {3 * KIB16})" in message


def test_a_capacity_already_met_changes_nothing(skip_chain):
    exported, inputs, want = skip_chain
    planning = mx.memory_planning_pass(capacity=3 * KIB16 + 1024)
    program = lower(exported, planning)
    assert planning.remats[0].recomputed == 0
    assert arenas(program)[1] == 3 * KIB16 and same(run(program, inputs), want)


def test_training_mlp_gradients_bit_equal_to_executorchs_plan():
    module, inputs = training("mlp")
    exported = export(module, inputs, train=True)
    (want,) = train_step(lower(exported), inputs)
    unrecomputed = arenas(lower(exported, mx.memory_planning_pass()))[1]
    capacity = unrecomputed - 256
    planning = mx.memory_planning_pass(capacity=capacity)
    program = lower(exported, planning)
    assert planning.remats[0].recomputed > 0
    assert arenas(program)[1] <= capacity < unrecomputed
    (grads,) = train_step(program, inputs)
    assert set(grads) == set(want) and all(torch.equal(grads[k], want[k]) for k in want)


def test_training_cnn_peak_drops_and_gradients_match():
    """PoolNet's max-pool backward reads its out buffer, so ExecuTorch's own plan gives
    wrong gradients (test_training.py): the reference is memir's plan without capacity."""
    module, inputs = training("poolnet")
    exported = export(module, inputs, train=True)
    plain = mx.memory_planning_pass()
    (want,) = train_step(lower(exported, plain), inputs)
    unrecomputed = plain.reports[-1].arenas[0].arena
    capacity = unrecomputed * 9 // 10
    planning = mx.memory_planning_pass(capacity=capacity)
    program = lower(exported, planning)
    report = planning.remats[0]
    assert report.recomputed > 0 and report.peak_before == unrecomputed
    assert arenas(program)[1] <= capacity
    (grads,) = train_step(program, inputs)
    assert all(torch.equal(grads[k], want[k]) for k in want)
    assert max_grad_error(grads, eager_grads(module, inputs)) < 1e-5


class Noisy(nn.Module):
    def forward(self, x):
        return nn.functional.dropout(x * 2, 0.5, training=True) + torch.rand(8, 16)


def _read(module, inputs, train: bool = False):
    """The plain program of ``module`` as the pass reads it (zero fills inserted)."""
    seen = {}

    class Reading(mx.MemirMemoryPlanningPass):
        def run(self, graph_module, graph_signature=None):
            result = super().run(graph_module, graph_signature)
            seen["read"] = read_program(graph_module, 16, graph_signature)
            return result

    lower(export(module, inputs, train=train), Reading())
    return seen["read"]


def test_random_kernels_are_never_recomputed():
    read = _read(Noisy(), (torch.randn(8, 16),))
    problem = remat_problem(read.program, DEVICES["cpu"])
    pure = {n.name: op.pure for n, op in zip(read.computes, problem.ops[1:])}
    assert pure["aten_native_dropout_default"] is False and pure["aten_rand_default"] is False
    assert pure["aten_mul_tensor"] is True


def test_never_recomputed_nodes_have_no_cost():
    """Zero-filled out readers and their fills, and output producers are steps without a
    cost (never recomputed); the rest carry FLOPs or bytes."""
    read = _read(*training("poolnet"), train=True)
    steps = dict(zip((n.name for n in read.computes), read.program.steps[1:-1]))
    priced = {name for name, step in steps.items() if step.traffic is not None}
    assert not any(name.startswith(("zeros_out", "aten_max_pool2d_with_indices_backward"))
                   for name in priced)
    returned = {a for n in read.computes[0].graph.nodes if n.op == "output"
                for a in n.all_input_nodes}
    assert not {n.name for n in read.computes if n in returned} & priced
    assert "aten_convolution_default" in priced and len(priced) > len(steps) // 2


@pytest.mark.parametrize("value", [0, -1, 1.5, "1MB", True])
def test_bad_capacity_is_refused_naming_it(value):
    with pytest.raises((TypeError, ValueError), match="capacity"):
        mx.memory_planning_pass(capacity=value)


def test_capacity_with_banks_is_refused():
    with pytest.raises(ValueError, match="capacity"):
        mx.memory_planning_pass(capacity=1 << 20, banks=[("sram", 1 << 16), ("dram", None)])
