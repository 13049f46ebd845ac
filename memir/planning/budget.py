"""Work budgets: what decides how far each planner searches, and the optional wall clock.

Why budgets and not seconds: a planner cut off by the clock returns different plans on a
fast machine, a loaded one and a slow one. Every search here is cut off by counting its own
work instead, so without a ``time_limit`` the same input gives the same plan everywhere. A
``time_limit`` is only a cap on top: a ``Deadline`` that every stage checks and that stops
it early (then, and only then, the plan may depend on the machine).

The numbers are chosen so that ``assign_layout(strategy="auto")`` takes a second or two on
a 1k-buffer problem the greedy stages settle, and tens of seconds at most on the largest
traces. Units: interval search work, CP-SAT deterministic time (both explained at the
constants below), and greedy placements (``IMPROVE_PLACEMENTS``, ``LARGE_PLACEMENTS`` in
``layout``; a run checks the deadline every 256 placements).
"""

from __future__ import annotations

import threading
import time
from dataclasses import dataclass, field

# Interval search work: cells of the candidate x unplaced matrix evaluated, plus NODE_WORK
# per node. auto's budget, spent only when the greedy stages miss the bound, settles most of
# MiniMalloc's challenging instances in seconds; above AUTO_FULL_BUDGET_BUFFERS it shrinks
# with the square of the size (nodes cost more, and such problems are rarely packed at the
# bound, so a failing search must stay cheap). A pin-and-fill core gets CORE_WORK_PER_BUFFER
# per pinned buffer. EXACT_SEARCH_WORK is strategy=exact's per decision (every challenging
# instance); minimisation spends at most twice that over its probes.
AUTO_SEARCH_WORK = 100_000_000
AUTO_FULL_BUDGET_BUFFERS = 400
CORE_WORK_PER_BUFFER = 30_000
EXACT_SEARCH_WORK = 600_000_000
# CP-SAT: deterministic time per call (roughly seconds on one core), with a fixed worker count
# and interleave_search so that the workers' interleaving is reproducible too.
CPSAT_DETERMINISTIC_TIME = 20.0
CPSAT_WORKERS = 2


def auto_search_work(n: int) -> int:
    """Work auto's exact search gets on an ``n``-buffer problem (see above)."""
    scale = min(1.0, AUTO_FULL_BUDGET_BUFFERS / max(n, 1)) ** 2
    return int(AUTO_SEARCH_WORK * scale)


def overrun_allowance(seconds: float) -> float:
    """How far past its ``time-limit`` a pass may end: max(1 s, 10% of the limit) (the
    promise benchmarks/time_limits.py checks)."""
    return max(1.0, 0.1 * seconds)


@dataclass(frozen=True, slots=True)
class Deadline:
    """An optional wall-clock cap (``at`` in ``time.perf_counter`` seconds, None: none)."""

    at: float | None = None

    @staticmethod
    def after(seconds: float | None) -> Deadline:
        return Deadline(None if seconds is None else time.perf_counter() + max(0.0, seconds))

    def expired(self) -> bool:
        return self.at is not None and time.perf_counter() > self.at

    def left(self) -> float | None:
        """Seconds left (never negative), or None without a cap."""
        return None if self.at is None else max(0.0, self.at - time.perf_counter())


NO_DEADLINE = Deadline()


@dataclass(frozen=True, slots=True)
class StoppableDeadline(Deadline):
    """A deadline that also expires when ``stop`` is set: how another thread interrupts a
    search that checks its deadline (``memir.planning.layout.exact.race``)."""

    stop: threading.Event = field(default_factory=threading.Event)

    def expired(self) -> bool:
        return self.stop.is_set() or Deadline.expired(self)


def cp_solver():
    """A CP-SAT solver that leaves SIGINT alone: CP-SAT's own handler (on by default) would
    catch Ctrl-C, end the search as a time limit does, and so turn an interrupted run into
    one that writes its best plan so far and succeeds (the tools' handler:
    ``memir.tools.signals``). Every CpSolver of memir is made here."""
    from memir.planning.cpsat_loader import cp_model

    solver = cp_model.CpSolver()
    solver.parameters.catch_sigint_signal = False
    return solver


def solve_model(model, work: float, deadline: Deadline, workers: int):
    """Solve a CP-SAT ``model`` within ``work`` deterministic seconds (the budget that decides
    the answer), capped by ``deadline``: (the solver, its status). Every CP-SAT model of
    the planners (remat, spaces) is solved here, so that each is budgeted the same way."""
    solver = cp_solver()
    solver.parameters.max_deterministic_time = max(0.01, work)
    if (left := deadline.left()) is not None:
        solver.parameters.max_time_in_seconds = max(0.01, left)
    solver.parameters.num_workers = max(1, workers)
    solver.parameters.interleave_search = workers > 1
    return solver, solver.solve(model)
