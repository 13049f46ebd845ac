"""The peak of live bytes a piece of PyTorch work allocates, as the CPU allocator sees it.

Why the profiler: CPU PyTorch keeps no allocator statistics (CUDA has
``torch.cuda.max_memory_allocated``); the profiler's memory events (``profile_memory``) are
every allocation and free the allocator makes, with its size. Their running sum, in time
order, is the bytes live beyond what existed before; its maximum is the peak the plan
predicts. On CUDA the allocator's own counters are read instead.
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
    in time order."""
    return sorted((e.start_ns(), e.nbytes()) for e in prof.profiler.kineto_results.events()
                  if e.name() == "[memory]" and _on(e, device))


def _on(event, device: torch.device) -> bool:
    kind = str(event.device_type()).lower()
    return ("cuda" in kind) == (device.type == "cuda")
