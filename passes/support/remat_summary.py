"""What ``rematerialize`` leaves on a module, read back for ``report`` and the heap map.

Why a helper of its own: ``report`` prints the peak before and after and the added cost,
and marks recomputed buffers in the heap map; a pass does not import another pass, so the
attribute names and their reading live here, shared by both.
"""

from __future__ import annotations

from xdsl.dialects.builtin import DictionaryAttr, ModuleOp

from memir.dialects import ComputeOp, PassError

REMAT_ATTR = "memir.remat"
RECOMPUTED_ATTR = "memir.recomputed"


class CapacityUnreached(PassError):
    """``rematerialize``'s error for a capacity no plan reaches, with what callers that
    plan again need (memir.torch's budgets): ``smallest_peak``, the lowest peak (or, laid
    out, arena) reached; ``floor``, the peak no plan goes under (None: not proven);
    ``peak_before``, the program's peak without recomputation."""

    def __init__(self, message: str, op, smallest_peak: int, floor: int | None,
                 peak_before: int) -> None:
        super().__init__(message, op)
        self.smallest_peak = smallest_peak
        self.floor = floor
        self.peak_before = peak_before



def _share(part: int, whole: int) -> str:
    return f"{part / whole:.2%}" if whole else "n/a"


def report_lines(module: ModuleOp) -> list[str]:
    """What ``report`` prints for a module ``rematerialize`` changed: the peak before and
    after, and the added cost in FLOPs, bytes and roofline time, each also as a share of
    the step (the input program run once): the recomputations less the original runs
    removed because nothing read them any more (``moved``) and the clones ``forwarding``
    removed; the proven bound is on the recomputations' cost. When the plan is made in
    another order (updates' tails last, updates deferred, weight gradients hoisted), how
    many ops it moved; when its program was ordered again, the peak in its runs' own
    order; how many clones ``forwarding`` removed and their cost (``forwarded``,
    ``forwarded_ns``); how many elementwise ops write over a dying operand (``reused``)."""
    attr = module.attributes.get(REMAT_ATTR)
    if not isinstance(attr, DictionaryAttr):
        return []
    v = {k: getattr(x, "data", 0) for k, x in attr.data.items()}
    before, after = v.get("peak_before", 0), v.get("peak_after", 0)
    change = f" ({(after - before) / before:+.1%})" if before else ""
    return [
        f"remat:          peak {before} -> {after}{change}, capacity {v.get('capacity', 0)}; "
        f"{v.get('recomputed', 0)} ops recomputed ({v.get('strategy', '')})",
        f"remat added:    {v.get('added_flops', 0)} FLOPs "
        f"({_share(v.get('added_flops', 0), v.get('step_flops', 0))} of the step), "
        f"{v.get('added_bytes', 0)} bytes ({_share(v.get('added_bytes', 0), v.get('step_bytes', 0))}), "
        f"{v.get('added_ns', 0)} ns roofline ({_share(v.get('added_ns', 0), v.get('step_ns', 0))}; "
        f"proven >= {v.get('cost_bound_ns', 0)} ns"
        f"{' recomputed' if 'moved' in v or 'forwarded' in v else ''})",
    ] + ([
        f"remat order:    {v['reordered']} ops run elsewhere (optimizer updates, weight "
        f"gradients, reads that do nothing; values unchanged)"] if "reordered" in v else []) + ([
        f"remat forward:  {v['forwarded']} clones removed ({v.get('forwarded_ns', 0)} ns, "
        f"netted above): their readers read what they copied, which the in-place op after "
        f"them writes apart (values unchanged)"]
        if "forwarded" in v else []) + ([
        f"remat reuse:    {v['reused']} elementwise ops write their result over an operand "
        f"that dies there (the capacity is below what recomputation alone reaches)"]
        if "reused" in v else []) + ([
        f"remat schedule: the rewritten program ordered again: peak {v['rescheduled']} in "
        f"its runs' order -> {after}"] if "rescheduled" in v else []) + ([
        f"remat moved:    {v['moved']} ops run only where recomputed (nothing read their "
        f"first runs, removed); recomputed {v.get('recomputed_ns', 0)} ns"] if "moved" in v
        else [])


def recomputed_buffers(allocs) -> list[bool]:
    """Per alloc (in ``Program`` order): written by a recomputed op, for the heap map."""
    marked = []
    for alloc in allocs:
        value = alloc.results[0]
        marked.append(any(isinstance(use.operation, ComputeOp)
                          and RECOMPUTED_ATTR in use.operation.attributes
                          and value in use.operation.outputs for use in value.uses))
    return marked
