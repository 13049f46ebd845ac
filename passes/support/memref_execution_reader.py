"""How check-execution reads an upstream memref program: the IR read into
``memir.verify.memref_execution``'s plain data, op by op.

Why a reader of its own: the check must not share code with what it checks, so it does not
use ``passes/support/upstream_program.py`` (the planner's reading) nor the planner's byte sizes
(``memir.dialects.type_sizes``): a size misread there must show up here. Ops are told apart
by name. Buffers: a ``memref.view`` of an alloc at a constant byte offset
(``memir-to-memref``'s output), or a ``memref.alloc`` linked by ``memir.buffer`` to a placed
``memir.alloc`` (the function's arena at its offset). Effects: copies, loads, stores and
linalg ``ins``/``outs`` as they say; frees and metadata queries touch nothing; views and
casts point where their operands point; any other op reads and writes every memref
operand, and its memref results may point into all of them and elsewhere.
"""

from __future__ import annotations

from xdsl.dialects.builtin import (
    AnyFloat, IndexType, IntegerAttr, IntegerType, MemRefType, UnrankedMemRefType,
    UnregisteredOp,
)
from xdsl.ir import Operation, SSAValue

from memir.dialects import PassError
from memir.verify.memref_execution import Body, Node

LINK = "memir.buffer"
NO_ACCESS = frozenset({"memref.dealloc", "bufferization.dealloc", "memref.dim", "memref.rank",
                       "memref.extract_aligned_pointer_as_index", "func.return"})
POINTS = frozenset({"memref.subview", "memref.cast", "memref.reinterpret_cast",
                    "memref.collapse_shape", "memref.expand_shape", "memref.transpose",
                    "memref.extract_strided_metadata", "memref.memory_space_cast",
                    "memref.assume_alignment", "arith.select"})
UNKNOWN_SIZE = 1 << 62


def _name(op: Operation) -> str:
    return op.op_name.data if isinstance(op, UnregisteredOp) else op.name


def _memory(value: SSAValue) -> bool:
    return isinstance(value.type, MemRefType | UnrankedMemRefType)


def _bytes(kind, sizes=()) -> int | None:
    """Bytes of a memref type (i1 a byte, index 8), its dynamic sizes taken from constant
    ``sizes`` operands; None if unknown."""
    if not isinstance(kind, MemRefType):
        return None
    dynamic = [_constant(v) for v in sizes]
    shape, k = [], 0
    for d in kind.get_shape():
        if d < 0:
            d = dynamic[k] if k < len(dynamic) and dynamic[k] is not None else -1
            k += 1
        if d < 0:
            return None
        shape.append(d)
    element = kind.element_type
    if isinstance(element, IndexType):
        width = 8
    elif isinstance(element, IntegerType):
        width = (element.width.data + 7) // 8
    elif isinstance(element, AnyFloat):
        width = (element.bitwidth + 7) // 8
    else:
        return None
    count = 1
    for d in shape:
        count *= d
    return count * width


def _constant(value: SSAValue) -> int | bool | None:
    op = value.owner
    if isinstance(op, Operation) and op.name == "arith.constant":
        attr = op.properties.get("value")
        attr = op.attributes.get("value") if attr is None else attr
        if isinstance(attr, IntegerAttr):
            return attr.value.data
    return None


class FunctionReader:
    """One ``func.func`` as nodes; ``offsets`` places linked allocs (handle -> offset)."""

    def __init__(self, offsets: list[int | None], arena: int):
        self.values: dict[SSAValue, int] = {}
        self.offsets = offsets
        self.arena = arena
        self.ops: dict[int, Operation] = {}  # id(node) -> op, for diagnostics
        self.unplaced: Operation | None = None

    def value(self, v: SSAValue) -> int | None:
        if not _memory(v):
            return None
        return self.values.setdefault(v, len(self.values))

    def handle(self, op: Operation) -> int:
        """The planned buffer ``op``'s ``memir.buffer`` names. A hand-written or stale link
        that names none (not an integer, negative, past the module's last ``memir.alloc``) is
        the user's error, located at the op: read as an index it would run the wrong
        buffer (Python takes -1 as the last) or fail inside the checker."""
        link = op.attributes[LINK]
        count = len(self.offsets)
        if isinstance(link, IntegerAttr) and 0 <= link.value.data < count:
            return link.value.data
        have = f"0 to {count - 1}" if count else "the module has none"
        raise PassError(f"'{LINK}' names no planned buffer: it must be the integer handle "
                        f"of a memir.alloc ({have}); got {link}", op)

    def some(self, values) -> tuple[int, ...]:
        return tuple(x for x in (self.value(v) for v in values) if x is not None)

    def body(self, block, skip: int = 0) -> Body:
        nodes, yields = [], ()
        for op in block.ops:
            name = _name(op)
            if name.startswith("memir."):
                continue
            if name in ("scf.yield", "scf.condition"):
                operands = op.operands[1:] if name == "scf.condition" else op.operands
                yields = tuple(self.value(v) for v in operands)
                continue
            node = self.node(op, name)
            self.ops[id(node)] = op
            nodes.append(node)
        return Body(tuple(self.value(a) for a in block.args[skip:]), tuple(nodes), yields)

    def region(self, region, skip: int = 0) -> Body:
        return self.body(region.blocks[0], skip) if region.blocks else Body()

    def node(self, op: Operation, name: str) -> Node:
        label = f"'{name}'"
        results = tuple(self.value(r) for r in op.results)
        memory = self.some(op.operands)
        if name in ("memref.alloc", "memref.view") and op.results[0].name_hint:
            label = f"%{op.results[0].name_hint}"
        if name == "memref.alloc":
            size = _bytes(op.results[0].type, op.operands) or UNKNOWN_SIZE
            if LINK in op.attributes:
                offset = self.offsets[self.handle(op)]
                if offset is None and self.unplaced is None:
                    self.unplaced = op
                return Node(label, "alloc", results, size=size, arena=self.arena,
                            offset=offset or 0)
            return Node(label, "alloc", results, size=size)
        if name == "memref.view":
            return Node(label, "view", results, sources=memory[:1],
                        size=_bytes(op.results[0].type, op.operands[2:]) or UNKNOWN_SIZE,
                        offset=_constant(op.operands[1]))
        if name in NO_ACCESS:
            return Node(label)
        if name in POINTS:
            return Node(label, results=results, sources=memory)
        if name == "memref.copy":
            return Node(label, reads=memory[:1], writes=memory[1:2])
        if name == "memref.load":
            return Node(label, reads=memory[:1])
        if name == "memref.store":
            return Node(label, writes=self.some(op.operands[1:2]))
        if name == "scf.for":
            bounds = [_constant(v) for v in op.operands[:3]]
            trips = None
            if None not in bounds and bounds[2] > 0:
                trips = max(0, -(-(bounds[1] - bounds[0]) // bounds[2]))
            return Node(label, "for", results, reads=memory,
                        inits=tuple(self.value(v) for v in op.operands[3:]), trips=trips,
                        bodies=(self.region(op.regions[0], skip=1),))
        if name == "scf.if":
            side = _constant(op.operands[0])
            return Node(label, "if", results,
                        branch=None if side is None else (0 if side else 1),
                        bodies=tuple(self.region(r) for r in op.regions))
        if name == "scf.while":
            return Node(label, "while", results,
                        inits=tuple(self.value(v) for v in op.operands),
                        bodies=tuple(self.region(r) for r in op.regions))
        if op.regions and any(_memory(v) for inner in op.walk() if inner is not op
                              for v in (*inner.operands, *inner.results)):
            return Node(label, "other", results, sources=memory, reads=memory,
                        writes=memory, bodies=tuple(self.region(r) for r in op.regions))
        sizes = op.properties.get("operandSegmentSizes")
        if name.startswith("linalg.") and sizes is not None:
            counts = tuple(sizes.get_values())
            if len(counts) == 2 and counts[0] + counts[1] == len(op.operands):
                ins = self.some(op.operands[:counts[0]])
                outs = self.some(op.operands[counts[0]:])
                return Node(label, reads=ins + outs, writes=outs)
        return Node(label, results=results, sources=memory, reads=memory, writes=memory,
                    fresh=any(r is not None for r in results))


def read_function(fn: Operation, offsets: list[int | None], arena: int):
    """(argument values, nodes, reader) of ``fn``."""
    reader = FunctionReader(offsets, arena)
    block = fn.regions[0].blocks[0] if fn.regions[0].blocks else None
    if block is None:
        return (), (), reader
    body = reader.body(block)
    return body.args, body.nodes, reader
