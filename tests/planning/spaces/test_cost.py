"""The time model: transfer arithmetic, a timeline worked by hand, the copy stream's
order, and the two simulations (whole-array and incremental) against a step-by-step one."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from memir.planning.spaces.cost import VECTOR_ROUNDS, simulate, timeline, transfer_ps
from memir.planning.spaces.incremental import Incremental
from memir.planning.spaces.model import Assignment, Copy, Space, SpaceProblem, Span, Use, Value
from planning.spaces._reference import simulate_steps


def test_transfer_rounds_up_to_the_picosecond():
    assert transfer_ps(0, 1.0) == 0
    assert transfer_ps(1, 3.0) == 333_333_333_334
    assert transfer_ps(1000, 1e9) == 1_000_000


def test_two_step_timeline_by_hand():
    spaces = [Space("fast", 4096, 1e9, 2e9), Space("slow", None, 1e8, 5e8)]
    x = Value(1000, (Use(0, 0, 1000), Use(1, 3000, 0)))  # written slow, read fast
    w = Value(500, (Use(1, 500, 0),), movable=False)  # read from its home
    problem = SpaceProblem(spaces, [x, w], [1000, 1000], 1e9)  # 1 us of compute a step
    plan = Assignment([(Span(1, 0, 0), Span(0, 1, 1)), (Span(1, 0, 0),)],
                      [Copy(0, 0, 1, issue=0, deadline=1)])
    t = timeline(problem, plan)
    # step 0: the write, 1000 B at 5e8 B/s = 2 us (> 1 us compute): ends at 2 us
    # copy: 1000 B at min(1e8 read, 2e9 write) = 10 us, from 2 us: lands at 12 us
    # step 1: starts at 12 us; 3000 B at 1e9 (3 us) + 500 B at 1e8 (5 us) = 8 us
    assert t.step_end == [2_000_000, 20_000_000]
    assert t.copy_end == [12_000_000]
    assert t.total_ps == 20_000_000


def test_copy_stream_runs_in_issue_order():
    # the copy issued first blocks the stream, though the later one is due sooner
    total, ends, copies = simulate([5, 5, 5], [-1, 0], [2, 1], [100, 10])
    assert copies.tolist() == [100, 110]
    assert ends.tolist() == [5, 115, 120]
    assert total == 120


def test_a_long_chain_of_stalls_goes_copy_by_copy():
    n = 3 * VECTOR_ROUNDS
    steps = [1] * n
    issue, due = list(range(n - 1)), list(range(1, n))
    got = simulate(steps, issue, due, [10] * (n - 1))
    ref = simulate_steps(steps, list(zip(issue, due, [10] * (n - 1))))
    assert got[0] == ref[0] and got[1].tolist() == ref[1] and got[2].tolist() == ref[2]


@st.composite
def programs(draw):
    n = draw(st.integers(1, 10))
    steps = draw(st.lists(st.sampled_from((0, 1, 5, 10, 50)), min_size=n, max_size=n))
    copies = []
    if n > 1:
        for _ in range(draw(st.integers(0, 6))):
            d = draw(st.integers(1, n - 1))
            copies.append((draw(st.integers(-1, d - 1)), d, draw(st.sampled_from((0, 7, 30)))))
    return steps, sorted(copies)


@settings(max_examples=200)
@given(programs())
def test_simulation_matches_the_step_by_step_reference(program):
    steps, copies = program
    total, ends, landed = simulate(steps, *zip(*copies)) if copies else simulate(steps, [], [],
                                                                               [])
    ref = simulate_steps(steps, copies)
    assert (total, ends.tolist(), landed.tolist()) == ref


@settings(max_examples=100)
@given(programs(), st.data())
def test_incremental_trials_decide_as_a_full_simulation(program, data):
    steps, copies = program
    n = len(steps)
    keys = [(i, d, k, 0, t) for k, (i, d, t) in enumerate(copies)]
    sim = Incremental(steps, keys)
    for r in range(4):
        change = {data.draw(st.integers(0, n - 1)): data.draw(st.sampled_from((0, 1, 5, 50)))
                  for _ in range(data.draw(st.integers(0, 2)))}
        out = data.draw(st.lists(st.sampled_from(sim.keys), max_size=1, unique=True)
                        if sim.keys else st.just([]))
        into = []
        if n > 1 and data.draw(st.booleans()):
            d = data.draw(st.integers(1, n - 1))
            into.append((data.draw(st.integers(-1, d - 1)), d, 100 + r, 0,
                         data.draw(st.sampled_from((0, 7, 30)))))
        new_steps = [change.get(i, s) for i, s in enumerate(sim.steps)]
        new_keys = sorted([k for k in sim.keys if k not in out] + into)
        after = simulate_steps(new_steps, [(k[0], k[1], k[-1]) for k in new_keys])
        before = sim.total
        kept = sim.try_change(change, out, into)
        assert kept == (after[0] < before)
        if kept:
            assert (sim.total, sim.ends, sim.landed) == after
