"""The layout problem and its answer, as plain data.

A ``Problem`` is a set of buffers to be placed in one arena. Two buffers *conflict* (may
not share a byte) when their lifetimes ``[lower, upper)`` overlap, or, when an explicit
conflict relation is given (multi-stream safety), when that relation says so: a list of
sets (small problems, tests) or a ``ConflictRows`` relation that decides any pair without
listing the pairs (the planner's ``memir.analysis.summary_conflicts.SummaryConflicts``, from
the stream-safety summaries).
A ``Plan`` is a byte offset per buffer and the arena size.
Nothing here imports xDSL: passes build a Problem from IR and write the Plan back.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum
from typing import Any, Protocol


class ConflictRows(Protocol):
    """A conflict relation decided on demand: any pair, or a whole row at once (as a numpy
    mask or index array). Its ``start``/``end`` per-stream summaries let a checker decide
    pairs on its own."""

    start: Any
    end: Any

    def conflict(self, i: int, j: int) -> bool: ...

    def neighbours(self, i: int) -> Any: ...

    def row(self, i: int) -> Any: ...


@dataclass(frozen=True, slots=True)
class Buffer:
    size: int
    lower: int = 0
    upper: int = 1
    alignment: int = 1
    offset: int | None = None  # pre-placed: the planner must keep it
    name: str = ""


@dataclass(slots=True)
class Problem:
    buffers: list[Buffer]
    # None: conflicts come from lifetime overlap. Otherwise conflicts[i] is the set of
    # buffer indices that i conflicts with (symmetric, no self loops); a ConflictRows
    # reads the same way and also answers whole rows as numpy masks.
    conflicts: list[set[int]] | ConflictRows | None = None
    # Ordered contiguous groups: buffers of a group sit back to back, in this order.
    groups: list[list[int]] = field(default_factory=list)
    capacity: int | None = None

    def __len__(self) -> int:
        return len(self.buffers)

    def conflict(self, i: int, j: int) -> bool:
        if i == j:
            return False
        if hasattr(self.conflicts, "row"):  # SummaryConflicts: decided, not looked up
            return self.conflicts.conflict(i, j)
        if self.conflicts is not None:
            return j in self.conflicts[i]
        a, b = self.buffers[i], self.buffers[j]
        return a.lower < b.upper and b.lower < a.upper

    def adjacency(self) -> list[list[int]]:
        """Neighbour lists of the conflict graph, each sorted (sweep for intervals)."""
        n = len(self.buffers)
        if hasattr(self.conflicts, "row"):
            return [self.conflicts.neighbours(i).tolist() for i in range(n)]
        if self.conflicts is not None:
            return [sorted(c) for c in self.conflicts]
        adj: list[list[int]] = [[] for _ in range(n)]
        order = sorted(range(n), key=lambda i: self.buffers[i].lower)
        active: list[int] = []
        for i in order:
            lo = self.buffers[i].lower
            active = [j for j in active if self.buffers[j].upper > lo]
            for j in active:
                adj[i].append(j)
                adj[j].append(i)
            active.append(i)
        for a in adj:
            a.sort()
        return adj


class PlanStatus(str, Enum):
    """What is known about a plan. A ``str`` so that comparisons with the plain strings
    (``plan.status == "optimal"``) and the IR's ``#memir.plan`` keep working."""

    OPTIMAL = "optimal"  # the arena meets a proven lower bound
    FEASIBLE = "feasible"  # fits the capacity (or is the best found), not proven optimal
    HEURISTIC = "heuristic"  # a greedy plan: nothing proven
    INFEASIBLE = "infeasible"  # proven not to fit the capacity
    UNKNOWN = "unknown"  # the budget or the time limit ran out before anything was settled

    # Behave as the plain string everywhere (printing, formatting, hashing as dict keys).
    __str__ = str.__str__
    __format__ = str.__format__
    __hash__ = str.__hash__


@dataclass(slots=True)
class Plan:
    offsets: list[int]
    arena: int
    strategy: str = ""
    lower_bound: int = 0
    status: PlanStatus = PlanStatus.HEURISTIC
    seconds: float = 0.0

    @staticmethod
    def arena_of(problem: Problem, offsets: list[int]) -> int:
        return max((o + b.size for o, b in zip(offsets, problem.buffers)), default=0)
