"""The exact plan checker against a brute-force byte oracle, and planted violations."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from memir.planning.layout.portfolio import LayoutError, assign_layout
from memir.model.layout import Buffer, Plan, Problem
from memir.verify.overlap import check_plan

from planning.layout.layout_problems import byte_overlaps, conflicting_pairs, problems


def kinds(violations):
    return sorted({v.kind for v in violations})


@settings(max_examples=300)
@given(problems(max_buffers=10, max_size=12), st.data())
def test_overlaps_match_the_brute_force_oracle(problem, data):
    n = len(problem.buffers)
    offsets = data.draw(st.lists(st.integers(0, 40), min_size=n, max_size=n))
    plan = Plan(offsets, Plan.arena_of(problem, offsets))
    found = {(v.a, v.b): (v.lo, v.hi) for v in check_plan(problem, plan) if v.kind == "overlap"}
    assert found == byte_overlaps(problem, offsets)


@settings(max_examples=150)
@given(problems(max_buffers=10), st.data())
def test_planted_overlap_is_found(problem, data):
    try:
        plan = assign_layout(problem, strategy="single")
    except LayoutError:
        return
    assert check_plan(problem, plan) == []
    fixed = {i for i, b in enumerate(problem.buffers) if b.offset is not None}
    pairs = [(i, j) for i, j in conflicting_pairs(problem) if j not in fixed]
    if not pairs:
        return
    i, j = data.draw(st.sampled_from(pairs))
    plan.offsets[j] = plan.offsets[i]
    plan.arena = max(plan.arena, Plan.arena_of(problem, plan.offsets))
    found = [v for v in check_plan(problem, plan) if v.kind == "overlap"]
    assert any({v.a, v.b} == {i, j} for v in found)
    hit = next(v for v in found if {v.a, v.b} == {i, j})
    name = problem.buffers[i].name
    assert name in hit.message and problem.buffers[j].name in hit.message
    assert f"[{hit.lo}, {hit.hi})" in hit.message and hit.lo < hit.hi


def test_each_rule_is_reported():
    bufs = [Buffer(8, 0, 2, alignment=4, name="a"), Buffer(4, 1, 3, name="b"),
            Buffer(4, 0, 3, offset=0, name="pinned"), Buffer(4, 5, 6, name="g0"),
            Buffer(4, 5, 6, name="g1")]
    p = Problem(bufs, groups=[[3, 4]], capacity=16)
    assert check_plan(p, Plan([4, 12, 0, 0, 4], 16)) == []
    bad = Plan([2, 8, 1, 0, 5], 12)
    got = check_plan(p, bad)
    assert kinds(got) == ["alignment", "fixed", "group", "overlap"]
    assert kinds(check_plan(p, Plan([4, 12, 0, 0, 4], 12))) == ["arena"]  # ends past arena
    assert kinds(check_plan(p, Plan([4, 12, 0, 0, 4], 20))) == ["capacity"]
    neg = check_plan(p, Plan([4, -8, 0, 0, 4], 16))
    assert [v.kind for v in neg] == ["arena"] and "negative" in neg[0].message
    assert kinds(check_plan(p, Plan([0], 1))) == ["arena"]


def test_overlap_message_names_both_buffers_and_the_range():
    p = Problem([Buffer(8, 0, 2, name="x"), Buffer(8, 1, 3, name="y")])
    (v,) = check_plan(p, Plan([0, 4], 12))
    assert (v.kind, v.a, v.b, v.lo, v.hi) == ("overlap", 0, 1, 4, 8)
    assert "'x'" in v.message and "'y'" in v.message and "[4, 8)" in v.message


def test_touching_lifetimes_may_share_bytes():
    p = Problem([Buffer(8, 0, 2), Buffer(8, 2, 4)])
    assert check_plan(p, Plan([0, 0], 8)) == []


def test_checker_scales_to_many_buffers():
    import random

    rng = random.Random(1)
    bufs = []
    for _ in range(20000):
        lo = rng.randrange(0, 5000)
        bufs.append(Buffer(rng.randrange(1, 100), lo, lo + rng.randrange(1, 50)))
    p = Problem(bufs)
    plan = assign_layout(p, strategy="single")
    assert check_plan(p, plan) == []  # (an O(n log n) sweep: 20k buffers in about a second)
    plan.offsets[7] = plan.offsets[8] = 0
    bufs_overlapping = [v for v in check_plan(p, plan) if v.kind == "overlap"]
    assert all(0 in (plan.offsets[v.a], plan.offsets[v.b]) for v in bufs_overlapping)


def test_checkers_share_no_code_with_the_planners():
    """memir.verify may use the plain problem/plan and tile descriptions, nothing else of
    memir.planning: a checker that ran the planner's algorithms could not vouch for it."""
    import ast
    from pathlib import Path

    import memir.verify

    allowed = {("memir.model.layout", "Plan"), ("memir.model.layout", "Problem"),
               ("memir.model.layout", "PlanStatus"), ("memir.model.layout", "Buffer"),
               ("memir.planning.tiles.chunks", "TiledBuffer"), ("memir.planning.tiles.chunks", "TileView")}
    for path in Path(memir.verify.__file__).parent.glob("*.py"):
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("memir.planning"):
                for alias in node.names:
                    assert (node.module, alias.name) in allowed, (path.name, node.module, alias.name)
            if isinstance(node, ast.Import):
                assert not any(a.name.startswith("memir.planning") for a in node.names), path.name
