"""The exact portfolio's turns, run on two threads with the answer of one thread.

Why: the decision takes turns between the interval search (Python, resumable) and CP-SAT
(C++, a fresh model each turn, releasing the GIL). Run one after the other, an instance one
engine settles in its second turn waits for the other's first, whole. On two cores the
engines run side by side, each taking its own turns in order, without changing the answer:
a turn's result depends only on its engine's earlier turns, so the answer is the decision
of the *first* deciding turn in schedule order, as in sequence. It is known once that turn
has decided and every turn before it has ended undecided; later turns are stopped or never
begun. Same plan, same status, on any number of cores; only the wall time differs.

``Race`` keeps the turns' results; ``run_race`` runs them (the caller's thread takes the
search's, whose recursion needs the main thread's stack; a worker takes CP-SAT's).
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Sequence
from typing import Any

PENDING = object()


class Race:
    """Results of the turns 0..n-1 in schedule order: PENDING, None (ended undecided) or
    the decision. ``first_decided`` is the least deciding turn so far: no turn after it
    matters, so such turns are interrupted or never begun."""

    def __init__(self, turns: int) -> None:
        self.results: list[Any] = [PENDING] * turns
        self.first_decided = turns
        self.changed = threading.Condition()
        self.stops: dict[int, list[Callable[[], None]]] = {}  # running turn -> interrupts

    def start(self, k: int) -> bool:
        """Turn k begins (False: it no longer matters)."""
        with self.changed:
            if k > self.first_decided:
                return False
            self.stops[k] = []
            return True

    def on_stop(self, k: int, interrupt: Callable[[], None]) -> None:
        """Call ``interrupt`` if running turn k stops mattering (now, if it already has)."""
        with self.changed:
            if k > self.first_decided:
                interrupt()
            else:
                self.stops.setdefault(k, []).append(interrupt)

    def finish(self, k: int, decision: Any) -> None:
        """Turn k ended: ``decision`` (None: undecided)."""
        with self.changed:
            self.stops.pop(k, None)
            self.results[k] = decision
            if decision is not None and k < self.first_decided:
                self.first_decided = k
                for later, interrupts in self.stops.items():
                    if later > k:
                        for interrupt in interrupts:
                            interrupt()
            self.changed.notify_all()

    def answer(self) -> tuple[bool, Any]:
        """(known, decision): known once every turn before the first decided one ended;
        decision None when no turn decided."""
        for result in self.results[: self.first_decided + 1]:
            if result is PENDING:
                return False, None
            if result is not None:
                return True, result
        return True, None


def run_race(turns: Sequence[Any], is_main: Callable[[Any], bool],
             run_turn: Callable[[Any, Callable[[Callable[[], None]], None]], Any]) -> Any:
    """The decision of the first deciding turn (None: none decided).

    ``run_turn(turn, on_stop)`` runs one turn and returns its decision or None; it hands
    ``on_stop`` a function that interrupts it, called if the turn stops mattering. Turns
    where ``is_main`` holds run on this thread, the others on a worker, each side in
    schedule order."""
    race = Race(len(turns))
    failure: list[BaseException] = []

    def side(main: bool) -> None:
        try:
            for k, turn in enumerate(turns):
                if is_main(turn) != main:
                    continue
                if not race.start(k):
                    break
                race.finish(k, run_turn(turn, lambda fn, k=k: race.on_stop(k, fn)))
        except BaseException as error:  # re-raised on the caller's thread
            failure.append(error)
        finally:
            with race.changed:  # turns this side never ran end undecided
                for k, turn in enumerate(turns):
                    if is_main(turn) == main and race.results[k] is PENDING:
                        race.results[k] = None
                race.changed.notify_all()

    worker = threading.Thread(target=side, args=(False,), daemon=True)
    worker.start()
    side(True)
    with race.changed:
        known, decision = race.answer()
        while not known and not failure:
            race.changed.wait()
            known, decision = race.answer()
        race.first_decided = -1  # whatever still runs no longer matters
        for interrupts in race.stops.values():
            for interrupt in interrupts:
                interrupt()
    worker.join()
    if failure:
        raise failure[0]
    return decision
