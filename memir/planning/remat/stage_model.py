"""The rematerialisation problem, a plan, and the one memory model both planners use.

Why one model: the greedy and exact planners must plan the peak layout will see. Following
Checkmate (Jain et al., MLSys 2020), the fixed order of ops 0..N-1 is cut into *stages*:
stage ``t`` runs the ops recomputed there (in index order) and then op ``t``; a plan is the
set of pairs (t, i), op i re-run in stage t > i. Each run of a producer makes a *copy* of its
buffers, every read (and in-place write) is served by the latest copy, and a copy lives from
the run that makes it to the last run that reads it: the first-use..last-use model of
``schedule`` and layout, on the rewritten program.

What may re-run, followers, versions and ``refreshed`` reads are described in
docs/passes/rematerialize.md. External values (arguments, weights) are always present, cost
nothing, and must be unchanged between a producer's first run and its recomputation.
"""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from functools import cached_property
from itertools import accumulate


@dataclass(frozen=True, slots=True)
class RematOp:
    """One op: the buffers it reads, those it produces (first writes), every buffer it
    writes (produced ones included: an in-place update writes what it does not produce),
    its cost (None: unknown, never recomputed), whether it is pure and whether it belongs
    to the optimizer step (``memir.analysis.optimizer_step``), whether it ``copies`` its one read
    into its one product (``forwarding``) and whether it is ``elementwise`` (``in_place_reuse``).
    ``flops`` and ``compute_bound`` (its arithmetic takes longer than its memory traffic
    on the device) only steer which ops the min-cut start bans (``mincut``).

    ``held_cost`` and ``part``: a compiler that fuses ops (Inductor) writes this op's
    results to memory only because an op of a later compiled part (the backward) reads
    them from this run; ``held_cost`` is what that write costs, paid by a plan whose later
    parts read this run's results (``Evaluation.saved`` credits a plan that spares it)."""

    reads: tuple[int, ...]
    produces: tuple[int, ...]
    writes: tuple[int, ...] = ()
    cost: int | None = None
    pure: bool = True
    update: bool = False  # part of the optimizer step: never recomputed
    random: bool = False  # a seeded random kernel (``pure``: it draws the same again)
    flops: int = 0
    compute_bound: bool = False
    copies: bool = False  # writes the value it reads into what it produces (a ``clone``)
    # each result element from the operands' same index (``in_place_reuse``)
    elementwise: bool = False
    held_cost: int = 0
    part: int = 0  # the compiled part that runs the op (0: the forward, 1: the backward)


@dataclass
class RematProblem:
    """Ops in program order and the size of every buffer (0..B-1). A buffer with
    ``planned[b]`` False is external: always present, never counted, never recomputed."""

    ops: list[RematOp]
    sizes: list[int]
    planned: list[bool] | None = None

    def __post_init__(self) -> None:
        if self.planned is None:
            self.planned = [True] * len(self.sizes)
        n = len(self.ops)
        self.producer: list[int | None] = [None] * len(self.sizes)
        self.writers: list[list[int]] = [[] for _ in self.sizes]
        self.first_use: list[int | None] = [None] * len(self.sizes)
        self.last_use: list[int] = [-1] * len(self.sizes)  # the last op that touches it
        self.readers: list[list[int]] = [[] for _ in self.sizes]
        for i, op in enumerate(self.ops):
            for b in op.produces:
                if self.producer[b] is None:
                    self.producer[b] = i
            for b in {*op.writes, *op.produces}:
                self.writers[b].append(i)
            for b in (*op.reads, *op.produces, *op.writes):
                if self.first_use[b] is None:
                    self.first_use[b] = i
                self.last_use[b] = i
            for b in set(op.reads):
                self.readers[b].append(i)
        self.in_place: list[list[int]] = [  # per buffer: its writers after its producer
            [w for w in self.writers[b] if w != p] if p is not None else []
            for b, p in enumerate(self.producer)]
        self.leader: list[int | None] = [None] * n  # follower -> the producer it follows
        self.followers: list[list[int]] = [[] for _ in range(n)]
        for b, p in enumerate(self.producer):
            if p is not None:
                for w in self.writers[b]:
                    if w != p:
                        self.followers[p].append(w)
                        if self.leader[w] is None and self.follows(w, b):
                            self.leader[w] = p
        for p in range(n):
            self.followers[p] = sorted(set(self.followers[p]))
        leads = [self._recomputable(i) for i in range(n)]
        self.recomputable = [leads[i] or (self.leader[i] is not None and leads[self.leader[i]])
                             for i in range(n)]
        self._refreshed: dict[tuple[int, int], frozenset[int] | None] = {}
        self._reads = [frozenset(op.reads) for op in self.ops]
        # what the program as it is pays for results held for a later part
        self.holds = any(op.held_cost for op in self.ops)
        self.held_paid = sum(op.held_cost for i, op in enumerate(self.ops) if op.held_cost
                             and any(self.ops[r].part > op.part for b in op.produces
                                     for r in self.readers[b]))

    @property
    def num_ops(self) -> int:
        return len(self.ops)

    @cached_property
    def peak_as_is(self) -> int:
        """The program's peak with nothing recomputed."""
        return evaluate(self, {}).peak

    @cached_property
    def run_uses(self) -> list[tuple[tuple[int, int, bool], ...]]:
        """Per op, what each run of it reads or writes in place of the planned buffers it
        does not produce, once each: (buffer, the version it expects, -1 for a buffer
        without versions; whether it writes it). ``evaluate`` plays thousands of runs per
        plan and the planners play out hundreds of plans of one problem."""
        found = []
        for i, op in enumerate(self.ops):
            found.append(tuple(
                (b, self.version(b, i) if self.versioned(b) else -1, b in op.writes)
                for b in dict.fromkeys((*op.reads, *op.writes))
                if self.planned[b] and b not in op.produces))
        return found

    @cached_property
    def run_buffers(self) -> list[tuple[int, ...]]:
        """Per op, the buffers of ``run_uses``: what ``incremental.PlanState`` tracks."""
        return [tuple(b for b, _version, _writes in uses) for uses in self.run_uses]

    @cached_property
    def run_makes(self) -> list[tuple[int, ...]]:
        """Per op, the planned buffers each run of it makes."""
        return [tuple(b for b in op.produces if self.planned[b]) for op in self.ops]

    def cost_of(self, ops) -> int:
        """What running ``ops`` once more costs (an op without a cost counts 0)."""
        return sum(self.ops[i].cost or 0 for i in ops)

    def follows(self, w: int, b: int) -> bool:
        """Op w may re-run after the producer of ``b`` on its fresh copy: a pure in-place
        op with a cost, outside the optimizer step, that produces nothing and writes b only."""
        op = self.ops[w]
        return (op.pure and not op.update and op.cost is not None and not op.produces
                and set(op.writes) == {b})

    def _recomputable(self, i: int) -> bool:
        """Op i may lead a recomputation (its followers, if any, re-run after it)."""
        op = self.ops[i]
        if not op.pure or op.update or op.cost is None or not op.produces:
            return False
        if set(op.writes) - set(op.produces):
            return False
        return (all(self.planned[b] for b in op.produces)
                and all(self.leader[w] == i for w in self.followers[i]))

    def versioned(self, b: int) -> bool:
        """Copies of ``b`` carry versions (planned, made by an op); other values must stay
        unchanged under a recomputation that reads them."""
        return self.planned[b] and self.producer[b] is not None

    def version(self, b: int, j: int) -> int:
        """The version of ``b`` op j reads in the input program: in-place writes before j."""
        return bisect_left(self.in_place[b], j)

    def value_stable(self, b: int, since: int, until: int) -> bool:
        """No op in stages since+1..until writes ``b`` (other than producing it then)."""
        return not any(since < w <= until for w in self.writers[b])

    def changed_reads(self, i: int, stage: int) -> list[int]:
        """The buffers op i reads (its own in-place buffer aside, for a follower) that an
        op in stages i+1..stage writes."""
        own = self.ops[i].writes if self.leader[i] is not None else ()
        return [b for b in self.ops[i].reads
                if b not in own and not self.value_stable(b, i, stage)]

    def refreshed(self, i: int, stage: int) -> frozenset[int] | None:
        """The producers op i re-run in ``stage`` (a follower: with its producer) finds
        the versions it read from when they re-run earlier in the stage (a held copy at
        those versions would do too: ``evaluate`` checks what is served); None when it
        cannot re-run there at all (not recomputable, or a value without versions it
        reads changed since). Kept per (op, stage): the planners ask millions of times."""
        if not self.recomputable[i] or stage <= i:
            return None
        key = (i, stage)
        if key not in self._refreshed:
            self._refreshed[key] = self._refreshed_anew(i, stage)
        return self._refreshed[key]

    def _refreshed_anew(self, i: int, stage: int) -> frozenset[int] | None:
        lead = self.leader[i]
        needed: set[int] = set()
        if lead is not None:
            if (led := self.refreshed(lead, stage)) is None:
                return None
            needed = {lead, *led}
        for b in self.changed_reads(i, stage):
            p = self.producer[b]
            if not self.versioned(b) or not self.recomputable[p] or p >= i:
                return None
            needed.add(p)
        return frozenset(needed)

    def can_recompute(self, i: int, stage: int, fresh=None) -> bool:
        """Op i may re-run in ``stage``: ``refreshed`` allows it, and (with ``fresh``, the
        ops re-run in the same stage) what it needs re-runs there too."""
        needed = self.refreshed(i, stage)
        return needed is not None and (fresh is None or needed <= set(fresh))

    def closure(self, ops, stage: int) -> list[int]:
        """``ops`` with, for each, its producer (a follower re-runs only with it) and that
        producer's followers before the stage that may re-run there: what re-runs
        together, in index order (``closure_as_read``: only those a read saw)."""
        found = set()
        for i in ops:
            lead = i if self.leader[i] is None else self.leader[i]
            found.add(lead)
            for w in self.followers[lead]:
                if w >= stage or not self.can_recompute(w, stage):
                    break  # the followers run as a prefix
                found.add(w)
            if self.leader[i] is not None:
                found.add(i)
        return sorted(found)

    def closure_as_read(self, ops, stage: int, reader: int) -> list[int]:
        """Like ``closure`` (followers in ``ops`` are chosen again), but each producer
        re-runs only its followers before the last op, of ``ops`` and ``reader``, that
        reads what it makes: the fresh copies hold the versions those reads saw (the
        batch norm without its ``hardtanh_``, for a ``clone`` that read it before)."""
        leads = {i if self.leader[i] is None else self.leader[i] for i in ops}
        found = {*(i for i in ops if self.leader[i] is None), *leads}
        members = found | {reader}
        for lead in leads:
            if not self.followers[lead]:
                continue
            made = self.ops[lead].produces
            last = max((j for j in members if j != lead
                        and not self._reads[j].isdisjoint(made)), default=lead)
            for w in self.followers[lead]:
                if w >= min(last, stage) or not self.can_recompute(w, stage):
                    break
                found.add(w)
        return sorted(found)


Plan = Mapping[int, Iterable[int]]
"""Stage t -> the ops recomputed in stage t (before op t)."""


@dataclass
class Copy:
    """One copy of a buffer: made at run ``made``, live through run ``last`` (>= made);
    runs are numbered over the whole rewritten program."""

    buffer: int
    made: int
    last: int


@dataclass
class Evaluation:
    """A plan played out: the runs (stage, op), the copies, the memory at each run and at
    each stage, and whether every read was served (``missing``: (stage, op, buffer) of
    the first read with no copy; ``stale``: (stage, op) of the first run that would read
    another version than it expects, or of a recomputation that may not run there)."""

    runs: list[tuple[int, int]]
    copies: list[Copy]
    run_memory: list[int]
    memory: list[int]  # per stage: the most of its runs
    cost: int
    missing: tuple[int, int, int] | None = None
    stale: tuple[int, int] | None = None
    served: dict[tuple[int, int], int] = field(default_factory=dict)
    """(run, buffer) -> the copy that serves the read; the rewrite follows it."""
    moved: tuple[int, ...] = ()
    """Ops whose original run the plan leaves without a reader (``moved_originals``): the
    rewrite removes them (unless the IR uses their values otherwise: a returned buffer), so
    their recomputations move them rather than add to the step."""
    saved: int = 0  # the cost of the ``moved`` ops, and of held results spared (``held_cost``)

    @property
    def net_cost(self) -> int:
        """What the plan adds to the step: its recomputations less the originals moved."""
        return self.cost - self.saved

    @property
    def valid(self) -> bool:
        return self.missing is None and self.stale is None

    @property
    def peak(self) -> int:
        return max(self.run_memory, default=0)

    def fit_rank(self, capacity: int) -> tuple[bool, float, int]:
        """How plans compare at ``capacity``: those that fit first, cheapest net cost first
        (above it, lowest peak first), then lowest peak (equal costs: the lower peak)."""
        fits = self.peak <= capacity
        return (not fits, self.net_cost if fits else self.peak, self.peak)

    def reads_of_copies(self, makers: set[int] | None = None
                        ) -> tuple[dict[int, set[int]], dict[int, list[int]]]:
        """(copy -> the runs it serves, run -> the copies it makes): who reads what a run
        made, for the passes that drop runs nobody reads; with ``makers``, only the
        copies those runs make (a plan's few hundred recomputations among thousands of
        runs)."""
        made_by: dict[int, list[int]] = {}
        for c, copy in enumerate(self.copies):
            if makers is None or copy.made in makers:
                made_by.setdefault(copy.made, []).append(c)
        wanted = None if makers is None else {c for cs in made_by.values() for c in cs}
        readers: dict[int, set[int]] = {}
        for (r, _b), c in self.served.items():
            if wanted is None or c in wanted:
                readers.setdefault(c, set()).add(r)
        return readers, made_by


def stage_runs(problem: RematProblem, plan: Plan) -> list[tuple[int, int]]:
    """The rewritten program's runs in order: (stage, op), each stage's recomputed ops in
    index order (topological) and then its own op."""
    runs: list[tuple[int, int]] = []
    for t in range(problem.num_ops):
        runs.extend((t, i) for i in sorted(set(plan.get(t, ()))) if i < t)
        runs.append((t, t))
    return runs


def evaluate(problem: RematProblem, plan: Plan) -> Evaluation:
    """Play ``plan`` out: which copy serves each read, the copies' lifetimes, memory."""
    n = problem.num_ops
    runs = stage_runs(problem, plan)
    chosen = {t: set(ops) for t, ops in plan.items()}
    uses, makes, producer = problem.run_uses, problem.run_makes, problem.producer
    buffers: list[int] = []  # per copy: its buffer, the run making it, its last run
    made: list[int] = []
    last: list[int] = []
    held: list[int] = []  # per copy: the version it holds now
    latest: dict[int, int] = {}  # buffer -> index of its latest copy
    served: dict[tuple[int, int], int] = {}
    missing = stale = None
    cost = 0
    for r, (t, i) in enumerate(runs):
        if i != t:
            cost += problem.ops[i].cost or 0
            lead = problem.leader[i]
            if stale is None and (not problem.can_recompute(i, t)
                                  or (lead is not None and lead not in chosen[t])):
                stale = (t, i)
        for b, version, writes in uses[i]:
            c = latest.get(b)
            if c is None:
                if producer[b] is not None:
                    if missing is None:
                        missing = (t, i, b)
                    continue
                c = latest[b] = len(buffers)  # never produced: lives from its first use
                buffers.append(b)
                made.append(r)
                last.append(r)
                held.append(0)
            if version >= 0:  # versioned: the latest copy must hold what op i reads
                if held[c] != version and stale is None:
                    stale = (t, i)
                if writes:
                    held[c] += 1
            last[c] = r  # runs come in order: the latest read is the last
            served[(r, b)] = c
        for b in makes[i]:
            latest[b] = len(buffers)
            buffers.append(b)
            made.append(r)
            last.append(r)
            held.append(0)
    sizes = problem.sizes
    delta = [0] * (len(runs) + 1)
    for b, first, end in zip(buffers, made, last):
        delta[first] += sizes[b]
        delta[end + 1] -= sizes[b]
    run_memory = list(accumulate(delta[:len(runs)]))
    memory = [0] * n
    for (t, _i), m in zip(runs, run_memory):
        if m > memory[t]:
            memory[t] = m
    copies = [Copy(b, first, end) for b, first, end in zip(buffers, made, last)]
    found = Evaluation(runs, copies, run_memory, memory, cost, missing, stale, served)
    if found.valid and plan:
        found.moved = moved_originals(problem, found)
        spared = problem.held_paid - paid_for_held(problem, found)
        found.saved = problem.cost_of(found.moved) + spared
    return found


def paid_for_held(problem: RematProblem, evaluation: Evaluation) -> int:
    """What the played-out plan pays for results held for a later part
    (``RematOp.held_cost``): each of ``holding_ops``' held cost."""
    return sum(problem.ops[i].held_cost for i in holding_ops(problem, evaluation))


def holding_ops(problem: RematProblem, evaluation: Evaluation) -> set[int]:
    """The ops with a ``held_cost`` whose original run makes a copy that a run of a later
    part reads: the plan pays their held write, recomputed elsewhere or not."""
    if not problem.holds:
        return set()
    runs, ops = evaluation.runs, problem.ops
    holder: dict[int, int] = {}  # copy -> the op whose original run made it, if held
    for c, copy in enumerate(evaluation.copies):
        t, i = runs[copy.made]
        if t == i and ops[i].held_cost and copy.buffer in ops[i].produces:
            holder[c] = i
    paying = set()
    for (r, _b), c in evaluation.served.items():
        i = holder.get(c)
        if i is not None and ops[runs[r][0]].part > ops[i].part:  # its stage's part
            paying.add(i)
    return paying


def moved_originals(problem: RematProblem, evaluation: Evaluation) -> tuple[int, ...]:
    """The recomputed ops whose original run nothing reads once the plan's recomputations
    serve the later reads: a producer (not itself a follower) with no in-place followers,
    each of whose copies made by that run is read only by original runs removed too (a
    chain goes whole). PyTorch's partitioner moves such ops into the backward pass (the
    ``clone`` saved for ``hardtanh_``'s gradient, made again from the batch norm there);
    counting them as added cost would charge a plan for work the rewritten program no
    longer does. The memory is left as played out: removing runs only shortens lifetimes.
    One pass, later ops first: only later runs read what a run makes."""
    original = {i: r for r, (t, i) in enumerate(evaluation.runs) if t == i}
    moving = sorted({i for t, i in evaluation.runs if t != i and problem.leader[i] is None
                     and not problem.followers[i]}, reverse=True)
    readers, made_by = evaluation.reads_of_copies({original[i] for i in moving})
    removed: set[int] = set()  # runs
    for i in moving:
        r = original[i]
        if all(readers.get(c, set()) <= removed for c in made_by.get(r, ())):
            removed.add(r)
    return tuple(sorted(evaluation.runs[r][1] for r in removed))


def unread_recomputations(problem: RematProblem, evaluation: Evaluation) -> set[int]:
    """The runs of recomputations nothing reads: each copy such a run makes is read only
    by runs found too (a chain goes whole), for an op that neither follows a producer nor
    has followers. Such a run adds its cost and keeps what it reads live, and serves no
    read: a later copy serves every one. A start can leave one, such as a recomputation
    kept because it might spare a held write (``mincut.prune``'s ``keep_held``) whose
    readers read another copy. One pass, later runs first."""
    readers, made_by = evaluation.reads_of_copies(
        {r for r, (t, i) in enumerate(evaluation.runs) if t != i})
    unread: set[int] = set()
    for r in range(len(evaluation.runs) - 1, -1, -1):
        t, i = evaluation.runs[r]
        if t == i or problem.leader[i] is not None or problem.followers[i]:
            continue
        if all(readers.get(c, set()) <= unread for c in made_by.get(r, ())):
            unread.add(r)
    return unread


def without_unread(problem: RematProblem, plan: Plan,
                   evaluation: Evaluation) -> tuple[dict[int, list[int]], Evaluation]:
    """``plan`` less its ``unread_recomputations``, played out: the same reads served by
    the same runs, at no more cost and no higher peak (``plan`` as it is when it has
    none, or when it is not valid)."""
    plan = {t: list(ops) for t, ops in plan.items()}
    if not evaluation.valid:
        return plan, evaluation
    unread = unread_recomputations(problem, evaluation)
    if not unread:
        return plan, evaluation
    dropped: dict[int, set[int]] = {}
    for r in unread:
        t, i = evaluation.runs[r]
        dropped.setdefault(t, set()).add(i)
    kept = {t: [i for i in ops if i not in dropped.get(t, ())] for t, ops in plan.items()}
    kept = {t: ops for t, ops in kept.items() if ops}
    return kept, evaluate(problem, kept)


def without_random(problem: RematProblem) -> RematProblem:
    """The same program with its seeded random kernels never re-run (``RematOp.random``):
    a plan for it is a plan for ``problem``."""
    from dataclasses import replace

    return RematProblem([replace(op, pure=False) if op.random else op for op in problem.ops],
                        problem.sizes, problem.planned)


def reordered(problem: RematProblem, order: list[int]) -> RematProblem:
    """The same ops and buffers, the ops run in ``order`` (old indices)."""
    return RematProblem([problem.ops[j] for j in order], problem.sizes, problem.planned)


def total_cost(problem: RematProblem) -> int:
    """The cost of running every op once (the step), for percentages."""
    return sum(op.cost or 0 for op in problem.ops)


def horizons(problem: RematProblem) -> tuple[list[int], list[int], list[int]]:
    """Per buffer, the last stage an op uses it; per op, the last stage a recomputation of
    it can help in (a buffer it produces is read there, by an op or by a recomputation);
    per buffer, the last stage a copy of it may be read in."""
    last_use = list(problem.last_use)
    readers: list[list[int]] = [[] for _ in problem.sizes]
    for j, op in enumerate(problem.ops):
        if problem.recomputable[j]:
            for b in set(op.reads):
                readers[b].append(j)
    # Consumers come later in the order, so one backward sweep reaches the fixpoint.
    op_horizon = list(range(problem.num_ops))
    need = list(last_use)
    for i in reversed(range(problem.num_ops)):
        for b in problem.ops[i].produces:
            need[b] = max([last_use[b], *(op_horizon[j] for j in readers[b])])
            op_horizon[i] = max(op_horizon[i], need[b])
        for w in problem.followers[i]:  # they re-run with i, as late as it does
            if problem.leader[w] == i:
                op_horizon[w] = max(op_horizon[w], op_horizon[i])
    for b, found in enumerate(readers):  # buffers no op produces (externals, read-first)
        if problem.producer[b] is None and found:
            need[b] = max([last_use[b], *(op_horizon[j] for j in found)])
    return last_use, op_horizon, need
