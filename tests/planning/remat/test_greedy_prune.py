"""The greedy's prune: drops played out on a ``PlanState`` (``_prune_on_state``) give the
plan that playing each drop out with ``evaluate`` gives (the prune it replaced, kept as the
fallback), on small random programs with and without in-place versions, from plans with
redundant recomputations."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from memir.planning.budget import NO_DEADLINE
from memir.planning.remat import RematProblem, evaluate
from memir.planning.remat.descent import descend
from memir.planning.remat.greedy import _prune, _prune_evaluated, _prune_on_state
from memir.planning.remat.incremental import PlanState
try:
    from .test_remat import clone_programs, programs, versioned_programs
except ImportError:
    from test_remat import clone_programs, programs, versioned_programs


def _check(program, fraction, extra):
    """The greedy's descent to ``fraction`` of the peak, then the recomputations of
    ``extra`` ((stage, op) pairs, each kept where it can run), some of them redundant:
    capacity is that plan's peak."""
    ops, sizes, planned = program
    problem = RematProblem(ops, sizes, planned)
    state = PlanState(problem)
    descend(state, int(evaluate(problem, {}).peak * fraction), 1, 10_000, NO_DEADLINE,
             lookahead=2)
    for t, i in extra:
        if i < t < len(ops):
            trial = state.trial(t, problem.closure((i,), t))
            if trial is not None:
                state.accept(trial)
    plan = {t: list(ops) for t, ops in sorted(state.plan.items())}
    ev = evaluate(problem, plan)
    if not ev.valid:
        return
    capacity = ev.peak
    on_state, _work = _prune_on_state(problem, plan, capacity, 0, 10_000, NO_DEADLINE)
    slow = _prune_evaluated(problem, plan, ev, capacity, 0, 10_000, NO_DEADLINE)
    assert on_state == slow[0]
    fast = _prune(problem, plan, ev, capacity, 0, 10_000, NO_DEADLINE)
    assert fast[0] == slow[0]
    assert fast[1].valid and fast[1].peak <= capacity and fast[1].cost <= ev.cost


PAIRS = st.lists(st.tuples(st.integers(1, 8), st.integers(0, 7)), max_size=6)


@settings(max_examples=150, deadline=None)
@given(programs(max_ops=8), st.floats(0.3, 1.0), PAIRS)
def test_pruned_on_the_state_as_through_evaluate(program, fraction, extra):
    _check(program, fraction, extra)


@settings(max_examples=150, deadline=None)
@given(st.one_of(versioned_programs(max_ops=8), clone_programs()), st.floats(0.3, 1.0),
       PAIRS)
def test_pruned_on_the_state_as_through_evaluate_with_versions(program, fraction, extra):
    _check(program, fraction, extra)
