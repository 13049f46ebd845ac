"""Heap-map plot of a plan: one rectangle per buffer, time across, bytes up.

Like the figures of [Multi-stream reuse] and [MemoMalloc]: x is the lifetime
``[lower, upper)``, y the bytes ``[offset, offset + size)``. The arena, the lower bound and the capacity are labelled
horizontal lines, so the gap between plan and bound is visible at a glance. All rectangles
go into one ``PolyCollection`` (one draw call), which keeps 10k+ buffers fast and legible.
For explicit conflict graphs whose lifetimes carry no information (all equal), x is the
buffer index instead. The format follows the file extension (png, svg, pdf).
"""

from __future__ import annotations

import os
from collections.abc import Sequence

import matplotlib

matplotlib.use("Agg")

import matplotlib.pyplot as plt  # noqa: E402
import numpy as np  # noqa: E402
from matplotlib.collections import PolyCollection  # noqa: E402

from memir.files import write_atomically  # noqa: E402
from memir.model.layout import Plan, Problem  # noqa: E402

_UNITS = ((1 << 40, "TiB"), (1 << 30, "GiB"), (1 << 20, "MiB"), (1 << 10, "KiB"))


def human_bytes(value: float) -> str:
    for scale, unit in _UNITS:
        if abs(value) >= scale:
            return f"{value / scale:.3g} {unit}"
    return f"{value:.0f} B"


def plot(problem: Problem, plan: Plan, path: str, title: str | None = None,
         marked: Sequence[bool] | None = None) -> None:
    """Draw the heap map; ``marked`` buffers (recomputed copies, say) get a red hatched
    outline and a legend entry."""
    bufs = problem.buffers
    n = len(bufs)
    off = np.asarray(plan.offsets, dtype=np.float64)
    size = np.fromiter((b.size for b in bufs), dtype=np.float64, count=n)
    lower = np.fromiter((b.lower for b in bufs), dtype=np.float64, count=n)
    upper = np.fromiter((b.upper for b in bufs), dtype=np.float64, count=n)
    by_index = problem.conflicts is not None and (
        n == 0 or (np.all(lower == lower[0]) and np.all(upper == upper[0])))
    if by_index:
        lower, upper = np.arange(n, dtype=np.float64), np.arange(1, n + 1, dtype=np.float64)
    upper = np.maximum(upper, lower + 1e-9)

    top = max(plan.arena, plan.lower_bound, problem.capacity or 0, 1)
    scale, unit = next(((s, u) for s, u in _UNITS if top >= 4 * s), (1, "B"))
    off, size = off / scale, size / scale  # plot in the unit that suits the arena

    fig, ax = plt.subplots(figsize=(12, 6.5), dpi=110)
    verts = np.empty((n, 4, 2))
    verts[:, 0] = np.stack((lower, off), axis=1)
    verts[:, 1] = np.stack((upper, off), axis=1)
    verts[:, 2] = np.stack((upper, off + size), axis=1)
    verts[:, 3] = np.stack((lower, off + size), axis=1)
    # colour by log size so small and large buffers are told apart; thin edges only when few
    shade = np.log2(np.maximum(size, 1))
    span = max(float(np.ptp(shade)) if n else 0.0, 1e-9)
    colors = plt.get_cmap("viridis")(0.15 + 0.8 * (shade - (shade.min() if n else 0)) / span)
    edge = 0.3 if n <= 2000 else 0.0
    ax.add_collection(PolyCollection(verts, facecolors=colors, edgecolors="black",
                                     linewidths=edge, alpha=0.9))

    if marked is not None and any(marked):
        chosen = np.asarray(marked[:n], dtype=bool)
        ax.add_collection(PolyCollection(verts[np.nonzero(chosen)[0]], facecolors="none",
                                         edgecolors="tab:red", hatch="////", linewidths=0.8,
                                         label=f"recomputed ({int(chosen.sum())} buffers)"))
    xmin = float(lower.min()) if n else 0.0
    xmax = float(upper.max()) if n else 1.0
    lines = [(plan.arena, "arena", "tab:red", "-")]
    if plan.lower_bound:
        lines.append((plan.lower_bound, "lower bound", "tab:blue", "--"))
    if problem.capacity is not None:
        lines.append((problem.capacity, "capacity", "tab:gray", ":"))
    for value, label, color, style in lines:
        ax.axhline(value / scale, color=color, linestyle=style, linewidth=1.2,
                   label=f"{label}: {human_bytes(value)} ({value:,} B)")
    ax.set_xlim(xmin, xmax)
    ax.set_ylim(0, top / scale * 1.04)
    ax.set_xlabel("buffer index" if by_index else "time step (lifetime [lower, upper))")
    ax.set_ylabel(f"offset ({unit})")
    ratio = f", arena / bound = {plan.arena / plan.lower_bound:.4f}" if plan.lower_bound else ""
    heading = title or f"{n} buffers, {plan.strategy or 'plan'}{ratio}"
    ax.set_title(heading)
    ax.legend(loc="upper center", bbox_to_anchor=(0.5, -0.09), ncol=len(lines), fontsize=9,
              frameon=False)
    fig.tight_layout()
    try:
        _save_atomically(fig, path)
    finally:
        plt.close(fig)


def _save_atomically(fig, path: str) -> None:
    fmt = os.path.splitext(path)[1][1:] or None
    write_atomically(path, lambda tmp: fig.savefig(tmp, format=fmt))
