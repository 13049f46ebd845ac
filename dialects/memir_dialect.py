"""The ``memir`` dialect object and module-wide checks that no single op can make.

``verify_module`` runs after parsing and after every pass, so it is one walk over the
module with dictionary look-ups per operand (linear time); the only superlinear step, a
topological sort to find a dependency cycle, runs only when some op reads a buffer before
the op that first writes it (the one way a cycle can arise, see ``_check_cycles``).
"""

from __future__ import annotations

from xdsl.dialects.builtin import ModuleOp
from xdsl.ir import Attribute, Block, BlockArgument, Dialect, OpResult, Operation, SSAValue
from xdsl.utils.exceptions import VerifyException

from memir.analysis.graph import Graph
from memir.dialects.attributes import BufferType, EventType, PlanAttr, SafetyAttr, StreamType
from memir.dialects.buffer_ops import (
    AllocOp,
    ArenaOp,
    ContiguousOp,
    DeallocOp,
    TileViewOp,
    ViewOp,
    value_label,
)
from memir.dialects.fast_path import walk_ops
from memir.dialects.graph_ops import ComputeOp, RecordOp, StreamOp, WaitOp
from memir.dialects.limits import MAX_BYTES
from memir.dialects.program import GraphBuilder, root_value, stream_index
from memir.dialects.spaces import SPACES_ATTR, CopyOp, SpaceAttr, module_spaces
from memir.dialects.symbols import SymbolicPlanAttr, SymbolsAttr, check_symbol, declarations
from memir.dialects.xdsl_internals import raw_operands

Memir = Dialect(
    "memir",
    [StreamOp, RecordOp, WaitOp, ComputeOp, AllocOp, DeallocOp, TileViewOp, ContiguousOp,
     ArenaOp, ViewOp, CopyOp],
    [StreamType, EventType, BufferType, SafetyAttr, PlanAttr, SpaceAttr, SymbolsAttr,
     SymbolicPlanAttr],
)


class ModuleCheckError(VerifyException):
    """A module-wide rule is broken; ``op`` is where to point the user."""

    def __init__(self, message: str, op: Operation):
        super().__init__(message)
        self.op = op


def _ssa_name(value: SSAValue) -> str:
    return f"%{value.name_hint}" if value.name_hint else "<unnamed>"


def _in_scope(block: Block | None, op: Operation) -> bool:
    """``block`` is the block of ``op`` or of one of its enclosing ops, or a block of the
    same region as one of those (a branch target in a control-flow graph: dominance
    between its blocks is MLIR's to check, not memir's)."""
    current = op.parent
    region = None if block is None else block.parent
    while current is not None:
        if current is block or (region is not None and current.parent is region):
            return True
        parent_op = current.parent_op()
        current = None if parent_op is None else parent_op.parent
    return False


def _check_defined_before(op: Operation, block_of: dict[int, Block]) -> None:
    """Every operand is defined before ``op`` in a block that encloses it (xDSL's parser
    accepts forward references in generic form and its verifier checks no dominance).
    ``block_of`` maps id(result) to its block for every op visited so far."""
    for value in raw_operands(op):
        if type(value) is OpResult:
            scope = block_of.get(id(value))
            before = scope is not None
        else:  # a block argument
            before, scope = True, value.block
        if before and (scope is op.parent or _in_scope(scope, op)):
            continue
        owner = value.owner
        if isinstance(owner, StreamOp):
            raise ModuleCheckError(f"stream {owner.index.data} is used before it is declared",
                                   op)
        if isinstance(op, WaitOp) and value is op.event and isinstance(owner, RecordOp):
            raise ModuleCheckError("waits for an event that is recorded later", op)
        what = "is used before its definition" if not before else "is used outside its scope"
        raise ModuleCheckError(f"value {_ssa_name(value)} {what}", op)


_SEGMENTS = "operandSegmentSizes"
_slice = tuple.__getitem__
_segment_cache: dict[int, tuple[Attribute, tuple[int, ...]]] = {}


def _sizes(attr: Attribute) -> tuple[int, ...]:
    """Operand segment sizes, cached by identity (hashing the attribute is slow); the
    entry keeps the attribute alive so that its id is not reused."""
    sizes = tuple(attr.get_values())
    _segment_cache[id(attr)] = (attr, sizes)
    return sizes


def _check_not_dead(op: Operation, operands, dead: set[int]) -> None:
    for value in operands:
        if id(value) in dead or id(root_value(value)) in dead:
            raise ModuleCheckError(
                f"uses buffer {value_label(root_value(value))} after its dealloc", op)


def _check_symbols(module: ModuleOp) -> None:
    """Size symbols: each declaration valid, each name declared once in the module."""
    op = module
    try:
        for op, symbol in declarations(module):
            check_symbol(symbol)
    except VerifyException as error:
        raise ModuleCheckError(str(error), getattr(error, "where", op)) from None


def verify_module(module: ModuleOp) -> None:
    """Rules across ops, checked in one walk in program order.

    - buffer ids are unique; a stream index is declared once per region;
    - every operand is defined before its use, in an enclosing block (streams before the
      ops that run on them, events recorded before they are waited for);
    - write rule: an op writes every buffer in its ``outs`` and ``ws``. The first op in
      program order that writes a buffer defines it (a function argument is defined by
      the caller); a later op that writes it must also read it (list it in ``ins``: an
      in-place update). Writes through tile views are uses, not definitions;
    - nothing uses a buffer (or a tile of it) after its ``memir.dealloc``;
    - stream order, record/wait and data dependencies form no cycle (a deadlock);
    - the allocs and arenas of a module take less than 2^62 bytes together, as one does:
      the planners sum sizes (peaks, arenas) in int64, where two of 2^62 - 1 overflowed (an
      internal error in schedule and assign-layout, found by benchmarks/fuzz.py).
    """
    _check_symbols(module)
    check = _ModuleCheck(_space_names(module))
    others = check.others
    for op in walk_ops(module):
        kind = type(op)
        if kind is ComputeOp or kind is CopyOp:
            check.compute(op)
        else:
            check.defined_before(op)
            if (more := others.get(kind)) is not None:
                more(op)
    check.cycles.check()


class _ModuleCheck:
    """What one walk of ``verify_module`` has seen so far.

    The hot loop runs after every pass on 100k-op modules: state is keyed by id() (IR
    objects hash through a Python-level __hash__, which doubled the cost of the walk; the
    module keeps every key alive while it runs), attribute look-ups are inlined, and
    anything unusual goes to the helpers above, which explain it or accept it.
    """

    def __init__(self, spaces: tuple[str, ...] = ()) -> None:
        self.seen_ids: dict[str, Operation] = {}
        self.spaces = spaces  # the declared memory spaces' names
        self.seen_streams: dict[tuple[int, int], Operation] = {}
        self.block_of: dict[int, Block] = {}  # id(result) -> its block, for results seen
        self.written: set[int] = set()
        self.dead: set[int] = set()
        self.cycles = _CycleFinder()
        self.total_bytes = 0  # of the allocs and arenas so far
        self.others = {AllocOp: self.alloc, ViewOp: self.buffer_id, ArenaOp: self.arena,
                       DeallocOp: self.dealloc, RecordOp: self.cycles.add_event_op,
                       WaitOp: self.cycles.add_event_op, StreamOp: self.stream,
                       TileViewOp: self.tile_view}

    def defined_before(self, op: Operation) -> None:
        """Operands defined before ``op``; then its results are defined in its block."""
        block_get, parent = self.block_of.get, op.parent
        for value in raw_operands(op):
            if block_get(id(value)) is not parent and (
                    type(value) is OpResult or value.block is not parent):
                _check_defined_before(op, self.block_of)  # an outer scope, or an error
                break
        for result in op.results:
            self.block_of[id(result)] = parent

    def compute(self, op: ComputeOp) -> None:
        """One pass over the operands: defined before use, and first use (of every
        operand: a stream is never written, and a written buffer's first use is looked up
        only after this loop, so recording writes here changes nothing); then the write
        rule and the deallocs."""
        block_get, parent = self.block_of.get, op.parent
        first_use, computes = self.cycles.first_use, self.cycles.computes
        node = len(computes)
        computes.append(op)
        checked = False
        operands = raw_operands(op)
        for value in operands:
            if not checked and block_get(id(value)) is not parent and (
                    type(value) is OpResult or value.block is not parent):
                _check_defined_before(op, self.block_of)  # an outer scope, or an error
                checked = True
            if type(value) is OpResult and type(value.op) is TileViewOp:
                value = root_value(value)
            first_use.setdefault(id(value), node)
        for result in op.results:
            self.block_of[id(result)] = parent
        attr = op.properties[_SEGMENTS]
        cached = _segment_cache.get(id(attr))
        sizes = cached[1] if cached is not None and cached[0] is attr else _sizes(attr)
        b = sizes[0] + sizes[1]
        # tuple's own slicing: SSAValues.__getitem__ wraps every slice (slow)
        inputs, writes = _slice(operands, slice(sizes[0], b)), _slice(operands, slice(b, None))
        if self.dead:
            _check_not_dead(op, operands, self.dead)
        self.writes(op, node, inputs, writes)

    def writes(self, op: ComputeOp, node: int, inputs, writes) -> None:
        """The write rule for ``op``'s outs and ws; each root's first writer is recorded."""
        written, producer = self.written, self.cycles.producer
        for value in writes:
            if type(value) is BlockArgument:
                if value not in inputs:
                    raise ModuleCheckError(
                        f"buffer {value_label(value)} is written by two ops (the caller "
                        "and this one: an in-place update lists it in ins too)", op)
                continue  # the caller defines it: writing it is an in-place update
            if type(value.op) is TileViewOp:
                root = root_value(value)  # a write through a tile: a use, or the first write
            else:
                root = value
                if id(value) in written:
                    if value not in inputs:
                        raise ModuleCheckError(
                            f"buffer {value_label(value)} is written by two ops", op)
                else:
                    written.add(id(value))
            key = id(root)
            if key not in producer and type(root) is not BlockArgument:
                producer[key] = node
                if self.cycles.first_use.setdefault(key, node) < node:
                    self.cycles.backward = True  # read before its first write

    def space(self, op: AllocOp | ArenaOp) -> None:
        """A space an alloc or arena names is one the module declares."""
        if (space := op.properties.get("space")) is not None and space.data not in self.spaces:
            declared = ", ".join(f'"{name}"' for name in self.spaces) or "none"
            raise ModuleCheckError(f'buffer in space "{space.data}", which the module does not '
                                   f"declare in {SPACES_ATTR} (declared: {declared})", op)

    def buffer_id(self, op: AllocOp | ViewOp) -> None:
        props = op.properties  # not the IRDL accessors
        if "space" in props:
            self.space(op)
        if (buffer_id := props.get("id")) is not None:
            key = buffer_id.data
            if key in self.seen_ids:
                raise ModuleCheckError(f'duplicate buffer id "{key}"', op)
            self.seen_ids[key] = op

    def alloc(self, op: AllocOp) -> None:
        self.buffer_id(op)
        if "sym_size" not in op.properties:  # a symbolic size: verify-layout bounds it
            self.add_bytes(op)

    def arena(self, op: ArenaOp) -> None:
        self.space(op)
        self.add_bytes(op)

    def add_bytes(self, op: AllocOp | ArenaOp) -> None:
        self.total_bytes += op.properties["size"].data
        if self.total_bytes >= MAX_BYTES:
            raise ModuleCheckError(
                f"the module's buffers take {self.total_bytes} bytes up to here: memir plans "
                "less than 2^62 bytes in a module, all buffers together", op)

    def dealloc(self, op: DeallocOp) -> None:
        root = root_value(op.buffer)
        if id(root) in self.dead:
            raise ModuleCheckError(f"buffer {value_label(root)} is deallocated twice", op)
        self.dead.add(id(root))

    def stream(self, op: StreamOp) -> None:
        key = (id(op.parent), op.index.data)
        if key in self.seen_streams:
            raise ModuleCheckError(f"stream {op.index.data} is declared twice", op)
        self.seen_streams[key] = op

    def tile_view(self, op: TileViewOp) -> None:
        if self.dead and id(root_value(op.source)) in self.dead:
            raise ModuleCheckError(
                f"uses buffer {value_label(root_value(op.source))} after its dealloc", op)


def _space_names(module: ModuleOp) -> tuple[str, ...]:
    try:
        return tuple(s.space_name.data for s in module_spaces(module))
    except VerifyException as error:
        raise ModuleCheckError(str(error), module) from None


class _CycleFinder:
    """Dependency arcs between compute ops, as memir.analysis.precedence defines them.

    Stream order and record/wait arcs always point forward in program order (the use
    before definition check guarantees it for events), and so do data arcs from a
    buffer's first writer to its later users (a function argument has no writer here: the
    caller defines it, so a write to it is an in-place update, a use). A cycle therefore
    needs a *backward* data arc: an op that uses a buffer before its first writer. Only then
    is the graph built and sorted; precedence.build_precedence finds and describes the cycle.
    """

    def __init__(self) -> None:
        self.computes: list[ComputeOp] = []
        self.first_use: dict[int, int] = {}  # id(buffer) -> first compute using it
        self.producer: dict[int, int] = {}  # id(buffer) -> its first writer
        self.backward = False
        self.event_ops: list[tuple[int, Operation]] = []

    def add_event_op(self, op: Operation) -> None:
        self.event_ops.append((len(self.computes), op))

    def check(self) -> None:
        if not self.backward:
            return
        # Imported here: precedence needs numpy, which memir-opt must not load at start-up.
        from memir.analysis.precedence import GraphError, build_precedence

        graph = self._graph()
        try:
            build_precedence(graph)
        except GraphError as error:
            node = 0 if error.node is None else error.node
            raise ModuleCheckError(error.message, self.computes[node]) from None

    def _graph(self) -> Graph:
        """The dependency graph through the reader's own builder (dialects/program.py),
        with this walk's producers (the first writer of each root) and dense stream numbers
        (a stream that is a block argument is a stream of its own)."""
        graph = Graph()
        tensor_of: dict[SSAValue, int] = {}

        def tensor(value: SSAValue) -> int:
            root = root_value(value)
            found = tensor_of.get(root)
            if found is None:
                found = tensor_of[root] = graph.add_tensor(value_label(root), 0)
            return found

        streams: dict[object, int] = {}

        def stream_of(op: Operation) -> int:
            key = stream_index(op)
            return streams.setdefault(op.stream if key is None else key, len(streams))

        builder = GraphBuilder(graph, tensor)
        ops = iter(self.event_ops)
        upcoming = next(ops, None)
        for node in range(len(self.computes) + 1):
            while upcoming is not None and upcoming[0] == node:
                op = upcoming[1]
                if isinstance(op, RecordOp):
                    builder.record(op, stream_of(op))
                else:
                    builder.wait(op, stream_of(op))
                upcoming = next(ops, None)
            if node < len(self.computes):
                op = self.computes[node]
                builder.step(op, stream_of(op), lambda value, t, node=node:
                             self.producer.get(id(root_value(value))) == node)
        return graph
