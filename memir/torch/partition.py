"""``memir.torch.partition``: an AOTAutograd partition function that runs memir's plan.

Why a partition function: it is where PyTorch decides what a training step keeps and what
it recomputes (``torch._functorch.partitioners.min_cut_rematerialization_partition`` is the
one ``torch.compile`` uses), and every PyTorch user can pass one (``partition_fn``). Here
memir decides: the joint graph is read through memir's PyTorch reader (memir.torch.joint),
planned by memir's passes (``schedule``, and ``rematerialize`` for a capacity or a budget;
memir.torch.plan) and written back as the two graphs (memir.torch.graphs).

A random op is never recomputed: its outputs are saved, as PyTorch's partitioner does
(``functionalize_rng_ops`` off, its default), so the backward sees the mask the forward
drew. A graph memir does not plan (a size with no hint, an op the reader cannot run, a plan
that fails) falls back to PyTorch's ``default_partition`` with a warning naming why: never a
wrong step.
"""

from __future__ import annotations

import gc
import time
import warnings
from contextlib import contextmanager
from dataclasses import dataclass, field, replace

import torch
from torch import fx
from torch._functorch.partitioners import classify_nodes, default_partition

from memir.arguments import choice, integer, number
from memir.model.devices import profile_for_device
from memir.passes.rematerialize import Rematerialize
from memir.passes.support.options import declared
from memir.torch.device import graph_device, present
from memir.torch.fusion import price_fused
from memir.torch.graphs import split
from memir.torch.hints import storage_bytes
from memir.torch.joint import JointProgram, is_tangent, read_joint
from memir.torch.workspaces import inductor_layout
from memir.torch.plan import StepPlanner, UnreachableCapacity, plan_for_limits

REMAT_OPTIONS = declared(Rematerialize)  # capacity and device: rematerialize's own
DEVICE_PROFILES = ("auto", *REMAT_OPTIONS["device"].choices)  # auto: the graph's device's


class ProfileWarning(UserWarning):
    """``device_profile="auto"`` met a device it has no profile for: the default is used."""


class PlanWarning(UserWarning):
    """memir did not plan a graph (PyTorch's default partition runs it), or what runs
    differs from memir's plan."""


@dataclass
class PartitionReport:
    """What one call planned: peaks in bytes (inputs not counted), the capacity asked for,
    the forward's saved bytes and those of PyTorch's ``default_partition`` (everything the
    backward needs saved), the recomputed runs, and the planning seconds."""

    peak: int
    peak_unplanned: int
    peak_scheduled: int
    capacity: int | None
    saved_bytes: int
    saved_bytes_default: int
    recomputed: int
    strategy: str
    seconds: float
    fallback: str | None = None
    profile: str | None = None  # the device profile recomputation was priced on
    compiled_peak: int | None = None  # Inductor's compiled step, measured (capacity= only)
    # Inductor's compiles of this graph to keep the capacity: (memir's capacity, measured)
    tries: tuple[tuple[int, int | None], ...] = ()


@dataclass
class Partitioner:
    """A partition function with memir's options; ``reports`` keeps one entry per graph."""

    capacity: int | None = None
    budget: float | None = None
    device: str = "auto"
    # Inductor compiles the graphs: recomputing an op it fuses is priced at the results an
    # unfused kernel reads, saving one for the backward at its write (memir.torch.fusion)
    fused: bool = False
    reports: list[PartitionReport] = field(default_factory=list)
    last_plan: tuple | None = field(default=None, repr=False)  # (program, StepPlan) last made
    _warned: set[str] = field(default_factory=set, repr=False)
    _last: tuple | None = field(default=None, repr=False)  # (key, program, planner)

    def __post_init__(self) -> None:
        check_limits(self.capacity, self.budget)
        choice("device", self.device, DEVICE_PROFILES)

    def __getstate__(self):
        """Without the last graph read (fake tensors): Inductor copies and pickles its config,
        this partitioner with it, to hash it."""
        return {**self.__dict__, "_last": None, "last_plan": None}

    def profile(self, joint: fx.GraphModule) -> str:
        """The profile asked for, or with ``auto`` that of the graph's device (the GPU's
        name read where this process has it); an unknown device gets ``default``, with one
        warning per device."""
        if self.device != "auto":
            return self.device
        device = graph_device(joint)
        name = torch.cuda.get_device_name(device) \
            if device.type == "cuda" and present(device) else None
        found, known = profile_for_device(device.type, name)
        if not known and str(device) not in self._warned:
            self._warned.add(str(device))
            warnings.warn(f"no device profile for {device} ({name or 'name unknown'}): "
                          f"recomputation is priced on the '{found}' profile", ProfileWarning,
                          stacklevel=3)
        return found

    def __call__(self, joint: fx.GraphModule, joint_inputs, *, num_fwd_outputs: int,
                 static_lifetime_input_indices=None, **_ignored):
        start = time.perf_counter()
        joint.graph.eliminate_dead_code()
        joint.recompile()
        info = classify_nodes(joint, static_lifetime_input_indices or [], num_fwd_outputs)
        try:
            with _old_objects_frozen():
                return self._partition(joint, info, num_fwd_outputs,
                                       static_lifetime_input_indices, start)
        except UnreachableCapacity:
            raise
        except Exception as error:  # noqa: BLE001 - any failure: PyTorch's partition, warned
            message = f"memir did not plan this graph ({type(error).__name__}: {error}); " \
                      "PyTorch's default partition runs it"
            warnings.warn(message, PlanWarning, stacklevel=2)
            self.reports.append(PartitionReport(0, 0, 0, self.capacity, 0, 0, 0, "none",
                                                time.perf_counter() - start, str(error)))
            return default_partition(joint, joint_inputs, num_fwd_outputs=num_fwd_outputs,
                                     static_lifetime_input_indices=static_lifetime_input_indices)

    def _planned(self, joint, info, num_fwd_outputs: int, static_inputs, profile: str):
        """(program, planner) of the joint graph. The graph the last call planned is not read
        or scheduled again: Inductor traces the same joint graph afresh for each compile that
        keeps a capacity (memir.torch.inductor), and the program's FX nodes are then this
        graph's, found by name."""
        key = (joint.code, _input_metadata(joint), num_fwd_outputs,
               tuple(static_inputs or ()), profile, self.fused)
        if self._last is not None and self._last[0] == key:
            program = _on_graph(self._last[1], joint)
            if program is not None:
                return program, self._last[2]
        program, held = self.read(joint, info, num_fwd_outputs)
        planner = StepPlanner(program, profile, held)
        self._last = (key, program, planner)
        return program, planner

    def read(self, joint, info, num_fwd_outputs: int):
        """(program, held bytes per node or None) of the joint graph, as this partitioner
        plans it: random values saved, and with ``fused`` recomputation and saving priced
        as Inductor runs them, and convolutions' scratch measured in Inductor's layout."""
        forward = {n for n in joint.graph.nodes if info.is_required_fw(n)}
        program = read_joint(joint, forward, num_fwd_outputs,
                             channels_last=self.fused and inductor_layout(joint))
        _save_random_values(program)
        return program, price_fused(program) if self.fused else None

    def _partition(self, joint, info, num_fwd_outputs: int, static_inputs, start: float):
        profile = self.profile(joint)
        program, planner = self._planned(joint, info, num_fwd_outputs, static_inputs, profile)
        kept = planner.kept
        plan, capacity = plan_for_limits(planner, self.capacity, self.budget)
        if plan.reused:
            warnings.warn(f"memir's plan writes {plan.reused} results over operands that die "
                          "there, which the FX graphs do not: the step's peak is above the "
                          "plan's", PlanWarning, stacklevel=3)
        self.last_plan = (program, plan)
        fw, bw = split(joint, program, plan.runs, num_fwd_outputs=num_fwd_outputs,
                       static_lifetime_input_nodes=info.static_lifetime_input_nodes)
        seconds = time.perf_counter() - start
        inputs = input_storages(joint)
        # last: PyTorch's partitioners tag the joint graph's nodes
        _, default_bw = default_partition(joint, None, num_fwd_outputs=num_fwd_outputs,
                                          static_lifetime_input_indices=static_inputs)
        self.reports.append(PartitionReport(
            plan.peak, kept.peak_unplanned, kept.peak_scheduled, capacity,
            saved_bytes(bw, inputs), saved_bytes(default_bw, inputs),
            sum(r.recomputed for r in plan.runs), plan.strategy, seconds, profile=profile))
        return fw, bw


@contextmanager
def _old_objects_frozen():
    """While a graph is partitioned, the cyclic collector leaves alone the objects the
    process held before (``gc.freeze``), and takes them back after (``gc.unfreeze``).

    Why: planning makes millions of short-lived objects, and each full collection then
    walks every object the process holds: over a million in a compile (PyTorch's, Inductor's,
    the model's; measured in docs/torch-compile.md). A process that froze objects of its
    own keeps them frozen, and this freezes nothing."""
    if gc.get_freeze_count():
        yield
        return
    gc.freeze()
    try:
        yield
    finally:
        gc.unfreeze()


def check_limits(capacity, budget) -> None:
    """One-line ``TypeError``/``ValueError`` naming ``capacity`` or ``budget``."""
    integer("capacity", capacity, 1, REMAT_OPTIONS["capacity"].bound.high,
            "a positive number of bytes", none=True)
    number("budget", budget, 0, 1, "a fraction of the default partition's saved bytes",
           none=True)
    if capacity is not None and budget is not None:
        raise ValueError("give capacity (bytes of the step's peak) or budget (a fraction of "
                         "the saved bytes), not both")


def _input_metadata(joint: fx.GraphModule) -> tuple:
    """What the joint graph's code does not say of its inputs: their sizes, strides, dtypes
    and devices (a size as its text: symbolic ones compare by expression)."""
    found = []
    for node in joint.graph.find_nodes(op="placeholder"):
        value = node.meta.get("val")
        if isinstance(value, torch.Tensor):
            found.append((str(tuple(value.shape)), str(value.stride()), value.dtype,
                          value.device, value.requires_grad))
        else:
            found.append(str(value))
    return tuple(found)


def _on_graph(program: JointProgram, joint: fx.GraphModule) -> JointProgram | None:
    """``program`` with its FX nodes replaced by ``joint``'s of the same names; None where
    one is missing."""
    by_name = {node.name: node for node in joint.graph.nodes}
    if any(n is not None and n.name not in by_name for n in program.source) \
            or any(n.name not in by_name for n in program.views):
        return None
    return replace(program, source=[None if n is None else by_name[n.name]
                                    for n in program.source],
                   views={by_name[n.name] for n in program.views})


def _save_random_values(program: JointProgram) -> None:
    """A random kernel loses its ``seed``: rematerialize then never recomputes it."""
    for node in program.graph.nodes:
        node.seed = None


def input_storages(joint: fx.GraphModule) -> set[int]:
    return {_storage(n.meta["val"]) for n in joint.graph.find_nodes(op="placeholder")
            if isinstance(n.meta.get("val"), torch.Tensor)}


def _storage(tensor: torch.Tensor) -> int:
    return tensor.untyped_storage()._cdata


def saved_bytes(bw: fx.GraphModule, inputs: set[int]) -> int:
    """Bytes of the tensors the backward takes from the forward (distinct storages; views
    of the step's inputs cost nothing: they are saved anyway)."""
    seen, total = set(inputs), 0
    for node in bw.graph.find_nodes(op="placeholder"):
        value = node.meta.get("val")
        if is_tangent(node) or not isinstance(value, torch.Tensor):
            continue
        key = _storage(value)
        if key not in seen:
            seen.add(key)
            total += storage_bytes(value)
    return total
