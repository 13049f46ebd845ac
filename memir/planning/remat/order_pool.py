"""Orders planned side by side: each moved order in a forked process while this one plans
the program's own order (``strategies._plan_orders``); where one order is planned, its
starts are split between this process and a fork (``side_by_side``).

Why: ``plan_remat`` plans the program's order and each of ``moved_orders`` alone, and on
a training graph each order's starts take seconds to tens of seconds; the orders share
nothing but the descent memo, and the machines memir.torch runs on have a core to spare. A
fork sees the problem and the memo as they are; it plans one order and sends back the plan
and the memo's entries it added (``DescentMemo.changes``), which are merged here, so the
plans, their work counts and the descents later capacities resume are those of planning
the orders one after another. Only with a memo active and no deadline (memir.torch's
planning); memir-opt and the tests plan in one process as before. A fork that fails or
sends nothing back is planned here instead.
"""

from __future__ import annotations

import os
import pickle
import signal
from collections.abc import Callable

from memir.planning.budget import Deadline
from memir.planning.remat import descent_memo


def worth_forking(deadline: Deadline) -> bool:
    """Plan apart: a memo is active, no deadline, a fork and a second core are at hand."""
    return (descent_memo.active() is not None and deadline.at is None
            and hasattr(os, "fork") and cores() > 1)


def cores() -> int:
    """The cores this process may run on."""
    if hasattr(os, "sched_getaffinity"):
        return len(os.sched_getaffinity(0))
    return os.cpu_count() or 1


class Apart:
    """``call()`` run in a forked process; ``result()`` waits for it."""

    def __init__(self, call: Callable) -> None:
        self._call = call
        memo = descent_memo.active()
        since = memo.snapshot()
        read, write = os.pipe()
        self._pid = os.fork()
        if self._pid == 0:  # the fork: plan, send, and leave without cleaning up the parent's
            try:
                os.close(read)
                payload = pickle.dumps((call(), memo.changes(since)),
                                       protocol=pickle.HIGHEST_PROTOCOL)
                with os.fdopen(write, "wb") as out:
                    out.write(payload)
            except BaseException:  # noqa: BLE001 - nothing sent: planned again by the parent
                pass
            finally:
                os._exit(0)  # never back into the caller's code, whatever happened
        os.close(write)
        self._read = os.fdopen(read, "rb")

    def result(self):
        """What ``call()`` returned, the fork's memo entries merged; planned here when the
        fork sent nothing."""
        with self._read:
            payload = self._read.read()
        os.waitpid(self._pid, 0)
        if not payload:
            return self._call()
        value, changes = pickle.loads(payload)
        descent_memo.active().merge(changes)
        return value

    def cancel(self) -> None:
        """Stop the fork: its result is not needed."""
        os.kill(self._pid, signal.SIGKILL)
        os.waitpid(self._pid, 0)
        self._read.close()


def cancel_all(forks: list[Apart]) -> None:
    """``cancel`` each of ``forks``."""
    for fork in forks:
        fork.cancel()


def side_by_side(calls: list[Callable]) -> list:
    """What each of ``calls`` returns, in order: every other one (from the second) called
    in a fork, the rest here meanwhile."""
    if len(calls) < 2:
        return [call() for call in calls]
    fork = Apart(lambda: [call() for call in calls[1::2]])
    try:
        here = [call() for call in calls[0::2]]
    except BaseException:
        fork.cancel()
        raise
    found = [None] * len(calls)
    found[0::2], found[1::2] = here, fork.result()
    return found
