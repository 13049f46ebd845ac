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
from collections.abc import Sequence
from dataclasses import dataclass
from heapq import heappop, heappush

import numpy as np

from memir.planning.spaces.model import Assignment, Copy, SpaceProblem, Span, all_default

VECTOR_ROUNDS = 16  # whole-array rounds of ``simulate`` before it goes copy by copy


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


def simulate(step_ps, issue, deadline, copy_ps) -> tuple[int, np.ndarray, np.ndarray]:
    """(total, end of each step, end of each copy) in picoseconds.

    ``step_ps``: each step's duration; ``issue``, ``deadline``, ``copy_ps``: the copies'
    fields in copy stream order (sequences or int64 arrays).

    As a least fixed point, by whole arrays: with ``prefix`` the running sum of the step
    durations, step i ends at ``prefix[i + 1] + shift[i]``, where ``shift`` (the stall so
    far) is the running max of ``landing - prefix[d]`` over the copies due by step d <= i;
    copy k lands at ``stream[k] = max(stream[k - 1], end of its issue step) + copy_ps[k]``,
    a running max of ``issue end - sum of earlier durations``. Starting from no stall and
    alternating the two, every value only grows, and each round settles one more link of a
    chain of stalls (a copy delays a step, that delays a later copy's issue, ...), so the
    rounds end at the simulation's answer. A program whose stalls chain more than
    ``VECTOR_ROUNDS`` deep finishes event by event (``_simulate_events``, the same answer).
    """
    steps = np.asarray(step_ps, np.int64)
    n = len(steps)
    prefix = np.zeros(n + 1, np.int64)
    np.cumsum(steps, out=prefix[1:])
    issue = np.asarray(issue, np.int64)
    due = np.minimum(np.asarray(deadline, np.int64), n)
    dur = np.asarray(copy_ps, np.int64)
    shift = np.zeros(n + 1, np.int64)
    if len(dur):
        before = np.cumsum(dur) - dur  # durations of the copies ahead in the stream
        early = issue < 0
        for _ in range(VECTOR_ROUNDS):
            issued = np.where(early, 0, prefix[issue + 1] + shift[issue])
            stream = np.maximum.accumulate(issued - before) + before + dur
            stall = np.zeros(n + 1, np.int64)
            np.maximum.at(stall, due, stream - prefix[due])
            settled = np.maximum.accumulate(stall)
            if np.array_equal(settled, shift):
                break
            shift = settled
        else:
            return _simulate_events(steps, prefix, issue, due, dur)
    else:
        stream = np.zeros(0, np.int64)
    total = max(int(prefix[n] + shift[n]), int(stream[-1]) if len(stream) else 0)
    return total, prefix[1:] + shift[:n], stream


def _simulate_events(steps: np.ndarray, prefix: np.ndarray, issue: np.ndarray, due: np.ndarray,
                     dur: np.ndarray) -> tuple[int, np.ndarray, np.ndarray]:
    """``simulate`` copy by copy: a copy's issue step has ended once every copy due by then
    has been counted, and those were issued earlier, so one pass in stream order with a
    heap of the copies not yet due settles every stall."""
    n, pre = len(steps), prefix.tolist()
    pending: list[tuple[int, int]] = []  # (deadline, landing)
    stall = [0] * (n + 1)
    shift, stream, ends = 0, 0, []
    for k, (i, d, t) in enumerate(zip(issue.tolist(), due.tolist(), dur.tolist())):
        while pending and pending[0][0] <= i:
            step, landed = heappop(pending)
            shift = max(shift, landed - pre[step])
            stall[step] = max(stall[step], shift)
        stream = max(stream, pre[i + 1] + shift if i >= 0 else 0) + t
        ends.append(stream)
        heappush(pending, (d, stream))
    for step, landed in pending:
        stall[step] = max(stall[step], landed - pre[step])
    shifts = np.maximum.accumulate(np.array(stall, np.int64))
    total = max(int(prefix[n] + shifts[n]), stream)
    return total, prefix[1:] + shifts[:n], np.array(ends, np.int64)


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
    stream = [assignment.copies[k] for k in order]
    total, step_end, ends = simulate(steps, [c.issue for c in stream],
                                     [c.deadline for c in stream],
                                     [copy_ps(problem, c, assignment.spans[c.value])
                                      for c in stream])
    copy_end = [0] * len(order)
    for pos, k in enumerate(order):
        copy_end[k] = int(ends[pos])
    return Timeline(total, step_end.tolist(), copy_end)


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
