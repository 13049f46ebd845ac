"""The buffers a placement creates, and whether they fit each space.

Why pieces: the IR pass makes one buffer per span that is not a non-movable value's home,
and each space's buffers are then laid out in an arena of their own. A piece lives from
when its span's data starts arriving (the step after its incoming copy is issued, else its
first use) until its last use has run and its outgoing copy has landed (the copy reads it).

Two capacity checks, the cheap one first: the bytes live at each step (a lower bound on
any arena: what the strategies keep under the capacity while choosing), then a real
layout by ``memir.planning.layout.assign_layout`` (fragmentation included: what must fit
in the end).
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from memir.model.layout import Buffer, Problem
from memir.model.lifetimes import live_profile
from memir.planning.spaces.budgets import AUTO_LAYOUT_PIECES
from memir.planning.spaces.model import Assignment, Copy, SpaceProblem, Span


@dataclass(frozen=True, slots=True)
class Piece:
    value: int
    span: int  # index into the value's spans
    space: int
    size: int
    align: int
    lower: int  # first step it occupies
    upper: int  # first step it no longer occupies


def align_up(size: int, align: int) -> int:
    return -(-size // align) * align


def value_pieces(problem: SpaceProblem, value: int, spans: tuple[Span, ...],
                 copies: list[Copy] | tuple[Copy, ...]) -> list[Piece]:
    """The pieces of one value's spans; ``copies`` are that value's copies."""
    v = problem.values[value]
    incoming = {c.dst_span: c for c in copies}
    outgoing: dict[int, int] = {}
    for c in copies:
        if c.src_span is not None:
            outgoing[c.src_span] = max(outgoing.get(c.src_span, 0), c.deadline)
    out = []
    for k, span in enumerate(spans):
        if not v.movable and span.space == problem.default:
            continue  # its home: not ours
        fed = incoming.get(k)
        first_step, after_last = v.steps(span.first, span.last)
        lower = max(0, fed.issue + 1) if fed is not None else first_step
        upper = max(after_last, outgoing.get(k, 0))
        out.append(Piece(value, k, span.space, v.size, v.align, lower, upper))
    return out


def pieces(problem: SpaceProblem, assignment: Assignment) -> list[Piece]:
    """Every buffer ``assignment`` creates, value by value."""
    by_value: list[list[Copy]] = [[] for _ in problem.values]
    for c in assignment.copies:
        by_value[c.value].append(c)
    return [p for v, spans in enumerate(assignment.spans)
            for p in value_pieces(problem, v, spans, by_value[v])]


def bounded(problem: SpaceProblem) -> list[int]:
    """The spaces with a capacity."""
    return [i for i, s in enumerate(problem.spaces) if s.capacity is not None]


def live_bytes(problem: SpaceProblem, pieces_: list[Piece]) -> dict[int, np.ndarray]:
    """Per bounded space, the aligned bytes live at each step."""
    mine: dict[int, list[Piece]] = {s: [] for s in bounded(problem)}
    for p in pieces_:
        if p.space in mine:
            mine[p.space].append(p)
    return {s: live_profile([align_up(p.size, p.align) for p in ps], [p.lower for p in ps],
                            [p.upper for p in ps], problem.num_steps)
            for s, ps in mine.items()}


def over_capacity(problem: SpaceProblem, pieces_: list[Piece]) -> dict[int, int]:
    """Bounded spaces whose live bytes exceed the capacity at some step: space -> peak."""
    out = {}
    for s, live in live_bytes(problem, pieces_).items():
        peak = int(live.max()) if len(live) else 0
        if peak > problem.spaces[s].capacity:
            out[s] = peak
    return out


def lay_out(mine: list[Piece] | tuple[Piece, ...], capacity: int | None = None) -> list[int]:
    """Offsets of one space's pieces in its arena by ``assign_layout`` (strategy auto).

    With a ``capacity``, the classical greedy family runs first (a fraction of auto's
    time) and its best layout is kept when it fits: auto is never larger than the family's
    best (``memir.planning.layout.greedy_family``), so auto fits then too."""
    from memir.planning.layout import assign_layout, best_of_family  # the layout planners

    if not mine:
        return []
    problem = Problem([Buffer(p.size, p.lower, p.upper, p.align) for p in mine])
    if capacity is not None:
        found = best_of_family(problem)
        if found is not None and (found[0] <= capacity or len(mine) > AUTO_LAYOUT_PIECES):
            return [int(o) for o in found[2]]
    return list(assign_layout(problem, strategy="auto").offsets)


def layout_fits(problem: SpaceProblem, pieces_: list[Piece]) -> dict[int, int]:
    """Per bounded space, the arena (bytes) its pieces take when laid out (empty pieces
    take no part)."""
    arenas = {}
    for s in bounded(problem):
        mine = [p for p in pieces_ if p.space == s and p.size > 0]
        arenas[s] = max((o + p.size for o, p in zip(lay_out(mine), mine)), default=0)
    return arenas
