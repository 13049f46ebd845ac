"""How ``rematerialize`` plans, on plain data: every strategy composed in this one module.

Why one place: the strategy modules (``greedy``, ``mincut``, ``exact_stages``,
``exact_intervals``) and the rewrites (``forwarding``, ``in_place_reuse``, the orders of
``deferred_updates``, ``sunk_tails`` and ``hoisted_reads``) each do one thing and import
none of the others; the order they run in, and which plan wins, is decided here only.
``plan_program`` is the whole planner the pass and memir.torch call: clones forwarded
when the program is over the capacity, ``plan_remat`` (every order, every strategy, the
runs ordered again, the arena fitted), and while the plan is stuck at the proven floor, an
elementwise op written over its dying operand and the program planned again. The
benchmark that measures auto against the proven optimum (benchmarks/remat_exact.py) runs
exactly this, without building IR.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field, replace
from functools import partial

from memir.planning.budget import NO_DEADLINE, Deadline
from memir.planning.remat import descent_memo
from memir.planning.remat.deferred_updates import deferrals, hoists
from memir.planning.remat.exact_intervals import interval_remat
from memir.planning.remat.exact_stages import exact_remat, model_size
from memir.planning.remat.forwarding import Forward, forward, forwardable
from memir.planning.remat.greedy import greedy_remat
from memir.planning.remat.hoisted_reads import hoisted_reads
from memir.planning.remat.in_place_reuse import only_computes_use, reusable, reuse
from memir.planning.remat.mincut import BANS, mincut_remat
from memir.planning.remat.moves import deferred_order
from memir.planning.remat.order_pool import Apart, cancel_all, side_by_side, worth_forking
from memir.planning.remat.peak_floor import PeakFloor, peak_floor
from memir.planning.remat.program import RematProgram, remat_problem
from memir.planning.remat.reschedule import Rescheduled, reschedule
from memir.planning.remat.stage_model import (Evaluation, RematProblem, evaluate, reordered,
                                              total_cost, without_random, without_unread)
from memir.planning.remat.sunk_tails import sunk_tails

EXACT_MAX_VARIABLES = 20_000
"""auto builds the CP-SAT model only below this many variables (``model_size``, an upper
bound on R, S and the L live-at-run indicators): the largest size that synthetic training
chains solve to optimality in seconds; a few times more spends minutes in CP-SAT's presolve
without a bound, whatever the deterministic budget says.
The corpus' training graphs estimate in the tens of millions: greedy alone there."""
EXACT_WORK = 10.0  # CP-SAT deterministic time for auto's exact stage
INTERVAL_MAX_OPS = 300
"""Above Checkmate's reach, auto runs the retention-interval model (``exact_intervals``, a few
thousand variables on a few hundred ops) hinted with the greedy plan, up to this many ops:
below it, the model proves the optimum on small chains and improves the greedy within its
budget on larger ones."""
INTERVAL_WORK = 5.0  # CP-SAT deterministic time for it
ARENA_ROUNDS = 3
"""Plans made again for a lower peak when the arena overshoots the capacity: a few, since
the overshoot is small and one round usually closes it;
each round costs a plan and a layout."""
ARENA_MIN_STEP_SHIFT = 10
"""The peak target drops by at least capacity / 2^10 a round: an overshoot of a few bytes is
fragmentation noise that a step of that size does not remove, and each round costs a
layout."""
MINCUT_STARTS = (("none", 0.0), ("compute_bound", 0.0), ("arithmetic", 0.0), ("none", 2.0))
"""The min-cut starts auto and greedy also try, as (``mincut.BANS`` entry: which ops the
cut may not re-run, price of the ops it re-runs: ``mincut.cut_state``); each is a
candidate, the cheapest plan that fits wins. Each start is kept because it was the cheapest
on some model of the corpus at PyTorch's partitioner's peaks; the cut by bytes alone with
nothing banned re-runs most of the forward pass before its plan is pruned, and still wins
somewhere."""
RESCHEDULE_ROUNDS = 4
"""Plans made again for a higher peak target, in the order that won, when the winning
plan's program ordered again (``reschedule``) peaks below the capacity (``_spend_slack``:
each target above the last plan that fitted by its slack, doubled while plans fit, halfway
back once one does not). Each round is one plan in one
order by the start that won (the greedy or one min-cut start): a few seconds on a b1 training
graph."""
CHECKMATE_MAX_VARIABLES = 200_000
"""``strategy=exact`` builds Checkmate's model up to this size (minutes of CP-SAT); above
it (the corpus' training graphs estimate in the tens of millions: writing the model down
alone would take hours) it runs the interval model, hinted with the greedy plan."""


@dataclass
class Planned:
    plan: dict[int, list[int]]  # stage -> ops, in ``order`` when there is one
    evaluation: Evaluation
    strategy: str  # which plan won, "(optimal)" when it meets the proven bound
    bound: int | None  # proven lower bound on the added cost of a plan that fits (0: none
    # known; None, only inside ``plan_remat``: no plan fits this order)
    deferred: dict[int, list[int]] = field(default_factory=dict)
    """``deferred_updates.deferrals`` or ``hoists`` applied first (op -> ops moved right after
    it)."""
    arena: int | None = None  # the copies laid out (``copies_arena``), when asked for
    schedule: Rescheduled | None = None
    """The plan's runs ordered again (``reschedule``), when that lowers its peak: the
    program the pass writes runs in this order."""
    target: int | None = None  # the peak the plan was made for (its capacity, or a round's)
    start: str | tuple | None = None
    """What made the plan: "greedy", a ``MINCUT_STARTS`` entry, or None (an exact model);
    later rounds for the same order run that start alone."""

    @property
    def peak(self) -> int:
        """The peak of the program the plan becomes, in its runs' order or ``schedule``."""
        return self.schedule.peak if self.schedule is not None else self.evaluation.peak

    def peak_op(self) -> int:
        """The op of the input program that runs where the plan's program peaks (the
        stage's own op in the runs' order; the op of the run there when ordered again)."""
        if self.schedule is None:
            return self.original_op(self.evaluation.memory.index(self.evaluation.peak))
        run = self.schedule.order[self.schedule.at]
        return self.original_op(self.evaluation.runs[run][1])

    def original_op(self, k: int) -> int:
        """The op of the input program that runs at index ``k`` of the planned one."""
        if not self.deferred:
            return k
        return deferred_order(len(self.evaluation.memory), self.deferred)[k]


@dataclass
class Unreached:
    """Why the capacity is not reached: no plan's peak goes below ``smallest`` (the lowest
    reached, at op ``at`` of the program planned, with ``floor`` proven), or with
    ``arena`` the plan's peak fits but its copies laid out take ``smallest`` bytes."""

    smallest: int
    arena: bool = False
    at: int | None = None
    floor: PeakFloor | None = None


@dataclass
class RematOutcome:
    """What ``plan_program`` decided: the program planned (``program``, the input's step
    ``kept_steps[k]`` at its step k) with its problem, and the input's peak without
    recomputation (``before``) and step (FLOPs, bytes, cost)."""

    program: RematProgram
    problem: RematProblem
    before: Evaluation
    step: tuple[int, int, int]
    kept_steps: list[int]
    forwards: list[Forward] = field(default_factory=list)  # made first, in input handles
    forwarded: tuple[int, int, int] = (0, 0, 0)  # the clones' cost: ns, FLOPs, bytes
    reuses: list[tuple[int, int]] = field(default_factory=list)
    """(operand, result) written over, in order, each in the program as it was then."""
    planned: Planned | None = None  # None: the program fits as it is
    lowest: Planned | None = None  # the plan with the lowest peak reached, when none fits
    proven: PeakFloor | None = None  # the peak no recomputation goes under, and its op
    unreached: Unreached | None = None


def plan_program(program: RematProgram, capacity: int, device, strategy: str = "auto",
                 deadline: Deadline = NO_DEADLINE, reorder: bool = False,
                 layout: bool = True) -> RematOutcome:
    """Plan ``program`` for ``capacity`` bytes on ``device`` (a ``cost`` profile). Over
    the capacity (its peak, or with ``layout`` its arena), the clones before in-place ops
    are forwarded (``forwarding``) and ``plan_remat`` plans; while its plan is stuck at the
    proven floor, the floor's op writes over an operand that dies there
    (``in_place_reuse``) and the program is planned again. ``reorder``: the program's
    runs may be ordered again (``plan_remat``). A program that pays for results held for
    a later part (``RematOp.held_cost``) is planned within the capacity even where it fits
    as it is: recomputing may spare that."""
    problem = remat_problem(program, device)
    before = evaluate(problem, {})
    run = RematOutcome(program, problem, before, (*program.totals(), total_cost(problem)),
                       list(range(len(program.steps))))
    if problem.held_paid or _over_capacity(run, capacity, layout, deadline):
        _forward_clones(run, device)
        _search(run, capacity, device, strategy, deadline, reorder, layout)
    run.unreached = _unreached(run, capacity)
    return run


def _over_capacity(run: RematOutcome, capacity: int, layout: bool, deadline: Deadline) -> bool:
    """The program's peak, or its arena laid out as it is, is above the capacity."""
    if not layout:
        return run.before.peak > capacity
    return run.before.peak > capacity or copies_arena(
        run.problem, run.before, run.program.alignments(), deadline) > capacity


def _forward_clones(run: RematOutcome, device) -> None:
    """``forwarding``: the clones before in-place ops go, their cost kept."""
    run.forwards = forwardable(run.problem)
    if run.forwards:
        clones = [f.clone for f in run.forwards]
        run.forwarded = (run.problem.cost_of(clones), *run.program.totals(clones))
        run.program, run.kept_steps = forward(run.program, run.forwards)
        run.problem = remat_problem(run.program, device)


def _search(run: RematOutcome, capacity: int, device, strategy: str, deadline: Deadline,
            reorder: bool, layout: bool) -> None:
    """Plan; while the plan is stuck at the proven floor, let the floor's op write over
    an operand that dies there (``in_place_reuse``) and plan again."""
    while True:
        run.planned = plan_remat(run.problem, capacity, strategy, deadline,
                                 alignments=run.program.alignments() if layout else None,
                                 reorder=reorder)
        if run.planned.peak <= capacity:
            return
        pair = _floor_reuse(run, strategy, deadline)
        if pair is None:
            return
        run.program = reuse(run.program, *pair)
        run.reuses.append(pair)
        run.problem = remat_problem(run.program, device)


def _floor_reuse(run: RematOutcome, strategy: str, deadline: Deadline) -> tuple[int, int] | None:
    """For a plan over the capacity: the lowest peak reached and the proven floor (kept
    on ``run``), and the (operand, result) the floor's op may write over, if stuck there."""
    orders = moved_orders(run.problem)
    run.lowest = run.planned  # auto and greedy ran the greedy's descent as far as it goes
    if strategy == "exact":  # an infeasible model found no plan at all
        found = lowest_peak(run.problem, deadline, orders)
        run.lowest = found if found.peak < run.planned.peak else run.planned
    run.proven = proven_floor(run.problem, orders)
    # stuck at the proven floor: recomputation can do no more, and that op may write its
    # result over an operand that dies there
    stuck = run.lowest.peak <= run.proven.bytes
    pairs = reusable(run.problem, run.proven.op) if stuck else []
    return next((p for p in pairs if only_computes_use(run.program, p[0])), None)


def _unreached(run: RematOutcome, capacity: int) -> Unreached | None:
    """The capacity is not reached: the plan's peak (or, laid out, its arena) is above it."""
    planned = run.planned
    if (run.before.peak if planned is None else planned.peak) > capacity:
        return Unreached(run.lowest.peak, at=run.lowest.peak_op(), floor=run.proven)
    if planned is not None and (planned.arena or 0) > capacity:
        return Unreached(planned.arena, arena=True)
    return None


def plan_remat(problem: RematProblem, capacity: int, strategy: str = "auto",
               deadline: Deadline = NO_DEADLINE, exact_work: float = EXACT_WORK,
               alignments: list[int] | None = None, reorder: bool = False) -> Planned:
    """The cheapest plan the strategy finds that fits ``capacity`` (or the lowest peak),
    in the program's order or in one of ``moved_orders`` (updates deferred, weight
    gradients hoisted), whichever is best.

    With ``reorder`` (strategies auto and greedy) the program a plan becomes may run in
    another order, ``schedule``'s on the rewritten program (``reschedule``): the winning
    plan's program is ordered again, and when that leaves slack below the capacity, plans
    for higher peak targets are made in the same order and ordered again
    (``RESCHEDULE_ROUNDS``); the cheapest whose program fits wins, a plan in its runs' own
    order on a tie. A plan that fits no other way may fit once ordered again.

    With ``alignments`` (per buffer) the plan must also fit once laid out: the peak bounds
    the live bytes, but ``assign-layout`` packs the copies into an arena that fragmentation
    makes larger. The copies are laid
    out here on plain data by the same planner (``copies_arena``: the program the plan
    becomes has exactly these lifetimes); while the arena is above the capacity, the plan
    is made again (in the order that won) for a peak lower by the overshoot, at least
    1/1024 of the capacity (twice that in the second round, four times in the third: the
    new plan's copies fragment differently), at most ``ARENA_ROUNDS`` times. The first
    plan whose arena fits is kept, else the one with the smallest arena."""
    planned = _plan_orders(problem, capacity, strategy, deadline, exact_work)
    planned.target = capacity
    moves = planned.deferred  # later plans are made in the order that won
    order = reordered(problem, deferred_order(problem.num_ops, moves)) if moves else problem
    reorder = reorder and strategy in ("auto", "greedy")

    def make(target: int, only: str | tuple | None = None) -> Planned:
        made = _plan_in_order(order, target, "greedy" if reorder else strategy, deadline,
                              exact_work, only)
        made.deferred, made.target = moves, target
        return _ordered_again(order, made, deadline) if reorder else made

    if reorder:  # the slack rounds run the start that won alone: each costs one plan
        start = planned.start
        planned = _spend_slack(order, planned, capacity, lambda t: make(t, start), deadline)
    if alignments is None or planned.peak > capacity:
        return planned
    found, target = [], planned.target
    tried = planned
    for _ in range(ARENA_ROUNDS + 1):
        tried.arena = copies_arena(problem, tried.evaluation, alignments, deadline,
                                   tried.schedule)
        found.append(tried)
        if tried.arena <= capacity or len(found) > ARENA_ROUNDS or deadline.expired():
            break
        step = max(tried.arena - capacity, capacity >> ARENA_MIN_STEP_SHIFT)
        target -= step << (len(found) - 1)  # doubling: 1x, 2x, 4x
        tried = make(target)
        if tried.evaluation.peak > target:
            break  # no lower peak to be had
    best = next((p for p in found if p.arena <= capacity), None) or min(
        found, key=lambda p: (p.arena, p.evaluation.net_cost))
    if best is not planned:
        _bound_from(best, planned)
    return best


def _ordered_again(problem: RematProblem, planned: Planned, deadline: Deadline) -> Planned:
    """``planned`` with its runs ordered again when that lowers its peak."""
    planned.schedule = reschedule(problem, planned.evaluation, deadline=deadline)
    return planned


def _spend_slack(problem: RematProblem, planned: Planned, capacity: int, make,
                 deadline: Deadline) -> Planned:
    """The cheapest plan whose program, ordered again, fits ``capacity``: ``planned``
    (made for it in ``problem``'s order) ordered again, then plans ``make``s for higher
    targets while rounds are left (``RESCHEDULE_ROUNDS``). A search for the highest target
    whose plan still fits: each target lies above the last plan that fitted (above its
    target and its peak in its own order, where a plan for any lower target is the same)
    by that plan's slack below the capacity (at least 1/1024 of it), doubled after each
    round that fitted; once a target's plan does not fit, halfway between the two."""
    fixed = planned
    # a target above the program's own peak is planned as the capacity was: no rounds
    rounds = 0 if _fits_as_it_is(problem, capacity) else RESCHEDULE_ROUNDS
    again = _ordered_again(problem, replace(fixed), deadline)
    if again.schedule is None:
        return fixed
    if again.peak > capacity:  # no fit either way: the lower peak, for the error
        _bound_from(again, fixed)
        return again
    found = [fixed, again]
    low, low_target, high = again, capacity, None
    step = capacity >> ARENA_MIN_STEP_SHIFT
    for grown in range(rounds):
        if deadline.expired() or low.evaluation.cost == 0:
            break
        base = max(low_target, low.evaluation.peak)
        target = base + (max(capacity - low.peak, step) << grown)
        if high is not None:
            if high - base <= step:
                break
            target = (base + high) // 2
        tried = make(target)
        found.append(tried)
        if tried.peak <= capacity:
            low, low_target = tried, target
        else:
            high = target
    best = min(found, key=lambda p: (p.peak > capacity, p.evaluation.net_cost
                                     if p.peak <= capacity else p.peak,
                                     p.schedule is not None))
    if best is not fixed:
        _bound_from(best, fixed)
    return best


def _bound_from(best: Planned, planned: Planned) -> None:
    """``best`` (another plan for the same capacity) takes ``planned``'s proven bound: a
    bound for the capacity holds for any plan in the orders planned that fits it; a plan
    ordered again is outside them, and where it costs less, no bound is known."""
    best.bound = planned.bound
    name = best.strategy.removesuffix(" (optimal)")
    if best.schedule is not None:
        if best.bound and best.evaluation.cost < best.bound:
            best.bound = 0
        best.strategy = name.removesuffix(", reordered") + ", reordered"
        return
    best.strategy = name + (" (optimal)" if best.evaluation.cost <= best.bound else "")


def copies_arena(problem: RematProblem, evaluation: Evaluation, alignments: list[int],
                 deadline: Deadline = NO_DEADLINE, schedule: Rescheduled | None = None) -> int:
    """The arena ``assign-layout`` (its default portfolio) gives the copies of a played-out
    plan: one buffer per copy, live over the runs from the one that makes it to the last
    that reads it, as the rewritten program's steps are numbered (in ``schedule``'s order
    when given)."""
    from memir.model.layout import Buffer, Problem
    from memir.planning.layout import assign_layout

    spans = schedule.lifetimes if schedule is not None else [
        (c.made, c.last) for c in evaluation.copies]
    buffers = [Buffer(problem.sizes[c.buffer], first, last + 1, alignments[c.buffer])
               for c, (first, last) in zip(evaluation.copies, spans)]
    return assign_layout(Problem(buffers), time_limit=deadline.left()).arena


def _plan_orders(problem: RematProblem, capacity: int, strategy: str, deadline: Deadline,
                 exact_work: float) -> Planned:
    """The best plan in the program's order and in ``moved_orders``; these lower the peak,
    so they are not planned where the program fits as it is (``_fits_as_it_is``). With
    ``order_pool.worth_forking``, the moved orders are planned in forks meanwhile, or
    where there are none to plan, half the starts of the program's order."""
    apart = []
    forking = worth_forking(deadline)
    if not _fits_as_it_is(problem, capacity) and forking:
        apart = [Apart(partial(_plan_moved, problem, moves, capacity, strategy, deadline,
                               exact_work)) for moves in moved_orders(problem)]
    try:
        first = _plan_in_order(problem, capacity, strategy, deadline, exact_work,
                               apart=forking and not apart)
    except BaseException:
        cancel_all(apart)
        raise
    if first.evaluation.peak <= capacity and (
            first.evaluation.cost == 0 or _fits_as_it_is(problem, capacity)):
        cancel_all(apart)
        first.bound = first.bound or 0
        return first
    found = [first]
    if apart:
        found += [fork.result() for fork in apart]
    else:  # the orders worth planning too
        found += [_plan_moved(problem, moves, capacity, strategy, deadline, exact_work)
                  for moves in moved_orders(problem)]
    bounds = [p.bound for p in found if p.bound is not None]
    bound = min(bounds) if bounds else None  # each order's bound (None: proven infeasible)
    best = min(found, key=lambda p: _rank(p, capacity))
    best.bound = bound
    name = best.strategy.removesuffix(" (optimal)")
    fits = best.evaluation.peak <= capacity
    best.strategy = name + (" (optimal)" if fits and bound is not None
                            and best.evaluation.cost <= bound else "")
    if bound is None:
        best.bound = 0
    return best


def _plan_moved(problem: RematProblem, moves: dict[int, list[int]], capacity: int,
                strategy: str, deadline: Deadline, exact_work: float) -> Planned:
    """The strategy's plan in the order ``moves`` makes of ``problem``'s."""
    moved = reordered(problem, deferred_order(problem.num_ops, moves))
    planned = _plan_in_order(moved, capacity, strategy, deadline, exact_work)
    planned.deferred = moves
    return planned


def _fits_as_it_is(problem: RematProblem, capacity: int) -> bool:
    """A program planned only for what recomputing spares (``RematOp.held_cost``): its
    peak as it is fits the capacity (an arena that does not fit is planned as before)."""
    return problem.holds and problem.peak_as_is <= capacity


def moved_orders(problem: RematProblem) -> list[dict[int, list[int]]]:
    """``find_moved_orders``, found once per problem while a descent memo is active (each
    capacity plans the same program)."""
    memo = descent_memo.active()
    if memo is None:
        return find_moved_orders(problem)
    key = memo.problem_key(problem)
    if key not in memo.orders:
        memo.orders[key] = find_moved_orders(problem)
    return [{op: list(ops) for op, ops in moves.items()} for moves in memo.orders[key]]


def find_moved_orders(problem: RematProblem) -> list[dict[int, list[int]]]:
    """The orders planned besides the program's own, each as the ops moved right after an
    anchor: the updates' tails run last (``sunk_tails.sunk_tails``), in the program's order,
    with the optimizer updates that block recomputations deferred (``deferred_updates.deferrals``)
    and with the weight gradients hoisted (``deferred_updates.hoists``); a deferral or hoist without
    tails to sink as it is. In each, the reads that do nothing run right after what they
    read is written (``hoisted_reads.hoisted_reads``). Empty and repeated orders are left out."""
    found, seen = [], {tuple(range(problem.num_ops))}
    for moves in ({}, deferrals(problem), hoists(problem)):
        moves = sunk_tails(problem, moves) or moves
        moves = hoisted_reads(problem, moves) or moves
        order = tuple(deferred_order(problem.num_ops, moves))
        if order not in seen:
            seen.add(order)
            found.append(moves)
    return found


def lowest_peak(problem: RematProblem, deadline: Deadline = NO_DEADLINE,
                orders: list[dict[int, list[int]]] | None = None) -> Planned:
    """The greedy's lowest peak, in any of the orders planned (what an unreachable capacity
    reports when the strategy ran no greedy); ``orders``: ``moved_orders(problem)`` when
    already known."""
    found = [Planned(*_greedy(problem, 0, deadline), "greedy", 0)]
    for moves in moved_orders(problem) if orders is None else orders:
        moved = reordered(problem, deferred_order(problem.num_ops, moves))
        found.append(Planned(*_greedy(moved, 0, deadline), "greedy", 0, moves))
    return min(found, key=lambda p: p.peak)


def proven_floor(problem: RematProblem,
                 orders: list[dict[int, list[int]]] | None = None) -> PeakFloor:
    """A peak no plan of ``rematerialize`` goes below, in any of the orders it plans
    (``peak_floor.peak_floor``, the least over the orders); ``op`` indexes the input program."""
    best = peak_floor(problem)
    for moves in moved_orders(problem) if orders is None else orders:
        order = deferred_order(problem.num_ops, moves)
        found = peak_floor(reordered(problem, order))
        if found.bytes < best.bytes:
            best = PeakFloor(found.bytes, order[found.op])
    return best


def _greedy(problem, capacity, deadline):
    result = greedy_remat(problem, capacity, deadline=deadline)
    return result.plan, result.evaluation


def _greedy_kept_random(problem, capacity, deadline):
    """The greedy on the program with its random kernels never recomputed, played out on
    the program itself."""
    result = greedy_remat(without_random(problem), capacity, deadline=deadline)
    return result.plan, evaluate(problem, result.plan)


def _starts(problem: RematProblem, capacity: int, strategy: str, deadline: Deadline,
            only: str | tuple | None) -> list[tuple[str, str | tuple, Callable]]:
    """(name, ``Planned.start``, a call making (plan, evaluation)) of each start the
    strategy runs in ``_plan_in_order``: the greedy (also with random kernels kept) and
    the ``MINCUT_STARTS``, for auto and greedy; ``only`` one of them."""
    if strategy not in ("auto", "greedy"):
        return []
    starts = []
    if only in (None, "greedy"):
        starts.append(("greedy", "greedy", partial(_greedy, problem, capacity, deadline)))
    if only in (None, "greedy, no random") and any(o.random and o.pure for o in problem.ops):
        starts.append(("greedy", "greedy, no random",
                       partial(_greedy_kept_random, problem, capacity, deadline)))
    for ban, price in MINCUT_STARTS:
        if only is None or only == (ban, price):
            starts.append(("mincut", (ban, price), partial(
                mincut_remat, problem, capacity, BANS[ban], price, deadline=deadline)))
    return starts


def _rank(planned: Planned, capacity: int):
    ev = planned.evaluation
    return (*ev.fit_rank(capacity), bool(planned.deferred))


def _unread_dropped(problem: RematProblem, call: Callable) -> tuple[dict, Evaluation]:
    """The plan ``call`` makes, less the recomputations nothing reads (``without_unread``),
    in the call's own process where starts run side by side."""
    return without_unread(problem, *call())


def _plan_in_order(problem: RematProblem, capacity: int, strategy: str, deadline: Deadline,
                   exact_work: float, only: str | tuple | None = None,
                   apart: bool = False) -> Planned:
    """The strategy's cheapest plan in ``problem``'s order; ``only`` (a ``Planned.start``
    of greedy or a min-cut start) runs that start alone. greedy: the greedy (also with
    its seeded random kernels kept) and the ``MINCUT_STARTS``; auto: those, then
    Checkmate's model below ``EXACT_MAX_VARIABLES``, else MOCCASIN's up to
    ``INTERVAL_MAX_OPS`` ops; exact: Checkmate's up to ``CHECKMATE_MAX_VARIABLES``,
    MOCCASIN's above, hinted with the greedy's plan. ``apart``: the greedy and min-cut
    starts are run ``order_pool.side_by_side``. Each candidate loses the recomputations
    nothing reads (``without_unread``) before they are ranked."""
    starts = _starts(problem, capacity, strategy, deadline, only)
    calls = [partial(_unread_dropped, problem, call) for _name, _start, call in starts]
    made = side_by_side(calls) if apart else [call() for call in calls]
    candidates = [(plan, ev, name) for (name, _start, _call), (plan, ev) in zip(starts, made)]
    starts = [start for _name, start, _call in starts]  # per candidate: ``Planned.start``
    bound = 0
    size = model_size(problem)
    if (strategy == "exact" and size <= CHECKMATE_MAX_VARIABLES) or (
            strategy == "auto" and size <= EXACT_MAX_VARIABLES):
        exact = exact_remat(problem, capacity, work=exact_work, deadline=deadline)
        bound = None if exact.infeasible else exact.lower_bound
        if exact.plan is not None:
            candidates.append((*without_unread(problem, exact.plan, evaluate(
                problem, exact.plan)), "exact"))
            starts.append(None)
        elif not candidates:
            candidates.append(({}, evaluate(problem, {}), "exact"))
            starts.append(None)
    elif strategy == "exact" or (strategy == "auto" and problem.num_ops <= INTERVAL_MAX_OPS):
        if strategy == "exact":  # the hint only: the greedy's plan is not a candidate
            greedy = _greedy(problem, capacity, deadline)
        else:
            greedy = candidates[starts.index("greedy")][:2]
        hint = greedy[0] if greedy[1].peak <= capacity else None
        found = interval_remat(problem, capacity, deadline=deadline, hint=hint,
                               work=exact_work if strategy == "exact" else INTERVAL_WORK)
        if found.complete:  # a bound over every plan, not only those with few copies
            bound = None if found.infeasible else found.lower_bound
        if found.plan is not None:
            candidates.append((*without_unread(problem, found.plan, evaluate(
                problem, found.plan)), "intervals"))
            starts.append(None)
        elif not candidates:
            candidates.append(({}, evaluate(problem, {}), "intervals"))
            starts.append(None)
    k = min(range(len(candidates)), key=lambda k: (
        not candidates[k][1].valid, *candidates[k][1].fit_rank(capacity),
        candidates[k][2] != "greedy", k))
    plan, ev, name = candidates[k]
    if ev.peak <= capacity and bound is not None and ev.cost <= bound:
        name += " (optimal)"
    return Planned(plan, ev, name, bound, start=starts[k])
