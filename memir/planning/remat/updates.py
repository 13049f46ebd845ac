"""Which ops are the optimizer step, so that rematerialisation never re-runs them.

Why exclude them: recomputing Adam's ``sqrt(exp_avg_sq)`` or ``div`` would be a valid
program, but the optimizer step runs once, after the backward pass, on state that lives
across steps; re-running a piece of it buys nothing a user expects and mixes the step's
math into the activations' plan. The importer does not mark them, so they are recognised
as ``schedule`` recognises them (``memir.planning.schedule.updates``): an op whose kernel
is an elementwise optimizer kernel and all of whose successors (later ops that read or
write what it writes) are updates too. An in-place add in the forward pass, which feeds
later layers, is therefore not one.
"""

from __future__ import annotations

from collections.abc import Sequence

from memir.planning.schedule.updates import OPTIMIZER_KERNELS, kernel_base


def guess_updates(kinds: Sequence[str], writes: Sequence[Sequence[int]],
                  touches: Sequence[Sequence[int]]) -> list[bool]:
    """Per op (in program order): is it part of the optimizer step? ``writes[i]`` are the
    buffers op i writes (produced or in place), ``touches[i]`` every buffer it reads or
    writes."""
    n = len(kinds)
    users: dict[int, list[int]] = {}
    for j in range(n):
        for b in set(touches[j]):
            users.setdefault(b, []).append(j)
    flags = [False] * n
    for v in range(n - 1, -1, -1):  # later ops first: successors come later
        base = kernel_base(kinds[v])
        if not (base in OPTIMIZER_KERNELS or base.startswith("_foreach_")):
            continue
        flags[v] = all(flags[j] for b in set(writes[v]) for j in users.get(b, ()) if j > v)
    return flags
