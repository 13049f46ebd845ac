"""Memory spaces, the values placed in them, and a placement, as plain data.

Why per span and not per value: a value read many times late in the program gains from
fast memory only while those reads run, so a placement is a sequence of *spans* (runs of
consecutive uses, each served from one space) joined by *copies* on a separate copy stream
(a prefetch or an eviction). The planner chooses the spans and when each copy is issued;
``memir.planning.spaces.cost`` says what that costs in time and
``memir.planning.spaces.pieces`` what it occupies.

Conventions: spaces are listed fastest first; the last is the unbounded *default* space,
where values we do not plan (``movable=False``) live for the whole program. Steps are the
compute steps ``0..S-1`` of one in-order stream. A span names its first and last use; the
steps a value or piece occupies are half-open, as every lifetime in memir.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from itertools import pairwise


@dataclass(frozen=True, slots=True)
class Space:
    name: str
    capacity: int | None  # bytes; None = unbounded
    read_bps: float  # bytes per second
    write_bps: float


@dataclass(frozen=True, slots=True)
class Use:
    step: int
    read_bytes: int  # traffic this step reads from the value (0 if none)
    write_bytes: int  # traffic this step writes into it (0 if none)


@dataclass(frozen=True, slots=True)
class Value:
    size: int
    uses: tuple[Use, ...]  # strictly increasing steps, at least one
    align: int = 1
    # A planned buffer: its home space is ours to choose. False: lives in the default space
    # for the whole program and is not planned by us; only read-only spans of its uses may
    # be served from a faster space through a prefetched copy.
    movable: bool = True
    label: str = ""

    def steps(self, first: int = 0, last: int = -1) -> tuple[int, int]:
        """The lifetime uses ``first..last`` span: ``[step of first, step of last + 1)``."""
        return self.uses[first].step, self.uses[last].step + 1

    def read_only(self, first: int, last: int) -> bool:
        """Whether uses ``first..last`` (inclusive) write nothing."""
        return all(u.write_bytes == 0 for u in self.uses[first:last + 1])


@dataclass(slots=True)
class SpaceProblem:
    spaces: list[Space]  # fastest first by convention; the LAST is the default space
    values: list[Value]
    step_flops: list[int]  # per step; len = number of steps
    flops_per_second: float

    @property
    def default(self) -> int:
        """Index of the default space."""
        return len(self.spaces) - 1

    @property
    def num_steps(self) -> int:
        return len(self.step_flops)


@dataclass(frozen=True, slots=True)
class Span:
    space: int  # index into spaces
    first: int  # index into value.uses (inclusive)
    last: int  # index into value.uses (inclusive)


@dataclass(frozen=True, slots=True)
class Copy:
    value: int
    src_span: int | None  # index into the value's spans; None: a non-movable value's home
    dst_span: int
    issue: int  # starts after step `issue` ends (-1: at time 0)
    deadline: int  # step `deadline` may not start before it has landed; issue < deadline

    def stream_key(self) -> tuple[int, int, int, int]:
        """The copy stream runs copies in this order (serialised, one at a time)."""
        return (self.issue, self.deadline, self.value, self.dst_span)


@dataclass(slots=True)
class Assignment:
    spans: list[tuple[Span, ...]]  # per value; consecutive, covering all its uses in order
    copies: list[Copy]  # one into every span that is not a movable value's first span

    def space_of_use(self, value: int, use: int) -> int:
        """The space serving use ``use`` of value ``value``."""
        for span in self.spans[value]:
            if span.first <= use <= span.last:
                return span.space
        raise ValueError(f"value {value}: no span covers use {use}")


def all_default(problem: SpaceProblem) -> Assignment:
    """Every value in the default space for its whole life, no copies."""
    d = problem.default
    return Assignment([(Span(d, 0, len(v.uses) - 1),) for v in problem.values], [])


def with_unbounded_default(spaces: list[Space]) -> list[Space]:
    """``spaces`` as the planner takes them: the default (last) one unbounded. Every value
    falls back to it, so its capacity is not the planner's to keep; a caller whose default
    memory is bounded checks that memory's layout afterwards (``assign-layout``,
    ExecuTorch's last bank)."""
    return [*spaces[:-1], replace(spaces[-1], capacity=None)] if spaces else []


def check_problem(problem: SpaceProblem) -> None:
    """Raise ValueError unless ``problem`` is well formed (see the module docstring)."""
    if not problem.spaces:
        raise ValueError("a problem needs at least one space")
    for i, s in enumerate(problem.spaces):
        if s.read_bps <= 0 or s.write_bps <= 0:
            raise ValueError(f"space {i} ({s.name}): bandwidths must be positive")
        if s.capacity is not None and s.capacity < 0:
            raise ValueError(f"space {i} ({s.name}): negative capacity")
    if problem.spaces[-1].capacity is not None:
        raise ValueError("the default (last) space must be unbounded: every value falls back "
                         "to it")
    if problem.flops_per_second <= 0:
        raise ValueError("flops_per_second must be positive")
    if any(f < 0 for f in problem.step_flops):
        raise ValueError("step_flops must be non-negative")
    for i, v in enumerate(problem.values):
        _check_value(problem, i, v)
    _check_time_bound(problem)


MAX_PS = 2**62
"""The most picoseconds a placement's modelled time may reach: the cost model sums
durations in int64 (numpy, CP-SAT), so every sum must stay below 2^63."""


def _check_time_bound(problem: SpaceProblem) -> None:
    """ValueError unless the slowest placement's time is below ``MAX_PS``: every step's
    compute and its uses' traffic at the slowest bandwidth, every span of every value copied
    in and out (two copies per use at most).

    Why: flops of 2^62 (or a 4 PB buffer) made picosecond sums overflow int64, an internal
    error (found by benchmarks/fuzz.py). Times are summed in floats here, with room to spare."""
    slowest = min(min(s.read_bps, s.write_bps) for s in problem.spaces)
    ps = sum(problem.step_flops) * 1e12 / problem.flops_per_second
    for v in problem.values:
        traffic = sum(u.read_bytes + u.write_bytes for u in v.uses) + 2 * len(v.uses) * v.size
        ps += traffic * 1e12 / slowest
    if ps >= MAX_PS:
        raise ValueError(f"the program's modelled time could reach {ps:.3g} ps, past 2^62 "
                         "(53 days): its flops or buffer sizes are too large to model")


def _check_value(problem: SpaceProblem, i: int, v: Value) -> None:
    where = f"value {i}{f' ({v.label})' if v.label else ''}"
    if v.size < 0 or v.align < 1:
        raise ValueError(f"{where}: size must be >= 0 and align >= 1")
    if not v.uses:
        raise ValueError(f"{where}: needs at least one use")
    steps = [u.step for u in v.uses]
    if any(b <= a for a, b in pairwise(steps)):
        raise ValueError(f"{where}: use steps must strictly increase, got {steps}")
    if steps[0] < 0 or steps[-1] >= problem.num_steps:
        raise ValueError(f"{where}: use steps must lie in 0..{problem.num_steps - 1}")
    if any(u.read_bytes < 0 or u.write_bytes < 0 for u in v.uses):
        raise ValueError(f"{where}: traffic must be non-negative")
