"""Random schedule problems for the property tests: up to ``max_ops`` ops over up to
``max_buffers`` buffers, random uses and forward dependencies. Shared by the schedule tests
(imported as ``schedule_problems``)."""

from __future__ import annotations

from hypothesis import strategies as st

from memir.planning.schedule import ScheduleProblem

KINDS = ["aten.mm", "aten.sqrt", "aten.addcdiv_", "memir.record"]


@st.composite
def problems(draw, max_ops: int = 9, max_buffers: int = 8,
             kind: str | None = None) -> ScheduleProblem:
    """``kind``: every op of that kind; None: kinds drawn from ``KINDS`` (updates, events)."""
    n = draw(st.integers(1, max_ops))
    nb = draw(st.integers(0, max_buffers))
    sizes = [draw(st.integers(0, 100)) for _ in range(nb)]
    uses = [sorted(set(draw(st.lists(st.integers(0, nb - 1), max_size=3)))) if nb else []
            for _ in range(n)]
    pairs = [(a, b) for a in range(n) for b in range(a + 1, n)]
    deps = draw(st.lists(st.sampled_from(pairs), max_size=2 * n, unique=True)) if pairs else []
    kinds = ([kind] * n if kind is not None
             else [draw(st.sampled_from(KINDS)) for _ in range(n)])
    return ScheduleProblem(sizes, uses, deps, kinds)
