"""Starts for the greedy from a minimum cut: which values to hold across the peak.

Why: the greedy frees the cheapest bytes per unit of cost at one peak at a time. On a
training graph that is myopic: freeing a batch norm's output needs the convolution output
it reads held, or the convolution re-run too, and the greedy ends up re-running
convolutions and holding batch norm outputs. PyTorch's partitioner
(``min_cut_rematerialization_partition``) decides all at once: a minimum cut, each value an
edge as wide as its bytes, between what cannot be recomputed and what is needed later.

Here *needed later* are the buffers live across the stage model's peak run t* and read
after it. Ops may be banned (``BANS``) and re-runs priced (``min_cut``). The cut is played
out on a ``PlanState``, then fitted to the capacity by the greedy's ``descent`` and
``prune``. Reference: docs/passes/rematerialize.md.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial

import numpy as np
from ortools.graph.python.max_flow import SimpleMaxFlow

from memir import progress
from memir.planning.budget import NO_DEADLINE, Deadline
from memir.planning.remat import descent_memo
from memir.planning.remat.descent import descend_from, finished_states
from memir.planning.remat.descent_memo import plan_key
from memir.planning.remat.incremental import PlanState, Refusals
from memir.planning.remat.stage_model import (Evaluation, RematOp, RematProblem, evaluate,
                                              holding_ops)

SOURCE, SINK = "source", "sink"


def _none(op: RematOp) -> bool:
    return False


def _compute_bound(op: RematOp) -> bool:
    return op.compute_bound


def _arithmetic(op: RematOp) -> bool:
    return op.flops > 0


# functions by name, not lambdas: a start names its ban, and a start's descent is sent
# between processes by pickle (``order_pool``)
BANS: dict[str, Callable[[RematOp], bool]] = {
    "none": _none,
    "compute_bound": _compute_bound,
    "arithmetic": _arithmetic,
}
"""Which ops a cut may not re-run, besides those ``problem.recomputable`` excludes.
PyTorch's partitioner bans compute-intensive ops by kind; here the device's roofline
decides (``compute_bound``), or any op with counted FLOPs (``arithmetic``: convolutions
and matrix products). Without a ban, a cut by bytes alone
re-runs most of the forward pass from the inputs, which pruning then undoes in part."""


def boundary(state: PlanState) -> tuple[int, list[int]]:
    """(t*, needed-later buffers): the first peak stage of the plan so far and the buffers
    with a copy live across it that is read in a later stage."""
    problem, n = state.problem, state.n
    stage, op = state.peak_run()
    key = stage * n + op
    needed = []
    for b, _made, reads in state.live_at(key):
        if any(r // n > stage for r in reads) and problem.producer[b] is not None:
            needed.append(b)
    return stage, sorted(set(needed))


def _first_read_after(state: PlanState, b: int, stage: int) -> tuple[int, int] | None:
    """(stage, op) of the first read of ``b`` in a stage after ``stage``."""
    n = state.n
    for r in state.reads.get(b, ()):
        if r // n > stage:
            return divmod(r, n)
    return None


def _makers(problem: RematProblem, b: int, stage: int) -> list[int] | None:
    """The ops that re-run to make ``b`` again for ``stage`` (its producer with the
    in-place followers before it), or None when that may not happen there."""
    p = problem.producer[b]
    if p is None or not problem.recomputable[p] or problem.refreshed(p, stage) is None:
        return None
    return problem.closure((p,), stage)


def min_cut(problem: RematProblem, needed: list[int], stage_of: dict[int, int],
            banned: Callable[[RematOp], bool], price: float = 0.0) -> set[int]:
    """The buffers to hold: the least bytes held plus ``price`` (bytes per unit of cost)
    times the cost of the ops re-run, such that every buffer in ``needed`` (made again for
    the stage ``stage_of`` gives) is held or can be made again, from held buffers, by ops
    that are not ``banned``; each group of ops is paid once, as if every value it makes
    again served all its later reads. A buffer whose makers are banned or may not re-run
    there is reachable only through its own bytes."""
    graph = _FlowGraph()
    seen: set[int] = set()
    todo = list(needed)
    for b in needed:
        graph.add_edge(("out", b), SINK)
    while todo:
        b = todo.pop()
        if b in seen:
            continue
        seen.add(b)
        graph.add_edge(("in", b), ("out", b), capacity=problem.sizes[b])
        makers = _makers(problem, b, stage_of[b])
        if makers is None or any(banned(problem.ops[i]) for i in makers):
            graph.add_edge(SOURCE, ("in", b))
            continue
        group = ("ops", tuple(makers))  # re-run together: paid once, whatever it makes
        graph.add_edge(group, ("in", b))
        if price > 0:
            cost = problem.cost_of(makers)
            graph.add_edge(SOURCE, group, capacity=round(price * cost))
        made = {m for i in makers for m in problem.ops[i].produces}
        for i in makers:
            for a in problem.ops[i].reads:
                if a in made or not problem.planned[a]:
                    continue
                if problem.producer[a] is None:
                    graph.add_edge(SOURCE, ("in", a))  # a planned input: held
                    graph.add_edge(("in", a), ("out", a), capacity=problem.sizes[a])
                    seen.add(a)
                else:
                    stage_of.setdefault(a, stage_of[b])
                    todo.append(a)
                graph.add_edge(("out", a), group)
    if SOURCE not in graph.nodes:
        return set()
    reachable = graph.source_side()
    return {v[1] for v in reachable
            if isinstance(v, tuple) and v[0] == "in" and ("out", v[1]) not in reachable}


class _FlowGraph:
    """The cut's flow network, solved by OR-tools' max flow (C++; networkx's preflow-push
    took most of a transformer's planning). An edge without a capacity is unbounded. The
    source side is every node that cannot reach the sink in the residual network: the
    largest minimum cut's, as ``networkx.minimum_cut`` gives it, whatever flow is found."""

    def __init__(self) -> None:
        self.nodes: dict = {}
        self.edges: dict[tuple[int, int], int | None] = {}

    def add_edge(self, tail, head, capacity: int | None = None) -> None:
        key = (self._id(tail), self._id(head))
        if key not in self.edges or capacity is not None:
            self.edges[key] = capacity  # networkx's add_edge replaces the capacity too

    def _id(self, node) -> int:
        return self.nodes.setdefault(node, len(self.nodes))

    def source_side(self) -> set:
        """The nodes on the source side of the largest minimum cut."""
        unbounded = 1 + sum(c for c in self.edges.values() if c is not None)
        flow = SimpleMaxFlow()
        arcs = np.array([(tail, head, unbounded if capacity is None else capacity)
                         for (tail, head), capacity in self.edges.items()], dtype=np.int64)
        flow.add_arcs_with_capacity(arcs[:, 0], arcs[:, 1], arcs[:, 2])
        status = flow.solve(self.nodes[SOURCE], self.nodes[SINK])
        if status != flow.OPTIMAL:
            raise ArithmeticError(f"max flow failed: {status}")
        sink_side = set(flow.get_sink_side_min_cut())
        return {node for node, k in self.nodes.items() if k not in sink_side}


def _remade(state: PlanState, b: int, since: int, stage: int) -> bool:
    """Whether ``b`` is made again in a stage after ``since`` up to ``stage``: that copy
    serves a read in ``stage`` (the trial checks its version)."""
    return any(since < k // state.n <= stage for k in state.makes.get(b, ()))


def _chain(state: PlanState, b: int, stage: int, held: set[int], since: int) -> list[int]:
    """The ops that make ``b`` again in ``stage`` from the held buffers: its makers and,
    transitively, the makers of what they read that is not held (or has changed since)
    nor made again already after stage ``since`` (that copy is read again instead)."""
    problem = state.problem
    ops: set[int] = set()
    todo = [b]
    seen = set()
    while todo:
        a = todo.pop()
        if a in seen:
            continue
        seen.add(a)
        makers = _makers(problem, a, stage)
        if makers is None:
            continue
        ops.update(makers)
        stale = set()
        for i in makers:
            stale |= problem.refreshed(i, stage) or set()
        made = {m for i in makers for m in problem.ops[i].produces}
        for i in makers:
            for c in problem.ops[i].reads:
                if c in made or not problem.planned[c] or problem.producer[c] is None:
                    continue
                if problem.producer[c] in stale or (
                        c not in held and not _remade(state, c, since, stage)):
                    todo.append(c)
    return sorted(ops)


def cut_state(problem: RematProblem, banned: Callable[[RematOp], bool],
              price: float = 0.0) -> PlanState:
    """The plan the cut gives at the program's peak, on a ``PlanState``, with ops re-run
    priced at ``price`` times the bytes per unit of cost of the needed-later buffers'
    producers (0: bytes alone, PyTorch's cut; 1: break-even for those producers): each
    needed-later buffer not held is made again at its first read after the peak (as read
    there, else with every follower; left held when neither may run)."""
    state = PlanState(problem)
    stage, needed = boundary(state)
    firsts = {b: _first_read_after(state, b, stage) for b in needed}
    needed = [b for b in needed if firsts[b] is not None]
    stage_of = {b: firsts[b][0] for b in needed}
    remaking = problem.cost_of(problem.producer[b] for b in needed)
    rate = sum(problem.sizes[b] for b in needed) / max(remaking, 1)
    held = min_cut(problem, needed, dict(stage_of), banned, price * rate)
    pending = sorted((b for b in needed if b not in held), key=lambda b: (firsts[b], b))
    for at, b in enumerate(pending):
        use, reader = firsts[b]
        if _remade(state, b, stage, use):
            continue  # made again with another buffer: that copy serves
        chain = set(_chain(state, b, use, held, stage))
        if not chain:
            continue
        for later in pending[at + 1:]:  # siblings made from what the chain makes
            made = {m for i in chain for m in problem.ops[i].produces}
            makers = _makers(problem, later, use)
            if makers is None or not any(set(problem.ops[i].reads) & made for i in makers):
                continue
            extra = set(_chain(state, later, use, held | made, stage)) - chain
            if extra <= set(makers):
                chain |= extra
        for ops in dict.fromkeys((tuple(problem.closure_as_read(chain, use, reader)),
                                  tuple(problem.closure(chain, use)))):
            trial = state.trial(use, ops)
            if trial is not None:
                state.accept(trial)
                break
    return state


def prune(state: PlanState, capacity: int, work: int, budget: int,
          deadline: Deadline = NO_DEADLINE, per_byte: bool = False,
          keep: frozenset[int] = frozenset()) -> int:
    """Drop recomputations ``state`` does not need to stay within ``capacity``, dearest
    first (``per_byte``: per byte made), a producer with its followers there, a follower
    alone, until none can go; each drop is played out on the state. A group with an op in
    ``keep`` stays (ops whose results may be held for a later part, ``RematOp.held_cost``:
    what their recomputation spares is not played out here). Returns the work."""
    problem = state.problem
    refusals = Refusals()
    changed = True
    while changed:
        progress.note("min-cut: dropping what the plan does not need", work, budget)
        changed = False
        groups = []
        for t, ops in state.plan.items():
            for i in ops:
                group = (i,) if problem.leader[i] is not None else tuple(
                    problem.closure((i,), t))
                if any(j in keep for j in group):
                    continue
                cost = problem.cost_of(j for j in group if j in ops)
                made = sum(problem.sizes[b] for j in group for b in problem.ops[j].produces)
                groups.append((-cost / max(made, 1) if per_byte else -cost, t, group))
        for _rate, t, group in sorted(groups):
            if work >= budget or deadline.expired():
                return work
            trial = state.trial_without(t, group, capacity, refusals)
            work += 1
            if trial is not None:
                state.accept(trial)
                changed = True
    return work


def _pruned_keeping_held(state: PlanState, capacity: int, work: int, budget: int,
                        deadline: Deadline, per_byte: bool,
                        evaluated: Callable[[dict], Evaluation] | None = None) -> int:
    """``prune`` keeping every recomputation of an op with a ``held_cost``, then again
    keeping only those that, played out, spare its held write: a recomputation of an op
    whose original run a later part still reads (``holding_ops``) spares none, and costs
    its run. ``evaluated``: how a plan is played out (``evaluate``, or a memo of it).
    Returns the work."""
    problem = state.problem
    evaluated = evaluated or partial(evaluate, problem)
    held = frozenset(i for i, op in enumerate(problem.ops) if op.held_cost)
    work = prune(state, capacity, work, budget, deadline, per_byte, held)
    recomputed = {i for ops in state.plan.values() for i in ops}
    holding = holding_ops(problem, evaluated(state.plan))
    if recomputed & held & holding:
        work = prune(state, capacity, work, budget, deadline, per_byte, held - holding)
    return work


def spare_held(state: PlanState, capacity: int, work: int, budget: int,
               deadline: Deadline, evaluated: Callable[[dict], Evaluation] | None = None
               ) -> int:
    """Recompute, one by one, each op whose held write the plan pays (``holding_ops``) at
    its first reader in a later part, where that costs less than the write, its operands
    are read in that part anyway (no chain is recomputed for it, and no operand is kept
    for it) and the peak stays within ``capacity``. A cut sees memory, not held writes,
    and a prune only drops, so neither finds a mask that the forward computes beside a
    result it saves anyway. ``evaluated`` as in ``_pruned_keeping_held``. Returns the
    work."""
    problem = state.problem
    evaluated = evaluated or partial(evaluate, problem)
    for i in sorted(holding_ops(problem, evaluated(state.plan))):
        op = problem.ops[i]
        if op.cost is None or op.cost >= op.held_cost:
            continue
        later = [r for b in op.produces for r in problem.readers[b]
                 if problem.ops[r].part > op.part]
        if not later:
            continue  # read later only by recomputations: a chain, not this pass's move
        if not all(_read_later(problem, b, op.part) for b in op.reads if problem.planned[b]):
            continue  # its recomputation would keep an operand for the later part
        if work >= budget or deadline.expired():
            break
        stage = min(later)
        trial = state.trial(stage, problem.closure((i,), stage))
        work += 1
        if trial is not None and trial.peak <= capacity:
            state.accept(trial)
    return work


def _read_later(problem: RematProblem, b: int, part: int) -> bool:
    """Buffer ``b`` has a reader in a part after ``part``."""
    return any(problem.ops[r].part > part for r in problem.readers[b])


def mincut_remat(problem: RematProblem, capacity: int, banned: Callable[[RematOp], bool],
                 price: float = 0.0, budget: int = 20_000, deadline: Deadline = NO_DEADLINE
                 ) -> tuple[dict[int, list[int]], Evaluation]:
    """The cut's plan fitted to ``capacity``: the greedy's descent from it when above
    (and the same with its last move made the cheapest way, ``descent``),
    then recomputations it does not need dropped (``prune``, in both orders; where
    results may be held for a later part, also keeping the recomputations that spare
    that: ``_pruned_keeping_held``); the cheapest plan that fits (``Evaluation.net_cost``)."""
    finishes: list = []
    state, work = descend_from(problem, ("mincut", banned, price),
                               lambda: cut_state(problem, banned, price), capacity, 1,
                               budget, deadline, finishes)
    memo = descent_memo.active()
    if memo is None or deadline.at is not None:
        return _fitted(problem, state, finishes, capacity, work, budget, deadline)
    # starts that descended to the same plan fit it alike
    key = (memo.problem_key(problem), plan_key(state.plan), capacity, work, budget,
           tuple((plan_key(before), use, tuple(ops)) for before, use, ops in finishes))
    if key not in memo.fitted:
        memo.fitted[key] = _fitted(problem, state, finishes, capacity, work, budget, deadline)
    plan, evaluation = memo.fitted[key]
    return {t: list(ops) for t, ops in plan.items()}, evaluation


def _fitted(problem: RematProblem, state: PlanState, finishes: list, capacity: int, work: int,
            budget: int, deadline: Deadline) -> tuple[dict[int, list[int]], Evaluation]:
    """``mincut_remat``'s choice from the descended ``state``: when it fits, its plan and
    the ``finishes``' plans pruned; the cheapest that fits."""
    played: dict[tuple, Evaluation] = {}  # prunes often end at the same plan

    def played_out(plan: dict[int, list[int]]) -> Evaluation:
        """``evaluate``, each plan once."""
        key = plan_key(plan)
        if key not in played:
            played[key] = evaluate(problem, {t: list(ops) for t, ops in sorted(plan.items())})
        return played[key]

    plans = [state.plan]
    if state.peak <= capacity:
        # The last move made the greedy's way, pruned in both orders (each wins
        # somewhere), and the cheapest way, pruned dearest first only (time).
        tried = [(state, False), (state, True)]
        tried += [(finished, False) for finished in finished_states(problem, finishes)]
        # where the program fits as it is, a prune free to drop all ends there (a candidate
        # of its own): only the one keeping what spares held results is worth running
        keeps = (False, True) if problem.holds else (False,)
        if problem.holds and problem.peak_as_is <= capacity:
            keeps = (True,)
        plans = []
        for keep_held in keeps:
            for done, per_byte in tried:
                pruned = done.copy()
                if keep_held:
                    work = _pruned_keeping_held(pruned, capacity, work, budget, deadline,
                                                per_byte, played_out)
                    spared = pruned.copy()
                    work = spare_held(spared, capacity, work, budget, deadline, played_out)
                    plans.append(spared.plan)
                else:
                    work = prune(pruned, capacity, work, budget, deadline, per_byte)
                plans.append(pruned.plan)
    found = [({t: list(ops) for t, ops in sorted(plan.items())}, played_out(plan))
             for plan in plans]
    return min(found, key=lambda f: (not f[1].valid, *f[1].fit_rank(capacity)))
