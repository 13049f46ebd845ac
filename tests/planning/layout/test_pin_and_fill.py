"""Pin-and-fill: the exactly packed core plus a greedy fill is a valid plan, keeps the
user's pins, never loses to the portfolio inside ``auto``, and stays out of problems it
does not handle."""

from __future__ import annotations

from hypothesis import assume, given, settings
from hypothesis import strategies as st

from memir.planning import budget
from memir.planning.layout.portfolio import NEAR_BOUND, assign_layout
from memir.planning.layout.input_order import canonical_permutation, permuted
from memir.planning.layout.pin_and_fill import PINNED, applies, pin_and_fill
from memir.model.layout import Buffer, Plan, Problem
from memir.verify.overlap import check_plan

try:
    from .layout_problems import random_interval_buffers
except ImportError:
    from layout_problems import random_interval_buffers


def small_search_budget(plan, *args):
    """Runs ``plan`` with auto's exact-search budget cut down: this test is about
    pin-and-fill's plans, and a search that cannot meet the bound would spend seconds."""
    saved = budget.AUTO_SEARCH_WORK
    budget.AUTO_SEARCH_WORK = 1_000_000
    try:
        return plan(*args)
    finally:
        budget.AUTO_SEARCH_WORK = saved


def random_problem(n: int, seed: int, pins: int) -> Problem:
    bufs = random_interval_buffers(seed, n, 120, 40, (1, 3, 64, 1000, 4096))
    # Pre-place a few short-lived buffers far apart so the pins themselves never collide.
    for k in range(pins):
        b = bufs[k]
        bufs[k] = Buffer(b.size, 500 + 10 * k, 505 + 10 * k, b.alignment, 64 * k, f"pin{k}")
    # In the order auto plans in (by content), so that its pin-and-fill stage sees this.
    problem = Problem(bufs)
    perm = canonical_permutation(problem)
    return problem if perm is None else permuted(problem, perm)


@settings(max_examples=20, deadline=None)
@given(st.integers(4 * PINNED, 300), st.integers(0, 2**32 - 1), st.integers(0, 3))
def test_plans_are_valid_and_keep_pins(n, seed, pins):
    problem = random_problem(n, seed, pins)
    found = pin_and_fill(problem, large=False)
    assume(found is not None)  # the core was not packed optimally within its time
    offsets, name = found
    plan = Plan([int(o) for o in offsets], Plan.arena_of(problem, list(offsets)))
    assert not check_plan(problem, plan), name
    for k, b in enumerate(problem.buffers):
        if b.offset is not None:
            assert plan.offsets[k] == b.offset
    auto = small_search_budget(assign_layout, problem)
    # auto keeps pin-and-fill's plan when it is smaller, unless it already stopped within
    # alignment slack of the bound
    align = max(b.alignment for b in problem.buffers)
    slack = max(int(auto.lower_bound * NEAR_BOUND), align - 1)
    assert auto.arena <= plan.arena or auto.arena <= auto.lower_bound + slack
    assert not check_plan(problem, auto)


def test_only_interval_problems_without_groups():
    bufs = [Buffer(8, i, i + 2) for i in range(4 * PINNED)]
    assert applies(Problem(bufs))
    assert not applies(Problem(bufs[:4 * PINNED - 1]))
    assert not applies(Problem(bufs, groups=[[0, 1]]))
    assert not applies(Problem(bufs, conflicts=[set() for _ in bufs]))
    assert pin_and_fill(Problem(bufs, groups=[[0, 1]]), large=False) is None

