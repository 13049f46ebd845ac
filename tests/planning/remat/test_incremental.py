"""``PlanState``'s trials build their profile from the current one plus the touched
buffers' copies (``PlanState._replayed``); these tests compare that with the profile
recomputed over every copy (``PlanState.full_profile``) and with a state built afresh from
the plan, on random programs and random sequences of added and dropped recomputations
(some on a ``PlanState.copy``, leaving the original as it was)."""

from __future__ import annotations

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from memir.planning.remat import RematProblem, evaluate
from memir.planning.remat.incremental import PlanState, Refusals
from planning.remat.test_remat import clone_programs, programs, versioned_programs


def _same_as_fresh(state: PlanState) -> None:
    """The state kept up to date equals one built from its plan."""
    fresh = PlanState(state.problem, state.plan)
    assert state.run_keys.tolist() == fresh.run_keys.tolist()
    assert state.profile.tolist() == fresh.profile.tolist()
    assert state.ends.tolist() == fresh.ends.tolist()
    assert state.buffers == fresh.buffers
    assert state.made.tolist() == fresh.made.tolist()
    assert state.last.tolist() == fresh.last.tolist()
    assert state.size.tolist() == fresh.size.tolist()
    assert state.owner.tolist() == fresh.owner.tolist()
    assert state.starts.tolist() == fresh.starts.tolist()
    assert state.position == fresh.position
    assert state.count.tolist() == fresh.count.tolist()
    for b in state.buffers:
        assert state.copies[b] == fresh.copies[b]
        assert state.makes.get(b, []) == fresh.makes.get(b, [])
        assert state.reads.get(b, []) == fresh.reads.get(b, [])
    assert all(state.where(b) == fresh.where(b) for b in state.buffers)


def _check_trial(state: PlanState, trial) -> None:
    """The trial's profile and runs are those of the whole plan played out again."""
    assert trial.profile.tolist() == state.full_profile(trial).tolist()
    assert trial.run_keys.tolist() == sorted(trial.run_keys.tolist())
    plan = {t: list(o) for t, o in state.plan.items()}
    if trial.new:
        plan[trial.stage] = sorted({*plan.get(trial.stage, ()), *trial.new})
    if trial.removed:
        plan[trial.stage] = [i for i in plan[trial.stage] if i not in trial.removed]
    plan = {t: o for t, o in plan.items() if o}
    fresh = PlanState(state.problem, plan)
    assert trial.run_keys.tolist() == fresh.run_keys.tolist()
    assert trial.profile.tolist() == fresh.profile.tolist()
    truth = evaluate(state.problem, plan)
    assert trial.profile.tolist() == truth.run_memory


def _random_move(state: PlanState, rng):
    """A random trial on ``state``, as a call taking ``peak_run_limit``: a drop of some of
    one stage's recomputations, or several ops added to one stage."""
    if state.plan and rng.random() < 0.3:
        stage = rng.choice(sorted(state.plan))
        have = state.plan[stage]
        group = rng.sample(have, rng.randint(1, len(have)))
        return lambda limit=None: state.trial_without(stage, group, limit)
    stage = rng.randrange(1, state.n)
    chosen = rng.sample(range(stage), rng.randint(1, min(4, stage)))
    return lambda limit=None: state.trial(stage, chosen, limit)


@settings(max_examples=200, deadline=None)
@given(st.one_of(programs(max_ops=8), versioned_programs(max_ops=8), clone_programs()),
       st.randoms(use_true_random=False))
def test_trials_built_from_the_current_profile_equal_the_full_recomputation(program, rng):
    """Random adds (several ops in one stage at a time) and drops, each trial checked
    whether or not it is kept, and the state after each kept one checked too."""
    ops, sizes, planned = program
    problem = RematProblem(ops, sizes, planned)
    state = PlanState(problem)
    _same_as_fresh(state)
    copied = []  # (a state left behind by ``copy``, its plan then)
    n = problem.num_ops
    if n < 2:
        return
    for _ in range(8):
        trial = _random_move(state, rng)()
        if trial is None:
            continue
        _check_trial(state, trial)
        if rng.random() < 0.7:
            state.accept(trial)
            _same_as_fresh(state)
        if rng.random() < 0.3:  # go on with a copy: the original must not change
            copied.append((state, {t: list(o) for t, o in state.plan.items()}))
            state = state.copy()
    for original, plan in copied:
        assert original.plan == plan
        _same_as_fresh(original)


def _at_peak_run(state: PlanState, trial) -> int | None:
    """The trial's bytes at the run where ``state`` peaks first; None when the trial takes
    that run out."""
    key = int(state.run_keys[int(np.argmax(state.profile))])
    at = int(np.searchsorted(trial.run_keys, key))
    if at == len(trial.run_keys) or int(trial.run_keys[at]) != key:
        return None
    return int(trial.profile[at])


@settings(max_examples=200, deadline=None)
@given(st.one_of(programs(max_ops=8), versioned_programs(max_ops=8), clone_programs()),
       st.randoms(use_true_random=False))
def test_a_peak_run_limit_refuses_only_trials_above_it(program, rng):
    """``trial`` and ``trial_without`` with ``peak_run_limit`` give the trial they give
    without it, or None: exactly where that trial holds more than the limit at the run at
    the state's peak, and, where a drop takes that run out, only where the trial peaks
    above the limit (the copies across it live on at the next run)."""
    ops, sizes, planned = program
    state = PlanState(RematProblem(ops, sizes, planned))
    n = state.n
    if n < 2:
        return
    for _ in range(8):
        make = _random_move(state, rng)
        full = make()
        if full is None:
            assert make(0) is None and make(10**12) is None
            continue
        there = _at_peak_run(state, full)
        for limit in {full.peak - 1, full.peak, state.peak - 1, state.peak,
                      *(() if there is None else (there - 1, there))}:
            limited = make(limit)
            if limited is not None:
                assert limited.profile.tolist() == full.profile.tolist()
                assert limited.run_keys.tolist() == full.run_keys.tolist()
            if there is not None:
                assert (limited is None) == (there > limit)
            elif limited is None:
                assert full.peak > limit
        if rng.random() < 0.7:
            state.accept(full)


@settings(max_examples=300, deadline=None)
@given(st.one_of(programs(max_ops=8), versioned_programs(max_ops=8), clone_programs()),
       st.randoms(use_true_random=False))
def test_remembered_refusals_refuse_exactly_the_drops_that_peak_above_the_limit(program, rng):
    """``trial_without`` with ``Refusals`` gives the trial it gives without them where that
    trial peaks within the limit, and None otherwise, while single drops are asked again
    and again between random recomputations added and drops accepted (which change what a
    drop refused before would add)."""
    ops, sizes, planned = program
    problem = RematProblem(ops, sizes, planned)
    n = problem.num_ops
    if n < 2:
        return
    state = PlanState(problem)
    refusals = Refusals()
    for _ in range(40):
        if state.plan and rng.random() < 0.6:
            stage = rng.choice(sorted(state.plan))
            group = [rng.choice(state.plan[stage])]
            limit = state.peak + rng.randint(-1, 2)
            remembered = state.trial_without(stage, group, limit, refusals)
            replayed = state.trial_without(stage, group)
            if replayed is None or replayed.peak > limit:
                assert remembered is None
            else:
                assert remembered is not None
                assert remembered.profile.tolist() == replayed.profile.tolist()
                if rng.random() < 0.2:
                    state.accept(remembered)
        else:
            stage = rng.randrange(1, n)
            if (trial := state.trial(stage, [rng.randrange(stage)])) is not None:
                state.accept(trial)


def _chain_state():
    """Two independent chains a -> b and c -> d, each head recomputed before its reader's
    stage: dropping a recomputation keeps its head's copy live across the other chain."""
    from memir.planning.remat import RematOp

    ops = [RematOp((), (0,), (0,), 1), RematOp((), (1,), (1,), 1),
           RematOp((1,), (2,), (2,), 1), RematOp((), (3,), (3,), 1),
           RematOp((0,), (4,), (4,), 1), RematOp((3,), (5,), (5,), 1)]
    problem = RematProblem(ops, [4, 1, 1, 4, 1, 1], [True] * 6)
    return PlanState(problem, {4: [0], 5: [3]})


def test_a_drop_refused_before_is_refused_again_without_being_played_out(monkeypatch):
    """Once refused, the same drop asked again is refused from what was remembered (no
    replay) while its run is still above the limit, also after a trial that touches other
    buffers is accepted; with a limit its run no longer passes, it is played out again."""
    state = _chain_state()
    assert state.peak == 5
    assert state.trial_without(4, [0]).peak == 8  # b0's copy live across b3's at key 21
    refusals = Refusals()
    assert state.trial_without(4, [0], 5, refusals) is None
    played = []
    replayed = PlanState._replayed
    monkeypatch.setattr(PlanState, "_replayed",
                        lambda self, *a, **k: played.append(a[0]) or replayed(self, *a, **k))
    assert state.trial_without(4, [0], 5, refusals) is None
    assert played == []
    state.accept(state.trial_without(5, [3]))  # b3 kept from key 21 to 35: peak 9
    played.clear()
    assert state.trial_without(4, [0], 7, refusals) is None  # 4 at key 21, plus 4
    assert played == []
    trial = state.trial_without(4, [0], 9, refusals)
    assert played == [4] and trial is not None and trial.peak == 9


def test_a_drop_is_played_out_again_once_a_trial_touching_its_buffers_is_accepted():
    """A refusal is remembered only while the drop's buffers stay as they were: once
    another copy of what it drops is made in between, dropping it adds nothing where it
    was refused, and it fits."""
    from memir.planning.remat import RematOp

    ops = [RematOp((), (0,), (0,), 1), RematOp((), (1,), (1,), 1),
           RematOp((1,), (2,), (2,), 1), RematOp((), (3,), (3,), 1),
           RematOp((0,), (4,), (4,), 1)]
    state = PlanState(RematProblem(ops, [4, 3, 1, 1, 1], [True] * 5), {4: [0]})
    assert state.peak == 5
    refusals = Refusals()
    assert state.trial_without(4, [0], 5, refusals) is None  # b0 live across b1 and b2
    state.accept(state.trial(3, [0]))  # another copy of b0, after them
    trial = state.trial_without(4, [0], 5, refusals)
    assert trial is not None and trial.peak == 5
