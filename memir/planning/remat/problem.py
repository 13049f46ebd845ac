"""The rematerialisation problem, a plan, and the one memory model both planners use.

Why this model: a program in a fixed order of ops 0..N-1 (after ``schedule``) keeps every
buffer from its first use to its last. Rematerialisation frees a buffer after some use and
makes it again, by re-running its producer, just before a later one. Following Checkmate
(Jain et al., MLSys 2020), the program is cut into *stages*: stage ``t`` runs the ops
recomputed there (in index order, which is topological) and then op ``t`` itself. A plan
is the set of pairs (t, i): op i re-runs in stage t > i.

Each run of a producer makes a *copy* of every buffer it produces. A use of buffer b in
stage s (op s, or an op recomputed in stage s after b's producer) is served by b's latest
copy made in a stage <= s. A copy is live from the stage that made it to the last stage
whose uses it serves; a stage's memory is the sum of the copies live in it. Without any
recomputation this is exactly the first-use..last-use peak of ``schedule`` and layout.
Inside a stage every live copy is counted for the whole stage, so the program the plan
becomes never peaks above the stage memory (an op inserted in stage t sees a subset).

What may be recomputed (``RematOp.recomputable``): a pure op with a known cost, none of
whose produced buffers is written again by another op (an in-place update would give the
recomputed copy a stale value), and which writes nothing it does not produce. A
recomputation of op i in stage t also needs each value it reads unchanged since stage i:
no op in stages i+1..t writes it (a weight updated in place by the optimizer, say).
External values (function arguments, weights) are always present and cost nothing here.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field


@dataclass(frozen=True, slots=True)
class RematOp:
    """One op: the buffers it reads, those it produces (first writes), every buffer it
    writes (produced ones included: an in-place update writes what it does not produce),
    its cost (None: unknown, never recomputed) and whether it is pure."""

    reads: tuple[int, ...]
    produces: tuple[int, ...]
    writes: tuple[int, ...] = ()
    cost: int | None = None
    pure: bool = True


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
            for b in set(op.reads):
                self.readers[b].append(i)
        self.recomputable = [self._recomputable(i) for i in range(n)]

    @property
    def num_ops(self) -> int:
        return len(self.ops)

    def _recomputable(self, i: int) -> bool:
        op = self.ops[i]
        if not op.pure or op.cost is None or not op.produces:
            return False
        if set(op.writes) - set(op.produces):
            return False
        return all(self.planned[b] and self.writers[b] == [i] for b in op.produces)

    def value_stable(self, b: int, since: int, until: int) -> bool:
        """No op in stages since+1..until writes ``b`` (other than producing it then)."""
        return not any(since < w <= until for w in self.writers[b])

    def can_recompute(self, i: int, stage: int) -> bool:
        """Op i may re-run in ``stage``: recomputable, and what it reads is unchanged."""
        return (self.recomputable[i] and stage > i
                and all(self.value_stable(b, i, stage) for b in self.ops[i].reads))


Plan = Mapping[int, Iterable[int]]
"""Stage t -> the ops recomputed in stage t (before op t)."""


@dataclass
class Copy:
    """One copy of a buffer: made in ``made``, live through ``last`` (>= made)."""

    buffer: int
    made: int
    last: int


@dataclass
class Evaluation:
    """A plan played out: its copies, each stage's memory, and whether every use was
    served (``missing``: (stage, op, buffer) of the first use with no copy)."""

    copies: list[Copy]
    memory: list[int]
    cost: int
    missing: tuple[int, int, int] | None = None
    stale: tuple[int, int] | None = None  # (stage, op): a recomputation reads a changed value
    uses_served: dict[tuple[int, int, int], int] = field(default_factory=dict)

    @property
    def valid(self) -> bool:
        return self.missing is None and self.stale is None

    @property
    def peak(self) -> int:
        return max(self.memory, default=0)


def stage_runs(problem: RematProblem, plan: Plan) -> list[list[int]]:
    """Per stage, the ops that run in it in order: the recomputed ones, then the stage's own."""
    runs: list[list[int]] = []
    for t in range(problem.num_ops):
        extra = sorted(set(plan.get(t, ())))
        runs.append([*extra, t])
    return runs


def evaluate(problem: RematProblem, plan: Plan) -> Evaluation:
    """Play ``plan`` out: which copy serves each use, the copies' lifetimes, stage memory.

    ``uses_served`` maps (stage, position in the stage, buffer) to the index of the copy
    that serves the read; the program rewrite reads it to point each operand at its copy.
    """
    n = problem.num_ops
    copies: list[Copy] = []
    latest: dict[int, int] = {}  # buffer -> index of its latest copy
    served: dict[tuple[int, int, int], int] = {}
    missing = stale = None
    cost = 0
    for t, run in enumerate(stage_runs(problem, plan)):
        for k, i in enumerate(run):
            op = problem.ops[i]
            if i != t:
                cost += op.cost or 0
                if stale is None and not problem.can_recompute(i, t):
                    stale = (t, i)
            for b in (*op.reads, *op.writes):
                if not problem.planned[b] or b in op.produces:
                    continue
                c = latest.get(b)
                if c is None:
                    if problem.producer[b] is None:  # read before any write: lives from here
                        c = latest[b] = len(copies)
                        copies.append(Copy(b, t, t))
                    elif missing is None:
                        missing = (t, i, b)
                        continue
                    else:
                        continue
                copies[c].last = max(copies[c].last, t)
                served[(t, k, b)] = c
            for b in op.produces:
                if problem.planned[b]:
                    latest[b] = len(copies)
                    copies.append(Copy(b, t, t))
        # A copy made in an earlier stage whose buffer is dropped is not extended here.
    memory = [0] * n
    delta = [0] * (n + 1)
    for c in copies:
        size = problem.sizes[c.buffer]
        delta[c.made] += size
        delta[c.last + 1] -= size
    running = 0
    for t in range(n):
        running += delta[t]
        memory[t] = running
    return Evaluation(copies, memory, cost, missing, stale, served)


def total_cost(problem: RematProblem) -> int:
    """The cost of running every op once (the step), for percentages."""
    return sum(op.cost or 0 for op in problem.ops)
