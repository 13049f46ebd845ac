"""Live intervals of the allocations of a structured program, from SSA liveness and aliasing.

Why: an upstream MLIR program frees its buffers where its deallocation pipeline decided
(or not at all, before that pipeline runs); the bytes a buffer needs are decided by where
its value and every value that may point into it are used. This module computes that on
plain data (no xDSL): ``passes/support/upstream_program.py`` reads an xDSL module into it.

An alloc and every value that may point into it (the closure of the alias edges) are its
*aliases*; it lives ``[first, last + 1)`` over the steps (ops in walk order) of their uses,
where a use inside a region that may run it again (a loop, a concurrent region, a region of
several blocks) counts as that region op's whole span. An alloc is not plannable (a reason
says why) if an alias escapes, if it sits in a concurrent or multi-block region, or if an
alias is carried out of a repeating region holding it (two instances could be live at once).
"""

from __future__ import annotations

from dataclasses import dataclass, field

REPEATING = frozenset({"loop", "parallel", "cfg"})


@dataclass(frozen=True)
class Block:
    args: tuple[int | None, ...] = ()  # positional; None where the argument is no memory value
    ops: tuple[Op, ...] = ()
    yields: tuple[int | None, ...] = ()  # the terminator's operands, positional


@dataclass(frozen=True)
class Region:
    blocks: tuple[Block, ...] = ()


# Values are integers; only memory values appear. ``uses``: values whose bytes the op may
# access; ``frees`` are not uses; ``aliases``: (value, source), value may point into source.
# Region kinds: ``branch`` (at most one region runs; result i aliases every region's yield i),
# ``loop`` (scf.for: block argument i and result i alias ``inits[i]`` and the yield i),
# ``while`` (first region's arguments alias ``inits`` and the second's yields; the second's
# arguments and the results alias scf.condition's values), ``parallel`` (may run
# concurrently; explicit aliases only; also any other op with regions).
@dataclass(frozen=True)
class Op:
    name: str
    kind: str = "op"  # "op", "alloc", or a region kind: branch, loop, while, parallel
    results: tuple[int | None, ...] = ()
    uses: tuple[int, ...] = ()
    frees: tuple[int, ...] = ()
    aliases: tuple[tuple[int, int], ...] = ()
    escapes: tuple[tuple[int, str], ...] = ()
    inits: tuple[int | None, ...] = ()
    regions: tuple[Region, ...] = ()
    fresh: bool = False  # results may point to memory none of its operands hold


@dataclass(frozen=True)
class Function:
    name: str
    args: tuple[int, ...]
    body: Region


@dataclass(eq=False)
class _Scope:
    """A region on the path from the function to an op; ``span``: its op's whole span."""

    kind: str  # once, loop, parallel, cfg
    owner: str
    span: tuple[int, int] = (0, 0)


@dataclass
class Liveness:
    """Per alloc (by its value): an interval ``[lo, hi)`` or the reason it is not plannable."""

    intervals: dict[int, tuple[int, int]] = field(default_factory=dict)
    reasons: dict[int, str] = field(default_factory=dict)
    steps: int = 0
    sources: dict[int, frozenset[int]] = field(default_factory=dict)
    foreign: set[int] = field(default_factory=set)

    def points_to(self, value: int) -> tuple[frozenset[int], bool]:
        """(allocs ``value`` may point into, whether it may point to other memory)."""
        return self.sources.get(value, frozenset()), value in self.foreign


class _Walk:
    def __init__(self) -> None:
        self.defined: dict[int, tuple[_Scope, ...]] = {}
        self.def_op: dict[int, str] = {}
        self.alloc_step: dict[int, int] = {}
        self.uses: dict[int, list[tuple[int, tuple[_Scope, ...]]]] = {}
        self.derived: dict[int, list[int]] = {}
        self.escapes: dict[int, str] = {}
        self.roots: list[int] = []

    def edge(self, value: int | None, source: int | None) -> None:
        if value is not None and source is not None:
            self.derived.setdefault(source, []).append(value)

    def define(self, value: int | None, chain: tuple[_Scope, ...], op: str) -> None:
        if value is not None:
            self.defined[value] = chain
            self.def_op[value] = op

    def block(self, block: Block, t: int, chain: tuple[_Scope, ...]) -> int:
        for op in block.ops:
            t = self.op(op, t, chain)
        return t

    def op(self, op: Op, t: int, chain: tuple[_Scope, ...]) -> int:
        end, scopes = t, []
        for region in op.regions:
            scope = _Scope(_scope_kind(op.kind, region), op.name)
            scopes.append(scope)
            for block in region.blocks:
                for arg in block.args:  # received from outside the region
                    self.define(arg, chain, op.name)
                end = self.block(block, end, chain + (scope,))
        end = max(end, t + 1)
        for scope in scopes:  # a repeating region may run again after any of its siblings
            scope.span = (t, end)
        for value in op.results:
            self.define(value, chain, op.name)
        if op.kind == "alloc":
            self.alloc_step[op.results[0]] = t
        if op.fresh:
            self.roots.extend(v for v in op.results if v is not None)
        for value in op.uses:
            self.uses.setdefault(value, []).append((t, chain))
        for value, source in op.aliases:
            self.edge(value, source)
        for value, why in op.escapes:
            self.escapes.setdefault(value, why)
        self._structured(op)
        return end

    def _structured(self, op: Op) -> None:
        blocks = [r.blocks[0] if r.blocks else Block() for r in op.regions]
        if op.kind == "branch":
            for block in blocks:
                for result, value in zip(op.results, block.yields):
                    self.edge(result, value)
        elif op.kind == "loop" and blocks:
            body = blocks[0]
            for i, arg in enumerate(body.args):
                self.edge(arg, _at(op.inits, i))
                self.edge(arg, _at(body.yields, i))
            for i, result in enumerate(op.results):
                self.edge(result, _at(op.inits, i))
                self.edge(result, _at(body.yields, i))
        elif op.kind == "while" and len(blocks) == 2:
            before, after = blocks
            for i, arg in enumerate(before.args):
                self.edge(arg, _at(op.inits, i))
                self.edge(arg, _at(after.yields, i))
            for i, value in enumerate(before.yields):
                self.edge(_at(after.args, i), value)
                self.edge(_at(op.results, i), value)


def _at(values: tuple[int | None, ...], i: int) -> int | None:
    return values[i] if i < len(values) else None


def _scope_kind(op_kind: str, region: Region) -> str:
    if len(region.blocks) > 1:
        return "cfg"
    if op_kind in ("loop", "while"):
        return "loop"
    if op_kind == "branch":
        return "once"
    return "parallel"


def _closure(start: int, derived: dict[int, list[int]]) -> list[int]:
    seen, pending = {start}, [start]
    while pending:
        for nxt in derived.get(pending.pop(), ()):
            if nxt not in seen:
                seen.add(nxt)
                pending.append(nxt)
    return list(seen)


def analyze(fn: Function) -> Liveness:
    """Intervals of ``fn``'s allocs on the function's own timeline (steps from 0)."""
    walk = _Walk()
    body_scope = _Scope("cfg" if len(fn.body.blocks) > 1 else "once", fn.name)
    chain = (body_scope,)
    t = 0
    for block in fn.body.blocks:
        for arg in block.args:
            walk.define(arg, (), "func.func")
        t = walk.block(block, t, chain)
    body_scope.span = (0, max(t, 1))
    walk.roots.extend(fn.args)
    for block in fn.body.blocks:
        walk.roots.extend(a for a in block.args if a is not None)
    result = Liveness(steps=max(t, 1))
    sources: dict[int, set[int]] = {}
    for alloc, step in walk.alloc_step.items():
        aliases = _closure(alloc, walk.derived)
        for value in aliases:
            sources.setdefault(value, set()).add(alloc)
        why = _reason(alloc, aliases, walk)
        if why:
            result.reasons[alloc] = why
        else:
            result.intervals[alloc] = _interval(alloc, step, aliases, walk)
    result.sources = {v: frozenset(s) for v, s in sources.items()}
    for root in walk.roots:
        result.foreign.update(_closure(root, walk.derived))
    return result


def _reason(alloc: int, aliases: list[int], walk: _Walk) -> str:
    home = walk.defined[alloc]
    for scope in home:
        if scope.kind == "parallel":
            return f"inside '{scope.owner}', whose iterations may run concurrently"
        if scope.kind == "cfg":
            return f"in a region of '{scope.owner}' with several blocks (control flow is " \
                   "not modelled)"
    for value in sorted(aliases):
        if value in walk.escapes:
            return walk.escapes[value]
    loops = [s for s in home if s.kind == "loop"]
    for value in sorted(aliases) if loops else ():
        inside = {id(s) for s in walk.defined.get(value, ())}
        for scope in loops:
            if id(scope) not in inside:
                by = walk.def_op.get(value, "?")
                how = "through its iteration arguments or results" if by == scope.owner \
                    else f"by '{by}'"
                return f"carried out of an iteration of '{scope.owner}' {how}"
    return ""


def _interval(alloc: int, step: int, aliases: list[int], walk: _Walk) -> tuple[int, int]:
    held = {id(s) for s in walk.defined[alloc]}
    lo, hi = None, None
    for value in aliases:
        for at, chain in walk.uses.get(value, ()):
            a, b = at, at + 1
            for scope in chain:
                if scope.kind in REPEATING and id(scope) not in held:
                    a, b = min(a, scope.span[0]), max(b, scope.span[1])
            lo = a if lo is None else min(lo, a)
            hi = b if hi is None else max(hi, b)
    if lo is None:
        return step, step + 1
    return lo, hi
