"""memir.analysis.liveness against a brute-force oracle that runs the program.

The oracle shares no code with the analysis: it interprets a random structured program in
every way it can run (each ``branch`` op takes either region, each ``loop`` runs its body 0,
1 or 2 times), tracks which allocation instances each value may point to, and records the
steps at which each instance's bytes are accessed. An instance is live from its first to
its last access. A plan is unsafe if a planned alloc's instance escapes, if two instances
of one planned alloc are live at once, or if instances of two planned allocs whose
intervals the analysis says are disjoint are live at once.
"""

from __future__ import annotations

import itertools

from hypothesis import given, settings
from hypothesis import strategies as st

from memir.analysis.liveness import Block, Function, Op, Region, analyze


# ----------------------------------------------------------------------------- the oracle


def _run(fn: Function, choose) -> tuple[dict, set]:
    """One execution: {instance: (first access, last access)}, escaped instances."""
    env: dict[int, frozenset] = {}
    spans: dict[tuple[int, int], list[int]] = {}
    escaped: set = set()
    clock = itertools.count()
    serial = itertools.count()

    def touch(values, t):
        for v in values:
            for inst in env.get(v, ()):
                span = spans.setdefault(inst, [t, t])
                span[1] = t

    def points(values):
        out: frozenset = frozenset()
        for v in values:
            if v is not None:
                out |= env.get(v, frozenset())
        return out

    def block(b: Block):
        for op in b.ops:
            execute(op)

    def execute(op: Op):
        t = next(clock)
        if op.kind == "alloc":
            env[op.results[0]] = frozenset({(op.results[0], next(serial))})
        touch(op.uses, t)
        for value, _ in op.escapes:
            escaped.update(env.get(value, ()))
        for result in op.results:  # views, selects, calls: may point where operands do
            if result is not None and op.kind != "alloc" and op.kind not in ("branch", "loop"):
                env[result] = points(s for r, s in op.aliases if r == result)
        if op.kind == "branch":
            region = op.regions[choose(len(op.regions))]
            taken = region.blocks[0]
            block(taken)
            for result, value in zip(op.results, taken.yields):
                if result is not None:
                    env[result] = points([value])
        elif op.kind == "loop":
            body = op.regions[0].blocks[0]
            carried = [points([v]) for v in op.inits]
            for _ in range(choose(3)):
                for arg, now in zip(body.args, carried):
                    if arg is not None:
                        env[arg] = now
                block(body)
                carried = [points([v]) for v in body.yields]
            for result, now in zip(op.results, carried):
                if result is not None:
                    env[result] = now

    block(fn.body.blocks[0])
    return {i: tuple(s) for i, s in spans.items()}, escaped


def executions(fn: Function, cap: int = 3000):
    """Every execution (up to ``cap``), by depth-first search over the choices."""
    pending: list[list[int]] = [[]]
    done = 0
    while pending and done < cap:
        prefix = pending.pop()
        taken: list[int] = []
        arities: list[int] = []

        def choose(k: int) -> int:
            i = len(taken)
            c = prefix[i] if i < len(prefix) else 0
            taken.append(c)
            arities.append(k)
            return c

        yield _run(fn, choose)
        done += 1
        for i in range(len(prefix), len(taken)):
            for c in range(1, arities[i]):
                pending.append(taken[:i] + [c])


def violations(fn: Function, intervals: dict[int, tuple[int, int]]) -> list[str]:
    """What goes wrong in some execution if ``intervals`` (the planned allocs) were packed
    so that allocs with disjoint intervals share bytes."""
    found = []
    for spans, escaped in executions(fn):
        for inst in escaped:
            if inst[0] in intervals:
                found.append(f"planned alloc {inst[0]} escapes")
        live = sorted((s, e, inst) for inst, (s, e) in spans.items() if inst[0] in intervals)
        for (s1, e1, a), (s2, e2, b) in itertools.combinations(live, 2):
            if s2 > e1:
                continue  # sorted by start: b starts after a ends
            if a[0] == b[0]:
                found.append(f"two instances of alloc {a[0]} are live together")
                continue
            (l1, u1), (l2, u2) = intervals[a[0]], intervals[b[0]]
            if u1 <= l2 or u2 <= l1:
                found.append(f"allocs {a[0]} and {b[0]} are live together, planned apart")
        if found:
            return found
    return found


# ----------------------------------------------------------------------------- programs


class _Builder:
    def __init__(self, draw):
        self.draw = draw
        self.next_value = 0

    def new(self) -> int:
        self.next_value += 1
        return self.next_value - 1

    def pick(self, env: list[int], most: int = 2) -> tuple[int, ...]:
        if not env:
            return ()
        n = self.draw(st.integers(1, most))
        return tuple(self.draw(st.sampled_from(env)) for _ in range(n))

    def local(self, inner: list[int], outer: list[int]) -> list[int]:
        """What a region yields: mostly its own values (the interesting case)."""
        own = inner[len(outer):]
        return own if own and self.draw(st.booleans()) else inner

    def block(self, env: list[int], depth: int, args=()) -> tuple[Block, list[int]]:
        env = list(env) + [a for a in args if a is not None]
        ops = []
        for _ in range(self.draw(st.integers(1, 5))):
            kinds = ["alloc"] * 3 + ["use"] * 3 + ["view", "select", "call", "free", "escape"]
            if depth < 2:
                kinds += ["branch", "loop", "loop"]
            kind = self.draw(st.sampled_from(kinds))
            op = self.op(kind, env, depth)
            if op is not None:
                ops.append(op)
                env += [r for r in op.results if r is not None]
        return Block(tuple(args), tuple(ops)), env

    def op(self, kind: str, env: list[int], depth: int) -> Op | None:
        if kind == "alloc":
            return Op("alloc", "alloc", (self.new(),))
        if not env:
            return None
        if kind == "use":
            return Op("use", uses=self.pick(env, 3))
        if kind in ("view", "select", "call"):
            sources = self.pick(env, 1 if kind == "view" else 2)
            v = self.new()
            return Op(kind, results=(v,), uses=sources if kind == "call" else (),
                      aliases=tuple((v, s) for s in sources), fresh=kind == "call")
        if kind == "free":
            return Op("free", frees=self.pick(env, 1))
        if kind == "escape":
            return Op("escape", escapes=((self.pick(env, 1)[0], "escapes"),))
        n = self.draw(st.integers(0, 2))
        if kind == "branch":
            regions = []
            for _ in range(2):
                body, inner = self.block(env, depth + 1)
                yields = tuple(self.draw(st.sampled_from(self.local(inner, env)))
                               for _ in range(n))
                regions.append(Region((Block(body.args, body.ops, yields),)))
            return Op("branch", "branch", tuple(self.new() for _ in range(n)),
                      regions=tuple(regions))
        inits = tuple(self.draw(st.sampled_from(env)) for _ in range(n))
        args = tuple(self.new() for _ in range(n))
        body, inner = self.block(env, depth + 1, args)
        yields = tuple(self.draw(st.sampled_from(self.local(inner, env))) for _ in range(n))
        return Op("loop", "loop", tuple(self.new() for _ in range(n)), uses=inits,
                  inits=inits, regions=(Region((Block(args, body.ops, yields),)),))


@st.composite
def programs(draw) -> Function:
    builder = _Builder(draw)
    arg = builder.new()
    body, _ = builder.block([arg], 0, (arg,))
    return Function("f", (arg,), Region((body,)))


# ----------------------------------------------------------------------------- tests


@settings(max_examples=300, deadline=None)
@given(programs())
def test_no_two_allocs_planned_apart_are_ever_live_together(fn):
    live = analyze(fn)
    assert violations(fn, live.intervals) == []


@settings(max_examples=200, deadline=None)
@given(programs())
def test_every_alloc_gets_an_interval_or_a_reason(fn):
    live = analyze(fn)
    allocs = {op.results[0] for op in _walk(fn.body) if op.kind == "alloc"}
    assert set(live.intervals) | set(live.reasons) == allocs
    assert not set(live.intervals) & set(live.reasons)
    for lo, hi in live.intervals.values():
        assert 0 <= lo < hi <= live.steps


def _walk(region: Region):
    for block in region.blocks:
        for op in block.ops:
            yield op
            for inner in op.regions:
                yield from _walk(inner)


# A buffer used in a loop, and a temporary allocated in the loop after that use.
_ACC, _TMP, _X = 1, 2, 0
_LOOP_PROGRAM = Function("f", (_X,), Region((Block((_X,), (
    Op("alloc", "alloc", (_ACC,)),
    Op("use", uses=(_ACC,)),
    Op("for", "loop", regions=(Region((Block((), (
        Op("use", uses=(_ACC,)),
        Op("alloc", "alloc", (_TMP,)),
        Op("use", uses=(_TMP,)),
    )),)),)),
)),)))


def test_the_oracle_sees_a_buffer_reused_across_loop_iterations():
    """The check can fail: a plan that ends %acc at its last use inside the loop body (not
    at the loop's end) lets %tmp take its bytes, and the second iteration reads %acc."""
    wrong = {_ACC: (1, 3), _TMP: (3, 5)}
    assert any("planned apart" in v for v in violations(_LOOP_PROGRAM, wrong))
    live = analyze(_LOOP_PROGRAM)
    assert live.intervals[_ACC] == (1, 5) and live.intervals[_TMP] == (4, 5)
    assert violations(_LOOP_PROGRAM, live.intervals) == []


def test_the_oracle_sees_an_instance_carried_into_the_next_iteration():
    """An alloc yielded into the loop's iteration argument has two instances live at once."""
    carried = Function("f", (0,), Region((Block((0,), (
        Op("for", "loop", results=(3,), uses=(0,), inits=(0,), regions=(Region((Block((1,), (
            Op("alloc", "alloc", (2,)),
            Op("use", uses=(2,)),
            Op("use", uses=(1,)),
        ), (2,)),)),)),
    )),)))
    assert any("two instances" in v for v in violations(carried, {2: (1, 3)}))
    assert "carried out of an iteration" in analyze(carried).reasons[2]


def test_concurrent_regions_and_several_blocks_are_not_planned():
    fn = Function("f", (), Region((Block((), (
        Op("scf.forall", "parallel", regions=(Region((Block((), (
            Op("alloc", "alloc", (0,)), Op("use", uses=(0,)))),)),)),
        Op("scf.execute_region", "branch", regions=(Region((
            Block((), (Op("alloc", "alloc", (1,)),)), Block())),)),
    )),)))
    reasons = analyze(fn).reasons
    assert "may run concurrently" in reasons[0] and "several blocks" in reasons[1]


def test_points_to_separates_planned_memory_from_other_memory():
    fn = Function("f", (0,), Region((Block((0,), (
        Op("alloc", "alloc", (1,)),
        Op("view", results=(2,), aliases=((2, 1),)),
        Op("call", results=(3,), uses=(2,), aliases=((3, 2),), fresh=True),
        Op("select", results=(4,), aliases=((4, 1), (4, 0))),
    )),)))
    live = analyze(fn)
    assert live.points_to(2) == (frozenset({1}), False)
    assert live.points_to(3) == (frozenset({1}), True)
    assert live.points_to(4) == (frozenset({1}), True)
