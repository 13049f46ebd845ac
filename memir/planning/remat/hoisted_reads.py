"""Reads that do nothing run right after what they read is written (``hoisted_reads``), so
that they hold nothing where recomputation would free it.

Why: a pure op that produces and writes nothing (a ``view``, ``t`` or ``detach`` whose
result the buffer-level program does not need, since its readers read the buffer itself)
only reads. ``schedule`` may leave it anywhere after its inputs: it changes no peak of the
program as it is. PyTorch's functional step ends its forward graph with a ``detach`` of
every saved activation; in the stage model (``stage_model``) such a read is a use like any
other, so a GELU output freed after its forward use had to be made again for the detach
at the end of the forward pass and once more for the weight gradient: twice the
recomputations for the same values. Run right after the
last write of what they read, they see the same values and no copy lives longer for them; moving a
read earlier never lengthens a lifetime, so every order planned gets them hoisted.
"""

from __future__ import annotations

from memir.planning.remat.moves import deferred_order, keeps_values


def inert(op) -> bool:
    """A pure op outside the optimizer step that reads and neither produces nor writes."""
    return op.pure and not op.update and not op.produces and not op.writes and bool(op.reads)


def hoisted_reads(problem, moves: dict[int, list[int]]) -> dict[int, list[int]] | None:
    """``moves`` (op -> ops moved to run right after it, as ``deferred_updates.deferrals``) with
    every ``inert`` op moved to run right after the last op before it, in that order, that
    writes or produces something it reads; None when none moves (or, a guard, when the
    order would change a value some op sees: ``moves.keeps_values``)."""
    order = deferred_order(problem.num_ops, moves)
    last_write: dict[int, int] = {}  # buffer -> where in ``order`` it was written last
    after: dict[int, list[int]] = {}
    hoisted = set()
    latest = None  # the last op that is not inert, while only inert ops kept follow it
    for k, j in enumerate(order):
        op = problem.ops[j]
        if inert(op):
            written = [last_write[b] for b in op.reads if b in last_write]
            anchor = order[max(written)] if written else None
            if anchor is not None and anchor != latest:
                after.setdefault(anchor, []).append(j)
                hoisted.add(j)
            continue
        latest = j
        for b in (*op.produces, *op.writes):
            last_write[b] = k
    if not hoisted:
        return None
    new_order = []
    for j in order:
        if j not in hoisted:
            new_order.append(j)
            new_order.extend(after.get(j, ()))
    if new_order == order or not keeps_values(problem, new_order):
        return None
    moved = hoisted | {u for ops in moves.values() for u in ops}
    return moves_of(new_order, moved)


def moves_of(order: list[int], moved: set[int]) -> dict[int, list[int]]:
    """The moves (op -> ops right after it) that ``deferred_order`` turns into ``order``,
    where the ops outside ``moved`` keep their program order: each moved op runs after the
    last op outside ``moved`` before it."""
    moves: dict[int, list[int]] = {}
    anchor = None
    for j in order:
        if j in moved:
            assert anchor is not None, "a moved op cannot run first"
            moves.setdefault(anchor, []).append(j)
        else:
            anchor = j
    return moves
