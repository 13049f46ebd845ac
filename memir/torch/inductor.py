"""memir as Inductor's partitioner, through the entry ``torch.compile(options=
{"custom_partitioner_fn": ...})`` uses, with a capacity kept by the code Inductor compiles.

Why this entry: Inductor's ``compile_fx`` traces the joint graph with its decompositions,
runs its joint-graph passes, then calls ``config.custom_partitioner_fn`` where it would call
``min_cut_rematerialization_partition``: memir sees the graph Inductor's partitioner sees.

Why a loop: Inductor then fuses, orders and copies on its own (memir.torch.compiled_peak),
so with ``capacity=`` the step it compiled is run once and measured. Above the capacity,
memir plans again with its own capacity moved by the excess (``_next_capacity``), at most
``COMPILES`` compiles, once more halfway back after a fit a doubled move overshot
(``_halfway``). Of the fits, the one planned for the most memory is kept, else the lowest
measured; a ``PlanWarning`` says so, and why, where it is still above, or where nothing can be
measured; below memir's lowest plan, a step still above is an error.
"""

from __future__ import annotations

import copy
import warnings

import torch
from torch import fx
from torch._inductor.custom_graph_pass import CustomPartitionerFn

from memir.torch.compiled_peak import Unmeasured, step_peak
from memir.torch.partition import PlanWarning
from memir.torch.plan import UnreachableCapacity

COMPILES = 4  # per graph at most

# AOTAutograd's cache would serve a step compiled before without partitioning it; a backward
# compiled at its first call (PyTorch's default where it can) would compile inside the
# measurement, in the middle of dynamo's compile
_AOT_CONFIG = {"enable_autograd_cache": False}
if hasattr(torch._functorch.config, "force_non_lazy_backward_lowering"):
    _AOT_CONFIG["force_non_lazy_backward_lowering"] = True

UNMEASURED = (
    "memir planned the graphs Inductor compiles within capacity {capacity} bytes (peak "
    "{peak}), but cannot promise the compiled step keeps it: {why}")
ABOVE = (
    "Inductor's compiled step measured {measured} bytes, above the capacity of {capacity}, "
    "after {compiles} compiles (memir's own capacity last at {lowered}); the lowest "
    "measured step runs. {why}")
STUCK = (
    "Why: the measured peak stayed at {measured} bytes while memir's own capacity went from "
    "{high} to {low}, so it lies in memory that Inductor's compiled code holds and memir's "
    "plans do not model (such as a copy Inductor makes for a kernel's layout)")
FALLING = ("Why: the measured peak was still falling when the compiles ran out "
           "(memir.torch.inductor.COMPILES)")
ASTRAY = (
    "Why: the measured peak did not follow memir's plans: it measured lowest at memir's "
    "capacity {at}, and {later} bytes at lower ones, so what Inductor's compiled code "
    "holds at its peak is not what memir's plans lower")
UNREACHED = (
    "capacity {capacity} bytes cannot be reached: the smallest peak memir's plans reach for "
    "this graph is {floor} bytes, and Inductor's compiled step of that plan measures "
    "{measured}")


class InductorPartition(CustomPartitionerFn):
    """A ``memir.torch.Partitioner`` in the form Inductor's config takes."""

    def __init__(self, partitioner) -> None:
        self.partitioner = partitioner

    def __call__(self, gm, joint_inputs, **kwargs):
        return self.partitioner(gm, joint_inputs, **kwargs)

    def uuid(self):
        return None  # Inductor caches no code made with it


def inductor_backend(partitioner):
    """A ``torch.compile`` backend: Inductor with ``partitioner`` as its partitioner."""
    patches = {"custom_partitioner_fn": InductorPartition(partitioner)}

    def compile_step(model, example_inputs):
        with torch._functorch.config.patch(_AOT_CONFIG):
            if partitioner.capacity is None:
                return _measured(partitioner, model, example_inputs, patches)
            return _within_capacity(partitioner, model, example_inputs, patches)

    return compile_step


def _compile(model, example_inputs, patches):
    from torch._inductor.compile_fx import compile_fx

    return compile_fx(model, example_inputs, config_patches=patches)


def _measure(compiled, example_inputs) -> tuple[int | None, str | None]:
    """The compiled step's measured peak, or None and why not."""
    try:
        return step_peak(compiled, example_inputs), None
    except Unmeasured as why:
        return None, str(why)


def _measured(partitioner, model, example_inputs, patches):
    """One compile, its step measured for the report."""
    start = len(partitioner.reports)
    compiled = _compile(model, example_inputs, patches)
    if len(partitioner.reports) > start:  # not an inference graph: one was partitioned
        partitioner.reports[-1].compiled_peak = _measure(compiled, example_inputs)[0]
    return compiled


def _within_capacity(partitioner, model: fx.GraphModule, example_inputs, patches):
    """Compile until the measured step is within the capacity (module docstring)."""
    target = partitioner.capacity
    start = len(partitioner.reports)
    tries, capacity, floor, missing, back = [], target, None, None, False
    try:
        while len(tries) < COMPILES:
            before = len(partitioner.reports)
            partitioner.capacity = capacity
            try:
                compiled = _compile(_fresh(model), example_inputs, patches)
            except UnreachableCapacity as error:
                if floor is not None:
                    raise
                floor = error.smallest_peak  # memir's lowest plan
                capacity = _next_capacity(tries, tries[-1][0] - target, floor) \
                    if tries else floor
                continue
            if len(partitioner.reports) == before:  # an inference graph: nothing partitioned
                return compiled
            report = partitioner.reports[-1]
            step, missing = _measure(compiled, example_inputs) if report.fallback is None \
                else (None, None)
            report.compiled_peak = step
            tries.append((step, compiled, report, capacity))
            if back or step is None or (floor is not None and target < floor):
                break
            if step <= target:
                capacity, back = _halfway(tries, target), True
                if capacity is None:
                    break
                continue
            capacity = _next_capacity(tries, step - target, floor)
    finally:
        partitioner.capacity = target
    return _kept(partitioner, start, tries, target, floor, missing)


def _next_capacity(tries, excess: int, floor: int | None) -> int:
    """memir's capacity for the next try: the last plan's own peak (at most the capacity it
    was made for: memir's order may already be below it) lowered by the excess, doubled on
    each try after the first that misses; from memir's lowest plan, raised instead (with
    fusion, a plan that recomputes less can compile to a lower step); never one tried
    before."""
    _, _, report, asked = tries[-1]
    capacity = asked if report is None else min(asked, report.peak)
    tried = {t[3] for t in tries} | {capacity}
    shift = excess << (len(tries) - 1)
    while capacity in tried:
        lowered = max(capacity - shift, 1)
        capacity = lowered if floor is None or lowered >= floor \
            else (floor if floor not in tried else capacity + shift)
        shift *= 2
    return capacity


def _halfway(tries, target: int) -> int | None:
    """After the first try that fits: where it fits only after a doubled move (two misses
    before it), the capacity halfway between it and the lowest that missed, if not tried."""
    fits = [t[3] for t in tries if t[0] is not None and t[0] <= target]
    missed = [t[3] for t in tries if t[0] is not None and t[0] > target and t[3] > max(fits)]
    if len(missed) < 2:
        return None
    halfway = (max(fits) + min(missed)) // 2
    return None if halfway in {t[3] for t in tries} else halfway


def _kept(partitioner, start: int, tries, target: int, floor, missing: str | None):
    """Of the tries that fit, the one planned for the most memory (it recomputes least),
    else the one with the lowest measured peak; its report alone stays. A capacity below
    memir's lowest plan that Inductor's compile of that plan does not keep either is an
    error; one still missed after every try, a warning."""
    fits = [t for t in tries if t[0] is not None and t[0] <= target]
    step, compiled, report, capacity = max(fits, key=lambda t: (t[3], -t[0])) if fits \
        else min(tries, key=lambda t: float("inf") if t[0] is None else t[0])
    report.tries = tuple((t[3], t[0]) for t in tries)
    del partitioner.reports[start:]
    partitioner.reports.append(report)
    if report.fallback:
        return compiled
    if step is None:
        warnings.warn(UNMEASURED.format(capacity=target, peak=report.peak,
                                        why=missing), PlanWarning, stacklevel=4)
    elif step > target and floor is not None and target < floor:
        raise UnreachableCapacity(step, UNREACHED.format(capacity=target, floor=floor,
                                                         measured=step))
    elif step > target:
        warnings.warn(ABOVE.format(measured=step, capacity=target, compiles=len(tries),
                                   lowered=tries[-1][3], why=_why_above(tries)),
                      PlanWarning, stacklevel=4)
    return compiled


def _why_above(tries) -> str:
    """Why every try measured above the capacity: the lowest measured peak came back at
    another of memir's capacities (its plans moved, the step's peak did not), the peak was
    still falling at the last try, or lower capacities after the lowest measured higher."""
    measured = [t for t in tries if t[0] is not None]
    lowest = min(t[0] for t in measured)
    stuck = [t[3] for t in measured if t[0] == lowest]
    if len(stuck) > 1:
        return STUCK.format(measured=lowest, high=max(stuck), low=min(stuck))
    at = stuck[0]
    later = [t[0] for t in measured if t[3] < at]
    if not later or measured[-1][0] == lowest:
        return FALLING
    return ASTRAY.format(at=at, later=" and ".join(map(str, later)))


def _fresh(model: fx.GraphModule) -> fx.GraphModule:
    """``compile_fx`` may change the module it is given: each try gets its own graph (the
    module's attributes shared, never copied)."""
    return fx.GraphModule(model, copy.deepcopy(model.graph))
