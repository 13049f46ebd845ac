"""memir-to-memref: a planned upstream program back to upstream MLIR, with one arena.

Why: ``memref-to-memir`` states an MLIR program's allocs as planned ``memir.alloc``s so
that the planners can place them; the user wants MLIR back that any ``mlir-opt`` reads.
Per function with planned buffers this pass emits one ``memref<Nxi8>`` arena at the entry
and replaces each linked ``memref.alloc`` by a ``memref.view`` of it at the planned offset.

Frees of planned memory go (also in the deallocation pipeline's conditions); a free of a
value that may point into planned or other memory runs only if its pointer lies outside
the arena, since the pipeline's ownership bits no longer say. The arena is freed as the
program freed its buffers: before each return if the function freed any, else left to
``-buffer-deallocation-pipeline``. A symbolic plan gets a ``memref<?xi8>`` arena and
offsets that ``arith`` computes at the entry. Reference: docs/upstream-mlir.md.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from xdsl.context import Context
from xdsl.dialects import func
from xdsl.dialects.builtin import (
    DYNAMIC_INDEX,
    IndexType,
    IntegerAttr,
    MemRefType,
    ModuleOp,
    ShapedType,
    i8,
    i64,
)
from xdsl.ir import Operation, SSAValue
from xdsl.passes import ModulePass
from xdsl.rewriter import InsertPoint, Rewriter

from memir.analysis.liveness import analyze
from memir.dialects import AllocOp, PassError
from memir.passes.support import analyses
from memir.dialects.symbols import SYMBOLIC_PLAN_ATTR, SYMBOLS_ATTR
from memir.model.symbolic import OffsetExpr, Poly
from memir.passes.support.bridge import (
    PLAN_ATTR,
    current_offsets,
    current_symbolic_offsets,
    read_symbolic_plan,
    is_symbolic,
)
from memir.passes.support.memref_allocs import (
    BUFFER_ATTR,
    SOURCES_ATTR,
    ArithBuilder,
    SymbolSource,
    planned_bytes,
)
from memir.passes.support.upstream_program import read_function


@dataclass(frozen=True)
class MemirToMemref(ModulePass):
    """Planned memref.allocs -> memref.views of one i8 arena per function (upstream MLIR)."""

    name = "memir-to-memref"
    preserves: ClassVar = frozenset()  # the memir buffers go: the program changes

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        prog = analyses.program(ctx, op, symbolic=True)
        allocs = prog.ir.allocs
        symbolic = is_symbolic(prog.data, prog.ir)
        offsets = current_symbolic_offsets(prog.ir) if symbolic else current_offsets(prog.ir)
        if symbolic and (plan := read_symbolic_plan(prog.ir)) is not None and plan.fallback:
            raise PassError("this plan has an upper-bound fallback (its ranges are bounded): "
                            "memir-to-memref lowers plans without one, as memref-to-memir's "
                            "unbounded ranges give", op)
        for fn in [f for f in op.walk() if isinstance(f, func.FuncOp)]:
            linked = [a for a in fn.walk() if BUFFER_ATTR in a.attributes]
            if not linked:
                continue
            sources = _sources(fn)
            targets = [_target(a, allocs, offsets, fn, sources) for a in linked]
            if all(isinstance(size, int) and _constant(offset) is not None
                   for _, offset, _, size in targets):
                _lower_function(fn, [(a, _constant(o), p) for a, o, p, _ in targets])
            else:
                _lower_symbolic(fn, targets, sources)
        for alloc in allocs:
            if alloc.result.uses:
                raise PassError("a planned memir.alloc is still used: memir-to-memref "
                                "lowers only the buffers of memref-to-memir", alloc)
            Rewriter.erase_op(alloc)
        op.attributes.pop(PLAN_ATTR, None)
        op.attributes.pop(SYMBOLIC_PLAN_ATTR, None)
        for inner in [op, *op.walk()] if symbolic else ():  # upstream MLIR reads no memir
            inner.attributes.pop(SYMBOLS_ATTR, None)
            inner.attributes.pop(SOURCES_ATTR, None)


def _constant(offset: int | OffsetExpr | None) -> int | None:
    return offset.constant if isinstance(offset, OffsetExpr) else offset


def _sources(fn: func.FuncOp) -> dict[str, SymbolSource]:
    """The function's ``memir.symbol_sources``: symbol -> where its value comes from."""
    from xdsl.dialects.builtin import DictionaryAttr, StringAttr

    attr = fn.attributes.get(SOURCES_ATTR)
    if attr is None:
        return {}
    if not isinstance(attr, DictionaryAttr):
        raise PassError(f"'{SOURCES_ATTR}' must be a dictionary", fn)
    args = fn.body.blocks.first.args if fn.body.blocks else ()
    found = {}
    for name, text in attr.data.items():
        source = SymbolSource.parse(text.data) if isinstance(text, StringAttr) else None
        kind = args[source.arg].type if source is not None and source.arg < len(args) else None
        if source is None or kind is None or (isinstance(kind, IndexType) != (source.dim is None)) \
                or source.dim is not None and not (isinstance(kind, ShapedType)
                                                   and source.dim < len(kind.get_shape())):
            raise PassError(f"'{SOURCES_ATTR}': symbol {name} must come from an index "
                            "argument ('arg K') or a dimension of a shaped one ('arg K dim "
                            "D')", fn)
        found[name] = source
    return found


def _target(alloc: Operation, allocs: list[AllocOp], offsets, fn: func.FuncOp,
            sources: dict[str, SymbolSource]):
    """(the memref.alloc, its offset, its memir.alloc, its bytes), checked against each
    other: the bytes the memref.alloc allocates are the bytes planned."""
    handle = alloc.attributes[BUFFER_ATTR]
    if not (isinstance(handle, IntegerAttr) and 0 <= handle.value.data < len(allocs)):
        have = f"0 to {len(allocs) - 1}" if allocs else "the module has none"
        raise PassError(f"'{BUFFER_ATTR}' must be the integer handle of a memir.alloc; "
                        f"{have}", alloc)
    planned = allocs[handle.value.data]
    want = planned.symbolic_size
    want = planned.size.data if want is None else want
    offset = offsets[handle.value.data]
    if offset is None:
        raise PassError("this buffer has no offset: run assign-layout first", alloc)
    for what, expr in (("size", want), ("offset", offset)):
        unknown = sorted(getattr(expr, "symbols", set()) - sources.keys())
        if unknown:
            raise PassError(f"this buffer's {what} [{expr}] uses size symbol {unknown[0]}, "
                            f"which @{fn.sym_name.data} cannot compute (not in "
                            f"'{SOURCES_ATTR}')", alloc)
    names = {source: name for name, source in sources.items()}
    size = planned_bytes(alloc, fn.body.blocks.first, names.get)[0] \
        if alloc.name == "memref.alloc" else None
    if size is None or size != want:
        raise PassError(f"'{BUFFER_ATTR}' links this op to a memir.alloc of {want} bytes, "
                        "which it does not allocate", alloc)
    return alloc, offset, planned, size


def _lower_function(fn: func.FuncOp, targets: list[tuple[Operation, int, AllocOp]]) -> None:
    from xdsl.dialects import arith, memref  # loaded on use: start-up stays light

    actions, frees = _free_actions(fn)
    size = max(offset + planned.size.data for _, offset, planned in targets)
    align = max(planned.align for _, _, planned in targets)
    arena = memref.AllocOp([], [], MemRefType(i8, [size]), IntegerAttr(align, i64))
    arena.memref.name_hint = "arena"
    entry = fn.body.blocks[0]
    Rewriter.insert_op(arena, InsertPoint.at_start(entry))
    for alloc, offset, _ in targets:
        result = alloc.results[0]
        const = arith.ConstantOp(IntegerAttr(offset, IndexType()))
        view = memref.ViewOp(arena.memref, const.result, list(alloc.dynamic_sizes), result.type)
        view.result.name_hint = result.name_hint
        const.result.name_hint = f"c{offset}"
        Rewriter.insert_op(const, InsertPoint.before(alloc))
        Rewriter.replace_op(alloc, view)
    _apply_free_actions(actions, arena.memref, size)
    _free_at_returns(fn, arena.memref, frees)


def _lower_symbolic(fn: func.FuncOp, targets, sources: dict[str, SymbolSource]) -> None:
    """One ``memref<?xi8>`` arena whose bytes, the largest offset + size, ``arith``
    computes at the entry, and each alloc a view at its computed offset."""
    from xdsl.dialects import memref

    actions, frees = _free_actions(fn)
    entry = fn.body.blocks.first
    build = ArithBuilder(entry, sources)
    views = []
    ends = None
    for alloc, offset, _, size in targets:
        offset = offset if isinstance(offset, OffsetExpr) else OffsetExpr.of(offset)
        start = build.offset(offset, "off")
        end = build.add(start, build.poly(Poly.const(size) if isinstance(size, int) else size))
        ends = end if ends is None else build.binary("maxui", ends, end)
        views.append((alloc, start))
    build.name(ends, "arena_bytes")
    align = max(planned.align for _, _, planned, _ in targets)
    arena = memref.AllocOp([ends], [], MemRefType(i8, [DYNAMIC_INDEX]), IntegerAttr(align, i64))
    arena.memref.name_hint = "arena"
    build.ops.append(arena)
    Rewriter.insert_op(build.ops, InsertPoint.at_start(entry))
    for alloc, start in views:
        result = alloc.results[0]
        view = memref.ViewOp(arena.memref, start, list(alloc.dynamic_sizes), result.type)
        view.result.name_hint = result.name_hint
        Rewriter.replace_op(alloc, view)
    _apply_free_actions(actions, arena.memref, ends)
    _free_at_returns(fn, arena.memref, frees)


def _free_at_returns(fn: func.FuncOp, arena: SSAValue, frees: bool) -> None:
    """The arena is freed before each return where the function freed its buffers."""
    from xdsl.dialects import memref

    for block in fn.body.blocks if frees else ():
        last = block.last_op
        if isinstance(last, func.ReturnOp):
            Rewriter.insert_op(memref.DeallocOp.get(arena), InsertPoint.before(last))


def _free_actions(fn: func.FuncOp) -> tuple[list[tuple[Operation, list[str]]], bool]:
    """What becomes of each free in ``fn`` (see the top), decided before the planned allocs
    are replaced: per free op, per memory operand freed, "drop" (only planned memory),
    "guard" (planned or other memory) or "keep". And whether ``fn`` held any free."""
    read = read_function(fn)
    live = analyze(read.data)
    planned = {v for v, a in read.allocs.items() if BUFFER_ATTR in a.attributes}

    def action(value) -> str:
        sources, foreign = live.points_to(read.values[value])
        if not sources & planned:
            return "keep"
        return "drop" if sources <= planned and not foreign else "guard"

    actions = []
    for free in read.frees:
        freed = free.operands[:1] if free.name == "memref.dealloc" else \
            free.operands[:_segment(free, 0)]
        actions.append((free, [action(v) for v in freed]))
    return actions, bool(read.frees)


def _apply_free_actions(actions, arena: SSAValue, size: int | SSAValue) -> None:
    from xdsl.dialects import arith, scf
    from xdsl.dialects.builtin import i1

    for free, what in actions:
        if free.name == "memref.dealloc":
            if what[0] == "drop":
                parent = free.parent_op()
                Rewriter.erase_op(free)
                if parent is not None and parent.name == "scf.if" and not parent.results \
                        and all(len(b.ops) == 1 for r in parent.regions for b in r.blocks):
                    Rewriter.erase_op(parent)
            elif what[0] == "guard":
                outside = _outside_arena(free.operands[0], arena, size, free)
                guarded = scf.IfOp(outside, [], [free.clone(), scf.YieldOp()])
                Rewriter.replace_op(free, guarded)
            continue
        count = len(what)  # bufferization.dealloc: memrefs, conditions, retained
        operands = list(free.operands)
        false = None
        for i, act in enumerate(what):
            if act == "drop":
                if false is None:
                    false = arith.ConstantOp(IntegerAttr(0, i1))
                    Rewriter.insert_op(false, InsertPoint.before(free))
                operands[count + i] = false.result
            elif act == "guard":
                outside = _outside_arena(operands[i], arena, size, free)
                both = arith.AndIOp(operands[count + i], outside)
                Rewriter.insert_op(both, InsertPoint.before(free))
                operands[count + i] = both.result
        free.operands = operands


def _outside_arena(value: SSAValue, arena: SSAValue, size: int | SSAValue,
                   before: Operation) -> SSAValue:
    """An i1: whether ``value``'s aligned pointer lies outside the arena's bytes (then it
    is other memory, which the program frees as before); ``size``: the arena's bytes, a
    constant or the value computed at the entry."""
    from xdsl.dialects import arith, memref

    pointer = memref.ExtractAlignedPointerAsIndexOp.get(value)
    base = memref.ExtractAlignedPointerAsIndexOp.get(arena)
    length = [arith.ConstantOp(IntegerAttr(size, IndexType()))] if isinstance(size, int) else []
    end = arith.AddiOp(base, length[0] if length else size)
    below = arith.CmpiOp(pointer, base, "ult")
    above = arith.CmpiOp(pointer, end, "uge")
    outside = arith.OrIOp(below, above)
    for op in (pointer, base, *length, end, below, above, outside):
        Rewriter.insert_op(op, InsertPoint.before(before))
    return outside.result


def _segment(op: Operation, index: int) -> int:
    sizes = op.properties.get("operandSegmentSizes")
    sizes = op.attributes.get("operandSegmentSizes") if sizes is None else sizes
    if sizes is None:
        raise PassError(f"'{op.name}' has no operandSegmentSizes", op)
    return tuple(sizes.get_values())[index]
