"""Layout repair: a plan that fits by live bytes but not laid out loses its least-worth
piece until it fits."""

from __future__ import annotations

from memir.planning.spaces.model import Assignment, Space, SpaceProblem, Span, Use, Value
from memir.planning.spaces.repair import Layouts, repair_layout

FAST, SLOW = 0, 1


class Stacked(Layouts):
    """The worst layout: every piece above the one before."""

    def space(self, assignment, s):
        mine, _ = super().space(assignment, s)
        offsets, top = [], 0
        for p in mine:
            offsets.append(top)
            top += p.size
        return mine, offsets


def test_the_piece_saving_least_per_byte_goes_home():
    spaces = [Space("fast", 3000, 4e9, 4e9), Space("slow", None, 1e8, 1e8)]
    hot = Value(1000, (Use(0, 0, 1000), Use(1, 8000, 0)), label="hot")  # saves a lot
    cold = Value(1000, (Use(2, 0, 1000), Use(3, 1000, 0)), label="cold")  # saves little
    warm = Value(1500, (Use(0, 0, 1500), Use(3, 4000, 0)), label="warm")
    problem = SpaceProblem(spaces, [hot, cold, warm], [10**4] * 4, 1e9)
    everything_fast = Assignment([(Span(FAST, 0, 1),)] * 3, [])  # 2500 live at most
    fixed, arenas = repair_layout(problem, everything_fast, Stacked(problem))
    assert fixed.spans == [(Span(FAST, 0, 1),), (Span(SLOW, 0, 1),), (Span(FAST, 0, 1),)]
    assert arenas == {FAST: 2500}


def test_a_fitting_plan_is_left_alone():
    spaces = [Space("fast", 2000, 4e9, 4e9), Space("slow", None, 1e8, 1e8)]
    v = Value(1000, (Use(0, 0, 1000), Use(1, 8000, 0)))
    problem = SpaceProblem(spaces, [v, v], [10**4] * 2, 1e9)
    plan = Assignment([(Span(FAST, 0, 1),)] * 2, [])
    assert repair_layout(problem, plan) == (plan, {FAST: 2000})
