"""What a recomputation costs: a roofline over an op's FLOPs and bytes on a named device.

Why a roofline: the importer records FLOPs (``torch.utils.flop_counter``) and bytes read
and written per op; an op takes at least as long as its arithmetic at the device's peak
rate and as its traffic at the device's bandwidth, whichever is longer. The planners
minimise the sum of these times (in nanoseconds, rounded up so that no op with work is
free). An op with neither figure has no cost and is never recomputed.

Profiles are the vendors' datasheet figures (dense FP32, memory bandwidth); ``default`` is
an A100.
"""

from __future__ import annotations

import math
from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Device:
    name: str
    flops_per_second: float
    bytes_per_second: float


DEVICES = {
    "a100": Device("a100", 19.5e12, 1.555e12),
    "h100": Device("h100", 67e12, 3.35e12),
    "cpu": Device("cpu", 1e12, 100e9),
}
DEVICES["default"] = DEVICES["a100"]


def op_nanoseconds(flops: int | None, bytes_moved: int | None, device: Device) -> int | None:
    """Roofline time of one run of an op, or None when it has no recorded cost."""
    if flops is None and bytes_moved is None:
        return None
    seconds = max((flops or 0) / device.flops_per_second,
                  (bytes_moved or 0) / device.bytes_per_second)
    return max(1, math.ceil(seconds * 1e9))


def compute_bound(flops: int | None, bytes_moved: int | None, device: Device) -> bool:
    """Whether an op's arithmetic takes longer than its memory traffic on ``device``."""
    return (flops or 0) / device.flops_per_second > (bytes_moved or 0) / device.bytes_per_second
