"""Greedy planners and the assign_layout dispatcher: the papers' examples, properties, errors."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from memir.planning.layout import compiled as compiled_loops
from memir.planning.layout.heuristics import ALGORITHMS, FITS, SORTS, Prepared, arena_of, run
from memir.planning.layout.input_order import canonical_permutation, permuted
from memir.planning.layout.obstacles import IntervalObstacles
from memir.planning.layout.portfolio import STRATEGIES, LayoutError, assign_layout
from memir.model.layout import Buffer, Plan, Problem
from memir.verify.overlap import check_plan

try:
    from .layout_problems import brute_force_optimum, problems, random_interval_buffers
except ImportError:
    from layout_problems import brute_force_optimum, problems, random_interval_buffers

# [Multi-stream reuse], appendix E: lifetimes are closed step ranges [a, b]; ours are [a, b + 1).
TOY = [("A", 1024, 0, 1), ("B", 768, 3, 4), ("C", 640, 1, 2), ("D", 512, 4, 5),
       ("E", 256, 2, 4)]


def toy_problem() -> Problem:
    return Problem([Buffer(size, a, b + 1, name=name) for name, size, a, b in TOY])


def test_toy_unsafe_pairs_match_the_seed():
    p = toy_problem()
    names = [b.name for b in p.buffers]
    pairs = {frozenset((names[i], names[j])) for i in range(5) for j in range(i + 1, 5)
             if p.conflict(i, j)}
    assert pairs == {frozenset(x) for x in ("AC", "BD", "BE", "CE", "DE")}


def test_toy_single_object_first_fit_uses_1920():
    plan = assign_layout(toy_problem(), strategy="single", sort="size", fit="first")
    assert plan.arena == 1920  # Figure 8
    assert dict(zip("ABCDE", plan.offsets)) == {"A": 0, "B": 0, "C": 1024, "D": 768,
                                               "E": 1664}
    assert plan.strategy == "single/size/first"


def test_toy_many_objects_uses_1664():
    plan = assign_layout(toy_problem(), strategy="many", sort="size", fit="first")
    assert plan.arena == 1664  # Figure 9: E goes into the gap between B and D
    assert dict(zip("ABCDE", plan.offsets)) == {"A": 0, "B": 0, "C": 1024, "D": 1024,
                                               "E": 768}
    assert not check_plan(toy_problem(), plan)


def test_toy_auto_reaches_the_bound():
    plan = assign_layout(toy_problem())
    assert plan.lower_bound == 1664 and plan.arena == 1664 and plan.status == "optimal"


def test_seed_avoid_example_for_a_contiguous_block():
    """Figure 6: block ABC pinned at 0 (sizes 10, 5, 3); DEF (8, 6, 6) with {E, B} unsafe."""
    bufs = [Buffer(10, offset=0, name="A"), Buffer(5, name="B"), Buffer(3, name="C"),
            Buffer(8, name="D"), Buffer(6, name="E"), Buffer(6, name="F")]
    conflicts = [set(), {4}, set(), set(), {1}, set()]
    p = Problem(bufs, conflicts, groups=[[0, 1, 2], [3, 4, 5]])
    for fit in FITS:
        plan = assign_layout(p, strategy="single", fit=fit)
        assert plan.offsets[:3] == [0, 10, 15]
        # D may not start in [0, 7): the first start left is 7, E then sits at 15, after B
        assert plan.offsets[3:] == [7, 15, 21]
        assert not check_plan(p, plan)


def test_names_and_tuples_for_the_cli():
    assert STRATEGIES == ("auto", "single", "many", "exact")
    assert SORTS == ("size", "breadth", "source", "conflicts", "lifetime", "area")
    assert FITS == ("first", "best")


@settings(max_examples=150)
@given(problems())
def test_every_heuristic_gives_a_valid_plan(problem):
    try:
        bound = assign_layout(problem, strategy="single").lower_bound
    except LayoutError:
        assert brute_force_optimum(problem) is None
        return
    # assign_layout plans the buffers in content order (memir.planning.layout.input_order)
    perm = canonical_permutation(problem)
    prep = Prepared.of(problem if perm is None else permuted(problem, perm))
    for algorithm in ALGORITHMS:
        for sort in SORTS:
            for fit in FITS:
                plan = assign_layout(problem, strategy=algorithm, sort=sort, fit=fit)
                assert check_plan(problem, plan) == [], (algorithm, sort, fit)
                assert plan.arena >= bound == plan.lower_bound
                assert plan.arena == arena_of(prep, run(prep, algorithm, sort, fit))


@settings(max_examples=60)
@given(problems(max_buffers=5, max_size=6))
def test_auto_is_valid_and_between_bound_and_brute_force(problem):
    best = brute_force_optimum(problem)
    try:
        plan = assign_layout(problem)
    except LayoutError:
        assert best is None
        return
    assert best is not None
    assert not check_plan(problem, plan)
    assert plan.lower_bound <= best <= plan.arena


@settings(max_examples=40)
@given(problems(max_buffers=12))
def test_auto_is_deterministic(problem):
    try:
        first = assign_layout(problem)
    except LayoutError:
        return
    second = assign_layout(problem)
    assert (first.offsets, first.arena, first.strategy) == (
        second.offsets, second.arena, second.strategy)


@settings(max_examples=30)
@given(st.integers(50, 400), st.integers(0, 2**32 - 1))
def test_larger_random_interval_problems(n, seed):
    bufs = random_interval_buffers(seed, n, 200, 60, (1, 7, 64, 1000, 4096))
    for i in (0, 1, 2, 3, 5):  # grouped members: keep their alignments satisfiable
        bufs[i] = Buffer(bufs[i].size, bufs[i].lower, bufs[i].upper)
    problem = Problem(bufs, groups=[[0, 1, 2], [5, 3]])
    for algorithm in ALGORITHMS:
        plan = assign_layout(problem, strategy=algorithm, sort="size", fit="best")
        assert not check_plan(problem, plan)
        assert plan.arena >= plan.lower_bound


def test_pre_placed_buffers_stay_and_others_avoid_them():
    bufs = [Buffer(8, 0, 4, offset=4, name="pinned"), Buffer(4, 1, 3), Buffer(8, 2, 6)]
    p = Problem(bufs)
    for algorithm in ALGORITHMS:
        plan = assign_layout(p, strategy=algorithm)
        assert plan.offsets[0] == 4
        assert not check_plan(p, plan)
        if algorithm == "single":
            assert plan.offsets[1] == 0  # the gap below the pinned buffer is used


def test_alignment_is_respected_in_gaps():
    bufs = [Buffer(3, 0, 2), Buffer(8, 0, 2, alignment=8), Buffer(5, 1, 3, alignment=4)]
    plan = assign_layout(Problem(bufs), strategy="single", sort="source", fit="first")
    assert plan.offsets[1] % 8 == 0 and plan.offsets[2] % 4 == 0
    assert not check_plan(Problem(bufs), plan)


def test_conflicting_pre_placed_overlap_is_an_error():
    bufs = [Buffer(8, 0, 4, offset=0, name="x"), Buffer(8, 2, 6, offset=4, name="y")]
    with pytest.raises(LayoutError, match="x and y"):
        assign_layout(Problem(bufs))


def test_group_with_inconsistent_pre_placed_members_is_an_error():
    bufs = [Buffer(8, offset=0), Buffer(8, offset=16)]
    with pytest.raises(LayoutError, match="back to back"):
        assign_layout(Problem(bufs, groups=[[0, 1]]))


def test_buffer_in_two_groups_is_an_error():
    with pytest.raises(LayoutError, match="more than one"):
        assign_layout(Problem([Buffer(1), Buffer(1), Buffer(1)], groups=[[0, 1], [1, 2]]))


def test_capacity_too_small_is_an_error():
    p = toy_problem()
    with pytest.raises(LayoutError, match="capacity 1600"):
        assign_layout(p, strategy="single", capacity=1600)
    assert assign_layout(p, capacity=1664).arena == 1664  # auto fits exactly


def test_unknown_options_are_rejected():
    with pytest.raises(ValueError, match="unknown sort"):
        assign_layout(toy_problem(), sort="random")
    with pytest.raises(ValueError, match="unknown strategy"):
        assign_layout(toy_problem(), strategy="magic")


def test_empty_problem():
    plan = assign_layout(Problem([]))
    assert plan.offsets == [] and plan.arena == 0


def test_exact_strategy_is_warm_started_and_valid():
    pytest.importorskip("memir.planning.layout.exact.solver")
    p = toy_problem()
    plan = assign_layout(p, strategy="exact")
    assert plan.arena == 1664 and not check_plan(p, plan)


@pytest.mark.parametrize("path", ["rows", "unions", "compiled"])
@settings(max_examples=3, deadline=None)
@given(n=st.integers(600, 1200), seed=st.integers(0, 2**32 - 1))
def test_interval_fast_path_matches_the_general_path(n, seed, path):
    """Single and Many Objects on lifetimes (time buckets, fit in the gaps of masked rows,
    or for long lifetimes of ``UnionTree``'s unions, or numba's loops over the rows: both
    forced here, with small buckets) place every buffer where the general path does on the
    same conflicts given explicitly."""
    bufs = random_interval_buffers(seed, n, 3000, 300, (1, 7, 64, 1000, 4096))
    bufs[::97] = [Buffer(0, b.lower, b.upper, b.alignment) for b in bufs[::97]]
    bufs[::13] = [Buffer(b.size, b.lower // 2, 2000 + b.upper // 2, b.alignment)
                  for b in bufs[::13]]  # long lifetimes: homed in the coarsest bucket
    problem = Problem(bufs)
    explicit = Problem(bufs, [set(a) for a in problem.adjacency()])
    general = Prepared.of(explicit)
    with pytest.MonkeyPatch.context() as patch:
        if path != "rows":
            patch.setattr(IntervalObstacles, "PER_BUCKET", 8)
        if path == "unions":
            patch.setattr(IntervalObstacles, "UNIONS_ABOVE", 0)
        if path == "compiled":
            pytest.importorskip("numba")
            patch.setattr(compiled_loops, "COMPILED_FROM", 0)
        else:
            patch.setattr(compiled_loops, "COMPILED_FROM", n + 1)  # the numpy path
        fast = Prepared.of(problem)
        for algorithm in ALGORITHMS:
            for sort in SORTS:
                for fit in FITS:
                    offsets = run(fast, algorithm, sort, fit)
                    assert not check_plan(problem, Plan([int(o) for o in offsets],
                                                        arena_of(fast, offsets)))
                    assert offsets.tolist() == run(general, algorithm, sort, fit).tolist()


def test_a_capped_run_stops_only_when_it_cannot_win():
    """``cap``: None once the arena reaches it, else the very plan of an uncapped run."""
    problem = Problem(random_interval_buffers(5, 700, 3000, 300, (1, 64, 4096)))
    prep = Prepared.of(problem)
    for algorithm in ALGORITHMS:
        offsets = run(prep, algorithm, "size", "best")
        arena = arena_of(prep, offsets)
        assert run(prep, algorithm, "size", "best", cap=arena) is None
        assert run(prep, algorithm, "size", "best", cap=arena + 1).tolist() == offsets.tolist()


def test_an_expired_deadline_still_gives_a_valid_plan():
    from memir.planning.budget import Deadline

    problem = Problem(random_interval_buffers(3, 2000, 1000, 100, (1, 64, 4096)))
    prep = Prepared.of(problem)
    for algorithm in ALGORITHMS:
        offsets = run(prep, algorithm, "size", "best", deadline=Deadline(0.0))
        assert not check_plan(problem, Plan([int(o) for o in offsets],
                                            arena_of(prep, offsets)))


@settings(max_examples=30)
@given(problems(max_buffers=12, groups=False))
def test_auto_is_never_worse_than_its_first_portfolio_member(problem):
    try:
        auto = assign_layout(problem)
        first = assign_layout(problem, strategy="single", sort="size", fit="first")
    except LayoutError:
        return
    assert auto.arena <= first.arena


def test_large_auto_is_deterministic_and_no_worse_than_conflicts_best():
    problem = Problem(random_interval_buffers(11, 4500, 20000, 400, (1, 64, 4096)))
    plan = assign_layout(problem)
    again = assign_layout(problem)
    assert plan.offsets == again.offsets and plan.strategy == again.strategy
    assert not check_plan(problem, plan)
    first = assign_layout(problem, strategy="single", sort="conflicts", fit="best")
    assert plan.arena <= first.arena


@settings(max_examples=40, deadline=None)
@given(problems(), st.integers(0, 1000))
def test_a_run_cut_part_way_stacks_the_rest_into_a_valid_plan(problem, seed):
    """``stack_rest`` (a run out of time) puts the unplaced blocks one above another over
    what is placed: valid whatever the conflicts, groups, alignments and pins; single
    buffers of any start take the running-sum path."""
    import random

    import numpy as np

    from memir.planning.layout.blocks import BlockError
    from memir.planning.layout.heuristics import stack_rest

    try:
        prep = Prepared.of(problem)
    except BlockError:
        return  # a contradictory group: nothing to plan
    offsets = run(prep, "single", "size", "best").copy()
    movable = [k for k, b in enumerate(prep.blocks) if b.fixed_start is None]
    rest = np.array(sorted(random.Random(seed).sample(movable, len(movable) // 2)),
                    dtype=np.int64)
    stack_rest(prep, offsets, rest)
    plan = Plan([int(o) for o in offsets], Plan.arena_of(problem, [int(o) for o in offsets]))
    assert not check_plan(problem, plan)


def test_under_a_time_limit_cold_loops_are_not_compiled():
    """A first compile costs seconds: under a time limit, where ``warm`` says the loops
    would compile, the indexes run the numpy path (any use of the loops fails here)."""
    class Cold:
        def __getattr__(self, name):
            raise AssertionError(f"{name} was compiled under a time limit")

    problem = Problem(random_interval_buffers(3, 300, 3000, 300, (1, 64)))
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(compiled_loops, "COMPILED_FROM", 0)
        patch.setattr(compiled_loops, "kernels", Cold)
        patch.setattr(compiled_loops, "warm", lambda names=(): False)
        plan = assign_layout(problem, time_limit=30)
    assert not check_plan(problem, plan)
    assert plan.offsets == assign_layout(problem).offsets  # the same plan either way
