"""Which ops are the optimizer step, so that rematerialisation never re-runs them, and which
of its updates are worth running later (``deferrals``), so that recomputations can.

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


def deferrals(problem) -> dict[int, list[int]]:
    """Optimizer updates that block recomputations, to run later: op -> the update ops
    that move to run right after it (in program order); empty when none moves.

    Why: ``schedule`` runs each parameter's update as soon as its gradient is ready, to free
    the gradient. A layer norm's weight gets its gradient early in the backward pass, but
    its output is read again late (by the weight gradient of the next linear layer, say);
    recomputing the layer norm there would read the updated weight, so it cannot be done
    and every such activation stays held (ViT-B/16 and BERT-base lose most of their
    candidates so). Running the update after the last stage a recomputation of its readers
    can help in (``exact`` horizons) holds only the update's own inputs (the gradient) for
    longer; it is done when those bytes are at most the bytes the readers produce, and when
    no op in between touches what the update writes or writes what it reads, so every
    original op sees the values it saw.
    """
    from memir.planning.remat.exact import horizons

    groups = _update_groups(problem)
    if not groups:
        return {}
    _last_use, horizon, _need = horizons(problem)
    readers: dict[int, list[int]] = {}
    for i, op in enumerate(problem.ops):
        if problem.recomputable[i] and not op.update:
            for b in set(op.reads):
                if not problem.planned[b]:
                    readers.setdefault(b, []).append(i)
    after: dict[int, list[int]] = {}  # op -> the moved ops that run right after it
    for whole in groups:
        # From the first update that writes a value a recomputable op read before it on:
        # the updates before it (Adam's decay of its moments, say) may stay where they are.
        blocking = [u for u in whole for b in problem.ops[u].writes
                    if not problem.planned[b] and any(i < u for i in readers.get(b, ()))]
        if not blocking:
            continue
        group = [u for u in whole if u >= blocking[0]]
        first, last = group[0], group[-1]
        writes = {b for u in group for b in problem.ops[u].writes}
        reads = {b for u in group for b in problem.ops[u].reads} - writes
        users = {i for b in writes if not problem.planned[b] for i in readers.get(b, ())
                 if i < first}
        target = max((horizon[i] for i in users), default=-1)
        if target <= last:
            continue
        members = set(group)
        for j in range(first + 1, target + 1):
            if j in members:
                continue
            op = problem.ops[j]
            if writes & {*op.reads, *op.writes, *op.produces} or reads & {*op.writes}:
                target = j - 1
                break
        if target <= last:
            continue
        held = sum(problem.sizes[b] for b in reads if problem.planned[b])
        freed = sum(problem.sizes[b] for i in users for b in problem.ops[i].produces
                    if horizon[i] > first)
        if held > freed:
            continue
        after.setdefault(target, []).extend(group)
    return {j: sorted(ops) for j, ops in after.items()}


def deferred_order(n: int, after: dict[int, list[int]]) -> list[int]:
    """The program order with ``deferrals`` applied: old op indices in their new order."""
    moved = {u for ops in after.values() for u in ops}
    order = []
    for j in range(n):
        if j not in moved:
            order.append(j)
        order.extend(after.get(j, ()))
    return order


def _update_groups(problem) -> list[list[int]]:
    """The optimizer step's ops, grouped by what they touch (one parameter's update: its
    moments, temporaries and the parameter), each in program order."""
    parent: dict[int, int] = {}

    def find(x: int) -> int:
        while parent.setdefault(x, x) != x:
            parent[x] = parent[parent[x]]
            x = parent[x]
        return x

    owner: dict[int, int] = {}  # buffer -> an update op touching it
    updates = [i for i, op in enumerate(problem.ops) if op.update]
    for u in updates:
        find(u)
        op = problem.ops[u]
        for b in {*op.reads, *op.writes, *op.produces}:
            if b in owner:
                parent[find(u)] = find(owner[b])
            else:
                owner[b] = u
    groups: dict[int, list[int]] = {}
    for u in updates:
        groups.setdefault(find(u), []).append(u)
    return sorted(groups.values())


def hoists(problem) -> dict[int, list[int]]:
    """Weight gradients to run earlier, each with the optimizer updates that consume it:
    op -> the moved ops that run right after it (in program order), as ``deferrals``.

    Why: ``schedule`` minimises the peak of the program as it is, which sits where the
    forward pass ends; it is free to run a layer's weight gradient (``mm`` of the saved
    activation and the incoming gradient) and its update at the very end of the backward
    pass, holding that activation across the whole backward pass (ViT-B/16: every MLP's
    GELU output, 12 x 2.3 MiB). Once recomputation has lowered that peak, those held
    activations are what is left, and recomputing them there costs their producers plus
    their held inputs. Running the gradient (and its update, so that the gradient does not
    wait for it) right after the last op it depends on frees the activation where autograd
    would. A gradient here is an op outside the optimizer step whose outputs only the
    optimizer step (and ops that produce and write nothing, views) use; it moves with
    those users and the update groups they belong to, to right after the last op any of
    them depends on (it reads what that op wrote, or writes what it read or wrote), so
    every op sees the values it saw. ``rematerialize`` plans this order beside the others
    and keeps the cheapest plan.
    """
    depends = _dependencies(problem)
    group_of = {u: tuple(g) for g in _update_groups(problem) for u in g}
    after: dict[int, list[int]] = {}
    moved: set[int] = set()
    for u, op in enumerate(problem.ops):
        if op.update or not op.produces or u in moved:
            continue
        users = {j for b in op.produces for j in (*problem.readers[b], *problem.writers[b])
                 if j != u}
        group = {u}
        for j in users:
            user = problem.ops[j]
            if user.update:
                group.update(group_of[j])
            elif not user.produces and not user.writes:
                group.add(j)  # a view of the gradient
            else:
                group = set()
                break
        if not any(problem.ops[j].update for j in group) or group & moved:
            continue
        anchor = max((d for m in group for d in depends[m] if d not in group), default=-1)
        if 0 <= anchor < u - 1:
            moved.update(group)
            after.setdefault(anchor, []).extend(sorted(group))
    return {j: sorted(ops) for j, ops in after.items()}


def _dependencies(problem) -> list[set[int]]:
    """Per op, the earlier ops it must follow: the last writer of what it reads, the last
    op to read or write what it writes."""
    last_write: dict[int, int] = {}
    last_access: dict[int, int] = {}
    found = []
    for u, op in enumerate(problem.ops):
        depends = {last_write[b] for b in op.reads if b in last_write}
        depends.update(last_access[b] for b in (*op.writes, *op.produces) if b in last_access)
        found.append(depends)
        for b in (*op.writes, *op.produces):
            last_write[b] = u
        for b in (*op.reads, *op.writes, *op.produces):
            last_access[b] = u
    return found
