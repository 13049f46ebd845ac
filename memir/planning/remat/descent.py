"""The greedy's descent: at the peak run, re-run the producer that frees the cheapest bytes
per unit of cost, until the plan fits or no candidate helps.

Why a module of its own: the greedy (``greedy``) descends from the plan without
recomputation, and the min-cut starts (``mincut``) from the cut's plan; both share this one
descent (and its memo across capacities, ``descent_memo``), so neither reaches into the other.

The rule is XLA's rematerialisation and Checkmate's baseline: of the copies live at the
peak run without being read there, re-run the producer cheapest per byte in the stage of
the copy's next read, so the copy dies before the peak. A candidate is played out exactly
(``incremental.PlanState``) and kept only if valid and it lowers the peak or the runs at the
peak; a producer whose inputs are gone is tried alone and with the chain that remakes them.
The budget counts evaluated candidates (``TRIES_PER_ROUND``, lookahead), so the same input
gives the same plan on every machine.
"""

from __future__ import annotations

import heapq
from bisect import bisect_right

import numpy as np

from memir import progress
from memir.planning.budget import Deadline
from memir.planning.remat import descent_memo
from memir.planning.remat.descent_memo import Round
from memir.planning.remat.incremental import PlanState
from memir.planning.remat.stage_model import RematProblem

# Deep enough to reach the corpus' lowest peaks.
TRIES_PER_ROUND = 256
CHAIN = 8  # most ops re-run together for one freed copy
MULTI_START_OPS = 400  # programs small enough for one chain per depth (and the greedy's starts)


def _with_inputs(state: PlanState, producer: int, stage: int,
                 asked: set[int] | None = None) -> list[list[int]]:
    """``producer`` and, transitively, the producers of what it reads that would otherwise
    be held from their last read to ``stage`` (recomputing a chain from a kept input, as
    checkpointing does), at most ``CHAIN`` ops (``_chain``). On programs of at most
    ``MULTI_START_OPS`` ops also one chain per depth (the producers of its inputs, then
    theirs...), since holding a small input may beat recomputing it; not above (there they
    raised the floor reached and doubled the search time) (measurements:
    docs/planning-figures.md). ``asked`` collects the buffers whose held copies were
    looked at (``_wanted``)."""
    problem = state.problem
    chains = []
    if problem.num_ops <= MULTI_START_OPS:
        chain, level = [producer], [producer]
        while level and len(chain) < CHAIN:
            deeper = []
            for op in level:
                for b in problem.ops[op].reads:
                    p = problem.producer[b]
                    if len(chain) < CHAIN and _wanted(state, p, b, stage, chain, op, asked):
                        chain.append(p)
                        deeper.append(p)
            if deeper:
                chains.append(problem.closure(chain, stage))
            level = deeper
    chains.append(_chain(state, producer, stage, asked))
    return chains


def _wanted(state: PlanState, p: int | None, b: int, stage: int, chain: list[int],
            reader: int, asked: set[int] | None = None) -> bool:
    """Whether the chain should re-run ``p`` to make ``b``, an input of ``reader``, again
    in ``stage``: it is not held into the stage, or the held copy has changed since the
    reader first read it (``problem.refreshed``). The state is asked only about ``b``'s
    copies (added to ``asked``)."""
    problem = state.problem
    if p is None or p in chain or not problem.planned[b]:
        return False
    if problem.refreshed(p, stage) is None:
        return False
    if asked is not None:
        asked.add(b)
    return not state.held_into(b, stage) or p in (problem.refreshed(reader, stage) or ())


def _chain(state: PlanState, producer: int, stage: int,
           asked: set[int] | None = None) -> list[int]:
    """The producers of the inputs, depth first, up to ``CHAIN`` ops."""
    chain, frontier = [producer], [producer]
    while frontier and len(chain) < CHAIN:
        op = frontier.pop()
        for b in state.problem.ops[op].reads:
            p = state.problem.producer[b]
            if _wanted(state, p, b, stage, chain, op, asked):
                chain.append(p)
                frontier.append(p)
    return state.problem.closure(chain, stage)


def _freed(state: PlanState, readers: dict | None = None) -> dict[tuple[int, int], int]:
    """(producer, stage of the next read) -> bytes freed at the peak run, for each copy
    live there and not read there whose next read comes in a later stage (and into
    ``readers``, if given, the op of that next read)."""
    problem, n = state.problem, state.n
    stage, op = state.peak_run()
    key = stage * n + op
    found: dict[tuple[int, int], int] = {}
    for b, _made, reads in state.live_at(key):
        at = bisect_right(reads, key)
        if reads[at - 1:at] == [key] or at == len(reads):
            continue
        use = reads[at] // n
        producer = problem.producer[b]
        if use <= stage or producer is None or problem.refreshed(producer, use) is None:
            continue
        found[producer, use] = found.get((producer, use), 0) + problem.sizes[b]
        if readers is not None:
            readers[producer, use] = max(readers.get((producer, use), 0), reads[at] % n)
    return found


class _Groups:
    """What ``_ranked`` builds per candidate (producer, stage, reader), kept across one
    descent's rounds, which rank mostly the same candidates. The cheapest group's cost
    depends on the program alone; the groups (the chains) on the state only through
    whether inputs are held into the stage (``_wanted``), so a candidate's groups are
    dropped (``forget``) once a move touches a buffer they asked about."""

    def __init__(self, problem: RematProblem) -> None:
        self.problem = problem
        self._least: dict[tuple[int, int, int], int] = {}
        self._groups: dict[tuple[int, int, int], list[tuple[int, tuple]]] = {}
        self._asked: dict[int, set[tuple[int, int, int]]] = {}  # buffer -> candidates

    def least(self, p: int, use: int, reader: int) -> int:
        """The cost of the cheapest group re-running ``p`` in ``use``."""
        key = (p, use, reader)
        if key not in self._least:
            self._least[key] = self.problem.cost_of(
                self.problem.closure_as_read((p,), use, reader))
        return self._least[key]

    def groups(self, state: PlanState, p: int, use: int,
               reader: int) -> list[tuple[int, tuple]]:
        """(cost, ops) of each group re-running ``p`` in ``use``: alone, with the chains
        its inputs need, and each re-running only the in-place followers the reads saw (a
        clone taken before an in-place activation reads the value before it)."""
        key = (p, use, reader)
        if key in self._groups:
            return self._groups[key]
        problem = self.problem
        asked: set[int] = set()
        alone = tuple(problem.closure((p,), use))
        chains = [tuple(c) for c in _with_inputs(state, p, use, asked)]
        as_read = [tuple(problem.closure_as_read(c, use, reader)) for c in (alone, *chains)]
        found = [(problem.cost_of(chain), chain)
                 for chain in dict.fromkeys([alone, *chains, *as_read])]
        self._groups[key] = found
        for b in asked:
            self._asked.setdefault(b, set()).add(key)
        return found

    def forget(self, touched) -> None:
        """Drop the groups that asked about a buffer in ``touched`` (a move was made)."""
        for b in touched:
            for key in self._asked.pop(b, ()):
                self._groups.pop(key, None)


def _ranked(state: PlanState, groups: _Groups):
    """(cost per byte, ops to re-run, stage), cheapest first: each freeing producer alone,
    and with the chain of producers its inputs need. The chains are built lazily (a chain
    costs at least its producer alone), in exactly the order a full sort would give;
    ``groups`` keeps them from round to round."""
    heap = []
    readers: dict[tuple[int, int], int] = {}
    for (p, use), freed in sorted(_freed(state, readers).items()):
        cost = groups.least(p, use, readers[p, use])
        heap.append((cost / max(freed, 1), (), use, p, freed))
    heapq.heapify(heap)
    while heap:
        score, ops, use, p, freed = heapq.heappop(heap)
        if ops:
            yield score, ops, use
            continue
        for cost, chain in groups.groups(state, p, use, readers[p, use]):
            heapq.heappush(heap, (cost / max(freed, 1), chain, use, p, freed))


def _excess(profile: np.ndarray, capacity: int) -> int:
    """Bytes above the capacity summed over runs: what the plan still has to remove."""
    return int(np.maximum(profile - capacity, 0).sum())


def descend(state: PlanState, capacity: int, work: int, budget: int, deadline: Deadline,
             tabu: frozenset = frozenset(), lookahead: int = 1,
             finishes: list | None = None, rounds: list | None = None) -> int:
    """Add recomputations to ``state`` until it fits ``capacity`` or no candidate helps;
    candidates re-running a (stage, op) pair in ``tabu`` are skipped. With ``lookahead``
    k > 1, each round plays out the first k candidates that help and keeps the one that
    removes the most excess bytes (``_excess``) per unit of cost. With ``finishes`` (a
    list), the round whose move brings the plan within the capacity also looks for the
    cheapest candidate that alone does (``_cheapest_finish``) and, when it costs less than
    the move made, appends (the plan before the move, its stage, its ops) for the caller
    to play out too. With ``rounds`` (a list), each round's start is appended to it
    (``descent_memo.Round``). Returns the work."""
    problem = state.problem
    pressure = state.pressure()
    groups = _Groups(problem)
    while pressure[0] > capacity and work < budget and not deadline.expired():
        progress.note("recomputing down to the capacity", work, budget, int(pressure[0]))
        if rounds is not None:
            rounds.append(Round({t: list(o) for t, o in state.plan.items()}, work, pressure))
        helpful = []
        ranked = _ranked(state, groups)
        tries = 0
        for _score, ops, use in ranked:  # stops before drawing one more than it plays
            tries += 1
            if not (tabu and any((use, i) in tabu for i in ops)):
                # a trial that leaves the peak run above the peak, or at it alone, cannot help
                trial = state.trial(use, ops, pressure[0] - (pressure[1] == 1))
                work += 1
                if trial is not None and state.pressure(trial.profile) < pressure:
                    helpful.append((trial, ops, use))
            if tries == TRIES_PER_ROUND or work >= budget or len(helpful) == lookahead:
                break
        if not helpful:
            break
        if len(helpful) == 1:
            best, best_ops = helpful[0][:2]
        else:
            now = _excess(state.profile, capacity)

            def rate(found):
                trial, ops, _use = found
                cost = problem.cost_of(ops)
                return cost / max(1, now - _excess(trial.profile, capacity))

            best, best_ops = min(helpful, key=rate)[:2]
        if finishes is not None and best.peak <= capacity:
            cost = problem.cost_of(best_ops)
            found, work = _cheapest_finish(state, ranked, helpful, capacity, cost,
                                           TRIES_PER_ROUND - tries, work, budget, tabu)
            if found is not None:
                finishes.append(({t: list(o) for t, o in state.plan.items()}, *found))
        state.accept(best)
        groups.forget(best.touched)
        pressure = state.pressure()
    return work


def descend_from(problem: RematProblem, start, initial, capacity: int, work: int,
                 budget: int, deadline: Deadline,
                 finishes: list | None = None) -> tuple[PlanState, int]:
    """``descend`` (lookahead 1, no tabu) from the state ``initial()`` makes, named
    ``start``: (the state reached, the work). Inside ``descent_memo.using`` and without a
    deadline, the descent goes on from the round where an earlier one for another capacity
    passed ``capacity`` (the same plan, work and finishes: ``descent_memo``), or of an
    earlier start whose first plan was the same, and rounds run anew are kept for the next
    capacity."""
    memo = descent_memo.active()
    if memo is None or deadline.at is not None:
        state = initial()
        return state, descend(state, capacity, work, budget, deadline, finishes=finishes)
    descent = memo.descent(problem, start, work, budget)
    if not descent.rounds:
        state = initial()
        descent = memo.from_plan(problem, start, state.plan, work, budget)
        if not descent.rounds:
            return state, descend(state, capacity, work, budget, deadline,
                                   finishes=finishes, rounds=descent.rounds)
    memo.hits += 1
    at = descent.resume_at(capacity) or 0
    resumed = descent.rounds[at]
    state = PlanState(problem, resumed.plan)
    tail: list = []
    work = descend(state, capacity, resumed.work, budget, deadline, finishes=finishes,
                    rounds=tail)
    if at == len(descent.rounds) - 1:  # past the rounds known: keep the new ones
        descent.rounds.extend(tail[1:])
    return state, work


def finished_states(problem: RematProblem, finishes: list) -> list[PlanState]:
    """The plans ``descend``'s ``finishes`` describe, played out: each last move made the
    cheapest way."""
    states = []
    for before, use, ops in finishes:
        other = PlanState(problem, before)
        trial = other.trial(use, ops)
        if trial is not None:
            other.accept(trial)
            states.append(other)
    return states


def _cheapest_finish(state: PlanState, ranked, helpful: list, capacity: int, cost: int,
                     tries: int, work: int, budget: int, tabu: frozenset):
    """((stage, ops) of the cheapest candidate that alone brings ``state`` within
    ``capacity`` and costs less than ``cost``, or None; the work): among those played
    out already (``helpful``) and up to ``tries`` more of ``ranked``, skipping any that
    cost more than the cheapest finish found so far.

    Why: the greedy ranks by cost per byte freed, which is right while much must go; the
    last move needs only the bytes still above the capacity, and a cheap one that frees
    just those beats a dearer one that frees more per unit of cost (an example:
    ``docs/planning-figures.md``)."""
    problem = state.problem
    found = None
    for trial, ops, use in helpful:
        price = problem.cost_of(ops)
        if price < cost and trial.peak <= capacity:
            found, cost = (use, ops), price
    for _score, ops, use in ranked:
        if tries <= 0 or work >= budget:
            break
        tries -= 1
        price = problem.cost_of(ops)
        if price >= cost or (tabu and any((use, i) in tabu for i in ops)):
            continue
        trial = state.trial(use, ops, capacity)
        work += 1
        if trial is not None and trial.peak <= capacity:
            found, cost = (use, ops), price
    return found, work
