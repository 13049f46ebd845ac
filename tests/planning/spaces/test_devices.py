"""Device profiles: the figures their sources give."""

from __future__ import annotations

from memir.planning.spaces.devices import SPACE_DEVICES, two_spaces


def test_the_ethos_u55_profile_follows_vela():
    npu = SPACE_DEVICES["npu"]
    assert (npu.fast_read_bps, npu.slow_read_bps) == (4e9, 0.5e9)  # 8 B x 500 MHz x 1, 1/8
    assert npu.flops_per_second == 128e9  # 128 MACs x 2 x 500 MHz


def test_two_spaces_puts_the_unbounded_slow_memory_last():
    fast, slow = two_spaces(256 * 1024, "h100-host")
    assert (fast.capacity, fast.read_bps) == (256 * 1024, 3.35e12)
    assert (slow.capacity, slow.read_bps) == (None, 64e9)
    assert all(d.source for d in SPACE_DEVICES.values())
