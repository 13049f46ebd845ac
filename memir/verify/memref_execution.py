"""check-execution for upstream memref programs: run the planned program on a shadow memory.

Why: memref-to-memir decides lifetimes by its own liveness and alias analysis; if that
analysis is wrong, the planner and verify-layout agree with it and the plan is still
wrong. This checker imports nothing from memir.analysis or memir.planning: it runs the
program as it stands -- buffers at their offsets in their arenas -- and watches the bytes.

A shadow map per memory object records which buffer last wrote each byte; a read through a
value reports the first buffer whose bytes another buffer wrote since it wrote them (a read
before a buffer's first write, an ``outs`` not yet filled, reads nothing of its own).
Executions: loops with a constant trip count run min(n, 3) times, others zero to two
times; a branch on a constant runs its side, others either side. Execution 0 takes two
iterations and the first side everywhere; the rest draw from ``random.Random(seed)``.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

MAX_CONSTANT_TRIPS = 3


# Plain data, filled by passes/check_execution.py from the IR; values are integers. Each
# execution of a buffer-creating node (an alloc, or a view at a constant byte offset in an
# arena) is a buffer: bytes [lo, hi) of a memory object (an unplanned alloc, an arena, an
# argument). Other nodes with memory results point where their ``sources`` point (views,
# casts, selects, calls; unknown ops: every memory operand). Destination-style ops read their
# ins and read and write their outs; unknown ops read and write every memory operand.
@dataclass(frozen=True)
class Node:
    label: str  # for messages: the op's name and position
    kind: str = "op"  # op, alloc, view, for, if, while, other
    results: tuple[int | None, ...] = ()
    sources: tuple[int, ...] = ()  # memory the results may point into (kind op)
    fresh: bool = False  # results may also point to memory of their own
    reads: tuple[int, ...] = ()
    writes: tuple[int, ...] = ()
    size: int = 0  # alloc / view: bytes
    arena: int | None = None  # alloc placed in an arena: the arena's object key
    offset: int | None = None  # alloc in an arena / view: byte offset (view: into source)
    trips: int | None = None  # for: a constant trip count
    branch: int | None = None  # if: a constant side (0 then, 1 else)
    inits: tuple[int | None, ...] = ()
    bodies: tuple[Body, ...] = ()


@dataclass(frozen=True)
class Body:
    args: tuple[int | None, ...] = ()
    nodes: tuple[Node, ...] = ()
    yields: tuple[int | None, ...] = ()


@dataclass(frozen=True)
class Conflict:
    node: Node
    message: str


class _Clobbered(Exception):
    def __init__(self, conflict: Conflict):
        super().__init__(conflict.message)
        self.conflict = conflict


@dataclass(frozen=True)
class _Buffer:
    key: int
    name: str
    object: object
    lo: int
    hi: int


@dataclass
class _Run:
    choose: object
    env: dict[int, frozenset[_Buffer]] = field(default_factory=dict)
    shadow: dict[object, list[tuple[int, int, int]]] = field(default_factory=dict)
    wrote: set[int] = field(default_factory=set)  # buffers that have written their bytes
    serial: int = 0

    def fresh(self, name: str, obj: object, lo: int, hi: int) -> _Buffer:
        self.serial += 1
        return _Buffer(self.serial, name, obj, lo, hi)

    def points(self, values) -> frozenset[_Buffer]:
        out: frozenset[_Buffer] = frozenset()
        for v in values:
            if v is not None:
                out |= self.env.get(v, frozenset())
        return out

    def write(self, buf: _Buffer) -> None:
        segments = self.shadow.setdefault(buf.object, [])
        kept = []
        for lo, hi, owner in segments:
            if hi <= buf.lo or lo >= buf.hi:
                kept.append((lo, hi, owner))
                continue
            if lo < buf.lo:
                kept.append((lo, buf.lo, owner))
            if hi > buf.hi:
                kept.append((buf.hi, hi, owner))
        kept.append((buf.lo, buf.hi, buf.key))
        self.shadow[buf.object] = kept
        self.wrote.add(buf.key)

    def read(self, buf: _Buffer, node: Node, names: dict[int, str]) -> None:
        if buf.key not in self.wrote:
            return  # nothing of its own to read yet (as in the unplanned program)
        for lo, hi, owner in self.shadow.get(buf.object, ()):
            if owner != buf.key and lo < buf.hi and hi > buf.lo:
                other = names.get(owner, "another buffer")
                raise _Clobbered(Conflict(node, (
                    f"{node.label} reads {buf.name}, but {other} wrote bytes "
                    f"[{max(lo, buf.lo)}, {min(hi, buf.hi)}) of its memory after it did: "
                    "two buffers live at once share bytes")))


def _execute(nodes, run: _Run, names: dict[int, str]) -> None:
    for node in nodes:
        _node(node, run, names)


def _node(node: Node, run: _Run, names: dict[int, str]) -> None:
    if node.kind == "alloc":
        obj = ("arena", node.arena) if node.arena is not None else ("alloc", run.serial + 1)
        lo = node.offset or 0
        buf = run.fresh(node.label, obj, lo, lo + node.size)
        names[buf.key] = node.label
        run.env[node.results[0]] = frozenset({buf})
        return
    if node.kind == "view":
        made = set()
        for base in run.points(node.sources):
            lo = base.lo + (node.offset or 0)
            hi = min(base.hi, lo + node.size) if node.offset is not None else base.hi
            lo = lo if node.offset is not None else base.lo
            buf = run.fresh(node.label, base.object, lo, hi)
            names[buf.key] = node.label
            made.add(buf)
        run.env[node.results[0]] = frozenset(made)
        return
    for value in node.reads:
        for buf in run.points([value]):
            run.read(buf, node, names)
    for value in node.writes:
        for buf in run.points([value]):
            run.write(buf)
    if node.kind == "op":
        pointed = run.points(node.sources)
        for result in node.results:
            if result is not None:
                own = run.fresh(node.label, ("result", run.serial + 1), 0, 0) \
                    if node.fresh else None
                run.env[result] = pointed | ({own} if own else set())
        return
    if node.kind == "if":
        side = node.branch if node.branch is not None else run.choose(len(node.bodies))
        if side < len(node.bodies):
            body = node.bodies[side]
            _execute(body.nodes, run, names)
            _bind(run, node.results, [run.points([v]) for v in body.yields])
        return
    if node.kind == "for":
        body = node.bodies[0]
        trips = min(node.trips, MAX_CONSTANT_TRIPS) if node.trips is not None \
            else run.choose(3)
        carried = [run.points([v]) for v in node.inits]
        for _ in range(trips):
            _bind(run, body.args, carried)
            _execute(body.nodes, run, names)
            carried = [run.points([v]) for v in body.yields]
        _bind(run, node.results, carried)
        return
    if node.kind == "while":
        before, after = node.bodies
        carried = [run.points([v]) for v in node.inits]
        rounds = run.choose(3)
        for k in range(rounds + 1):
            _bind(run, before.args, carried)
            _execute(before.nodes, run, names)
            passed = [run.points([v]) for v in before.yields]
            if k == rounds:
                _bind(run, node.results, passed)
                return
            _bind(run, after.args, passed)
            _execute(after.nodes, run, names)
            carried = [run.points([v]) for v in after.yields]
        return
    # any other op with regions: each region twice; results may point to its operands
    operands = run.points(node.sources)
    for body in node.bodies:
        for _ in range(2):
            _bind(run, body.args, [operands] * len(body.args))
            _execute(body.nodes, run, names)
    for result in node.results:
        if result is not None:
            run.env[result] = operands


def _bind(run: _Run, values, pointed) -> None:
    for value, now in zip(values, pointed):
        if value is not None:
            run.env[value] = now


def check_function(args: tuple[int, ...], nodes: tuple[Node, ...], executions: int = 16, seed: int = 0) -> Conflict | None:
    """The first conflict in ``executions`` runs of a function, or None."""
    rng = random.Random(seed)
    for k in range(executions):
        first = k == 0

        def choose(n: int, first=first) -> int:
            if first:
                return min(2, n - 1) if n == 3 else 0
            return rng.randrange(n)

        run = _Run(choose)
        for a in args:
            run.env[a] = frozenset({run.fresh(f"argument {a}", ("argument", a), 0, 1 << 62)})
        try:
            _execute(nodes, run, {})
        except _Clobbered as found:
            return found.conflict
    return None
