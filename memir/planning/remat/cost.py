"""What a recomputation costs: a roofline over an op's FLOPs and bytes on a named device.

Why a roofline: the importer records FLOPs (``torch.utils.flop_counter``) and bytes read
and written per op; an op takes at least as long as its arithmetic at the device's peak
rate and as its traffic at the device's bandwidth, whichever is longer. The planners
minimise the sum of these times (in nanoseconds, rounded up so that no op with work is
free). An op with neither figure has no cost and is never recomputed.

Profiles are ``memir.model.devices``'s (the vendors' datasheet figures, each with its
source): every one without a second memory, dense FP32 unless a precision is given;
``default`` is an A100.
"""

from __future__ import annotations

import math

from memir.model.devices import PROFILES, Profile

Device = Profile
DEVICES: dict[str, Device] = {name: p for name, p in PROFILES.items()
                              if p.slow_bytes_per_second is None}


def op_nanoseconds(flops: int | None, bytes_moved: int | None, device: Device,
                   precision: str = "fp32") -> int | None:
    """Roofline time of one run of an op, or None when it has no recorded cost."""
    if flops is None and bytes_moved is None:
        return None
    seconds = max((flops or 0) / device.peak_flops(precision),
                  (bytes_moved or 0) / device.bytes_per_second)
    return max(1, math.ceil(seconds * 1e9))


def compute_bound(flops: int | None, bytes_moved: int | None, device: Device,
                  precision: str = "fp32") -> bool:
    """Whether an op's arithmetic takes longer than its memory traffic on ``device``."""
    return ((flops or 0) / device.peak_flops(precision)
            > (bytes_moved or 0) / device.bytes_per_second)
