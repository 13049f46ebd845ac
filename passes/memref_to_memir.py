"""memref-to-memir: the ``memref.alloc``s of an upstream MLIR program become planned buffers.

Why: after bufferization an MLIR program allocates every temporary with ``memref.alloc``;
upstream MLIR has no static planner for them. This pass states them as a buffers-with-
lifetimes problem that ``assign-layout`` and ``verify-layout`` solve and check unchanged;
``memir-to-memref`` then turns the plan back into upstream MLIR (one arena per function).

Each planned alloc gets a ``memir.alloc SIZE align A live [l, u)`` at the start of its
function's entry block, linked by the ``memir.buffer`` attribute (the memir.alloc's handle:
non-external ``memir.alloc``s in walk order). Lifetimes come from the program's uses, not
its deallocs (``memir.analysis.liveness`` over ``passes/support/upstream_program.py``); each
function gets its own stretch of one timeline and its own arena. Allocs memir cannot plan
keep a ``memir.remark`` saying why; a dynamic size computed from the arguments becomes a
symbolic size (``memir.alloc [128*x_d0]``). Reference: docs/upstream-mlir.md.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import ClassVar

from xdsl.context import Context
from xdsl.dialects import func
from xdsl.dialects.builtin import DictionaryAttr, IntegerAttr, ModuleOp, StringAttr, i64
from xdsl.ir import Block, Operation
from xdsl.passes import ModulePass
from xdsl.rewriter import InsertPoint, Rewriter

from memir.analysis.liveness import analyze
from memir.dialects import AllocOp, ComputeOp, PassError
from memir.dialects.attributes import REMARK_ATTR
from memir.dialects.symbols import SYMBOLS_ATTR, SymbolsAttr, module_symbols
from memir.dialects.type_sizes import natural_alignment
from memir.model.symbolic import Poly, Symbol, nonnegative
from memir.passes.support.options import ALIGNMENT, check_bounds, option
from memir.passes.support.memref_allocs import (
    BUFFER_ATTR,
    SOURCES_ATTR,
    SymbolSource,
    planned_bytes,
)
from memir.passes.support.upstream_program import read_function

def alignment_of(alloc, at_least: int = 1) -> tuple[int | None, str]:
    """The alignment the alloc asks for (its attribute, else its element's natural one),
    raised to ``at_least``; or None and why it cannot be planned."""
    if alloc.alignment is None:
        value = natural_alignment(alloc.memref.type.element_type)
    else:
        value = alloc.alignment.value.data if isinstance(alloc.alignment, IntegerAttr) \
            else None
    if value is None or value <= 0 or value & (value - 1):
        return None, f"alignment {alloc.alignment} is not a positive power of two"
    return max(value, at_least), ""


def _remark(alloc: Operation, why: str) -> None:
    alloc.attributes[REMARK_ATTR] = StringAttr(f"not planned: {why}")


@dataclass
class _Planned:
    alloc: Operation
    size: int | Poly
    align: int
    live: tuple[int, int]
    label: str


_RESERVED = frozenset({"max", "align", "in", "inf", "divisible", "by"})


class FunctionSymbols:
    """The size symbols of one function, named on first use after the argument they come
    from (``n``, ``x_d0``; ``arg0_d0`` where MLIR printed no name), unique in the module."""

    def __init__(self, fn: func.FuncOp, taken: set[str]) -> None:
        self.fn, self.taken = fn, taken
        self.names: dict[SymbolSource, str] = {}

    def __call__(self, source: SymbolSource) -> str:
        if source not in self.names:
            self.names[source] = self._fresh(source)
        return self.names[source]

    def _fresh(self, source: SymbolSource) -> str:
        hint = self.fn.body.blocks[0].args[source.arg].name_hint or f"arg{source.arg}"
        base = re.sub(r"[^A-Za-z0-9_]", "_", hint)
        base = base if re.match(r"[A-Za-z_]", base) else f"a{base}"
        base += "" if source.dim is None else f"_d{source.dim}"
        base += "_" if base in _RESERVED else ""
        name = base if base not in self.taken else f"{self.fn.sym_name.data}_{base}"
        name = re.sub(r"[^A-Za-z0-9_]", "_", name)
        unique, n = name, 1
        while unique in self.taken:
            n += 1
            unique = f"{name}_{n}"
        self.taken.add(unique)
        return unique

    def declare(self, sizes: list[int | Poly]) -> None:
        """``memir.symbols`` and ``memir.symbol_sources`` on the function, for the symbols
        these sizes use. Range [0, inf]: upstream MLIR promises none, so the plan must
        hold for every non-negative value."""
        polys = [p for p in sizes if isinstance(p, Poly)]
        used = frozenset().union(*(p.symbols for p in polys))
        if not used:
            return
        sources = {name: source for source, name in self.names.items() if name in used}
        symbols = tuple(Symbol(name, 0, None) for name in sorted(sources))
        self.fn.attributes[SYMBOLS_ATTR] = SymbolsAttr(symbols)
        self.fn.attributes[SOURCES_ATTR] = DictionaryAttr(
            {name: StringAttr(str(sources[name])) for name in sorted(sources)})


def plannable_size(alloc: Operation, entry: Block | None, symbols: FunctionSymbols
                   ) -> tuple[int | Poly | None, str]:
    """The alloc's bytes: an integer, a polynomial of size symbols, or None and why."""
    size, why = planned_bytes(alloc, entry, symbols)
    if not isinstance(size, Poly):
        return size, why
    if size.degree > 2:
        return None, "dynamic size multiplies more than two sizes (memir bounds two)"
    if not nonnegative(size, {name: Symbol(name, 0, None) for name in size.symbols}):
        return None, f"dynamic size {size} may be negative"
    return size, ""


def plan_function(fn: func.FuncOp, start: int, align: int = 1,
                  taken: set[str] | None = None) -> tuple[list[_Planned], int]:
    """The plannable allocs of ``fn`` with their lifetimes from ``start``, aligned to at
    least ``align``; remarks on the others; the function's size symbols declared. Returns
    them and the step after the function's last."""
    read = read_function(fn)
    live = analyze(read.data)
    symbols = FunctionSymbols(fn, taken if taken is not None else set())
    entry = fn.body.blocks.first
    sizes: dict[int, int | Poly] = {}
    reasons: dict[int, str] = {}
    for value, alloc in read.allocs.items():
        size, why = plannable_size(alloc, entry, symbols)
        why_align = alignment_of(alloc)[1] if size is not None else ""
        reasons[value] = why or why_align or live.reasons.get(value, "")
        sizes[value] = size
    planned: list[_Planned] = []
    for value, alloc in read.allocs.items():
        if reasons[value]:
            _remark(alloc, reasons[value])
            continue
        lo, hi = live.intervals[value]
        hint = alloc.memref.name_hint or "alloc"
        planned.append(_Planned(alloc, sizes[value], alignment_of(alloc, align)[0],
                                (start + lo, start + hi), f"@{fn.sym_name.data}:%{hint}"))
    symbols.declare([b.size for b in planned])
    return planned, start + live.steps


@dataclass(frozen=True)
class MemrefToMemir(ModulePass):
    """memref.allocs with static shapes or sizes that are polynomials of the arguments ->
    planned memir.allocs with program lifetimes."""

    name = "memref-to-memir"
    preserves: ClassVar = frozenset()  # adds planned buffers: the program changes

    alignment: int = option(1, "raises every buffer's alignment to at least this, in "
                            "bytes (a power of two)", ALIGNMENT)

    def check_options(self) -> None:
        check_bounds(self)
        if self.alignment & (self.alignment - 1):
            raise PassError(f"alignment must be a power of two, got {self.alignment}")

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        self.check_options()
        ops = list(op.walk())
        for inner in ops:
            if BUFFER_ATTR in inner.attributes:
                raise PassError(f"this alloc already has '{BUFFER_ATTR}': memref-to-memir "
                                "ran before", inner)
        for inner in ops:
            if isinstance(inner, AllocOp | ComputeOp):
                raise PassError("memref-to-memir expects upstream MLIR without memir "
                                "buffers or compute ops", inner)
        start, links, taken = 0, [], set(module_symbols(op))
        for fn in [f for f in op.walk() if isinstance(f, func.FuncOp)]:
            planned, start = plan_function(fn, start, self.alignment, taken)
            labels: set[str] = set()
            ids = [_unique(buffer.label, labels) for buffer in planned]
            for buffer, label in zip(reversed(planned), reversed(ids)):  # keep program order
                if isinstance(buffer.size, Poly):
                    new = AllocOp.symbolic(buffer.size, buffer.align, buffer.live, label)
                else:
                    new = AllocOp(buffer.size, buffer.align, buffer.live, buffer_id=label)
                Rewriter.insert_op(new, InsertPoint.at_start(fn.body.blocks[0]))
                links.append((new, buffer.alloc))
        handle = {id(a): i for i, a in enumerate(
            a for a in op.walk() if isinstance(a, AllocOp) and a.external is None)}
        for new, alloc in links:
            alloc.attributes[BUFFER_ATTR] = IntegerAttr(handle[id(new)], i64)


def _unique(label: str, seen: set[str]) -> str:
    found, n = label, 1
    while found in seen:
        found, n = f"{label}#{n}", n + 1
    seen.add(found)
    return found
