"""Two-memory device profiles: a small fast memory beside a large slow one.

Why named profiles: the planner's answer turns on the ratio of the two bandwidths to the
arithmetic rate, so examples and benchmarks should use real ones, each with its source. The
figures and their derivations are ``memir.model.devices``'s (its profiles with a slow
memory); this is the view ``assign-spaces`` reads, with reads and writes apart.
"""

from __future__ import annotations

from dataclasses import dataclass

from memir.model.devices import PROFILES, Profile
from memir.planning.spaces.model import Space


@dataclass(frozen=True, slots=True)
class SpaceDevice:
    name: str
    fast_read_bps: float
    fast_write_bps: float
    slow_read_bps: float
    slow_write_bps: float
    flops_per_second: float
    source: str

    @classmethod
    def of(cls, profile: Profile) -> SpaceDevice:
        fast, slow = profile.bytes_per_second, profile.slow_bytes_per_second
        return cls(profile.name, fast, fast, slow, slow, profile.flops_per_second,
                   profile.source)


SPACE_DEVICES: dict[str, SpaceDevice] = {
    name: SpaceDevice.of(p) for name, p in PROFILES.items()
    if p.slow_bytes_per_second is not None}


def two_spaces(fast_bytes: int, device: SpaceDevice | str) -> list[Space]:
    """``[fast (capacity fast_bytes), slow (unbounded, the default)]`` for ``device``."""
    d = SPACE_DEVICES[device] if isinstance(device, str) else device
    return [Space("fast", fast_bytes, d.fast_read_bps, d.fast_write_bps),
            Space("slow", None, d.slow_read_bps, d.slow_write_bps)]
