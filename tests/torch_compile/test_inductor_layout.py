"""With Inductor, memir's backward optimizes its layouts where the forward does: Inductor
decides it per graph, on whether the graph holds a convolution, and memir's backward
rarely recomputes one (``memir.torch.inductor._backward_laid_out_as_forward``)."""

from __future__ import annotations

import pytest

torch = pytest.importorskip("torch")

from tc_models import compiled_and_eager, step  # noqa: E402

import memir.torch as mt  # noqa: E402
from torch._inductor import config  # noqa: E402
from torch._inductor.graph import GraphLowering  # noqa: E402


def test_a_backward_without_convolutions_is_laid_out_as_its_forward(monkeypatch):
    decided = []  # (convolutions in the graph, layout optimization forced)
    decide = GraphLowering.decide_layout_opt

    def spy(gm, *, is_inference):
        convolutions = sum(n.target is torch.ops.aten.convolution.default
                           for n in gm.graph.nodes)
        decided.append((convolutions, config.force_layout_optimization))
        return decide(gm, is_inference=is_inference)

    monkeypatch.setattr(GraphLowering, "decide_layout_opt", staticmethod(spy))
    torch._dynamo.reset()
    backend = mt.backend(budget=1.0, compiler="inductor")
    compiled, _, eager, inputs = compiled_and_eager("cnn", backend)
    loss, grads = step(eager, inputs)
    compiled_loss, compiled_grads = step(compiled, inputs)
    assert backend.partitioner.reports[-1].fallback is None
    assert any(c == 0 for c, _ in decided)  # the premise: a backward with no convolution
    assert all(forced for c, forced in decided if c == 0)
    assert not config.force_layout_optimization  # the user's setting, after the compile
    torch.testing.assert_close(compiled_loss, loss)
    for got, want in zip(compiled_grads, grads):
        torch.testing.assert_close(got, want, rtol=1e-4, atol=1e-5)
