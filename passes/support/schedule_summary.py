"""What ``schedule`` leaves on a module, read back for ``report``.

Why a helper of its own: ``report`` prints the peak before and after ordering and the order
bound; a pass does not import another pass, so the attribute's name and its reading live
here, shared by both (as remat_summary.py does for ``rematerialize``).
"""

from __future__ import annotations

from xdsl.dialects.builtin import ModuleOp

SCHEDULE_ATTR = "memir.schedule"


def report_lines(module: ModuleOp) -> list[str]:
    """What ``report`` prints for a module ``schedule`` ordered: the peak before and after,
    the bound no order goes under, and the strategies used."""
    order = module.attributes.get(SCHEDULE_ATTR)
    if order is None:
        return []
    values = {k: v.data for k, v in order.data.items()}
    before, after = values.get("peak_before", 0), values.get("peak_after", 0)
    change = f" ({(after - before) / before:+.1%})" if before else ""
    return [f"schedule:       peak {before} -> {after}{change}, any order >= "
            f"{values.get('lower_bound', 0)}; {values.get('strategy', '')}"]
