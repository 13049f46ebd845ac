"""The scheduling problem and its answer, as plain data, plus the memory model.

Why here: the ``schedule`` pass reads the IR into a ``ScheduleProblem`` (ops, the buffers
each touches, the edges it must keep) and takes back an order. Every algorithm of this
package and the pass's own output check share the one memory model below, which is
exactly what layout sees afterwards: in an order, a buffer lives over the half-open
``[position of its first user, position of its last user + 1)``, and the peak is the
largest sum of live bytes at one position (``memir.model.lifetimes``). Buffers without
users are ignored.

``OrderGraph`` holds the index structures (successors, predecessors, users per buffer) that
the algorithms need, built once per problem.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

from memir.model.lifetimes import live_profile


@dataclass
class StreamInfo:
    """Several streams, parallelism kept: what the exact rule (``streams.Concurrency``)
    needs besides the problem's deps, which are then only a sufficient condition."""

    streams: list[int]  # per op: its stream
    events: list[tuple[int, int]]  # (record, wait) pairs
    data_deps: list[tuple[int, int]]  # deps from data alone (no concurrency deps)
    # parallelism=compute: two optimizer-update ops may become ordered (streams.py)
    updates_free: bool = False

    @property
    def num_streams(self) -> int:
        return len(set(self.streams))


@dataclass
class ScheduleProblem:
    sizes: list[int]  # bytes of each planned buffer (handles 0..B-1)
    uses: list[list[int]]  # per op: the buffers it touches (read, write, workspace)
    deps: list[tuple[int, int]]  # (a, b): op a must run before op b
    kinds: list[str] = field(default_factory=list)  # per op kernel name; a hint only
    # Per op: True for optimizer-step kernels. None: guessed from kinds and structure.
    is_update: list[bool] | None = None
    # Several streams with parallelism kept: orders may also break ``deps`` if they pass
    # the exact rule (streams.Concurrency); None: ``deps`` are the whole truth.
    stream_info: StreamInfo | None = None

    @property
    def num_ops(self) -> int:
        return len(self.uses)


@dataclass
class ScheduleResult:
    order: list[int]  # op handles, each once, a topological order of deps
    peak_before: int  # peak of the input order 0..N-1
    peak_after: int  # peak of ``order``
    lower_bound: int  # proven: no order of this problem has a lower peak
    status: str  # "optimal" (peak_after == lower bound proven), "feasible", "kept"
    work: int  # work units spent (search states expanded + orders evaluated)
    strategy: str = ""
    stages: dict[str, int] = field(default_factory=dict)  # peak after each auto stage


def scan_cost(n: int) -> int:
    """Work units charged for one pass over an order of n ops. A unit is about the time of
    one expanded search state (tens of microseconds), so a budget bounds the time too."""
    return max(1, n // 250)


class OrderGraph:
    """Index structures of a problem: adjacency, users per buffer, flattened arrays."""

    def __init__(self, problem: ScheduleProblem) -> None:
        n = problem.num_ops
        self.problem = problem
        self.n = n
        self.sizes = [int(s) for s in problem.sizes]
        self.uses = [sorted(set(u)) for u in problem.uses]
        self.succ: list[list[int]] = [[] for _ in range(n)]
        self.pred: list[list[int]] = [[] for _ in range(n)]
        seen: set[tuple[int, int]] = set()
        for a, b in problem.deps:
            if a != b and (a, b) not in seen:
                seen.add((a, b))
                self.succ[a].append(b)
                self.pred[b].append(a)
        for lists in (self.succ, self.pred):
            for row in lists:
                row.sort()
        self.users: list[list[int]] = [[] for _ in self.sizes]
        for op, bufs in enumerate(self.uses):
            for b in bufs:
                self.users[b].append(op)
        # Flattened (buffer, op) pairs grouped by buffer, for vectorised peaks.
        used = [b for b, us in enumerate(self.users) if us]
        self.used_buffers = np.array(used, dtype=np.int64)
        counts = np.array([len(self.users[b]) for b in used], dtype=np.int64)
        self.pair_ops = np.array([op for b in used for op in self.users[b]], dtype=np.int64)
        self.pair_starts = np.concatenate(([0], np.cumsum(counts)[:-1])).astype(np.int64)
        self.used_sizes = np.array([self.sizes[b] for b in used], dtype=np.int64)
        self.cache: dict[str, object] = {}  # derived data shared by the stages of auto

    def profile(self, order: list[int]) -> np.ndarray:
        """Live bytes at each position of ``order`` (a permutation of all ops)."""
        n = self.n
        if n == 0:
            return np.zeros(0, dtype=np.int64)
        pos = np.empty(n, dtype=np.int64)
        pos[np.asarray(order, dtype=np.int64)] = np.arange(n, dtype=np.int64)
        if not len(self.used_buffers):
            return np.zeros(n, dtype=np.int64)
        p = pos[self.pair_ops]
        first = np.minimum.reduceat(p, self.pair_starts)
        after_last = np.maximum.reduceat(p, self.pair_starts) + 1
        return live_profile(self.used_sizes, first, after_last, n)

    def peak(self, order: list[int]) -> int:
        prof = self.profile(order)
        return int(prof.max()) if len(prof) else 0

    def score(self, order: list[int]) -> tuple[int, int]:
        """(peak, live-byte area) of ``order``: what moving a block of ops must lower."""
        prof = self.profile(order)
        return (int(prof.max()), int(prof.sum())) if len(prof) else (0, 0)


def peak_of(problem: ScheduleProblem, order: list[int]) -> int:
    """Peak live bytes of ``order`` under the memory model above."""
    return OrderGraph(problem).peak(list(order))


def is_topological(problem: ScheduleProblem, order: list[int]) -> bool:
    """Whether ``order`` holds every op exactly once and keeps every dep."""
    order = list(order)
    n = problem.num_ops
    if len(order) != n or sorted(order) != list(range(n)):
        return False
    pos = {op: i for i, op in enumerate(order)}
    return all(pos[a] < pos[b] for a, b in problem.deps if a != b)
