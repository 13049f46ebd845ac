"""Training programs (``_export_forward_backward``) planned by memir and run in ExecuTorch."""

from __future__ import annotations

import pytest

from et_programs import (arenas, eager_grads, export, lower, max_grad_error,
                                        train_step, training)

import memir.executorch as mx  # noqa: E402  (after the skip in et_programs)
from memir.executorch import zero_fill  # noqa: E402

pytestmark = pytest.mark.filterwarnings("ignore")
TOLERANCE = 1e-5


def test_max_pool_backward_reads_its_out():
    """The portable max_pool2d_with_indices_backward adds into its out buffer: without a
    fill, the second call's gradients carry the first's (ExecuTorch's own plan); with
    memir's fill, which the probe alone asks for (there is no list), both calls are right."""
    assert not hasattr(zero_fill, "OUT_READING_KERNELS")
    module, inputs = training("poolnet")
    program = export(module, inputs, train=True)
    want = eager_grads(module, inputs)
    _, second = train_step(lower(program), inputs, calls=2)
    assert max_grad_error(second, want) > 1e-2
    planning = mx.memory_planning_pass()
    for grads in train_step(lower(program, planning), inputs, calls=2):
        assert max_grad_error(grads, want) < TOLERANCE
    assert planning.zero_fills == 1


def test_training_plan_meets_the_bound_and_gradients_match_eager():
    module, inputs = training("mlp")
    program = export(module, inputs, train=True)
    planning = mx.memory_planning_pass()
    ours = lower(program, planning)
    assert arenas(ours)[1] == planning.reports[0].arenas[0].bound
    assert arenas(ours)[1] <= arenas(lower(program))[1]
    (grads,) = train_step(ours, inputs)
    assert max_grad_error(grads, eager_grads(module, inputs)) < TOLERANCE
