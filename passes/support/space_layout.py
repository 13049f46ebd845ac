"""One arena per memory space: the layout problem of each space, and the plans written back.

Why split and not one problem: buffers in different spaces never share bytes (they are in
different memories), and each space has its own capacity, so each space is a layout problem
of its own: its buffers, the conflicts among them, its contiguous groups (a group may not
straddle two spaces), its capacity. ``assign-layout`` plans each, ``verify-layout`` checks
each, ``report`` prints each. The plans go on the module as ``memir.plans = {name =
#memir.plan<...>}``, in the order the spaces are declared (a module without
``memir.spaces`` keeps its single ``memir.plan``).
"""

from __future__ import annotations

from dataclasses import dataclass

from xdsl.dialects.builtin import DictionaryAttr, IntAttr, ModuleOp

from memir.dialects import PassError, PlanAttr
from memir.dialects.program import IRHandles, ProgramData
from memir.dialects.spaces import SpaceAttr, module_spaces
from memir.model.layout import Plan, Problem

PLANS_ATTR = "memir.plans"


@dataclass(frozen=True)
class SpaceProblem:
    """The buffers of one space (handles into the program's buffers) and their problem."""

    space: SpaceAttr
    buffers: list[int]
    problem: Problem

    @property
    def name(self) -> str:
        return self.space.space_name.data


def has_spaces(module: ModuleOp) -> bool:
    return bool(module_spaces(module))


def space_of_buffers(data: ProgramData, spaces: list[SpaceAttr]) -> list[int]:
    """Each planned buffer's space index (no ``space``: the last, default space)."""
    index = {s.space_name.data: k for k, s in enumerate(spaces)}
    default = len(spaces) - 1
    return [default if b.space is None else index[b.space] for b in data.buffers]


def split_by_space(module: ModuleOp, data: ProgramData, ir: IRHandles,
                   problem: Problem) -> list[SpaceProblem]:
    """The layout problem of every declared space, the space's capacity included."""
    spaces = module_spaces(module)
    where = space_of_buffers(data, spaces)
    members: list[list[int]] = [[] for _ in spaces]
    for handle, k in enumerate(where):
        members[k].append(handle)
    for group, op in zip(problem.groups, ir.groups):
        if len({where[b] for b in group}) > 1:
            raise PassError("a contiguous group's buffers are in different memory spaces", op)
    return [SpaceProblem(space, indices, _subproblem(problem, indices, space.capacity))
            for space, indices in zip(spaces, members)]


def _subproblem(problem: Problem, indices: list[int], capacity: int | None) -> Problem:
    renumber = {old: new for new, old in enumerate(indices)}
    conflicts = problem.conflicts
    if hasattr(conflicts, "subset"):
        conflicts = conflicts.subset(indices)
    elif conflicts is not None:
        conflicts = [{renumber[j] for j in conflicts[i] if j in renumber} for i in indices]
    groups = [[renumber[b] for b in g] for g in problem.groups if g and g[0] in renumber]
    return Problem([problem.buffers[i] for i in indices], conflicts, groups, capacity)


def valid_offsets(part: SpaceProblem, offsets: list[int | None]) -> Plan | None:
    """The space's current offsets as a plan, when every buffer has one and memir's
    checker finds them valid for the space's problem (capacity included); else None.
    Why: ``assign-spaces`` leaves the layout that proved its plan fits, and a fresh layout
    of the same buffers (under stream-safety conflicts) may come out larger."""
    from memir.verify.overlap import check_plan

    mine = [offsets[h] for h in part.buffers]
    if not mine or None in mine:
        return None
    plan = Plan(mine, Plan.arena_of(part.problem, mine), "kept", status="feasible")
    return None if check_plan(part.problem, plan) else plan


def write_space_plans(ir: IRHandles, parts: list[SpaceProblem], plans: list[Plan]) -> None:
    """Offsets on the allocs, and ``memir.plans`` on the module."""
    for part, plan in zip(parts, plans):
        for handle, offset in zip(part.buffers, plan.offsets):
            ir.allocs[handle].properties["offset"] = IntAttr(int(offset))
    ir.module.attributes[PLANS_ATTR] = DictionaryAttr({
        part.name: PlanAttr(plan.arena, plan.lower_bound, plan.strategy, str(plan.status),
                            plan.seconds)
        for part, plan in zip(parts, plans)})
    ir.module.attributes.pop("memir.plan", None)


def read_space_plans(module: ModuleOp) -> dict[str, PlanAttr]:
    attr = module.attributes.get(PLANS_ATTR)
    if not isinstance(attr, DictionaryAttr):
        return {}
    return {name: plan for name, plan in attr.data.items() if isinstance(plan, PlanAttr)}
