"""Memory spaces, the values placed in them, and a placement, as plain data.

Why per span and not per value: a value read many times late in the program gains from
fast memory only while those reads run, so a placement is a sequence of *spans* (runs of
consecutive uses, each served from one space) joined by *copies* on a separate copy stream
(a prefetch into fast memory, an eviction out of it). The planner chooses the spans and when
each copy is issued; ``memir.planning.spaces.cost`` says what that costs in time and
``memir.planning.spaces.pieces`` what it occupies.

Conventions: spaces are listed fastest first; the last is the *default* space, unbounded,
where every value can live and where the values we do not plan (``movable=False``:
arguments, externals, returned buffers) live for the whole program. Steps are the compute
steps ``0..S-1`` of one in-order compute stream.
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
