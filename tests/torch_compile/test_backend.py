"""memir.torch.backend in real training steps: the step's values are eager's, the saved
bytes no more than PyTorch's default partition's, the measured peak within the capacity;
graphs memir does not plan fall back with a warning; bad arguments are clear errors."""

from __future__ import annotations

import copy
import importlib
import warnings

import pytest

torch = pytest.importorskip("torch")

from tc_models import compiled_and_eager, example, step

import memir.torch as mt
from memir.torch.joint import read_joint
from memir.torch.measure import peak_bytes

MODELS = ("mlp", "cnn", "block")


def assert_same_step(compiled, eager, inputs) -> None:
    """The step's values are eager's, and it draws eager's random numbers, no more (a
    random op left unread in the backward would draw again)."""
    loss, grads = step(eager, inputs)
    eager_stream = torch.get_rng_state()
    step(compiled, inputs)  # compiles: the first call
    compiled_loss, compiled_grads = step(compiled, inputs)
    assert torch.equal(torch.get_rng_state(), eager_stream)
    assert torch.equal(compiled_loss, loss) or torch.allclose(compiled_loss, loss, rtol=1e-6)
    for got, want in zip(compiled_grads, grads):
        torch.testing.assert_close(got, want, rtol=1e-5, atol=1e-6)


@pytest.mark.parametrize("name", MODELS)
@pytest.mark.parametrize("budget", [None, 0.5, 0.0])
def test_a_step_equals_eager_and_saves_no_more_than_the_default(name, budget):
    backend = mt.backend(budget=budget)
    compiled, model, eager, inputs = compiled_and_eager(name, backend)
    eager.load_state_dict(model.state_dict())
    assert_same_step(compiled, eager, inputs)
    (report,) = backend.partitioner.reports
    assert report.fallback is None
    assert report.saved_bytes <= report.saved_bytes_default
    if budget == 0.0:
        assert report.peak < report.peak_scheduled  # recomputation lowered the peak
        assert report.recomputed > 0


@pytest.mark.parametrize("name", MODELS)
def test_the_measured_peak_stays_within_the_capacity(name):
    """Measured by the profiler's memory events (a running sum of live bytes)."""
    planned = mt.backend()
    compiled, *_ = compiled_and_eager(name, planned)
    step(compiled, example(name)[1])
    lowest = mt.backend(budget=0.0)
    compiled, *_ = compiled_and_eager(name, lowest)
    step(compiled, example(name)[1])
    top, bottom = planned.partitioner.reports[0].peak, lowest.partitioner.reports[0].peak
    capacity = (top + bottom) // 2
    backend = mt.backend(capacity=capacity)
    compiled, _, _, inputs = compiled_and_eager(name, backend)
    step(compiled, inputs)
    assert backend.partitioner.reports[0].peak <= capacity
    measured = peak_bytes(lambda: step(compiled, inputs))
    assert measured <= capacity


@pytest.mark.parametrize("name", MODELS)
def test_a_dynamic_step_is_planned_at_its_hints_and_runs_at_other_sizes(name):
    """``dynamic=True``: planned at the traced sizes, no fallback; the compiled step gives
    eager's values at the traced size and two others, one graph serving several sizes."""
    backend = mt.backend(budget=0.5)
    compiled, model, eager, inputs = compiled_and_eager(name, backend, dynamic=True)
    eager.load_state_dict(model.state_dict())
    sizes = (len(inputs[0]), 3, 7)
    for size in sizes:
        smaller = tuple(t[:size].contiguous() for t in inputs)
        assert_same_step(compiled, eager, smaller)
    reports = backend.partitioner.reports
    assert reports and all(r.fallback is None for r in reports)
    assert len(reports) < len(sizes)


def test_inductor_compiles_memir_s_partition_and_measures_the_step_it_compiled():
    """``compiler="inductor"``: Inductor's ``compile_fx`` calls memir as its partitioner;
    the step gives eager's values within Inductor's tolerance, and the compiled step's peak,
    measured when it is compiled, is the peak the step then measures, within a capacity it
    keeps without a warning."""
    backend = mt.backend(capacity=10**9, compiler="inductor")
    compiled, model, eager, inputs = compiled_and_eager("mlp", backend)
    eager.load_state_dict(model.state_dict())
    with warnings.catch_warnings():
        warnings.simplefilter("error", mt.PlanWarning)
        loss, grads = step(compiled, inputs)
    eager_loss, eager_grads = step(eager, inputs)
    torch.testing.assert_close(loss, eager_loss)
    for got, want in zip(grads, eager_grads):
        torch.testing.assert_close(got, want)
    (report,) = backend.partitioner.reports
    assert report.fallback is None and report.capacity == 10**9
    assert report.tries == ((10**9, report.compiled_peak),)
    measured = peak_bytes(lambda: step(compiled, inputs))
    assert abs(measured - report.compiled_peak) <= measured // 100


def _inductor_cnn(**limits):
    torch._dynamo.reset()
    backend = mt.backend(compiler="inductor", **limits)
    compiled, _, eager, inputs = compiled_and_eager("cnn", backend)
    step(compiled, inputs)
    return backend.partitioner.reports[-1], compiled, inputs, eager


def test_inductor_keeps_a_capacity_its_first_compile_misses(monkeypatch):
    """Inductor's fusion moves the compiled step's peak away from memir's plan, and here
    its channels-last copies of the weights too: they are left out of memir's model, which
    then holds less than the step. Asked for what memir's lowest plan compiles to, memir's
    first plan recomputes less and compiles above it; memir compiles again with its own
    capacity moved by the excess, until the step measures within it. The joint graph each
    compile traces again is read and scheduled once."""
    partition = importlib.import_module("memir.torch.partition")  # not the instance
    monkeypatch.setattr(importlib.import_module("memir.torch.joint"), "layout_copies",
                        lambda joint, forward: [])

    lowest, _, _, _ = _inductor_cnn(budget=0.0)
    capacity = lowest.compiled_peak
    reads = []
    monkeypatch.setattr(partition, "read_joint",
                        lambda *a, **k: reads.append(a) or read_joint(*a, **k))
    with warnings.catch_warnings():
        warnings.simplefilter("error", mt.PlanWarning)
        report, compiled, inputs, eager = _inductor_cnn(capacity=capacity)
    assert len(report.tries) > 1 and report.tries[0][1] > capacity  # the premise
    assert len(reads) == 1
    assert report.compiled_peak <= capacity
    assert peak_bytes(lambda: step(compiled, inputs)) <= capacity
    loss, grads = step(eager, inputs)
    compiled_loss, compiled_grads = step(compiled, inputs)
    torch.testing.assert_close(compiled_loss, loss)
    for got, want in zip(compiled_grads, grads):
        torch.testing.assert_close(got, want, rtol=1e-4, atol=1e-5)


def test_inductor_names_the_smallest_compiled_peak_below_memir_s_lowest_plan():
    backend = mt.backend(capacity=1024, compiler="inductor")
    model, inputs = example("mlp")
    compiled = torch.compile(model, backend=backend)
    with pytest.raises(Exception, match=r"capacity 1024 bytes cannot be reached: the smallest "
                                        r"peak memir's plans reach for this graph is \d+ bytes, "
                                        r"and Inductor's compiled step of that plan measures "
                                        r"\d+"):
        compiled(*inputs)


def test_inductor_compiles_an_inference_graph_with_nothing_to_partition():
    """Under ``no_grad`` there is no joint graph: nothing is partitioned or reported, and
    the compiled forward gives eager's value."""
    model, inputs = example("mlp")
    backend = mt.backend(capacity=10**9, compiler="inductor")
    compiled = torch.compile(copy.deepcopy(model), backend=backend)
    with torch.no_grad():
        torch.testing.assert_close(compiled(*inputs), model(*inputs))
    assert backend.partitioner.reports == []


def test_inductor_says_why_it_cannot_promise_where_it_cannot_measure(monkeypatch):
    """Where this process has not the graph's device, nothing is measured: the capacity is
    memir's plan's, and the compile says the step is not promised to keep it."""
    monkeypatch.setattr("memir.torch.compiled_peak.present", lambda device: False)
    backend = mt.backend(capacity=10**9, compiler="inductor")
    compiled, _, _, inputs = compiled_and_eager("mlp", backend)
    with pytest.warns(mt.PlanWarning, match="cannot promise the compiled step keeps it: this "
                                            "process has no cpu"):
        step(compiled, inputs)
    assert backend.partitioner.reports[-1].compiled_peak is None


class Masked(torch.nn.Module):
    """A step with a data-dependent size: the values above zero."""

    def __init__(self):
        super().__init__()
        self.linear = torch.nn.Linear(16, 16)

    def forward(self, x):
        h = self.linear(x)
        return h[h > 0].square().sum()


def test_a_graph_memir_does_not_plan_falls_back_naming_the_op():
    """Every fallback reason found: a size that depends on the data has no hint to plan at."""
    torch.manual_seed(0)
    model, x = Masked(), torch.randn(8, 16)
    backend = mt.backend(budget=0.5)
    compiled = torch.compile(copy.deepcopy(model), backend=backend)
    with torch._dynamo.config.patch(capture_dynamic_output_shape_ops=True), pytest.warns(mt.PlanWarning, match=r"node index \(aten\.index\.Tensor\) cannot run "
                                            r"on fake tensors .*nonzero"):
        loss = compiled(x)
    (report,) = backend.partitioner.reports
    assert "aten.index.Tensor" in report.fallback
    torch.testing.assert_close(loss, model(x))


def test_a_capacity_below_every_plan_names_the_smallest_peak():
    backend = mt.backend(capacity=1024)
    model, inputs = example("mlp")
    compiled = torch.compile(model, backend=backend)
    with pytest.raises(Exception, match=r"capacity 1024 bytes cannot be reached: the smallest "
                                        r"peak memir's plans reach for this graph is \d+"):
        compiled(*inputs)


@pytest.mark.parametrize("options, message", [
    ({"capacity": 10**6, "budget": 0.5}, "not both"),
    ({"budget": 1.5}, r"budget must be .* in \[0, 1\]"),
    ({"budget": -0.1}, r"budget must be .* in \[0, 1\]"),
    ({"capacity": 0}, "capacity must be a positive number of bytes"),
    ({"device_profile": "tpu"}, "device_profile must be one of"),
    ({"compiler": "tvm"}, "compiler must be one of"),
])
def test_bad_arguments_are_errors_before_any_step(options, message):
    with pytest.raises(ValueError, match=message):
        mt.backend(**options)


def test_the_collector_skips_the_objects_held_before_a_partition_and_gets_them_back():
    import gc

    partition = importlib.import_module("memir.torch.partition")
    assert gc.get_freeze_count() == 0
    with partition._old_objects_frozen():
        assert gc.get_freeze_count() > 0
    assert gc.get_freeze_count() == 0
    gc.freeze()  # a process that froze its own: they stay frozen, nothing more is
    try:
        # frozen objects can still be freed (their count only falls); a second freeze
        # would add every object made since, an unfreeze would leave none
        frozen = gc.get_freeze_count()
        with partition._old_objects_frozen():
            assert 0 < gc.get_freeze_count() <= frozen
        assert 0 < gc.get_freeze_count() <= frozen
    finally:
        gc.unfreeze()
