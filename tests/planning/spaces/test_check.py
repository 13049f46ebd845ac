"""The rules of a placement, the pieces it creates, and bad input the checker rejects."""

from __future__ import annotations

import pytest

from memir.planning.spaces.check import check_assignment, check_capacities
from memir.planning.spaces.model import (
    Assignment,
    Copy,
    Space,
    SpaceProblem,
    Span,
    Use,
    Value,
    check_problem,
)
from memir.planning.spaces.pieces import Piece, pieces

SPACES = [Space("fast", 4096, 4e9, 4e9), Space("slow", None, 5e8, 5e8)]
FAST, SLOW = 0, 1


def problem(*values: Value, steps: int = 6) -> SpaceProblem:
    return SpaceProblem(list(SPACES), list(values), [1000] * steps, 1e9)


ACT = Value(1024, (Use(0, 0, 1024), Use(2, 1024, 0), Use(4, 1024, 0)), label="act")
WEIGHTS = Value(2048, (Use(1, 2048, 0), Use(3, 2048, 0)), movable=False, label="w")


def test_a_prefetch_and_an_eviction_are_legal_and_make_these_pieces():
    p = problem(ACT, WEIGHTS)
    plan = Assignment([(Span(FAST, 0, 0), Span(SLOW, 1, 1), Span(FAST, 2, 2)),
                       (Span(FAST, 0, 1),)],
                      [Copy(0, 0, 1, issue=0, deadline=1), Copy(0, 1, 2, issue=2, deadline=4),
                       Copy(1, None, 0, issue=-1, deadline=1)])
    check_assignment(p, plan)
    assert pieces(p, plan) == [
        Piece(0, 0, FAST, 1024, 1, 0, 1),  # until the eviction lands (deadline 1)
        Piece(0, 1, SLOW, 1024, 1, 1, 4),  # from the eviction's issue + 1 to the prefetch
        Piece(0, 2, FAST, 1024, 1, 3, 5),  # from the prefetch's issue + 1
        Piece(1, 0, FAST, 2048, 1, 0, 4),  # the weights' copy, issued at time zero
    ]
    assert check_capacities(p, plan) == {FAST: 3072}


def test_a_non_movable_value_in_its_home_makes_no_piece():
    p = problem(WEIGHTS)
    assert pieces(p, Assignment([(Span(SLOW, 0, 1),)], [])) == []


def reject(p: SpaceProblem, plan: Assignment, match: str) -> None:
    with pytest.raises(ValueError, match=match):
        check_assignment(p, plan)


def test_rejects_overlapping_spans():
    reject(problem(ACT), Assignment([(Span(SLOW, 0, 1), Span(FAST, 1, 2))],
                                    [Copy(0, 0, 1, 2, 4)]), "starts at use 1, expected use 2")


def test_rejects_spans_that_miss_uses():
    reject(problem(ACT), Assignment([(Span(SLOW, 0, 1),)], []), "cover uses 0..1 of 3")


def test_rejects_a_write_in_a_non_movable_fast_span():
    written = Value(2048, (Use(1, 0, 2048), Use(3, 2048, 0)), movable=False)
    reject(problem(written), Assignment([(Span(FAST, 0, 1),)], [Copy(0, None, 0, -1, 1)]),
           "writes the value outside its home")


def test_rejects_a_copy_due_before_it_is_issued():
    reject(problem(ACT), Assignment([(Span(SLOW, 0, 0), Span(FAST, 1, 2))],
                                    [Copy(0, 0, 1, issue=1, deadline=1)]),
           "deadline 1 not after its issue 1")


def test_rejects_a_copy_issued_before_its_source_is_done():
    reject(problem(ACT), Assignment([(Span(SLOW, 0, 1), Span(FAST, 2, 2))],
                                    [Copy(0, 0, 1, issue=1, deadline=4)]),
           "before the previous span's last use at step 2")


def test_rejects_a_copy_landing_after_the_first_use():
    reject(problem(ACT), Assignment([(Span(SLOW, 0, 0), Span(FAST, 1, 2))],
                                    [Copy(0, 0, 1, issue=0, deadline=3)]),
           "after the span's first use at step 2")


def test_rejects_missing_and_misdirected_copies():
    p = problem(ACT)
    reject(p, Assignment([(Span(SLOW, 0, 0), Span(FAST, 1, 2))], []), "expected exactly one")
    reject(p, Assignment([(Span(SLOW, 0, 0), Span(FAST, 1, 2))], [Copy(0, None, 1, 0, 2)]),
           "from the home, but the value is movable")
    reject(p, Assignment([(Span(FAST, 0, 0), Span(FAST, 1, 2))], [Copy(0, 0, 1, 0, 2)]),
           "both in space 0")


def test_capacities_by_live_bytes():
    p = problem(ACT, Value(4000, (Use(1, 0, 4000), Use(2, 4000, 0))))
    plan = Assignment([(Span(FAST, 0, 2),), (Span(FAST, 0, 1),)], [])
    check_assignment(p, plan)
    with pytest.raises(ValueError, match="5024 bytes live at step 1, capacity 4096"):
        check_capacities(p, plan)


def test_rejects_bad_problems():
    with pytest.raises(ValueError, match="must strictly increase"):
        check_problem(problem(Value(8, (Use(2, 8, 0), Use(2, 8, 0)))))
    with pytest.raises(ValueError, match="default .* must be unbounded"):
        check_problem(SpaceProblem([Space("only", 10, 1.0, 1.0)], [], [1], 1.0))
