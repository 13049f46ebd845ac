"""Rematerialisation on plain data, against a brute-force oracle on small random programs.

The oracle (``_oracle_memory``, ``_oracle_valid``, ``_brute_force``) is written from the
model's definition and shares no code with memir.planning.remat: each copy of a buffer
is made where its producer runs and serves the reads up to the next copy; a stage's
memory is the most, over its runs, of the bytes of the copies made at or before the run
and read at or after it.
"""

from __future__ import annotations

import itertools

from hypothesis import given, settings
from hypothesis import strategies as st

from memir.planning.remat import RematOp, RematProblem, evaluate, exact_remat, greedy_remat
from memir.planning.remat.exact_stages import model_size
from memir.planning.remat.exact_intervals import interval_remat

# ----------------------------------------------------------------------------- oracle


def _oracle_follower(ops, w) -> int | None:
    """The buffer op w writes in place after its producer, if w may re-run on a fresh copy."""
    op = ops[w]
    if not op.pure or op.update or op.cost is None or op.produces or len(set(op.writes)) != 1:
        return None
    b = op.writes[0]
    if not any(b in o.produces for j, o in enumerate(ops) if j != w):
        return None
    return b


def _oracle_leads(ops, sizes_planned, i) -> bool:
    op = ops[i]
    if not op.pure or op.update or op.cost is None or not op.produces:
        return False
    if any(b not in op.produces for b in op.writes):
        return False
    for b in op.produces:
        if not sizes_planned[b]:
            return False
        for j, o in enumerate(ops):
            if j != i and (b in o.writes or b in o.produces) and _oracle_follower(ops, j) != b:
                return False
    return True


def _oracle_producer(ops, b):
    return next((j for j, o in enumerate(ops) if b in o.produces), None)


def _oracle_recomputable(ops, sizes_planned, i) -> bool:
    if _oracle_leads(ops, sizes_planned, i):
        return True
    b = _oracle_follower(ops, i)
    return b is not None and _oracle_leads(ops, sizes_planned, _oracle_producer(ops, b))


def _oracle_runs(n, plan):
    return [(t, i) for t in range(n) for i in sorted(plan.get(t, ()))] + []


def _oracle_schedule(n, plan):
    """The program the plan makes: (stage, op) in execution order."""
    out = []
    for t in range(n):
        out.extend((t, i) for i in sorted(set(plan.get(t, ()))))
        out.append((t, t))
    return out


def _oracle_memory(ops, sizes, planned, plan):
    """Memory per stage (the most over its runs), or None when a read finds no copy, or
    its buffer's latest copy holds another version than the read saw in the input
    program, or a recomputation may not run there (not recomputable, a follower without
    its producer, an unversioned value it reads changed since its op first ran)."""
    n = len(ops)
    program = _oracle_schedule(n, plan)
    producer = {b: _oracle_producer(ops, b) for b in range(len(sizes))}

    def versioned(b):
        return planned[b] and producer[b] is not None

    def expected(b, i):  # in-place writes of b before op i in the input program
        return sum(1 for j in range(i) if j != producer[b]
                   and (b in ops[j].writes or b in ops[j].produces))

    copies: dict[int, list[list[int]]] = {}  # buffer -> [made, last, version] per copy
    for pos, (t, i) in enumerate(program):
        op = ops[i]
        if t != i:  # a recomputation
            if not _oracle_recomputable(ops, planned, i):
                return None
            b = _oracle_follower(ops, i)
            if b is not None and not op.produces and producer[b] not in plan.get(t, ()):
                return None
            for x in set(op.reads):
                if not versioned(x) and any(i < j <= t and x in ops[j].writes
                                            for j in range(n)):
                    return None
        for b in sorted(set(op.reads) | (set(op.writes) - set(op.produces))):
            if not planned[b]:
                continue
            if b not in copies:
                if producer[b] is not None:
                    return None
                copies[b] = [[pos, pos, 0]]  # never produced: held from its first use
            copy = copies[b][-1]
            if versioned(b):
                if copy[2] != expected(b, i):
                    return None
                if b in op.writes:
                    copy[2] += 1
            copy[1] = pos
        for b in op.produces:
            if planned[b]:
                copies.setdefault(b, []).append([pos, pos, 0])
    at_run = [0] * len(program)
    for b, found in copies.items():
        for made, last, _version in found:
            for pos in range(made, last + 1):
                at_run[pos] += sizes[b]
    memory = [0] * n
    for (t, _i), m in zip(program, at_run):
        memory[t] = max(memory[t], m)
    return memory


def _every_plan(ops, planned):
    """(added cost, plan) for every set of (stage, op) recomputations, fewest first."""
    n = len(ops)
    pairs = [(t, i) for i in range(n) if _oracle_recomputable(ops, planned, i)
             for t in range(i + 1, n)]
    for k in range(len(pairs) + 1):
        for chosen in itertools.combinations(pairs, k):
            plan: dict[int, list[int]] = {}
            for t, i in chosen:
                plan.setdefault(t, []).append(i)
            yield sum(ops[i].cost for _t, i in chosen), plan


def _brute_force(ops, sizes, planned, capacity):
    """(least added cost, its plan) over every set of recomputations; None: none fits."""
    best = None
    for cost, plan in _every_plan(ops, planned):
        if best is not None and cost >= best[0]:
            continue
        memory = _oracle_memory(ops, sizes, planned, plan)
        if memory is not None and max(memory, default=0) <= capacity:
            best = (cost, plan)
    return best


# ----------------------------------------------------------------------------- programs


@st.composite
def programs(draw, max_ops=5, in_place_odds=5):
    """Small random programs; an op writes one of its inputs in place with probability
    1 / (in_place_odds + 1) (a follower, like relu_, when it produces nothing, is pure,
    has a cost and is no update)."""
    n = draw(st.integers(1, max_ops))
    n_external = draw(st.integers(0, 2))
    sizes = [0] * n_external
    planned = [False] * n_external
    ops = []
    for _ in range(n):
        existing = list(range(len(sizes)))
        reads = tuple(sorted(set(draw(st.lists(st.sampled_from(existing), max_size=3))
                                 if existing else [])))
        produced = []
        for _ in range(draw(st.integers(0 if reads else 1, 2))):
            produced.append(len(sizes))
            sizes.append(draw(st.integers(1, 9)))
            planned.append(True)
        in_place = ()
        if reads and draw(st.integers(0, in_place_odds)) == 0:
            in_place = (draw(st.sampled_from(reads)),)
        cost = draw(st.one_of(st.none(), st.integers(1, 9)))
        pure = draw(st.integers(0, 6)) > 0
        update = draw(st.integers(0, 6)) == 0
        ops.append(RematOp(reads, tuple(produced), tuple(produced) + in_place, cost, pure,
                           update))
    return ops, sizes, planned


@st.composite
def versioned_programs(draw, max_ops=6):
    """Pure ops with costs where a third write one of their inputs in place (relu_, +=):
    buffers with several versions, read before and after in-place writes (a clone taken
    before an activation), so that plans re-running part of the followers matter."""
    n = draw(st.integers(2, max_ops))
    sizes, planned, ops = [0], [False], []
    for _ in range(n):
        existing = list(range(len(sizes)))
        reads = tuple(sorted(set(draw(st.lists(st.sampled_from(existing), min_size=1,
                                               max_size=2)))))
        cost = draw(st.integers(1, 9))
        targets = [b for b in reads if planned[b]]
        if targets and draw(st.integers(0, 2)) == 0:
            b = draw(st.sampled_from(targets))
            ops.append(RematOp(reads, (), (b,), cost))
            continue
        sizes.append(draw(st.integers(1, 9)))
        planned.append(True)
        ops.append(RematOp(reads, (len(sizes) - 1,), (len(sizes) - 1,), cost))
    return ops, sizes, planned


@st.composite
def clone_programs(draw):
    """The pattern autograd leaves around an in-place activation, with random sizes,
    costs and extra reads: a = f(x); c = clone(a); act_(a) (once or twice); d = g(a);
    e = h(d); out = k(e, c, ...): the clone reads version 0 of a, the later ops version
    1 or 2."""
    size = st.integers(1, 9)
    cost = st.integers(1, 9)
    a, c, d, e, out = 1, 2, 3, 4, 5
    sizes = [0, draw(size), draw(size), draw(size), draw(st.integers(1, 20)), draw(size)]
    ops = [RematOp((0,), (a,), (a,), draw(cost)), RematOp((a,), (c,), (c,), draw(cost)),
           RematOp((a,), (), (a,), draw(cost))]
    if draw(st.booleans()):
        ops.append(RematOp((a,), (), (a,), draw(cost)))  # a second in-place write
    ops.append(RematOp((a,), (d,), (d,), draw(cost)))
    ops.append(RematOp(tuple(sorted({d, *draw(st.sets(st.sampled_from([0, a, c])))})),
                       (e,), (e,), draw(cost)))
    ops.append(RematOp(tuple(sorted({e, c, *draw(st.sets(st.sampled_from([a, d])))})),
                       (out,), (out,), draw(cost)))
    return ops, sizes, [False] + [True] * 5


def _capacity(draw_fraction: float, memory: list[int]) -> int:
    peak = max(memory, default=0)
    return int(peak * draw_fraction)


# ----------------------------------------------------------------------------- tests


def test_without_recomputation_the_stage_memory_is_the_first_to_last_use_profile():
    ops = [RematOp((), (0,), (0,), 1), RematOp((0,), (1,), (1,), 1),
           RematOp((1,), (2,), (2,), 1), RematOp((0, 2), (3,), (3,), 1)]
    problem = RematProblem(ops, [4, 2, 8, 1])
    assert evaluate(problem, {}).memory == [4, 6, 14, 13]


def test_a_chain_recomputes_the_middle_activation():
    # x (an argument) -> b (big) -> c -> d (mid) -> e; f reads b and e at the end:
    # b is dropped after c and recomputed from x before f.
    ops = [RematOp((0,), (1,), (1,), 2), RematOp((1,), (2,), (2,), 1),
           RematOp((2,), (3,), (3,), 1), RematOp((3,), (4,), (4,), 1),
           RematOp((1, 4), (5,), (5,), 1)]
    sizes = [0, 10, 1, 5, 1, 1]
    problem = RematProblem(ops, sizes, [False, True, True, True, True, True])
    assert evaluate(problem, {}).memory == [10, 11, 16, 16, 12]
    greedy = greedy_remat(problem, 12)
    assert greedy.plan == {4: [0]} and greedy.evaluation.memory == [10, 11, 6, 6, 12]
    exact = exact_remat(problem, 12)
    assert exact.optimal and exact.cost == 2 and exact.plan == {4: [0]}
    assert exact_remat(problem, 11).infeasible  # b, e and f meet in the last stage


def test_a_recomputation_needs_what_it_reads():
    # a (cheap) -> b (costly, big) -> c -> d (big) -> e; f reads b and e. Recomputing b
    # before f needs a: held all along at capacity 14, recomputed too at 13.
    ops = [RematOp((0,), (1,), (1,), 1), RematOp((1,), (2,), (2,), 5),
           RematOp((2,), (3,), (3,), 1), RematOp((3,), (4,), (4,), 1),
           RematOp((4,), (5,), (5,), 1), RematOp((2, 5), (6,), (6,), 1)]
    sizes = [0, 1, 10, 1, 12, 1, 1]
    problem = RematProblem(ops, sizes, [False] + [True] * 6)
    assert evaluate(problem, {}).memory == [1, 11, 11, 23, 23, 12]
    held = exact_remat(problem, 14)
    assert held.cost == 5 and held.plan == {5: [1]}
    assert evaluate(problem, held.plan).memory == [1, 11, 12, 14, 14, 12]
    both = exact_remat(problem, 13)
    assert both.cost == 6 and both.plan == {5: [0, 1]}
    assert evaluate(problem, both.plan).memory == [1, 11, 11, 13, 13, 12]
    assert exact_remat(problem, 12).infeasible
    assert greedy_remat(problem, 14).evaluation.peak <= 14


def test_an_impure_in_place_writer_is_never_recomputed_nor_what_it_writes():
    ops = [RematOp((), (0,), (0,), 1), RematOp((0,), (1,), (1,), 1),
           RematOp((1,), (), (1,), 1, pure=False),  # writes b1 in place (dropout_)
           RematOp((1,), (2,), (2,), 1)]
    problem = RematProblem(ops, [1, 10, 1])
    assert not problem.recomputable[1] and not problem.recomputable[2]
    exact = exact_remat(problem, 5)
    assert exact.infeasible


def test_a_pure_in_place_follower_re_runs_with_its_producer():
    # x -> a (bn, 8) -> relu_(a) -> c (1) -> d (6) -> e (1); f reads a and e at the end:
    # a is freed after c and made again before f by the bn and the relu_ together.
    ops = [RematOp((0,), (1,), (1,), 3), RematOp((1,), (), (1,), 1),
           RematOp((1,), (2,), (2,), 1), RematOp((2,), (3,), (3,), 1),
           RematOp((3,), (4,), (4,), 1), RematOp((1, 4), (5,), (5,), 1)]
    sizes = [0, 8, 1, 6, 1, 1]
    planned = [False] + [True] * 5
    problem = RematProblem(ops, sizes, planned)
    assert problem.recomputable == [True] * 6
    assert problem.closure((0,), 5) == [0, 1] and problem.closure((1,), 5) == [0, 1]
    assert problem.closure((0,), 1) == [0]
    assert evaluate(problem, {}).memory == [8, 8, 9, 15, 15, 10]
    assert not evaluate(problem, {5: [0]}).valid  # the bn alone: the value before relu_
    assert not evaluate(problem, {5: [1]}).valid  # the relu_ alone writes no fresh copy
    both = evaluate(problem, {5: [0, 1]})
    assert both.valid and both.memory == [8, 8, 9, 7, 7, 10] and both.cost == 4
    exact = exact_remat(problem, 10)
    assert exact.optimal and exact.plan == {5: [0, 1]} and exact.cost == 4
    assert greedy_remat(problem, 10).plan == {5: [0, 1]}
    assert _oracle_memory(ops, sizes, planned, {5: [0, 1]}) == both.memory


def test_a_copy_taken_before_an_in_place_write_re_runs_after_its_producer():
    # x -> a (bn, 8) -> c = clone(a) (4) -> relu_(a) -> d (6) -> e (1); f reads c and e at
    # the end (hardtanh_backward reads the clone). The clone alone would read the relu_'s
    # value; after a bn re-run earlier in its stage it reads the value it read the first
    # time (version 0), with or without the relu_ re-run after it (cheaper without).
    ops = [RematOp((0,), (1,), (1,), 3), RematOp((1,), (2,), (2,), 1),
           RematOp((1,), (), (1,), 1), RematOp((1,), (3,), (3,), 1),
           RematOp((3,), (4,), (4,), 1), RematOp((2, 4), (5,), (5,), 1)]
    sizes = [0, 8, 4, 6, 1, 1]
    planned = [False] + [True] * 5
    problem = RematProblem(ops, sizes, planned)
    assert problem.refreshed(1, 5) == {0} and problem.refreshed(1, 1) is None
    assert problem.refreshed(0, 5) == set()
    assert not evaluate(problem, {5: [1]}).valid  # the clone of relu_(a)
    both = evaluate(problem, {5: [0, 1, 2]})
    assert both.valid and both.peak == 14 and both.cost == 5
    assert evaluate(problem, {}).peak == 18
    assert _oracle_memory(ops, sizes, planned, {5: [0, 1, 2]}) == both.memory
    assert _oracle_memory(ops, sizes, planned, {5: [1]}) is None
    lone = evaluate(problem, {5: [0, 1]})
    assert lone.valid and lone.peak == 14 and lone.cost == 4
    truth = _brute_force(ops, sizes, planned, 14)
    exact = exact_remat(problem, 14)
    assert exact.optimal and exact.cost == truth[0] == 4 and exact.plan == {5: [0, 1]}
    full = interval_remat(problem, 14, copies=len(ops) + 1, workers=1)
    assert full.optimal and full.cost == 4
    assert greedy_remat(problem, 14).plan == {5: [0, 1]}


def test_a_clone_taken_before_an_in_place_activation_is_made_again_from_version_0():
    # x -> a = bn(x) (8); c = clone(a) (8); hardtanh_(a); d = conv(a) (1); e = loss(d)
    # (20); g = grad(e) (1); h = hardtanh_backward(g, c). The clone read a before the
    # hardtanh_: re-running the bn alone (version 0) and the clone before the last op
    # frees c across e; re-running the hardtanh_ too would cost more for nothing.
    ops = [RematOp((0,), (1,), (1,), 3), RematOp((1,), (2,), (2,), 1),
           RematOp((1,), (), (1,), 1), RematOp((1,), (3,), (3,), 1),
           RematOp((3,), (4,), (4,), 1), RematOp((4,), (5,), (5,), 1),
           RematOp((5, 2), (6,), (6,), 1)]
    sizes = [0, 8, 8, 1, 20, 1, 1]
    planned = [False] + [True] * 6
    problem = RematProblem(ops, sizes, planned)
    assert evaluate(problem, {}).peak == 29
    assert problem.version(1, 1) == 0 and problem.version(1, 3) == 1
    assert problem.can_recompute(1, 6)  # the clone reads a version, checked when served
    assert problem.closure((0,), 6) == [0, 2]
    assert problem.closure_as_read((1, 0), 6, 6) == [0, 1]  # the clone with its input
    lone = evaluate(problem, {6: [0, 1]})
    assert lone.valid and lone.peak == 21 and lone.cost == 4
    assert _oracle_memory(ops, sizes, planned, {6: [0, 1]}) == lone.memory
    full = evaluate(problem, {6: [0, 1, 2]})
    assert full.valid and full.peak == 21 and full.cost == 5
    assert not evaluate(problem, {6: [1]}).valid  # the held a is at version 1
    assert not evaluate(problem, {3: [0]}).valid  # conv would read version 0
    exact = exact_remat(problem, 21)
    assert exact.optimal and exact.plan == {6: [0, 1]} and exact.cost == 4
    assert exact_remat(problem, 20).infeasible
    assert interval_remat(problem, 21, copies=8).plan == {6: [0, 1]}
    greedy = greedy_remat(problem, 21)
    assert greedy.evaluation.peak == 21 and greedy.evaluation.cost == 4


@settings(max_examples=150, deadline=None)
@given(programs(), st.floats(0.3, 1.0))
def test_exact_equals_brute_force(program, fraction):
    ops, sizes, planned = program
    problem = RematProblem(ops, sizes, planned)
    base = _oracle_memory(ops, sizes, planned, {})
    assert base == evaluate(problem, {}).memory
    capacity = _capacity(fraction, base)
    truth = _brute_force(ops, sizes, planned, capacity)
    exact = exact_remat(problem, capacity, workers=1)
    assert exact.variables <= model_size(problem)
    if truth is None:
        assert exact.infeasible
        return
    assert exact.optimal and exact.cost == truth[0]
    memory = _oracle_memory(ops, sizes, planned, exact.plan)
    assert memory is not None and max(memory, default=0) <= capacity


@settings(max_examples=120, deadline=None)
@given(programs(), st.floats(0.3, 1.0), st.integers(1, 3))
def test_the_interval_model_equals_brute_force(program, fraction, copies):
    """With a copy per stage an op may run in, MOCCASIN's model is exact; with fewer, it
    is exact over the plans that recompute each op at most ``copies - 1`` times, and its
    plans (hinted with the greedy's or not) are valid within the capacity."""
    ops, sizes, planned = program
    problem = RematProblem(ops, sizes, planned)
    capacity = _capacity(fraction, evaluate(problem, {}).memory)
    truth = _brute_force(ops, sizes, planned, capacity)
    full = interval_remat(problem, capacity, copies=len(ops) + 1, workers=1)
    assert full.complete
    if truth is None:
        assert full.infeasible
    else:
        assert full.optimal and full.cost == truth[0]
    hint = greedy_remat(problem, capacity).plan
    few = interval_remat(problem, capacity, copies=copies, workers=1, hint=hint)
    if few.plan is not None:
        memory = _oracle_memory(ops, sizes, planned, few.plan)
        assert memory is not None and max(memory, default=0) <= capacity
        assert truth is not None and few.cost >= truth[0]
        assert all(len([t for t, o in few.plan.items() if i in o]) < copies
                   for i in range(len(ops)))
    if few.complete:
        assert (few.cost, few.infeasible) == (full.cost, full.infeasible)


def _check_versions_against_brute_force(program, fraction):
    """Checkmate's model, MOCCASIN's with a copy per stage, and the greedy's plans against
    brute force over every plan, versions played out by the oracle; the capacity between
    the greedy's lowest peak (reachable) and the peak without recomputation."""
    ops, sizes, planned = program
    problem = RematProblem(ops, sizes, planned)
    base = _oracle_memory(ops, sizes, planned, {})
    assert base == evaluate(problem, {}).memory
    low = greedy_remat(problem, 0).evaluation.peak
    capacity = low + int((max(base, default=0) - low) * (fraction - 0.3) / 0.7)
    truth = _brute_force(ops, sizes, planned, capacity)
    exact = exact_remat(problem, capacity, workers=1)
    full = interval_remat(problem, capacity, copies=len(ops) + 1, workers=1)
    assert exact.variables <= model_size(problem)
    greedy = greedy_remat(problem, capacity)
    memory = _oracle_memory(ops, sizes, planned, greedy.plan)
    assert memory is not None and memory == greedy.evaluation.memory
    assert truth is not None and max(memory, default=0) <= capacity
    assert exact.optimal and exact.cost == truth[0] <= greedy.evaluation.cost
    assert full.optimal and full.cost == truth[0]
    for plan in (exact.plan, full.plan):
        memory = _oracle_memory(ops, sizes, planned, plan)
        assert memory is not None and max(memory, default=0) <= capacity


@settings(max_examples=150, deadline=None)
@given(st.one_of(versioned_programs(), programs(max_ops=6, in_place_odds=1)),
       st.floats(0.3, 1.0))
def test_with_versions_both_models_equal_brute_force(program, fraction):
    """Programs where many ops write an input in place (relu_, +=)."""
    _check_versions_against_brute_force(program, fraction)


@settings(max_examples=30, deadline=None)
@given(clone_programs(), st.floats(0.3, 1.0))
def test_with_clones_before_in_place_writes_both_models_equal_brute_force(program, fraction):
    """A clone taken before an in-place activation: the optimum often re-runs the
    producer without its followers (about one in six of these programs)."""
    _check_versions_against_brute_force(program, fraction)


@settings(max_examples=60, deadline=None)
@given(programs(max_ops=7), st.floats(0.3, 1.0))
def test_greedy_plans_are_valid_and_never_cheaper_than_the_optimum(program, fraction):
    ops, sizes, planned = program
    problem = RematProblem(ops, sizes, planned)
    base = _oracle_memory(ops, sizes, planned, {})
    capacity = _capacity(fraction, base)
    greedy = greedy_remat(problem, capacity)
    memory = _oracle_memory(ops, sizes, planned, greedy.plan)
    assert memory is not None and memory == greedy.evaluation.memory
    assert max(memory, default=0) <= max(base, default=0)
    if max(memory, default=0) <= capacity:
        exact = exact_remat(problem, capacity, workers=1)
        assert exact.plan is not None and exact.cost <= greedy.evaluation.cost
        for t, chosen in greedy.plan.items():  # nothing it keeps could go
            for i in chosen:
                rest = {s: [j for j in o if (s, j) != (t, i)] for s, o in greedy.plan.items()}
                without = _oracle_memory(ops, sizes, planned, rest)
                assert without is None or max(without, default=0) > capacity


@settings(max_examples=80, deadline=None)
@given(programs(max_ops=7), st.randoms(use_true_random=False))
def test_the_greedy_incremental_state_matches_evaluate(program, rng):
    """Adding recomputations one stage at a time, the incrementally kept profile and
    validity are those of playing the whole plan out again."""
    from memir.planning.remat.incremental import PlanState

    ops, sizes, planned = program
    problem = RematProblem(ops, sizes, planned)
    state = PlanState(problem)
    assert state.profile.tolist() == evaluate(problem, {}).run_memory
    n = problem.num_ops
    for _ in range(4):
        if n < 2:
            return
        stage = rng.randrange(1, n)
        chosen = sorted(rng.sample(range(stage), rng.randint(1, min(3, stage))))
        plan = {t: list(o) for t, o in state.plan.items()}
        plan[stage] = sorted({*plan.get(stage, ()), *chosen})
        truth = evaluate(problem, plan)
        trial = state.trial(stage, chosen)
        assert (trial is not None) == truth.valid
        if trial is None:
            continue
        assert trial.profile.tolist() == truth.run_memory
        state.accept(trial)
        assert state.plan == {t: o for t, o in plan.items() if o}


def test_the_optimizer_step_is_recognised_and_never_recomputed():
    from memir.analysis.optimizer_step import guess_updates

    # 0 gelu(v)->s (forward)  1 add(s)->a, read by 3 (a forward layer): not an update
    # 2 sqrt(m)->r  3 mm(a, x)->y  4 div(r)->q  5 addcdiv_(w, q) writes w in place
    kinds = ["aten.gelu", "aten.add.Tensor", "aten.sqrt", "aten.mm", "aten.div.Tensor",
             "aten.addcdiv_"]
    v, m, w, x, s, a, r, y, q = range(9)
    writes = [(s,), (a,), (r,), (y,), (q,), (w,)]
    touches = [(v, s), (s, a), (m, r), (a, x, y), (r, q), (w, q)]
    assert guess_updates(kinds, writes, touches) == [False, False, True, False, True, True]
    ops = [RematOp((v,), (s,), (s,), 1), RematOp((m,), (r,), (r,), 1, update=True)]
    problem = RematProblem(ops, [0, 0, 0, 0, 4, 0, 4, 0, 0],
                           [False] * 4 + [True, False, True, False, False])
    assert problem.recomputable == [True, False]


@st.composite
def training_steps(draw):
    """Forward ops reading weights (externals), a backward pass reading the activations
    again in reverse, and each weight's update (an in-place write, flagged as the
    optimizer step) placed right after its gradient, as ``schedule`` places it."""
    layers = draw(st.integers(1, 5))
    weights = list(range(layers))
    sizes, planned = [0] * layers, [False] * layers
    ops: list[RematOp] = []

    def buffer(size=None) -> int:
        sizes.append(size if size is not None else draw(st.integers(1, 9)))
        planned.append(True)
        return len(sizes) - 1

    acts = []
    previous = None
    for w in weights:
        out = buffer()
        reads = (w,) if previous is None else (previous, w)
        ops.append(RematOp(reads, (out,), (out,), draw(st.integers(1, 9))))
        acts.append((out, reads))
        previous = out
    grad = buffer()
    ops.append(RematOp((previous,), (grad,), (grad,), 1))
    for w, (out, reads) in zip(reversed(weights), reversed(acts)):
        weight_grad = buffer(draw(st.integers(0, 3)))
        ops.append(RematOp((grad, *reads), (weight_grad,), (weight_grad,), 1))
        ops.append(RematOp((w, weight_grad), (), (w,), 1, update=True))
        new = buffer()
        ops.append(RematOp((grad, out), (new,), (new,), 1))
        grad = new
    return ops, sizes, planned


def _values(ops, order):
    """Per op (by original index): the values it reads, each op writing a hash of its
    reads (and of what it overwrites) into everything it writes."""
    content: dict[int, object] = {}
    seen = {}
    for j in order:
        op = ops[j]
        read = tuple(content.get(b, ("arg", b)) for b in op.reads)
        seen[j] = read
        for b in op.writes:
            content[b] = hash((j, read, content.get(b)))
    return seen


@settings(max_examples=150, deadline=None)
@given(training_steps())
def test_deferred_updates_keep_every_value(program):
    from memir.planning.remat.deferred_updates import deferrals
    from memir.planning.remat.moves import deferred_order

    ops, sizes, planned = program
    problem = RematProblem(ops, sizes, planned)
    after = deferrals(problem)
    order = deferred_order(len(ops), after)
    assert sorted(order) == list(range(len(ops)))
    assert _values(ops, order) == _values(ops, range(len(ops)))
    for anchor, moved in after.items():
        assert all(ops[u].update and u < anchor for u in moved)


def test_a_layer_norm_update_is_deferred_past_the_late_read_of_its_output():
    from memir.planning.remat.deferred_updates import deferrals
    from memir.planning.remat.moves import deferred_order

    # 0 ln(x, w) -> a (8)   1 mm(a) -> c   2 loss(c) -> d   3 ln_bwd(d, w) -> g (1)
    # 4 update w with g     5 big(d) -> e (4)   6 mm(e, a) -> f
    x, w, a, c, d, g, e, f = range(8)
    ops = [RematOp((x, w), (a,), (a,), 2), RematOp((a,), (c,), (c,), 50),
           RematOp((c,), (d,), (d,), 1), RematOp((d, x, w), (g,), (g,), 1),
           RematOp((w, g), (), (w,), 1, update=True), RematOp((d,), (e,), (e,), 99),
           RematOp((e, a), (f,), (f,), 50)]
    problem = RematProblem(ops, [0, 0, 8, 2, 4, 1, 4, 2], [False, False] + [True] * 6)
    assert not problem.can_recompute(0, 6)  # the update changed w before stage 6
    assert deferrals(problem) == {6: [4]}
    moved = RematProblem([ops[j] for j in deferred_order(7, {6: [4]})], problem.sizes,
                         problem.planned)
    assert moved.can_recompute(0, 5)
    assert evaluate(problem, {}).peak == 16
    greedy = greedy_remat(moved, 15)  # a made again before the mm; g held 2 stages longer
    assert greedy.plan == {5: [0]} and greedy.evaluation.peak == 15


def _three_layer_updates():
    """Three weights, each read by a forward op whose output (3 bytes) the end reads again;
    each weight's update reads a ``div`` (2 bytes, made by the optimizer step, so a single
    copy) and overwrites the weight before that late read."""
    x, w1, w2, w3 = range(4)
    a, loss, g, d, o = [4, 5, 6], 7, [8, 9, 10], [11, 12, 13], [14, 15, 16]
    ops = [RematOp((x, w), (a[k],), (a[k],), 5) for k, w in enumerate((w1, w2, w3))]
    ops.append(RematOp(tuple(a), (loss,), (loss,), 1))
    for k, w in enumerate((w1, w2, w3)):
        ops += [RematOp((loss, x), (g[k],), (g[k],), 1),
                RematOp((g[k],), (d[k],), (d[k],), 1, update=True),
                RematOp((w, d[k]), (), (w,), 1, update=True)]
    ops += [RematOp((a[k], loss), (o[k],), (o[k],), 1) for k in range(3)]
    sizes = [0] * 4 + [3, 3, 3, 1] + [2] * 6 + [1] * 3
    return ops, RematProblem(ops, sizes, [False] * 4 + [True] * 13)


def test_updates_deferred_keep_the_program_floor():
    """Each weight's update, run before the late reads, bars its weight's output from
    being made again there (``peak_floor.peak_floor`` holds those outputs: 13 in the program's
    order). All three deferred, the outputs are made again and the divs are held instead:
    the floor drops to 11, and no original op sees another value."""
    from memir.planning.remat.peak_floor import peak_floor
    from memir.planning.remat.deferred_updates import deferrals
    from memir.planning.remat.moves import deferred_order

    ops, problem = _three_layer_updates()
    assert peak_floor(problem).bytes == 13
    after = deferrals(problem)
    assert after == {15: [6, 9, 12]}
    order = deferred_order(len(ops), after)
    moved = RematProblem([ops[j] for j in order], problem.sizes, problem.planned)
    assert peak_floor(moved).bytes == 11
    assert all(moved.can_recompute(k, order.index(13)) for k in range(3))
    assert _values(ops, order) == _values(ops, range(len(ops)))


def test_updates_that_release_nothing_stay():
    """The weight's output is read late, but it is made from a random value that is not
    held: the update, deferred, would release nothing, so it stays where it is (judged
    alone, the 3 bytes its reader makes outweighed the 2-byte div and it moved)."""
    from memir.planning.remat.deferred_updates import deferrals

    w, r, a, loss, g, d, o = range(7)
    ops = [RematOp((), (r,), (r,), 1, pure=False), RematOp((r, w), (a,), (a,), 5),
           RematOp((a,), (loss,), (loss,), 1), RematOp((loss,), (g,), (g,), 1),
           RematOp((g,), (d,), (d,), 1, update=True),
           RematOp((w, d), (), (w,), 1, update=True), RematOp((a, loss), (o,), (o,), 1)]
    problem = RematProblem(ops, [0, 4, 3, 1, 2, 2, 1], [False] + [True] * 6)
    assert not problem.can_recompute(1, 6)
    assert deferrals(problem) == {}


@settings(max_examples=150, deadline=None)
@given(training_steps(), st.booleans())
def test_hoisted_weight_gradients_keep_every_value(program, late):
    """``deferred_updates.hoists`` moves weight gradients (with their updates) earlier and keeps
    every value, on training steps as built and with every weight gradient and update
    moved to the end (as ``schedule`` may place them)."""
    from memir.planning.remat.deferred_updates import hoists
    from memir.planning.remat.moves import deferred_order

    ops, sizes, planned = program
    if late:
        tail = [j for j, op in enumerate(ops)
                if op.update or any(ops[k].update for k in range(j + 1, min(j + 2, len(ops))))]
        ops = [op for j, op in enumerate(ops) if j not in tail] + [ops[j] for j in tail]
    problem = RematProblem(ops, sizes, planned)
    after = hoists(problem)
    order = deferred_order(len(ops), after)
    assert sorted(order) == list(range(len(ops)))
    assert _values(ops, order) == _values(ops, range(len(ops)))
    position = {j: k for k, j in enumerate(order)}
    for anchor, moved in after.items():
        assert any(ops[u].update for u in moved)
        assert all(anchor < position[u] <= u for u in moved)
    if late and len(tail) > 2:
        assert after  # the weight gradients at the end come back


def _valid_plans(ops, sizes, planned, limit=60):
    """The first ``limit`` non-empty plans the oracle finds valid, fewest recomputations
    first."""
    checked = 0
    for _cost, plan in _every_plan(ops, planned):
        if checked == limit:
            return
        if plan and _oracle_memory(ops, sizes, planned, plan) is not None:
            checked += 1
            yield plan


def _oracle_servers(ops, planned, plan, removed=frozenset()) -> set[int]:
    """The positions (in ``_oracle_schedule``) of the runs whose copies some read uses,
    reads by the runs at ``removed`` aside: each read or in-place write of a planned
    buffer uses the latest copy made before it."""
    latest: dict[int, int] = {}
    servers = set()
    for pos, (_t, i) in enumerate(_oracle_schedule(len(ops), plan)):
        op = ops[i]
        for b in set(op.reads) | (set(op.writes) - set(op.produces)):
            if planned[b] and b in latest and pos not in removed:
                servers.add(latest[b])
        for b in op.produces:
            if planned[b]:
                latest[b] = pos
    return servers


@settings(max_examples=150, deadline=None)
@given(st.one_of(programs(max_ops=5), clone_programs()))
def test_moved_originals_are_exactly_the_unread_first_runs(program):
    """An op whose recomputations serve every later read leaves its first run unread: the
    rewrite removes it and the plan's net cost drops by its cost. Checked against the
    oracle's own serving over every valid plan (up to 60): a moved op's first run serves
    no read but those of other moved first runs, and an op that may move (recomputed,
    planned products that no later op writes in place) and whose first run serves no read
    is moved; the net cost leaves out exactly the moved ops."""
    ops, sizes, planned = program
    problem = RematProblem(ops, sizes, planned)
    n = len(ops)
    for plan in _valid_plans(ops, sizes, planned):
        ev = evaluate(problem, plan)
        schedule = _oracle_schedule(n, plan)
        first = {i: schedule.index((i, i)) for i in range(n)}
        servers = _oracle_servers(ops, planned, plan)
        removed = frozenset(first[i] for i in ev.moved)
        remaining = _oracle_servers(ops, planned, plan, removed)
        recomputed = {i for ops_t in plan.values() for i in ops_t}
        for i in ev.moved:
            assert i in recomputed and first[i] not in remaining
        for i in recomputed:
            products = ops[i].produces
            may_move = (products and all(planned[b] for b in products)
                        and not any(b in ops[j].writes for j in range(i + 1, n)
                                    for b in products))
            if may_move and first[i] not in servers:
                assert i in ev.moved
        assert ev.net_cost == ev.cost - sum(ops[i].cost or 0 for i in ev.moved)


@settings(max_examples=150, deadline=None)
@given(st.one_of(programs(max_ops=5), clone_programs()))
def test_without_unread_drops_exactly_the_recomputations_nothing_reads(program):
    """Over every valid plan (up to 60), checked with the oracle's own serving: a
    recomputation of an op that neither follows nor leads goes exactly when no read of a
    run that stays uses its copies; what stays is valid, costs the dropped runs less,
    peaks no higher, and serves the reads the dropped runs did not make as before."""
    from memir.planning.remat.stage_model import without_unread

    ops, sizes, planned = program
    problem = RematProblem(ops, sizes, planned)
    n = len(ops)
    for plan in _valid_plans(ops, sizes, planned):
        ev = evaluate(problem, plan)
        kept, after = without_unread(problem, plan, ev)
        schedule = _oracle_schedule(n, plan)
        gone = [pos for pos, (t, i) in enumerate(schedule)
                if t != i and i not in kept.get(t, ())]
        remaining = _oracle_servers(ops, planned, plan, frozenset(gone))
        for pos in gone:
            t, i = schedule[pos]
            assert problem.leader[i] is None and not problem.followers[i]
            assert pos not in remaining
        for pos, (t, i) in enumerate(schedule):
            if t != i and pos not in gone and problem.leader[i] is None \
                    and not problem.followers[i] and any(planned[b] for b in ops[i].produces):
                assert pos in remaining  # a recomputation that stays serves a read
        assert after.valid
        assert _oracle_memory(ops, sizes, planned, kept) is not None
        assert after.peak <= ev.peak
        assert after.cost == ev.cost - sum(ops[schedule[pos][1]].cost for pos in gone)
        assert after.net_cost <= ev.net_cost


def test_without_unread_drops_a_chain_made_after_its_last_reader():
    """a -> b -> c, then two ops that read neither: a plan re-running a and b at the
    last stage serves no read (c read b before), so both go; a and b re-run before c
    stay, the copies c reads."""
    from memir.planning.remat.stage_model import without_unread

    ops = [RematOp((), (0,), (0,), 1), RematOp((0,), (1,), (1,), 2),
           RematOp((1,), (2,), (2,), 3), RematOp((2,), (3,), (3,), 1),
           RematOp((3,), (4,), (4,), 1)]
    problem = RematProblem(ops, [4, 4, 4, 4, 4])
    for plan, kept in (({4: [0, 1]}, {}), ({2: [0, 1], 4: [0, 1]}, {2: [0, 1]})):
        ev = evaluate(problem, plan)
        assert ev.valid
        found, after = without_unread(problem, plan, ev)
        assert found == kept
        assert after.cost == ev.cost - 3
        assert after.peak <= ev.peak
