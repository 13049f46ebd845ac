"""Is a placement legal, and does it fit?

Why a checker apart from the strategies: every plan, the baselines' and the tests'
brute-force ones included, goes through the same rules, so a strategy that cuts a corner
fails here with a message naming the value and the rule. Rules (``model`` says why):

* a value's spans are consecutive, cover all its uses in order, no two consecutive spans in
  the same space;
* a movable value's first span is its home; every later span is fed by one copy from the
  span before it;
* a non-movable value lives in the default space; each faster span is read-only and fed by
  one copy from the home (``src_span=None``) or from a faster span before it;
* a copy into span k is issued no earlier than the last use of span k - 1 and lands by the
  deadline, ``issue < deadline <= first use of span k``.
"""

from __future__ import annotations

from memir.planning.spaces.model import Assignment, Copy, SpaceProblem, Span, Value
from memir.planning.spaces.pieces import layout_fits, live_bytes, pieces


def check_assignment(problem: SpaceProblem, assignment: Assignment) -> None:
    """Raise ValueError unless ``assignment`` obeys the rules above."""
    if len(assignment.spans) != len(problem.values):
        raise ValueError(f"{len(assignment.spans)} span lists for {len(problem.values)} values")
    copies: list[list[Copy]] = [[] for _ in problem.values]
    for c in assignment.copies:
        if not 0 <= c.value < len(problem.values):
            raise ValueError(f"copy {c} names no value")
        copies[c.value].append(c)
    for i, (v, spans) in enumerate(zip(problem.values, assignment.spans)):
        where = f"value {i}{f' ({v.label})' if v.label else ''}"
        _check_spans(problem, v, spans, where)
        _check_copies(problem, v, spans, copies[i], where)


def _check_spans(problem: SpaceProblem, v: Value, spans: tuple[Span, ...], where: str) -> None:
    if not spans:
        raise ValueError(f"{where}: no spans")
    expected = 0
    for k, span in enumerate(spans):
        if not 0 <= span.space < len(problem.spaces):
            raise ValueError(f"{where}: span {k} names no space ({span.space})")
        if span.first != expected:
            raise ValueError(f"{where}: span {k} starts at use {span.first}, expected use "
                             f"{expected} (spans must be consecutive, not overlapping)")
        if span.last < span.first:
            raise ValueError(f"{where}: span {k} is empty (uses {span.first}..{span.last})")
        if k and span.space == spans[k - 1].space:
            raise ValueError(f"{where}: spans {k - 1} and {k} are both in space {span.space}")
        if not v.movable and span.space != problem.default and not v.read_only(span.first,
                                                                               span.last):
            raise ValueError(f"{where}: span {k} writes the value outside its home "
                             f"(non-movable values may only be read from a faster space)")
        expected = span.last + 1
    if expected != len(v.uses):
        raise ValueError(f"{where}: spans cover uses 0..{expected - 1} of {len(v.uses)}")


def _fed_spans(problem: SpaceProblem, v: Value, spans: tuple[Span, ...]) -> list[int]:
    """The spans that need an incoming copy."""
    if v.movable:
        return list(range(1, len(spans)))
    return [k for k, s in enumerate(spans) if s.space != problem.default]


def _check_copies(problem: SpaceProblem, v: Value, spans: tuple[Span, ...], copies: list[Copy],
                  where: str) -> None:
    fed = _fed_spans(problem, v, spans)
    into = sorted(c.dst_span for c in copies)
    if into != fed:
        raise ValueError(f"{where}: copies into spans {into}, expected exactly one into each "
                         f"of {fed}")
    for c in copies:
        _check_copy(problem, v, spans, c, where)


def _check_copy(problem: SpaceProblem, v: Value, spans: tuple[Span, ...], c: Copy,
                where: str) -> None:
    k = c.dst_span
    prev = spans[k - 1] if k else None
    if c.src_span is None:
        if v.movable:
            raise ValueError(f"{where}: copy into span {k} from the home, but the value is "
                             f"movable (its copies come from the span before)")
    elif prev is None or c.src_span != k - 1 or (not v.movable and prev.space == problem.default):
        home = prev is None or prev.space == problem.default
        source = "the home" if home else f"span {k - 1}"
        raise ValueError(f"{where}: copy into span {k} must come from {source}, not span "
                         f"{c.src_span}")
    earliest = v.uses[prev.last].step if prev is not None else -1
    first_use = v.uses[spans[k].first].step
    if not c.issue < c.deadline:
        raise ValueError(f"{where}: copy into span {k} has deadline {c.deadline} not after its "
                         f"issue {c.issue}")
    if c.issue < earliest:
        raise ValueError(f"{where}: copy into span {k} issued after step {c.issue}, before the "
                         f"previous span's last use at step {earliest}")
    if c.deadline > first_use:
        raise ValueError(f"{where}: copy into span {k} lands by step {c.deadline}, after the "
                         f"span's first use at step {first_use}")


def check_capacities(problem: SpaceProblem, assignment: Assignment, layout: bool = True
                     ) -> dict[int, int]:
    """Raise ValueError unless every bounded space holds its pieces: live bytes at every
    step, then (``layout``) the laid-out arena. Returns the arenas (peaks without layout)."""
    ps = pieces(problem, assignment)
    peaks = {}
    for s, live in live_bytes(problem, ps).items():
        peak = int(live.max()) if len(live) else 0
        if peak > problem.spaces[s].capacity:
            step = int(live.argmax())
            raise ValueError(f"space {s} ({problem.spaces[s].name}): {peak} bytes live at step "
                             f"{step}, capacity {problem.spaces[s].capacity}")
        peaks[s] = peak
    if not layout:
        return peaks
    arenas = layout_fits(problem, ps)
    for s, arena in arenas.items():
        if arena > problem.spaces[s].capacity:
            raise ValueError(f"space {s} ({problem.spaces[s].name}): laid out in {arena} bytes, "
                             f"capacity {problem.spaces[s].capacity}")
    return arenas
