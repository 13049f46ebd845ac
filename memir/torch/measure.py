"""The peak of live bytes a piece of PyTorch work allocates, as the CPU allocator sees it.

Why the profiler: CPU PyTorch keeps no allocator statistics (CUDA has
``torch.cuda.max_memory_allocated``); the profiler's memory events (``profile_memory``) are
every allocation and free the allocator makes, with its size and address. The running sum
of the work's allocations and their frees, in time order, is the bytes live beyond what
existed before; its maximum is the peak the plan predicts. On CUDA the allocator's own
counters are read instead.
"""

from __future__ import annotations

from collections.abc import Callable

import torch


def peak_bytes(work: Callable[[], object], device: str = "cpu") -> int:
    """Bytes allocated beyond what was live before ``work`` ran, at their highest."""
    return live_bytes(work, device)[0]


def live_bytes(work: Callable[[], object], device: str = "cpu") -> tuple[int, int]:
    """Bytes allocated beyond what was live before ``work`` ran: at their highest, and when
    it returned (what it left live)."""
    if device.startswith("cuda"):
        torch.cuda.synchronize(device)
        before = torch.cuda.memory_allocated(device)
        torch.cuda.reset_peak_memory_stats(device)
        work()
        torch.cuda.synchronize(device)
        return (torch.cuda.max_memory_allocated(device) - before,
                torch.cuda.memory_allocated(device) - before)
    from torch.profiler import ProfilerActivity, profile

    with profile(activities=[ProfilerActivity.CPU], profile_memory=True) as prof:
        work()
    live = peak = 0
    for _, nbytes in memory_events(prof, torch.device(device)):
        live += nbytes
        peak = max(peak, live)
    return peak, live


def memory_events(prof, device: torch.device) -> list[tuple[int, int]]:
    """(time in ns, bytes: + allocated, - freed) of a profile's allocations on ``device``,
    in time order, and the frees of those blocks. A block allocated before the profile is
    left out when freed: the CPU allocator reports such a free only where an earlier
    profile saw the block made, so a step that drops the last step's gradients measured
    lower from its third run on."""
    from torch._C._profiler import _EventType

    found, stack = [], list(prof.profiler.kineto_results.experimental_event_tree())
    while stack:
        event = stack.pop()
        stack.extend(event.children)
        fields = event.extra_fields
        if event.tag == _EventType.Allocation and _on(fields.device, device):
            found.append((event.start_time_ns, fields.alloc_size, fields.ptr))
    changes, made = [], set()
    for time, nbytes, pointer in sorted(found):  # at one time, a free before a reuse
        if nbytes >= 0:
            made.add(pointer)
        elif pointer in made:
            made.discard(pointer)
        else:
            continue
        changes.append((time, nbytes))
    return changes


def _on(found: torch.device, device: torch.device) -> bool:
    return (found.type == "cuda") == (device.type == "cuda")


COMPILED_GRAPH = "## Call CompiledFxGraph"  # Inductor's record of one compiled graph's call


def ops_live(work: Callable[[], object], device: str = "cpu") -> list[tuple[str, int]]:
    """(name, the most bytes live while it ran, beyond what was live before ``work``) of
    each ATen op an Inductor-compiled graph calls directly, in the order they ran."""
    from torch._C._profiler import _EventType
    from torch.profiler import ProfilerActivity, profile

    target = torch.device(device)
    activities = [ProfilerActivity.CPU] + ([ProfilerActivity.CUDA]
                                           if target.type == "cuda" else [])
    with profile(activities=activities, profile_memory=True) as prof:
        work()
    changes, spans = [], []

    def walk(event, in_graph: bool) -> None:
        if event.tag == _EventType.Allocation:
            if event.extra_fields.device.type == target.type:
                changes.append((event.start_time_ns, event.extra_fields.alloc_size))
            return
        if in_graph and event.name.startswith("aten::"):
            spans.append((event.start_time_ns, event.end_time_ns, event.name))
        for child in event.children:
            walk(child, event.name.startswith(COMPILED_GRAPH))

    for root in prof.profiler.kineto_results.experimental_event_tree():
        walk(root, False)
    return _most_live(sorted(changes), sorted(spans))


def _most_live(changes: list[tuple[int, int]], spans: list[tuple[int, int, str]]
               ) -> list[tuple[str, int]]:
    """Per span (start, end, name), in order, the highest running sum of ``changes`` (time,
    bytes) from its start to its end."""
    found, live, k = [], 0, 0
    for start, end, name in spans:
        while k < len(changes) and changes[k][0] < start:
            live += changes[k][1]
            k += 1
        most = live
        while k < len(changes) and changes[k][0] <= end:
            live += changes[k][1]
            most = max(most, live)
            k += 1
        found.append((name, most))
    return found
