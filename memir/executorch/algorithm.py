"""memir as the ``memory_planning_algo`` of ExecuTorch's ``MemoryPlanningPass``.

The contract (``executorch/exir/memory_planning.py``): called with the alignment, the tensor
specs to plan (lifetimes set), the graph module, its signature and an extra padding; sets
``spec.mem_id`` and ``spec.mem_offset`` on every spec; returns one arena size per memory id,
id 0 (constants) being 0.

Here: the specs are read into memir's plain ``Problem`` (``memir.executorch.specs``), each
memory id is laid out by ``assign-layout``'s planner (``memir.planning.layout``),
and every plan is checked by memir's independent checker (``memir.verify.overlap``) before
anything is written back: an unsafe plan raises ``UnsafePlanError`` and no spec changes.
ExecuTorch's runtime checks no overlap, and its pass checks only algorithms named
``greedy``, so this check is the only one a plan gets.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field

from memir.executorch.banks import Bank, BankError, fill_bank, fill_in_order
from memir.executorch.specs import Root, fixed_order_bound, problem_of, read_roots, reserved_below
from memir.model.layout import Plan, Problem
from memir.planning.layout import assign_layout
from memir.verify.overlap import check_plan

DEFAULT_MEM_ID = 1  # where ExecuTorch puts every tensor no pass has pinned


class UnsafePlanError(RuntimeError):
    """A plan memir's checker refuses: nothing was written back."""


@dataclass
class ArenaReport:
    """What one memory id got: for the report and the benchmark."""

    mem_id: int
    name: str
    tensors: int
    arena: int  # bytes, without the reserved bytes and the padding
    bound: int  # the fixed-order bound of the same tensors
    strategy: str
    seconds: float
    capacity: int | None = None


@dataclass
class PlanningReport:
    arenas: list[ArenaReport] = field(default_factory=list)
    seconds: float = 0.0
    bufsizes: list[int] = field(default_factory=list)
    spaces: object | None = None  # with spaces=: the (problem, SpacePlan) the ids came from


class MemirAlgorithm:
    """The callable ``MemoryPlanningPass`` takes as ``memory_planning_algo``."""

    __name__ = "memir"

    def __init__(self, strategy: str = "auto", effort: int = 1,
                 time_limit: float | None = None, banks: list[Bank] | None = None,
                 layout: Callable[..., Plan] = assign_layout, spaces=None) -> None:
        self.strategy, self.effort, self.time_limit = strategy, effort, time_limit
        self.banks = banks
        self.spaces = spaces  # memir.planning.spaces.model.Space list, or None
        self.layout = layout  # the planner; tests plant a wrong one to see it refused
        self.reports: list[PlanningReport] = []  # one per planned graph (submodules too)

    def __call__(self, alignment: int, specs, graph_module, graph_signature=None,
                 extra_padding: int = 0) -> list[int]:
        started = time.perf_counter()
        roots = read_roots(specs, alignment)
        spaces_used = None
        if self.spaces is not None:
            placed, spaces_used = self._place_by_spaces(roots, alignment, graph_module)
        else:
            placed = self._place(roots, alignment)
        for mem_id, name, chosen, plan, capacity in placed:
            _check(problem_of(chosen, alignment, capacity), plan, name)
        report = PlanningReport()
        bufsizes = [0, 0]
        for mem_id, name, chosen, plan, capacity in placed:
            reserve = reserved_below(graph_module, mem_id)
            _write_back(chosen, plan, mem_id, reserve)
            bufsizes += [0] * (mem_id + 1 - len(bufsizes))
            if chosen:
                bufsizes[mem_id] = reserve + plan.arena + extra_padding
            report.arenas.append(ArenaReport(mem_id, name, len(chosen), plan.arena,
                                             fixed_order_bound(chosen), plan.strategy,
                                             plan.seconds, capacity))
        report.seconds = time.perf_counter() - started
        report.bufsizes = list(bufsizes)
        report.spaces = spaces_used
        self.reports.append(report)
        return bufsizes

    def _plan(self, problem: Problem) -> Plan:
        return self.layout(problem, strategy=self.strategy, effort=self.effort,
                           time_limit=self.time_limit)

    def _place(self, roots: list[Root], alignment: int):
        """(mem_id, name, roots, plan, capacity) per memory id, nothing written yet."""
        pinned: dict[int, list[Root]] = {}
        free = []
        for r in roots:
            (pinned.setdefault(r.pinned, []) if r.pinned is not None else free).append(r)
        banks = self.banks or [Bank("default", None)]
        placed = []
        for k, bank in enumerate(banks):
            mem_id = DEFAULT_MEM_ID + k
            held = pinned.pop(mem_id, [])
            last = k == len(banks) - 1
            if bank.capacity is None or last:
                chosen, free = held + free, []
                plan = self._plan(problem_of(chosen, alignment))
                if bank.capacity is not None and plan.arena > bank.capacity:
                    raise BankError(
                        f"bank {bank.name!r} (mem_id {mem_id}) is {plan.arena - bank.capacity} "
                        f"bytes short: {len(chosen)} tensors need an arena of {plan.arena} "
                        f"bytes and it holds {bank.capacity}")
            else:
                try:
                    chosen, plan, free = fill_bank(held, free, bank.capacity,
                                                   lambda rs: problem_of(rs, alignment),
                                                   self._plan)
                except BankError as e:
                    raise BankError(f"bank {bank.name!r} (mem_id {mem_id}): {e}") from None
            placed.append((mem_id, bank.name, chosen, plan, bank.capacity))
        for mem_id, held in sorted(pinned.items()):  # ids no bank describes: laid out as given
            plan = self._plan(problem_of(held, alignment))
            placed.append((mem_id, f"mem_id {mem_id}", held, plan, None))
        return placed


    def _place_by_spaces(self, roots: list[Root], alignment: int, graph_module):
        """As ``_place``, but each free root's memory id is the space the spaces planner
        chose for it (``memir.executorch.spaces``); a root a layout leaves above its
        space's capacity moves to the default space."""
        from memir.executorch.spaces import choose_spaces

        free = [r for r in roots if r.pinned is None]
        where, chosen_by = choose_spaces(free, graph_module, self.spaces, alignment,
                                         self.effort, self.time_limit)
        members: list[list[Root]] = [[] for _ in self.spaces]
        for root, k in zip(free, where):
            members[k].append(root)
        pinned: dict[int, list[Root]] = {}
        for r in roots:
            if r.pinned is not None:
                pinned.setdefault(r.pinned, []).append(r)
        placed, spilled = [], []
        for k, space in enumerate(self.spaces):
            mem_id, last = DEFAULT_MEM_ID + k, k == len(self.spaces) - 1
            held = pinned.pop(mem_id, [])
            chosen = held + members[k] + (spilled if last else [])
            layout = self._plan(problem_of(chosen, alignment))
            if space.capacity is not None and layout.arena > space.capacity:
                if last:
                    raise BankError(f"space {space.name!r} (mem_id {mem_id}) is "
                                    f"{layout.arena - space.capacity} bytes short")
                mine = {id(r) for r in held}
                try:
                    chosen, layout, more = fill_in_order(
                        held, [r for r in chosen if id(r) not in mine], space.capacity,
                        lambda rs: problem_of(rs, alignment), self._plan, lambda r: 0)
                except BankError as e:
                    raise BankError(f"space {space.name!r} (mem_id {mem_id}): {e}") from None
                spilled += more
            placed.append((mem_id, space.name, chosen, layout, space.capacity))
        for mem_id, held in sorted(pinned.items()):
            placed.append((mem_id, f"mem_id {mem_id}", held,
                           self._plan(problem_of(held, alignment)), None))
        return placed, chosen_by


def _check(problem: Problem, plan: Plan, name: str) -> None:
    violations = check_plan(problem, plan)
    if violations:
        shown = "\n".join(f"  {v.message}" for v in violations[:5])
        more = f"\n  ... and {len(violations) - 5} more" if len(violations) > 5 else ""
        raise UnsafePlanError(f"memir refuses the plan of {name!r}: {len(violations)} "
                              f"violation(s), nothing written back\n{shown}{more}")


def _write_back(roots: list[Root], plan: Plan, mem_id: int, reserve: int) -> None:
    for root, offset in zip(roots, plan.offsets):
        for spec, inner in root.members:
            spec.mem_id = mem_id
            spec.mem_offset = reserve + int(offset) + inner
