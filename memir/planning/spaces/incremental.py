"""The greedy's simulation: try a local change to a plan and keep it if the total drops.

Why not simulate from scratch: the greedy tries thousands of options, each changing a few
steps on a program of a thousand steps and copies. A trial resumes at the first step the
change touches from the plan's recorded state. Past the last step it touches, the rest is a
monotone function of the state that moves by c when every part of the state moves by c: at
a step boundary where each part of the trial's state (last step's end, copy stream free,
each copy's landing) lies at least c below the plan's, the total lies at least c below;
where each lies at or above, the total does too. Most trials settle a step or two after
their last change; otherwise the rest is simulated.

Semantics are ``cost.simulate``'s (the tests check every decision against it). Stream and
landing times count only past the end of the last step, so an idle stream does not keep a
trial from settling.
"""

from __future__ import annotations

import bisect
import heapq
from dataclasses import dataclass, field

import numpy as np


@dataclass(slots=True)
class _Run:
    """What a trial recorded from its first boundary t0 on."""

    t0: int
    ends: list[int] = field(default_factory=list)  # end of steps t0, t0 + 1, ...
    free: list[int] = field(default_factory=list)  # stream free at boundaries t0, t0 + 1, ...
    keys: list[tuple] = field(default_factory=list)  # copies processed, stream order
    landed: list[int] = field(default_factory=list)  # their landing times
    next_base: int = 0  # first base copy not processed
    boundary: int = 0  # the boundary the run stopped at
    shift: int | None = None  # the rest of the plan moves by this (None: ran to the end)


class _Stream:
    """A trial's copy stream: the plan's copies from ``start`` on less the ``gone`` ones,
    merged with the ``added`` ones, in stream order."""

    def __init__(self, keys: list[tuple], start: int, gone: set[int], added: list[tuple]
                 ) -> None:
        self.keys, self.next, self.gone = keys, start, gone
        self.added, self.next_added = added, 0

    def issued_before(self, i: int) -> list[tuple[tuple, int]]:
        """The copies not yet taken that are issued before step i, as (key, index in the
        plan's stream or -1 for an added copy)."""
        out = []
        while True:
            while self.next < len(self.keys) and self.next in self.gone:
                self.next += 1
            base = self.keys[self.next] if self.next < len(self.keys) else None
            new = self.added[self.next_added] if self.next_added < len(self.added) else None
            base = base if base is not None and base[0] < i else None
            new = new if new is not None and new[0] < i else None
            if base is None and new is None:
                return out
            if new is None or (base is not None and base < new):
                out.append((base, self.next))
                self.next += 1
            else:
                out.append((new, -1))
                self.next_added += 1


class Incremental:
    """A plan's step durations and copy stream with its simulation recorded.

    ``keys``: the copies as tuples ``(issue, deadline, ..., duration)`` in stream order.
    Boundary i is the moment step i - 1 has ended (0: time zero), before the copies issued
    after it start."""

    def __init__(self, steps: list[int], keys: list[tuple]) -> None:
        self.steps, self.keys = list(steps), sorted(keys)
        self.ends: list[int] = []  # per step
        self.free: list[int] = []  # per boundary 0..S: stream free (at least the last end)
        self.landed: list[int] = []  # per copy
        self.first_copy: list[int] = []  # per boundary: first copy issued at or after it - 1
        self.window = max((k[1] - k[0] for k in self.keys), default=0)  # longest issue-to-due
        self.work = 0  # steps simulated so far, for the caller's budget
        self._commit(self._run(0, {}, set(), [], decide=False))

    @property
    def total(self) -> int:
        return self.free[-1]

    def try_change(self, steps: dict[int, int], removed: list[tuple], added: list[tuple]
                   ) -> bool:
        """Apply the change (new durations for some steps, copies out and in) if the total
        drops; return whether it did."""
        gone = {bisect.bisect_left(self.keys, k) for k in removed}
        added = sorted(added)
        touched = [*steps, *(k[1] for k in removed), *(k[1] for k in added)]
        t0 = min([*steps, *(k[0] + 1 for k in removed), *(k[0] + 1 for k in added)],
                 default=len(self.steps))
        self.window = max([self.window, *(k[1] - k[0] for k in added)])
        run = self._run(t0, steps, gone, added, decide=True, last=max(touched, default=-1))
        if run is None:
            return False
        self._commit(run, steps)
        return True

    def _in_flight(self, t0: int) -> list[tuple[int, int, int]]:
        """Heap of (deadline, landing, copy) of the copies processed before boundary t0 and
        due at or after it."""
        out = []
        k = self.first_copy[t0] - 1
        while k >= 0 and self.keys[k][0] + self.window >= t0:
            if self.keys[k][1] >= t0:
                out.append((self.keys[k][1], self.landed[k], k))
            k -= 1
        heapq.heapify(out)
        return out

    def _run(self, t0: int, steps: dict[int, int], gone: set[int], added: list[tuple],
             decide: bool, last: int = -1) -> _Run | None:
        """Simulate from boundary t0 with the change; with ``decide``, None when the total
        does not drop, else what the kept change needs recorded."""
        n = len(self.steps)
        run = _Run(t0)
        end = self.ends[t0 - 1] if t0 else 0
        free = self.free[t0] if self.free else 0
        flying = self._in_flight(t0) if self.free else []
        stream = _Stream(self.keys, self.first_copy[t0] if self.free else 0, gone, added)
        kept: bool | None = None
        for i in range(t0, n + 1):
            if decide and kept is None and i > last:
                verdict = self._compare(i, end, free, flying)
                if verdict is not None:
                    self.work += i - t0
                    shift, drops, uniform = verdict
                    if not drops:
                        return None
                    if uniform:
                        run.boundary, run.shift, run.next_base = i, shift, stream.next
                        return run
                    kept = True  # dropped, but unevenly: simulate the rest to record it
            run.free.append(free)
            if i == n:
                break
            for key, origin in stream.issued_before(i):
                free += key[-1]  # issued after step i - 1, which ended by ``free``
                run.keys.append(key)
                run.landed.append(free)
                heapq.heappush(flying, (key[1], free, origin))
            start = end
            while flying and flying[0][0] <= i:
                start = max(start, heapq.heappop(flying)[1])
            end = start + steps.get(i, self.steps[i])
            run.ends.append(end)
            free = max(free, end)
        if kept is None:
            self.work += n - t0
        run.boundary, run.next_base = n, stream.next
        if decide and not kept and free >= self.total:
            return None
        return run

    def _compare(self, i: int, end: int, free: int, flying: list) -> tuple[int, bool, bool] | None:
        """At boundary i past the change: (shift, total drops, every part moved by shift),
        or None while undecided."""
        base_end = self.ends[i - 1] if i else 0
        diffs = [end - base_end, free - self.free[i]]
        for _, landed, k in flying:
            diffs.append(max(landed, end) - max(self.landed[k], base_end))
        low, high = min(diffs), max(diffs)
        if high < 0 or low >= 0:
            return high, high < 0, low == high
        return None

    def _commit(self, run: _Run, steps: dict[int, int] | None = None) -> None:
        t0, k0 = run.t0, (self.first_copy[run.t0] if self.free else 0)
        for i, d in (steps or {}).items():
            self.steps[i] = d
        if run.shift is None:  # ran to the end
            tail_keys, tail_landed = [], []
            self.ends[t0:] = run.ends
            self.free[t0:] = run.free
        else:
            c, b = run.shift, run.boundary
            tail_keys = self.keys[run.next_base:]
            tail_landed = [x + c for x in self.landed[run.next_base:]]
            self.ends[t0:] = run.ends + [x + c for x in self.ends[b:]]
            self.free[t0:] = run.free + [x + c for x in self.free[b:]]
        self.keys[k0:] = run.keys + tail_keys
        self.landed[k0:] = run.landed + tail_landed
        issues = np.fromiter((k[0] for k in self.keys), np.int64, len(self.keys))
        boundaries = np.arange(-1, len(self.steps), dtype=np.int64)
        self.first_copy = np.searchsorted(issues, boundaries).tolist()
