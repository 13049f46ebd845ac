"""Which tensors go to which memory id when there are several banks, fastest first.

Why not ExecuTorch's ``BankedGreedy``: it offers each buffer, largest first, to the fastest
bank with room in its own greedy layout, so a bank's share is whatever that layout leaves.
Here a bank takes buffers in an order (``OFFER_ORDERS``: shortest-lived first, and largest
first; the order that leaves more tensor bytes in the bank wins) while the bytes live at
every instant stay within its capacity (a bound no layout can beat), then memir's layout
places them; the few that land above the capacity (fragmentation) move on to the next bank,
and the rest keep their offsets, which are valid without them. The last bank takes what is left; if it has a
capacity and the rest does not fit, that is an error naming the bank and the bytes missing.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import numpy as np

from memir.arguments import MAX_BYTES, integer, sequence, shown
from memir.executorch.specs import Root
from memir.model.layout import Plan, Problem


class BankError(ValueError):
    """Tensors do not fit the banks given."""


@dataclass(frozen=True)
class Bank:
    name: str
    capacity: int | None  # bytes; None: unbounded


def parse_banks(banks, what: str = "banks") -> list[Bank]:
    """``[(name, capacity_bytes), ..., (name, None)]`` checked: names unique, capacities
    positive integers, only the last may be unbounded."""
    banks = sequence(what, banks, "(name, capacity_bytes) pairs")
    parsed: list[Bank] = []
    for k, entry in enumerate(banks):
        try:
            name, capacity = entry
        except (TypeError, ValueError):
            raise ValueError(f"{what}[{k}] must be a (name, capacity_bytes) pair, "
                             f"got {shown(entry)}") from None
        if not isinstance(name, str) or not name:
            raise ValueError(f"{what}[{k}]: the name must be a non-empty string, "
                             f"got {shown(name)}")
        integer(f"{what}[{k}] ({shown(name)}): capacity", capacity, 1, MAX_BYTES - 1,
                "a positive number of bytes", none=True)
        if capacity is None and k != len(banks) - 1:
            raise ValueError(f"{what}[{k}] ({shown(name)}): only the last (slowest) may be "
                             "unbounded")
        parsed.append(Bank(name, capacity))
    if not parsed:
        raise ValueError(f"{what} must name at least one bank")
    names = [b.name for b in parsed]
    if len(set(names)) != len(names):
        raise ValueError(f"{what}: names must be unique, got {shown(names)}")
    return parsed


Layout = Callable[[Problem], Plan]


# Orders in which a bank is offered the free roots: shortest-lived first (a tensor's
# accesses per byte and node of fast memory it holds go as one over its lifetime), and
# largest first (as ExecuTorch's BankedGreedy). Each is tried; the one that puts more
# tensor bytes in the bank wins.
OFFER_ORDERS = {
    "shortest-lived": lambda r: (r.upper - r.lower, -r.size, r.lower),
    "largest": lambda r: (-r.size, r.lower, r.upper),
}


def _fits_live(pinned: list[Root], roots: list[Root], capacity: int, key) -> list[bool]:
    """In ``key`` order, take a root while the live bytes (the pinned roots' included) stay
    within ``capacity``."""
    horizon = max((r.upper for r in pinned + roots), default=0)
    live = np.zeros(horizon + 1, dtype=np.int64)
    for r in pinned:
        live[r.lower:r.upper] += r.size
    order = sorted(range(len(roots)), key=lambda i: (key(roots[i]), i))
    taken = [False] * len(roots)
    for i in order:
        r = roots[i]
        if r.size <= capacity and live[r.lower:r.upper].max(initial=0) + r.size <= capacity:
            live[r.lower:r.upper] += r.size
            taken[i] = True
    return taken


def fill_bank(pinned: list[Root], free: list[Root], capacity: int, problem_of, layout: Layout
              ) -> tuple[list[Root], Plan, list[Root]]:
    """The roots a bounded bank holds (pinned ones first, all of them), its plan, and the
    free roots it leaves for the next bank: the best of ``OFFER_ORDERS``."""
    best = None
    for key in OFFER_ORDERS.values():
        chosen, plan, left = fill_in_order(pinned, free, capacity, problem_of, layout, key)
        held = sum(r.size for r in chosen)
        if best is None or held > best[0]:
            best = (held, chosen, plan, left)
    return best[1], best[2], best[3]


def fill_in_order(pinned, free, capacity, problem_of, layout, key):
    """One offer order (``key``) of ``fill_bank``: (roots held, their plan, roots left)."""
    taken = _fits_live(pinned, free, capacity, key)
    chosen = pinned + [r for r, t in zip(free, taken) if t]
    left = [r for r, t in zip(free, taken) if not t]
    plan = layout(problem_of(chosen))
    if plan.arena <= capacity:
        return chosen, plan, left
    above = [k for k, (r, o) in enumerate(zip(chosen, plan.offsets)) if o + r.size > capacity]
    if any(k < len(pinned) for k in above):
        raise BankError(f"tensors pinned to the bank need {plan.arena} bytes of its "
                        f"{capacity}")
    spilled = set(above)
    keep = [k for k in range(len(chosen)) if k not in spilled]
    offsets = [plan.offsets[k] for k in keep]
    kept = [chosen[k] for k in keep]
    arena = max((o + r.size for o, r in zip(offsets, kept)), default=0)
    return kept, Plan(offsets, arena, plan.strategy + "+spill", seconds=plan.seconds), \
        left + [chosen[k] for k in above]
