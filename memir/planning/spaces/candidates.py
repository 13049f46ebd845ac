"""Per value, the placements the strategies choose among.

Why enumerate: a value's placement is a handful of spans and copies, and its good shapes
are few -- stay in the default space, live in a fast space throughout, be prefetched into
fast memory before a run of heavy uses, be evicted once its heavy uses are over, or both
(evicted across a gap and fetched back). Listing them per value turns the problem into
"pick one option per value", which the greedy orders by density, CP-SAT solves exactly,
and the tests' oracle enumerates in full. How many split points and issue steps are kept
is budgeted (``budgets``).

Option 0 of every value is the default placement, so the all-default plan is always a
choice; a movable value's whole-lifetime options follow (one per faster space), so the
baselines' plans are choices too.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import zip_longest

from memir.planning.spaces.budgets import (
    EVICT_PREFETCH_PAIRS,
    ISSUE_POINTS,
    MAX_OPTIONS_PER_VALUE,
    SMALL_PROGRAM_STEPS,
    SPLIT_POINTS,
)
from memir.planning.spaces.model import Copy, SpaceProblem, Span, Value


@dataclass(frozen=True, slots=True)
class Option:
    kind: str  # "default", "whole", "prefetch", "evict", "evict-prefetch"
    spans: tuple[Span, ...]
    copies: tuple[Copy, ...]


def candidates(problem: SpaceProblem, copies: bool = True) -> list[list[Option]]:
    """Per value, its options (option 0: the default placement); without ``copies``, only
    the default and whole-lifetime ones."""
    small = problem.num_steps <= SMALL_PROGRAM_STEPS
    return [value_options(problem, i, small, copies) for i in range(len(problem.values))]


def value_options(problem: SpaceProblem, i: int, small: bool, copies: bool = True
                  ) -> list[Option]:
    v, d = problem.values[i], problem.default
    n = len(v.uses)
    options = [Option("default", (Span(d, 0, n - 1),), ())]
    if v.movable:
        options += [Option("whole", (Span(f, 0, n - 1),), ()) for f in range(d)]
    if not copies:
        return options
    if v.movable:
        kinds = [_prefetches(problem, i, small), _evictions(problem, i, small),
                 _evict_prefetches(problem, i, small)]
    else:
        kinds = [_home_prefetches(problem, i, small)]
    for turn in zip_longest(*kinds):
        options += [o for o in turn if o is not None]
    return options[:MAX_OPTIONS_PER_VALUE]


def issue_points(lo: int, hi: int, small: bool) -> list[int]:
    """Issue steps to try in the legal window ``lo..hi``, latest first."""
    if small or hi - lo + 1 <= ISSUE_POINTS:
        return list(range(hi, lo - 1, -1))
    between = [lo + round(m * (hi - lo) / (ISSUE_POINTS - 1)) for m in range(1, ISSUE_POINTS - 1)]
    return list(dict.fromkeys([hi, lo, *between]))


def _steps(v: Value) -> list[int]:
    return [u.step for u in v.uses]


def split_points(v: Value, js: list[int], small: bool) -> list[int]:
    """Split points ``j`` (span starts at use j) before the largest gaps first."""
    steps = _steps(v)
    gap = {j: steps[j] - (steps[j - 1] if j else -1) for j in js}
    ordered = sorted(js, key=lambda j: (-gap[j], j))
    return ordered if small else ordered[:SPLIT_POINTS]


def evict_deadlines(issue: int, next_use: int) -> list[int]:
    return sorted({issue + 1, *([issue + 2] if issue + 2 <= next_use else []), next_use})


def _prefetches(problem: SpaceProblem, i: int, small: bool) -> list[Option]:
    """Uses ``0..j-1`` in the default space, ``j..`` prefetched into a faster one."""
    v, d = problem.values[i], problem.default
    steps, n = _steps(v), len(v.uses)
    return [Option("prefetch", (Span(d, 0, j - 1), Span(f, j, n - 1)),
                   (Copy(i, 0, 1, issue, steps[j]),))
            for j in split_points(v, list(range(1, n)), small) for f in range(d)
            for issue in issue_points(steps[j - 1], steps[j] - 1, small)]


def _evictions(problem: SpaceProblem, i: int, small: bool) -> list[Option]:
    """Uses ``0..j-1`` in a faster space, evicted after use j - 1 to the default one."""
    v, d = problem.values[i], problem.default
    steps, n = _steps(v), len(v.uses)
    return [Option("evict", (Span(f, 0, j - 1), Span(d, j, n - 1)),
                   (Copy(i, 0, 1, steps[j - 1], due),))
            for j in split_points(v, list(range(1, n)), small) for f in range(d)
            for due in evict_deadlines(steps[j - 1], steps[j])]


def _evict_prefetches(problem: SpaceProblem, i: int, small: bool) -> list[Option]:
    """Fast, then the default space from use j, then fast again from use k."""
    v, d = problem.values[i], problem.default
    steps, n = _steps(v), len(v.uses)
    if n < 3:
        return []
    js = split_points(v, list(range(1, n)), True)
    rank = {j: r for r, j in enumerate(js)}
    pairs = sorted(((j, k) for j in js for k in js if j < k),
                   key=lambda p: (rank[p[0]] + rank[p[1]], p))
    if not small:
        pairs = pairs[:EVICT_PREFETCH_PAIRS]
    return [Option("evict-prefetch", (Span(f, 0, j - 1), Span(d, j, k - 1), Span(f, k, n - 1)),
                   (Copy(i, 0, 1, steps[j - 1], due), Copy(i, 1, 2, issue, steps[k])))
            for j, k in pairs for f in range(d)
            for due in evict_deadlines(steps[j - 1], steps[j])
            for issue in issue_points(steps[k - 1], steps[k] - 1, small)]


def _read_only_run_end(v: Value, j: int) -> int | None:
    """The last use of the read-only run starting at use j (None: use j writes)."""
    if not v.read_only(j, j):
        return None
    k = j
    while k + 1 < len(v.uses) and v.read_only(k + 1, k + 1):
        k += 1
    return k


def _home_prefetches(problem: SpaceProblem, i: int, small: bool) -> list[Option]:
    """A non-movable value's read-only run ``j..k`` served from a faster space, copied from
    its home."""
    v, d = problem.values[i], problem.default
    steps, n = _steps(v), len(v.uses)
    out = []
    for j in split_points(v, [j for j in range(n) if v.read_only(j, j)], small):
        k = _read_only_run_end(v, j)
        head = (Span(d, 0, j - 1),) if j else ()
        tail = (Span(d, k + 1, n - 1),) if k < n - 1 else ()
        earliest = steps[j - 1] if j else -1
        for f in range(d):
            spans = (*head, Span(f, j, k), *tail)
            out += [Option("prefetch", spans, (Copy(i, None, len(head), issue, steps[j]),))
                    for issue in issue_points(earliest, steps[j] - 1, small)]
    return out
