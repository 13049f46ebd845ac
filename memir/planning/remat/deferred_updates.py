"""The optimizer updates worth running later (``deferrals``), so that recomputations can, and
the weight gradients and their updates run as early as they can (``hoists``).

Which ops are the optimizer step (so that rematerialisation never re-runs them) is
recognised in ``memir.analysis.optimizer_step``, as ``schedule`` recognises them: recomputing
Adam's ``sqrt(exp_avg_sq)`` or ``div`` would be a valid program, but the optimizer step runs
once, after the backward pass, on state that lives across steps; re-running a piece of it
buys nothing a user expects and mixes the step's math into the activations' plan.
"""

from __future__ import annotations

from memir.planning.remat.descent import CHAIN
from memir.planning.remat.moves import deferred_order, parameter_updates
from memir.planning.remat.stage_model import reordered


def deferrals(problem) -> dict[int, list[int]]:
    """Optimizer updates that block recomputations, to run later: op -> the update ops
    that move to run right after it (in program order); empty when none moves.

    Why: ``schedule`` runs each parameter's update as soon as its gradient is ready, to free
    the gradient. A layer norm's weight gets its gradient early in the backward pass, but
    its output is read again late (by the weight gradient of the next linear layer, say);
    recomputing the layer norm there would read the updated weight, so it cannot be done
    and every such activation stays held. A batch norm's running statistics, overwritten
    right after the forward
    batch norm, block it, and what is computed from its output, for the whole step.

    Running an update later holds its inputs (Adam's ``div``, the gradient) for longer. A
    group (one parameter's update from its first blocking write on) is a candidate when
    those bytes are at most the bytes its readers produce (``_candidates``). Judged alone,
    that can let every update of a network move, each holding a small ``div``; held at
    once, the divs raise the order's proven peak floor, while most of them release
    nothing: their readers' outputs are never read after the update (measurements:
    docs/planning-figures.md). So the candidates are judged together, all deferred at first:

    - a group stays only if putting it back would block a recomputation the deferrals
      allow (``_RerunLimits``: a buffer read where its producer can re-run, its inputs held or
      made again by a short chain, only with the group deferred), until none is left that
      releases nothing (``_releasing``);
    - each runs right after the last read of a buffer it releases, not later (``_trim``);
    - while the order's proven peak floor (``peak_floor.peak_floor``, which holds the buffers an
      overwritten parameter bars from being made again) is above the program order's,
      the group holding the most bytes where it is reached goes back (``_cap_floor``).

    No op in between may touch what a group writes or write what it reads, so every
    original op sees the values it saw.
    """
    moves = _candidates(problem)
    if not moves:
        return {}
    reruns = _RerunLimits(problem)
    reruns.place(moves)
    _releasing(problem, reruns, moves)
    _trim(problem, reruns, moves)
    _releasing(problem, reruns, moves)
    _cap_floor(problem, reruns, moves)
    _releasing(problem, reruns, moves)
    return _after(moves)


def _after(moves) -> dict[int, list[int]]:
    """op -> the moved ops that run right after it, in program order."""
    after: dict[int, list[int]] = {}
    for group, target in moves.values():
        after.setdefault(target, []).extend(group)
    return {j: sorted(ops) for j, ops in after.items()}


def _candidates(problem) -> dict[int, tuple[list[int], int]]:
    """Each update group worth deferring on its own: its first op -> (the group from its
    first write of a value a recomputable op read before, the op to run it after: the last
    stage a recomputation of those readers can help in (``stage_model.horizons``), or before the
    first op that must see what it writes). Worth it: the bytes it would hold longer are at
    most the bytes its readers produce."""
    from memir.planning.remat.stage_model import horizons

    _last_use, horizon, _need = horizons(problem)
    readers: dict[int, list[int]] = {}
    for i, op in enumerate(problem.ops):
        if problem.recomputable[i] and not op.update:
            for b in set(op.reads):
                if not problem.planned[b]:
                    readers.setdefault(b, []).append(i)
    found = {}
    for whole in parameter_updates(problem):
        blocking = [u for u in whole for b in problem.ops[u].writes
                    if not problem.planned[b] and any(i < u for i in readers.get(b, ()))]
        if not blocking:
            continue
        group = [u for u in whole if u >= blocking[0]]
        first = group[0]
        writes = {b for u in group for b in problem.ops[u].writes}
        reads = {b for u in group for b in problem.ops[u].reads} - writes
        users = {i for b in writes if not problem.planned[b] for i in readers.get(b, ())
                 if i < first}
        target = _bound(problem, group, max((horizon[i] for i in users), default=-1))
        if target <= group[-1]:
            continue
        held = sum(problem.sizes[b] for b in reads if problem.planned[b])
        freed = sum(problem.sizes[b] for i in users for b in problem.ops[i].produces
                    if horizon[i] > first)
        if held <= freed:
            found[first] = (group, target)
    return found


def _bound(problem, group: list[int], target: int) -> int:
    """``target``, or the op before the first op after the group's first that touches what
    it writes or writes what it reads (the group must run before it)."""
    members = set(group)
    writes = {b for u in group for b in problem.ops[u].writes}
    reads = {b for u in group for b in problem.ops[u].reads} - writes
    for j in range(group[0] + 1, target + 1):
        if j in members:
            continue
        op = problem.ops[j]
        if writes & {*op.reads, *op.writes, *op.produces} or reads & {*op.writes}:
            return j - 1
    return target


def _releasing(problem, reruns, moves) -> None:
    """Put back the groups that release nothing the others do not (no buffer putting one
    back would block), until none is left."""
    while True:
        idle = [key for key, (group, _target) in moves.items()
                if not reruns.lost(reruns.trial({u: u for u in group}))]
        if not idle:
            return
        for key in idle:
            del moves[key]
        reruns.place(moves)


def _trim(problem, reruns, moves) -> None:
    """Each group runs after the last read of a buffer it releases, not later (its inputs
    are held to there), or stays in place when that read comes before its last op. In
    program order: a release that needs several
    groups is the last read of each, so trimming one keeps the releases of the others."""
    for key in sorted(moves):
        group, target = moves[key]
        lost = reruns.lost(reruns.trial({u: u for u in group}))
        last = max((problem.last_use[c] for c in lost), default=-1)
        target = _bound(problem, group, min(target, last))
        if target > group[-1]:
            moves[key] = (group, target)
        else:
            del moves[key]
        reruns.place(moves)


def _cap_floor(problem, reruns, moves) -> None:
    """Put back groups while the order's proven peak floor (``peak_floor.peak_floor``) is above
    the program's own order's: at the op where it is reached, the group holding the most
    bytes there. The floor counts what the deferrals hold (Adam's ``div`` is a single
    copy); a deferred order with a higher floor cannot reach capacities the program's
    order could."""
    from memir.planning.remat.peak_floor import peak_floor

    cap = peak_floor(problem).bytes
    while moves:
        order = deferred_order(problem.num_ops, _after(moves))
        found = peak_floor(reordered(problem, order))
        if found.bytes <= cap:
            return
        where = reruns.at(order[found.op])  # a moved op: the op it runs after
        most, worst = 0, None
        for key, (group, target) in moves.items():
            mine = sum(size for (start, stop), size in _held(problem, reruns, group, target)
                       if start <= where <= stop)
            if mine > most:
                most, worst = mine, key
        if worst is None:
            return
        del moves[worst]
        reruns.place(moves)


def _held(problem, reruns, group: list[int], target: int):
    """The spans over which a deferred group holds its inputs longer: ((first, last), bytes)."""
    spans = []
    writes = {b for u in group for b in problem.ops[u].writes}
    members = set(group)
    for b in {b for u in group for b in problem.ops[u].reads} - writes:
        if problem.planned[b]:  # held from its last use by the program as it now runs
            start = max(j if j in members else reruns.at(j)
                        for j in (*problem.readers[b], *problem.writers[b]))
            if start < target:
                spans.append(((start + 1, target), problem.sizes[b]))
    return spans


class _RerunLimits:
    """Per recomputable op and depth d, the first stage from which it cannot re-run
    (``until``; ``never``: it can to the end) with each of its inputs held by the program
    or made again by a chain of at most d producers re-run with it, as the greedy's chains
    are (``descent.CHAIN``): a value without versions it reads (a parameter: ``refreshed``
    cannot bring it back) has been overwritten since, or an input is neither. A buffer it
    makes that is read at or after its ``until`` must be held there. Deferred writers count
    where they run (``place``)."""

    def __init__(self, problem) -> None:
        self.problem = problem
        self.never = problem.num_ops + 1
        self.depths = range(CHAIN + 1)
        self.position: dict[int, int] = {}  # a deferred writer -> the op it now runs after
        self.blocks: list[list[int]] = [[] for _ in problem.sizes]  # value -> ops it blocks
        self.inputs: list[list[int]] = [[] for _ in problem.ops]  # versioned reads
        self.consumers: list[list[int]] = [[] for _ in problem.ops]
        for i, op in enumerate(problem.ops):
            if not problem.recomputable[i] or op.update:
                continue
            lead = problem.leader[i] if problem.leader[i] is not None else i
            for b in {*op.reads, *problem.ops[lead].reads}:
                if not problem.versioned(b):
                    self.blocks[b].append(i)
                else:
                    self.inputs[i].append(b)
                    p = problem.producer[b]
                    if p < i and problem.recomputable[p]:
                        self.consumers[p].append(i)
            if lead != i:
                self.consumers[lead].append(i)
        self.until: list[tuple[int, ...]] = []
        for i in range(problem.num_ops):
            self.until.append(self._until(i, {}, {}))

    def _until(self, i: int, moved: dict[int, int], changed: dict[int, tuple]) -> tuple:
        problem = self.problem
        if not problem.recomputable[i] or problem.ops[i].update:
            return (i + 1,) * len(self.depths)
        lead = problem.leader[i] if problem.leader[i] is not None else i
        direct = self.never
        for b in {*problem.ops[i].reads, *problem.ops[lead].reads}:
            if not problem.versioned(b):
                for w in problem.writers[b]:
                    if w > lead:
                        at = moved.get(w, self.position.get(w, w))
                        direct = min(direct, w if at == w else at + 1)
        found = [direct] * len(self.depths)
        if lead != i:
            found = [min(a, b) for a, b in zip(found, changed.get(lead, self.until[lead]))]
        for b in self.inputs[i]:
            p = problem.producer[b]
            held = problem.last_use[b] + 1
            again = changed.get(p, self.until[p]) if p < i and problem.recomputable[p] else None
            for d in self.depths:
                found[d] = min(found[d], max(held, again[d - 1]) if again and d else held)
        return tuple(found)

    def trial(self, moved: dict[int, int]) -> dict[int, tuple]:
        """The ops whose ``until`` changes with the writers in ``moved`` (op -> the op it
        would run after; itself: back in place), and their new ``until``."""
        import heapq

        heap = sorted({i for u in moved for b in self.problem.ops[u].writes
                       for i in self.blocks[b]})
        seen = set(heap)
        changed: dict[int, tuple] = {}
        while heap:
            i = heapq.heappop(heap)
            now = self._until(i, moved, changed)
            if now != self.until[i]:
                changed[i] = now
                for j in self.consumers[i]:
                    if j not in seen:
                        seen.add(j)
                        heapq.heappush(heap, j)
        return changed

    def lost(self, changed: dict[int, tuple]) -> dict[int, int]:
        """The buffers that would have to be held again, with ``changed`` (from ``trial``):
        buffer -> bytes, for each one read at a stage its producer then cannot re-run at
        but now can (at the greatest depth)."""
        problem = self.problem
        found = {}
        for i, now in changed.items():
            for c in problem.ops[i].produces:
                if problem.planned[c] and now[-1] <= problem.last_use[c] and \
                        now[-1] < self.until[i][-1]:
                    found[c] = problem.sizes[c]
        return found

    def at(self, j: int) -> int:
        """Where op j runs, as an op of the input program: itself, or the op it runs after."""
        return self.position.get(j, j)

    def place(self, moves) -> None:
        """Writers where ``moves`` puts them (the others in place), ``until`` to match."""
        new = {u: target for group, target in moves.values() for u in group}
        touched = {u: new.get(u, u) for u in {*self.position, *new}
                   if self.position.get(u, u) != new.get(u, u)}
        changed = self.trial(touched)
        self.position = new
        for i, now in changed.items():
            self.until[i] = now


def hoists(problem) -> dict[int, list[int]]:
    """Weight gradients to run earlier, each with the optimizer updates that consume it:
    op -> the moved ops that run right after it (in program order), as ``deferrals``.

    Why: ``schedule`` minimises the peak of the program as it is, which sits where the
    forward pass ends; it is free to run a layer's weight gradient (``mm`` of the saved
    activation and the incoming gradient) and its update at the very end of the backward
    pass, holding that activation across the whole backward pass. Once recomputation has
    lowered that peak, those held
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
    group_of = {u: tuple(g) for g in parameter_updates(problem) for u in g}
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
