"""What a placement costs in time: one simulation of the compute and the copy stream.

Why one function: the greedy, CP-SAT, the baselines and the tests' brute-force oracle must
agree on what "faster" means, so every time here comes from ``transfer_ps`` and
``simulate``, in integer picoseconds (integers: no rounding drift between strategies, and
CP-SAT needs them).

The model: a step lasts as long as its arithmetic or its memory traffic, whichever is
longer (a roofline: each use moves its bytes at the bandwidth of the space serving it,
the step's uses one after another). Copies run on one copy stream, one at a time in issue
order, overlapping compute; a copy starts once its issue step has ended and the copy
before it has landed, and a step waits for every copy due by it.
"""

from __future__ import annotations

import math
from heapq import heappop, heappush
from itertools import accumulate
from collections.abc import Sequence
from dataclasses import dataclass

from memir.planning.spaces.model import Assignment, Copy, SpaceProblem, Span, all_default


def transfer_ps(nbytes: int, bps: float) -> int:
    """Picoseconds to move ``nbytes`` at ``bps`` bytes per second, rounded up."""
    return 0 if nbytes <= 0 else math.ceil(nbytes * 1e12 / bps)


def compute_ps(flops: int, flops_per_second: float) -> int:
    """Picoseconds of arithmetic for ``flops`` at the peak rate, rounded up."""
    return 0 if flops <= 0 else math.ceil(flops * 1e12 / flops_per_second)


def step_compute_ps(problem: SpaceProblem) -> list[int]:
    return [compute_ps(f, problem.flops_per_second) for f in problem.step_flops]


def use_ps(problem: SpaceProblem, value: int, use: int, space: int) -> int:
    """Time use ``use`` of ``value`` spends on its traffic when served from ``space``."""
    u, s = problem.values[value].uses[use], problem.spaces[space]
    return transfer_ps(u.read_bytes, s.read_bps) + transfer_ps(u.write_bytes, s.write_bps)


def copy_ps(problem: SpaceProblem, copy: Copy, spans: Sequence[Span]) -> int:
    """Duration of ``copy`` (the whole value, at the slower of source read and target
    write); ``spans`` are its value's spans."""
    src = problem.default if copy.src_span is None else spans[copy.src_span].space
    dst = spans[copy.dst_span].space
    bps = min(problem.spaces[src].read_bps, problem.spaces[dst].write_bps)
    return transfer_ps(problem.values[copy.value].size, bps)


def simulate(step_ps: Sequence[int], copies: Sequence[tuple]) -> tuple[int, list[int], list[int]]:
    """(total, end of each step, end of each copy) in picoseconds.

    ``step_ps``: each step's duration; ``copies``: tuples whose first two fields are the
    issue and deadline steps and whose last is the duration, in copy stream order.

    Event by event, not step by step: step i ends at ``prefix[i + 1] + shift``, where
    ``prefix`` sums the step durations and ``shift`` (the stall so far) grows only at a step
    that waits for a copy. A copy's issue step has ended once every copy due by then has
    been counted, and those were issued earlier, so one pass over the copies in stream
    order, with a heap of the copies not yet due, gives every end."""
    n = len(step_ps)
    prefix = list(accumulate(step_ps, initial=0))
    due: list[tuple[int, int]] = []  # (deadline, landing) of the copies not yet waited for
    stalls: list[tuple[int, int]] = []  # (step, shift from that step on), steps increasing
    shift, stream = 0, 0
    copy_end = []
    for c in copies:
        issue = c[0]
        while due and due[0][0] <= issue:
            step, landed = heappop(due)
            if landed - prefix[step] > shift:
                shift = landed - prefix[step]
                stalls.append((step, shift))
        stream = max(stream, prefix[issue + 1] + shift if issue >= 0 else 0) + c[-1]
        copy_end.append(stream)
        heappush(due, (min(c[1], n), stream))
    while due:
        step, landed = heappop(due)
        if landed - prefix[step] > shift:
            shift = landed - prefix[step]
            stalls.append((step, shift))
    return max(prefix[n] + shift, stream), _step_ends(prefix, stalls), copy_end


def _step_ends(prefix: list[int], stalls: list[tuple[int, int]]) -> list[int]:
    ends, shift, k = [], 0, 0
    for i in range(len(prefix) - 1):
        while k < len(stalls) and stalls[k][0] <= i:
            shift = stalls[k][1]
            k += 1
        ends.append(prefix[i + 1] + shift)
    return ends


@dataclass(frozen=True, slots=True)
class Timeline:
    total_ps: int
    step_end: list[int]
    copy_end: list[int]  # per copy, in the assignment's order


def step_transfer_ps(problem: SpaceProblem, assignment: Assignment) -> list[int]:
    """Per step, the summed traffic time of its uses under ``assignment``."""
    out = [0] * problem.num_steps
    for v, spans in enumerate(assignment.spans):
        uses = problem.values[v].uses
        for span in spans:
            for j in range(span.first, span.last + 1):
                out[uses[j].step] += use_ps(problem, v, j, span.space)
    return out


def timeline(problem: SpaceProblem, assignment: Assignment) -> Timeline:
    """Simulate ``assignment`` (assumed valid: ``check.check_assignment``)."""
    compute = step_compute_ps(problem)
    traffic = step_transfer_ps(problem, assignment)
    steps = [max(c, t) for c, t in zip(compute, traffic)]
    order = sorted(range(len(assignment.copies)),
                   key=lambda k: assignment.copies[k].stream_key())
    stream = [(c.issue, c.deadline, copy_ps(problem, c, assignment.spans[c.value]))
              for c in (assignment.copies[k] for k in order)]
    total, step_end, ends = simulate(steps, stream)
    copy_end = [0] * len(ends)
    for pos, k in enumerate(order):
        copy_end[k] = ends[pos]
    return Timeline(total, step_end, copy_end)


def all_default_ps(problem: SpaceProblem) -> int:
    """Total time with every value in the default space and no copies."""
    return timeline(problem, all_default(problem)).total_ps


def value_saving_ps(problem: SpaceProblem, value: int, spans: Sequence[Span],
                    default_traffic: Sequence[int], compute: Sequence[int]) -> int:
    """Step time ``spans`` save at the value's uses against the default space, with every
    other value in the default space (``default_traffic``: ``step_transfer_ps`` of the
    all-default assignment). Copies not counted: an ordering estimate, not a total."""
    d, saved = problem.default, 0
    for span in spans:
        for j in range(span.first, span.last + 1):
            step = problem.values[value].uses[j].step
            base = default_traffic[step]
            new = base - use_ps(problem, value, j, d) + use_ps(problem, value, j, span.space)
            saved += max(compute[step], base) - max(compute[step], new)
    return saved
