"""A plan's rewritten program ordered again (``reschedule``), against an oracle that shares
no code with it: the rewritten program is written out as the pass writes it (each read
bound to its buffer's newest copy in the runs' order, an in-place write keeping the copy
it writes), run in the new order on hashes, and every run must read what its op read in
the input program; the peak is counted again from first to last touch."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from memir.planning.remat import RematProblem, evaluate, greedy_remat
from memir.planning.remat.reschedule import reschedule
try:
    from .test_remat import training_steps, versioned_programs
except ImportError:
    from test_remat import training_steps, versioned_programs


def _rewritten(ops, planned, plan):
    """The runs in stage order, each as (op, keys read, keys written, keys made): a key
    is ("copy", run that made it) for a planned buffer, ("ext", buffer) otherwise."""
    runs = []
    for t in range(len(ops)):
        runs += [(t, i) for i in sorted(set(plan.get(t, ())))] + [(t, t)]
    newest, out = {}, []
    for r, (_t, i) in enumerate(runs):
        op = ops[i]

        def key(b):
            return newest.get(b, ("never", b)) if planned[b] else ("ext", b)

        reads = [key(b) for b in op.reads]
        made = []
        for b in op.produces:
            if planned[b]:
                newest[b] = ("copy", r, b)
                made.append(newest[b])
        writes = [key(b) for b in op.writes]
        out.append((i, reads, writes, made))
    return out


def _reads_in(program, order):
    """Run the rewritten ``program`` in ``order`` (indices into it): the values each run
    reads, and the final value of every external one (an input or a weight)."""
    content, seen = {}, {}
    for r in order:
        i, reads, writes, _made = program[r]
        read = tuple(content.get(k, k) for k in reads)
        seen[r] = read
        for k in writes:
            content[k] = hash((i, read, content.get(k)))
    return seen, {k: v for k, v in content.items() if k[0] == "ext"}


def _peak(program, sizes, order):
    """Live bytes of the copies, each from its first to its last touch in ``order``."""
    position = {r: k for k, r in enumerate(order)}
    spans = {}
    for r, (_i, reads, writes, made) in enumerate(program):
        for k in (*reads, *writes, *made):
            if k[0] == "copy":
                first, last = spans.get(k, (position[r], position[r]))
                spans[k] = (min(first, position[r]), max(last, position[r]))
    live = [0] * len(order)
    for k, (first, last) in spans.items():
        for p in range(first, last + 1):
            live[p] += sizes[k[2]]
    return max(live, default=0)


def _check(ops, sizes, planned, fraction):
    """The greedy's plan for a capacity ``fraction`` of the peak, ordered again: every run
    reads what it read in the runs' own order (which the other suites check against the
    input program), the arguments end the same, and the peak is the oracle's."""
    problem = RematProblem(ops, sizes, planned)
    plan = greedy_remat(problem, int(evaluate(problem, {}).peak * fraction)).plan
    ev = evaluate(problem, plan)
    found = reschedule(problem, ev)
    if found is None:
        return
    program = _rewritten(ops, planned, plan)
    assert sorted(found.order) == list(range(len(program)))
    assert _reads_in(program, found.order) == _reads_in(program, range(len(program)))
    assert found.peak == _peak(program, sizes, found.order) < ev.peak


@settings(max_examples=200, deadline=None)
@given(training_steps(), st.floats(0.3, 1.0))
def test_training_steps_ordered_again_keep_every_value(program, fraction):
    ops, sizes, planned = program
    _check(ops, sizes, planned, fraction)


@settings(max_examples=200, deadline=None)
@given(versioned_programs(), st.floats(0.3, 1.0))
def test_in_place_versions_ordered_again_keep_every_value(program, fraction):
    ops, sizes, planned = program
    _check(ops, sizes, planned, fraction)


@settings(max_examples=60, deadline=None)
@given(training_steps(), st.floats(0.3, 1.0))
def test_ordering_again_never_costs_more_and_its_program_fits(program, fraction):
    from memir.planning.remat.strategies import plan_remat
    from memir.planning.remat.moves import deferred_order

    ops, sizes, planned = program
    problem = RematProblem(ops, sizes, planned)
    capacity = int(evaluate(problem, {}).peak * fraction)
    fixed = plan_remat(problem, capacity, "greedy")
    again = plan_remat(problem, capacity, "greedy", reorder=True)
    if fixed.evaluation.peak <= capacity:
        assert again.peak <= capacity
        assert again.evaluation.net_cost <= fixed.evaluation.net_cost
    if again.schedule is not None:  # the plan's stages index the order it was made in
        order = deferred_order(len(ops), again.deferred)
        program = _rewritten([ops[j] for j in order], planned, again.plan)
        assert again.peak == _peak(program, sizes, again.schedule.order)
        assert "reordered" in again.strategy
