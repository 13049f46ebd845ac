"""What ``assign-spaces`` leaves on a module (``memir.space_plan``), read back by ``report``.

Why on the module: the modelled times are the pass's claim, and ``report`` prints them
beside the arenas ``assign-layout`` laid out per space, so a user sees in one place what the
plan costs, what the simple alternatives would cost on the same model, and whether each
space's arena fits its capacity.
"""

from __future__ import annotations

from xdsl.dialects.builtin import DictionaryAttr, FloatData, IntAttr, ModuleOp, StringAttr

from memir.dialects.spaces import module_spaces

SUMMARY_ATTR = "memir.space_plan"


def write_summary(module: ModuleOp, problem, plan, seconds: float) -> None:
    from memir.planning.spaces.baselines import fastest_first, greedy_by_size_pools
    from memir.planning.spaces.cost import timeline

    copies = plan.assignment.copies
    entries = {
        "strategy": StringAttr(plan.strategy),
        "status": StringAttr(plan.status),
        "time_ps": IntAttr(plan.total_ps),
        "all_default_ps": IntAttr(plan.all_default_ps),
        "fastest_first_ps": IntAttr(timeline(problem, fastest_first(problem)).total_ps),
        "pools_ps": IntAttr(timeline(problem, greedy_by_size_pools(problem)).total_ps),
        "copies": IntAttr(len(copies)),
        "copy_bytes": IntAttr(sum(problem.values[c.value].size for c in copies)),
        "fast_bytes_read": IntAttr(_fast_reads(problem, plan.assignment)),
        "seconds": FloatData(seconds),
    }
    if plan.bound_ps is not None:
        entries["bound_ps"] = IntAttr(plan.bound_ps)
    module.attributes[SUMMARY_ATTR] = DictionaryAttr(entries)


def _fast_reads(problem, assignment) -> int:
    """Bytes the steps read from a space other than the default one."""
    total = 0
    for k, spans in enumerate(assignment.spans):
        uses = problem.values[k].uses
        for span in spans:
            if span.space != problem.default:
                total += sum(u.read_bytes for u in uses[span.first:span.last + 1])
    return total


def _us(ps: int) -> str:
    return f"{ps / 1e6:.3f} us"


def report_lines(module: ModuleOp, arenas: dict[str, int]) -> list[str]:
    """Per space its arena and capacity; the modelled times beside the baselines'."""
    spaces = module_spaces(module)
    lines = []
    for space in spaces:
        name = space.space_name.data
        capacity = "unbounded" if space.capacity is None else str(space.capacity)
        arena = arenas.get(name)
        lines.append(f"space {name + ':':<9}arena {'none' if arena is None else arena}, "
                     f"capacity {capacity}")
    attr = module.attributes.get(SUMMARY_ATTR)
    if not isinstance(attr, DictionaryAttr):
        return lines
    v = {k: a.data for k, a in attr.data.items()}
    ratio = v["time_ps"] / v["all_default_ps"] if v["all_default_ps"] else 1.0
    bound = f"; bound {_us(v['bound_ps'])}" if "bound_ps" in v else ""
    lines += [
        f"spaces time:    {_us(v['time_ps'])} modelled ({v['strategy']}, {v['status']}); "
        f"all in {spaces[-1].space_name.data if spaces else 'default'}: "
        f"{_us(v['all_default_ps'])} ({ratio:.3f}x); fastest-first: "
        f"{_us(v['fastest_first_ps'])}; greedy-by-size pools: {_us(v['pools_ps'])}{bound}",
        f"spaces copies:  {v['copies']} ({v['copy_bytes']} bytes); bytes read from fast "
        f"spaces: {v['fast_bytes_read']}; {v['seconds']:.3f} s",
    ]
    return lines
