"""The ends of the optimizer's updates run at the end of the step (``sunk_tails``), so that
their temporaries do not land on the activations recomputation has left.

Why: Adam's step for one parameter reads the gradient in its first ops (the moments) and
then makes ``sqrt(exp_avg_sq)``, divides it and updates the parameter from state that
lives across steps: two temporaries as large as the parameter.
``schedule`` runs each whole update as soon as its gradient is ready, which
costs nothing while the peak sits where the forward pass ends. Once recomputation has
lowered the activations held across the backward pass, those temporaries on top of them
are the peak; PyTorch's partitioned program, scheduled by memir, runs these parts of the
updates after the backward pass and reaches a lower peak with the same recomputations.
The rest of an update after its last read of something the
step made elsewhere (the gradient) touches only its own temporaries and state that no later op of
the step reads, so it can run last, where the activations are gone.
"""

from __future__ import annotations

from memir.planning.remat.moves import deferred_order, keeps_values, parameter_updates


def sunk_tails(problem, moves: dict[int, list[int]]) -> dict[int, list[int]] | None:
    """``moves`` (op -> ops moved to run right after it, as ``deferred_updates.deferrals``) with
    every update's tail moved to the end of the step: the ops of one parameter's update
    (``moves.parameter_updates``) after the last one that touches a planned buffer made
    outside them, when they make a planned buffer (a temporary), and no op left in place
    after them touches what they write or writes what they read. None when there is no
    such tail, or when the order would change a value some op sees (checked on the order
    itself, ``keeps_values``)."""
    order = deferred_order(problem.num_ops, moves)
    position = {op: k for k, op in enumerate(order)}
    found = [_tail(problem, sorted(group, key=position.__getitem__))
             for group in parameter_updates(problem)]
    found = [tail for tail in found if tail]
    while True:  # a tail some op left in place must see (or not see) stays too
        tails = {u for tail in found for u in tail}
        touch, write = _last_accesses(problem, order, tails)
        kept = [tail for tail in found if _free(problem, tail, position[tail[0]], touch, write)]
        if len(kept) == len(found):
            break
        found = kept
    if not tails:
        return None
    anchor = next((op for op in reversed(order) if op not in tails), None)
    moved = {u for ops in moves.values() for u in ops}
    if anchor is None or anchor in moved:
        return None
    sunk = {j: [u for u in ops if u not in tails] for j, ops in moves.items()}
    sunk = {j: ops for j, ops in sunk.items() if ops}
    sunk.setdefault(anchor, []).extend(op for op in order if op in tails)
    new_order = deferred_order(problem.num_ops, sunk)
    if new_order == order or not keeps_values(problem, new_order):
        return None
    return sunk


def _tail(problem, ops: list[int]) -> list[int]:
    """The longest suffix of one update's ``ops`` (in the order they run) that touches no
    planned buffer made outside it and makes one; empty when there is none."""
    for start in range(len(ops)):
        suffix = ops[start:]
        made = {b for u in suffix for b in problem.ops[u].produces}
        touched = {b for u in suffix for b in (*problem.ops[u].reads, *problem.ops[u].writes)}
        if made and all(b in made for b in touched if problem.planned[b]):
            return suffix
    return []


def _free(problem, tail: list[int], first: int, last_touch: dict[int, int],
          last_write: dict[int, int]) -> bool:
    """Whether no op that stays in place after ``tail``'s first op (at ``first``) touches
    what it writes or writes what it reads (``last_touch``, ``last_write``: per buffer,
    the position of the last such op)."""
    ops = [problem.ops[u] for u in tail]
    return all(last_touch.get(b, -1) < first for op in ops for b in (*op.writes, *op.produces)) \
        and all(last_write.get(b, -1) < first for op in ops for b in op.reads)


def _last_accesses(problem, order: list[int], tails: set[int]):
    """Per buffer, the position in ``order`` of the last op outside ``tails`` that touches
    it, and of the last one that writes it."""
    last_touch, last_write = {}, {}
    for k, j in enumerate(order):
        if j in tails:
            continue
        op = problem.ops[j]
        for b in (*op.reads, *op.writes, *op.produces):
            last_touch[b] = k
        for b in (*op.writes, *op.produces):
            last_write[b] = k
    return last_touch, last_write
