"""Reads a function of an upstream MLIR program (xDSL IR) into ``memir.analysis.liveness``'s
plain data, and keeps the handles back to the IR.

Why a module of its own: ``memref-to-memir`` plans from it and ``memir-to-memref`` asks it
which frees touch only planned buffers; both must see the same program. Ops are told apart
by name (``op.name``, or the name an unregistered op carries), so that ops memir's
registry learns later are read the same way. Memory values are memrefs and tensors. The
op kinds below (frees, address-only reads, views, structured regions) are read as such;
every other op (``func.call``, linalg, unknown ops) may read and write every memory
operand, each memory result may point into every memory operand and into memory of its
own, and regions holding memory values are taken to run concurrently.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from xdsl.dialects.builtin import (
    MemRefType, TensorType, UnrankedMemRefType, UnrankedTensorType, UnregisteredOp,
)
from xdsl.ir import Block as IRBlock
from xdsl.ir import Operation, SSAValue

from memir.analysis.liveness import Block, Function, Op, Region

# memref.alloc: a fresh buffer (a candidate). Frees free their operands (not a use); an
# address-only read is not a use. func.return's memory operands escape, and so does a memory
# value stored by memref.store. scf.for / while / if, index_switch, execute_region: their
# yields and block arguments alias as they run. Views point into their operands only.
MEMORY = (MemRefType, UnrankedMemRefType, TensorType, UnrankedTensorType)

FREES = frozenset({"memref.dealloc", "bufferization.dealloc"})
ADDRESS_ONLY = frozenset({"memref.extract_aligned_pointer_as_index"})
VIEWS = frozenset({
    "memref.subview", "memref.cast", "memref.reinterpret_cast", "memref.collapse_shape",
    "memref.expand_shape", "memref.view", "memref.transpose", "memref.extract_strided_metadata",
    "memref.memory_space_cast", "memref.assume_alignment", "arith.select",
    "bufferization.to_tensor", "bufferization.to_buffer", "bufferization.to_memref",
    "tensor.cast",
})
TERMINATORS = frozenset({"scf.yield", "scf.condition"})
BRANCHES = frozenset({"scf.if", "scf.index_switch", "scf.execute_region"})


def op_name(op: Operation) -> str:
    """The op's name as printed (an unregistered op keeps its own)."""
    if isinstance(op, UnregisteredOp):
        return op.op_name.data
    return op.name


def is_memory(value: SSAValue) -> bool:
    return isinstance(value.type, MEMORY)


@dataclass
class ReadFunction:
    """A function as plain data, with the handles back to its IR."""

    data: Function
    values: dict[SSAValue, int] = field(default_factory=dict)
    allocs: dict[int, Operation] = field(default_factory=dict)  # value -> memref.alloc
    frees: list[Operation] = field(default_factory=list)  # memref.dealloc, bufferization.dealloc


class _Reader:
    def __init__(self, fn: Operation):
        self.read = ReadFunction(Function("", (), Region()))
        self.fn = fn

    def value(self, value: SSAValue) -> int | None:
        if not is_memory(value):
            return None
        values = self.read.values
        if value not in values:
            values[value] = len(values)
        return values[value]

    def memory(self, values) -> tuple[int, ...]:
        return tuple(v for v in (self.value(x) for x in values) if v is not None)

    def region(self, region, skip_args: int = 0) -> Region:
        return Region(tuple(self.block(b, skip_args) for b in region.blocks))

    def block(self, block: IRBlock, skip_args: int = 0) -> Block:
        args = tuple(self.value(a) for a in block.args[skip_args:])
        ops, yields = [], ()
        for op in block.ops:
            name = op_name(op)
            if name.startswith("memir."):
                continue
            if name in TERMINATORS:
                operands = op.operands[1:] if name == "scf.condition" else op.operands
                yields = tuple(self.value(v) for v in operands)
            ops.append(self.op(op, name))
        return Block(args, tuple(ops), yields)

    def op(self, op: Operation, name: str) -> Op:
        results = tuple(self.value(r) for r in op.results)
        operands = self.memory(op.operands)
        if name == "memref.alloc":
            self.read.allocs[results[0]] = op
            return Op(name, "alloc", results)
        if name in FREES:
            self.read.frees.append(op)
            return Op(name, frees=operands)
        if name in ADDRESS_ONLY:
            return Op(name)
        if name == "func.return":
            return Op(name, escapes=tuple((v, "returned by func.return") for v in operands))
        if name == "memref.store":
            stored = self.value(op.operands[0])
            escapes = () if stored is None else ((stored, "stored as a value by memref.store"),)
            return Op(name, uses=operands, escapes=escapes)
        if name in TERMINATORS:
            return Op(name)
        successors = getattr(op, "successors", ())
        if op.regions and _holds_memory(op):
            return self.region_op(op, name, results, operands)
        aliases = tuple((r, s) for r in results if r is not None for s in operands)
        for target in successors:  # a branch: successor arguments alias what it passes
            aliases += tuple((a, s) for a in self.memory(target.args) for s in operands)
        fresh = name not in VIEWS and any(r is not None for r in results)
        return Op(name, results=results, uses=operands, aliases=aliases, fresh=fresh)

    def region_op(self, op: Operation, name: str, results, operands) -> Op:
        if name == "scf.for":
            inits = tuple(self.value(v) for v in op.operands[3:])
            return Op(name, "loop", results, uses=operands, inits=inits,
                      regions=(self.region(op.regions[0], skip_args=1),))
        if name == "scf.while":
            inits = tuple(self.value(v) for v in op.operands)
            return Op(name, "while", results, uses=operands, inits=inits,
                      regions=tuple(self.region(r) for r in op.regions))
        if name in BRANCHES:
            return Op(name, "branch", results, uses=operands,
                      regions=tuple(self.region(r) for r in op.regions))
        regions = tuple(self.region(r) for r in op.regions)
        sources = (*operands, *(v for r in regions for b in r.blocks for v in b.yields
                                if v is not None))
        targets = [r for r in results if r is not None] + [
            a for r in regions for b in r.blocks for a in b.args if a is not None]
        aliases = tuple((t, s) for t in targets for s in sources if t != s)
        return Op(name, "parallel", results, uses=operands, aliases=aliases,
                  regions=regions, fresh=any(r is not None for r in results))


def _holds_memory(op: Operation) -> bool:
    """Whether any op in ``op``'s regions defines or uses a memory value (else the op is
    one step, as ``linalg.generic``'s scalar body)."""
    for inner in op.walk():
        if inner is op:
            continue
        if any(is_memory(v) for v in (*inner.operands, *inner.results)):
            return True
        for region in inner.regions:
            for block in region.blocks:
                if any(is_memory(a) for a in block.args):
                    return True
    for region in op.regions:
        for block in region.blocks:
            if any(is_memory(a) for a in block.args):
                return True
    return False


def read_function(fn: Operation) -> ReadFunction:
    """``fn`` (a ``func.func``) as plain data: its body, and its memory arguments."""
    reader = _Reader(fn)
    body = fn.regions[0]
    args = reader.memory(body.blocks[0].args) if body.blocks else ()
    name = fn.sym_name.data if hasattr(fn, "sym_name") else op_name(fn)
    region = reader.region(body)
    reader.read.data = Function(name, args, region)
    return reader.read
