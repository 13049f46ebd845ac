"""``measure.peak_bytes`` on CPU: the bytes a piece of work allocates beyond what was live,
the same each time the same work runs."""

from __future__ import annotations

import pytest

torch = pytest.importorskip("torch")

from memir.torch.measure import live_bytes, peak_bytes  # noqa: E402

MIB = 1 << 20


def test_a_block_made_before_the_work_and_freed_in_it_is_left_out():
    """The CPU allocator reports the free of a block made before the profile only where an
    earlier profile saw it made: counted, that free put the work's peak 1 MiB too low
    (a training step that drops the last step's gradients measured lower from its third
    run on)."""
    held = []
    peak_bytes(lambda: held.append(torch.empty(MIB, dtype=torch.uint8)))  # seen made

    def work():
        held.clear()
        torch.empty(MIB // 4, dtype=torch.uint8)

    assert peak_bytes(work) == MIB // 4


def test_what_the_work_keeps_is_live_at_its_end():
    kept = []

    def work():
        kept.append(torch.empty(MIB, dtype=torch.uint8))
        torch.empty(MIB // 2, dtype=torch.uint8)

    assert live_bytes(work) == (MIB + MIB // 2, MIB)
