"""Z3 proof that a tile-aware plan is safe ([NPU tiles] eq. 2), independent of chunk rendering.

For two items of different buffers live at the same time, the query is eq. 2 over the *raw*
index vectors of both views (offsets, sizes, strides, element size as given, not the
canonical patterns the planner and the sweep use)::

    base_a + E_a * sum_k (o_k + i_k) * s_k + u  ==  base_b + E_b * sum_l (p_l + j_l) * t_l + v

sat: the tiles overlap and the model gives a witness byte; unsat: safe; unknown (per-query
timeout): *unverified*, never safe. Only genuinely ambiguous pairs reach Z3: disjoint lives,
missed byte spans, single runs, a gcd test and one-progression strides are decided first,
and a query is asked once per (shape, shape, distance between first bytes), as it is
translation invariant. Items come from ``tile_geometry``, the checkers' own reading of the
views: nothing here runs the planner's code.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from math import gcd

import z3

from memir.model.layout import Plan
from memir.model.tiles import TiledBuffer
from memir.verify.tile_geometry import Item, Undecided, candidate_pairs, items, solve_sum

# Nodes the cheap decision may spend before a pair counts as ambiguous and goes to Z3.
ANALYTIC_NODES = 16


@dataclass(frozen=True, slots=True)
class PairResult:
    a: str
    b: str
    status: str  # "safe", "overlap" or "unknown"
    method: str  # "interval", "gcd", "z3", "cache"
    witness: int | None = None  # an absolute byte both items use (status "overlap")
    buffer: int = -1  # index of the buffer ``a`` belongs to, for the caller to point at


@dataclass(slots=True)
class SmtReport:
    results: list[PairResult] = field(default_factory=list)
    seconds: float = 0.0
    queries: int = 0  # Z3 calls actually made

    @property
    def overlaps(self) -> list[PairResult]:
        return [r for r in self.results if r.status == "overlap"]

    @property
    def unverified(self) -> list[PairResult]:
        return [r for r in self.results if r.status == "unknown"]

    @property
    def ok(self) -> bool:
        """Proven safe: no overlap and nothing left unverified."""
        return all(r.status == "safe" for r in self.results)

    def counts(self) -> dict[str, int]:
        c: dict[str, int] = {}
        for r in self.results:
            key = f"{r.status}/{r.method}"
            c[key] = c.get(key, 0) + 1
        return c


def _geometry(it: Item) -> tuple:
    """Raw geometry of an item: (((count, byte_stride), ...), elem_bytes, first_byte)."""
    return (it.dims, it.elem, it.first)


def _address(geo: tuple, base: int, tag: str, cons: list, bv: int) -> z3.ExprRef:
    """``base + first + sum i_k * step_k + u`` with the bounds on ``i`` and ``u`` in ``cons``."""
    dims, elem, first = geo
    if bv:
        mk, var = (lambda v: z3.BitVecVal(v, bv)), (lambda n: z3.BitVec(n, bv))
        below = z3.ULT
    else:
        mk, var = z3.IntVal, z3.Int
        below = lambda x, n: z3.And(x >= 0, x < n)  # noqa: E731
    total = mk(base + first)
    for k, (n, step) in enumerate(dims):
        i = var(f"{tag}{k}")
        cons.append(below(i, mk(n)))
        total = total + i * mk(step)
    u = var(f"{tag}u")
    cons.append(below(u, mk(elem)))
    return total + u


class _Z3:
    """One incremental solver reused with push/pop: cheaper per query than a fresh solver,
    same answers."""

    def __init__(self, timeout_ms: int, encoding: str) -> None:
        self.solver = z3.Solver()
        self.solver.set("timeout", timeout_ms)
        # Z3's own SIGINT handler would end the check as "unknown" and swallow Ctrl-C;
        # the tools end the run instead (memir/tools/signals.py).
        self.solver.set("ctrl_c", False)
        self.encoding = encoding

    def query(self, ga: tuple, a0: int, gb: tuple, b0: int) -> tuple[str, int | None]:
        cons: list = []
        top = max(a0, b0) + _extent(ga) + _extent(gb) + 1
        bv = top.bit_length() + 1 if self.encoding == "bv" else 0
        xa = _address(ga, a0, "i", cons, bv)
        xb = _address(gb, b0, "j", cons, bv)
        s = self.solver
        s.push()
        try:
            s.add(*cons, xa == xb)
            res = s.check()
            if res == z3.sat:
                return "overlap", s.model().eval(xa, model_completion=True).as_long()
            return ("safe", None) if res == z3.unsat else ("unknown", None)
        finally:
            s.pop()


def _extent(geo: tuple) -> int:
    dims, elem, first = geo
    return first + elem + sum((n - 1) * s for n, s in dims)


def _analytic(ga: tuple, a0: int, gb: tuple, b0: int) -> tuple[str, str, int | None] | None:
    """Cheap exact decisions: (status, method, witness), or None when genuinely ambiguous.

    Eq. 2 with the byte-within-element offsets as unit-stride terms, all coefficients made
    positive (``j' = m - 1 - j``).  gcd: no solution if the gcd of all strides does not divide
    the right-hand side.  search: a depth-first search over the index vectors that settles
    the question within ``ANALYTIC_NODES`` nodes (one progression, a range and a stride...)."""
    terms = [(n, s) for n, s in ga[0]] + [(ga[1], 1)]
    rhs = (b0 + gb[2]) - (a0 + ga[2]) + (gb[1] - 1)
    for n, s in gb[0]:
        terms.append((n, s))
        rhs += (n - 1) * s
    terms.append((gb[1], 1))
    g = 0
    for _, c in terms:
        g = gcd(g, c)
    if rhs % g:
        return "safe", "gcd", None
    try:
        xs = solve_sum(terms, rhs, rhs, ANALYTIC_NODES)
    except Undecided:
        return None
    if xs is None:
        return "safe", "progression", None
    k = len(ga[0])
    addr = a0 + ga[2] + xs[k] + sum(x * s for x, (_, s) in zip(xs[:k], ga[0]))
    return "overlap", "progression", addr


def prove_tiles(
    buffers: list[TiledBuffer],
    plan: Plan,
    timeout_ms: int = 2000,
    encoding: str = "int",
    limit: int | None = None,
    shortcuts: bool = True,
) -> SmtReport:
    """Decide every pair live at once whose spans meet; Z3 for the ambiguous ones.

    ``encoding``: "int" (linear integer arithmetic; the default, the faster) or "bv"
    (bit-vectors wide enough that no address overflows).  ``shortcuts=False`` sends every pair
    whose spans meet to Z3 (answers are cached per relative situation either way).
    ``limit`` is accepted for compatibility and unused: nothing is rendered here."""
    t0 = time.perf_counter()
    rep = SmtReport()
    its = items(buffers)
    offs = plan.offsets
    solver = _Z3(timeout_ms, encoding)
    cache: dict[tuple, tuple[str, int | None]] = {}
    for i, j in candidate_pairs(its, offs):
        a, b = its[i], its[j]
        ba, bb = offs[a.buffer], offs[b.buffer]
        if shortcuts and _one_run(a) and _one_run(b):  # two runs whose spans meet
            w = max(ba + a.first, bb + b.first)
            rep.results.append(PairResult(a.name, b.name, "overlap", "interval", w, a.buffer))
            continue
        ga, gb = _geometry(a), _geometry(b)
        a0 = ba + ga[2]  # the query is translation invariant: key on the distance
        key = (ga[0], ga[1], gb[0], gb[1], bb + gb[2] - a0)
        hit = cache.get(key)
        if hit is not None:
            status, w = hit
            rep.results.append(
                PairResult(a.name, b.name, status, "cache", None if w is None else w + a0,
                           a.buffer)
            )
            continue
        decided = _analytic(ga, ba, gb, bb) if shortcuts else None
        if decided is not None:
            status, method, w = decided
        else:
            rep.queries += 1
            status, w = solver.query(ga, ba, gb, bb)
            method = "z3"
        cache[key] = (status, None if w is None else w - a0)
        rep.results.append(PairResult(a.name, b.name, status, method, w, a.buffer))
    rep.seconds = time.perf_counter() - t0
    return rep


def _one_run(it: Item) -> bool:
    """The item's bytes are one contiguous range (its steps never leave a gap)."""
    extent = it.elem
    for n, step in sorted(it.dims, key=lambda d: d[1]):
        if step > extent:
            return False
        extent += (n - 1) * step
    return True
