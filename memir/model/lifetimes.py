"""Lifetimes and the bytes live at once: the one convention and the one sum.

Why one: the layout planners, the scheduler, the spaces planner and the ExecuTorch bound
all ask how many bytes are live at each instant. A lifetime is half-open ``[lower, upper)``
everywhere in memir (an empty one, ``lower == upper``, holds no instant); data that counts
otherwise (ExecuTorch's inclusive node indices, a buffer's last use) is converted where it
comes in. ``live_profile`` is the one place that sums bytes over lifetimes; the peak is
its maximum (``live_peak``).
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

Ints = Sequence[int] | np.ndarray


def live_profile(sizes: Ints, lowers: Ints, uppers: Ints, length: int) -> np.ndarray:
    """Bytes live at each instant ``0..length-1``; every bound lies in ``0..length``."""
    sizes = np.asarray(sizes, dtype=np.int64)
    delta = np.zeros(length + 1, dtype=np.int64)
    np.add.at(delta, np.asarray(lowers, dtype=np.int64), sizes)
    np.add.at(delta, np.asarray(uppers, dtype=np.int64), -sizes)
    return np.cumsum(delta[:length])


def live_peak(sizes: Ints, lowers: Ints, uppers: Ints) -> int:
    """Most bytes live at one instant (0 with nothing live); the instants may be any
    integers: they are numbered in order first."""
    sizes = np.asarray(sizes, dtype=np.int64)
    lowers = np.asarray(lowers, dtype=np.int64)
    uppers = np.asarray(uppers, dtype=np.int64)
    live = lowers < uppers
    if not live.any():
        return 0
    times, rank = np.unique(np.concatenate((lowers[live], uppers[live])), return_inverse=True)
    count = int(live.sum())
    profile = live_profile(sizes[live], rank[:count], rank[count:], len(times))
    return int(max(profile.max(), 0))
