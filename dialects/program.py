"""The one reader of a memir program: IR in, plain data (``ProgramData``) and handles out.

Why one reader, and why at the IR layer: every pass, the module verifier's cycle check
and check-execution need the same facts about a module (planned buffers, which compute op
touches which root in which role, streams, events, groups, the dependency graph).
``read_program`` walks the module once and returns plain data numbered by integer
handles, plus ``IRHandles`` mapping them back to the ops; nothing is joined by SSA name.
It lives in dialects/ because the verifier must not import the passes; the data is the
model's (``memir.model.program``), so the algorithms and frontends never see xDSL.
``root_value`` and ``stream_index`` are the one root and stream helper, and ``add_step``
the one way a compute op becomes a node of the graph.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from xdsl.dialects.builtin import IntegerAttr, ModuleOp
from xdsl.dialects.func import FuncOp, ReturnOp
from xdsl.ir import BlockArgument, Operation, SSAValue
from xdsl.traits import IsolatedFromAbove

from memir.dialects.buffer_ops import (
    AllocOp,
    ArenaOp,
    ContiguousOp,
    TileViewOp,
    ViewOp,
    value_label,
)
from memir.dialects.errors import PassError
from memir.dialects.fast_path import walk_ops
from memir.dialects.graph_ops import ComputeOp, RecordOp, StreamOp, WaitOp, reads_buffers
from memir.dialects.spaces import ARG_BYTES_ATTR, CopyOp, module_spaces
from memir.dialects.symbols import largest_size, module_symbols
from memir.model.graph import Graph
from memir.model.program import Access, BufferData, OtherValue, ProgramData, StepData, TileData


@dataclass
class IRHandles:
    """Handle -> op, for the same integers ProgramData uses."""

    module: ModuleOp
    allocs: list[AllocOp]
    computes: list[ComputeOp]
    tiles: list[TileViewOp]
    groups: list[ContiguousOp]
    sequence: list[Operation] = field(default_factory=list)  # the ops of data.sequence
    others: list[SSAValue] = field(default_factory=list)  # the roots of data.others

    def alloc_op(self, buffer: int | None) -> Operation | None:
        return None if buffer is None else self.allocs[buffer]

    def step_op(self, step: int | None) -> Operation | None:
        return None if step is None else self.computes[step]


@dataclass
class Program:
    data: ProgramData
    ir: IRHandles


# ----------------------------------------------------------------------------- reading


def root_value(value: SSAValue) -> SSAValue:
    """The alloc (or argument) a value views: tile views are uses of their source."""
    while type(value.owner) is TileViewOp:
        value = value.owner.source
    return value


def stream_index(op: ComputeOp | RecordOp | WaitOp) -> int | None:
    """The stream an op runs on: the index its ``memir.stream`` declares, 0 without
    ``on``, None for a stream that is not a ``memir.stream`` (a block argument)."""
    stream = op.stream
    if stream is None:
        return 0
    owner = stream.owner
    return owner.index.data if type(owner) is StreamOp else None


def printed_names(module: ModuleOp) -> dict[SSAValue, str]:
    """``%name`` as xDSL's printer spells each named value, made unique in the module.

    The printer numbers repeated name hints within a scope (``%ws``, ``%ws_1``) and starts
    each function (an op isolated from above) from its parent's counts, so two functions
    may both print ``%a``. Such a name gets `` (in @func)``, so that a diagnostic or a
    pair list names one value, as the user reads it in the output.
    """
    names: dict[SSAValue, str] = {}
    scope_of: dict[SSAValue, str] = {}

    def name(value: SSAValue, counts: dict[str, int], scope: str) -> None:
        if hint := value.name_hint:
            index = counts.get(hint, 0)
            counts[hint] = index + 1
            names[value] = f"%{hint}_{index}" if index else f"%{hint}"
            scope_of[value] = scope

    def visit(op: Operation, counts: dict[str, int], scope: str) -> None:
        for value in op.results:
            name(value, counts, scope)
        if not op.regions:
            return
        if op.get_traits_of_type(IsolatedFromAbove):
            counts = dict(counts)
            symbol = op.properties.get("sym_name") or op.attributes.get("sym_name")
            scope = f"@{symbol.data}" if symbol is not None else op.name
        for region in op.regions:
            for block in region.blocks:
                for arg in block.args:
                    name(arg, counts, scope)
                for inner in block.ops:
                    visit(inner, counts, scope)

    for op in module.ops:
        visit(op, {}, "")
    scopes: dict[str, set[str]] = {}
    for value, printed in names.items():
        scopes.setdefault(printed, set()).add(scope_of[value])
    for value, printed in names.items():
        if len(scopes[printed]) > 1 and scope_of[value]:
            names[value] = f"{printed} (in {scope_of[value]})"
    return names


class _LazyNames:
    """printed_names(module), computed on the first look-up: a module whose buffers all
    have ids (a MiniMalloc import) never needs it, and it walks the whole module."""

    def __init__(self, module: ModuleOp) -> None:
        self.module = module
        self.names: dict[SSAValue, str] | None = None

    def get(self, value: SSAValue) -> str | None:
        if self.names is None:
            self.names = printed_names(self.module)
        return self.names.get(value)


def _label(value: SSAValue, names: dict[SSAValue, str] | _LazyNames) -> str:
    owner = value.owner
    if isinstance(owner, AllocOp) and (buffer_id := owner.properties.get("id")) is not None:
        return f'"{buffer_id.data}"'
    return names.get(value) or value_label(value)


def _stream_of(op: ComputeOp | RecordOp | WaitOp) -> int:
    stream = stream_index(op)
    if stream is None:
        raise PassError("'on' must name a memir.stream", op)
    return stream


class GraphBuilder:
    """The one way IR becomes the dependency graph (``memir.model.graph.Graph``), for
    ``read_program`` and the module verifier's cycle check.

    A compute op is a node on its stream: it consumes its inputs; each tensor it writes is
    an output where ``produces`` says the op defines that root, a use otherwise (in place,
    another tile, an argument); a workspace, or an output the op also reads, is used by
    its producer too. A record remembers the last node of its stream, and a wait makes
    that node a dep of the next node on the waiting stream."""

    def __init__(self, graph: Graph, tensor) -> None:
        self.graph = graph
        self.tensor = tensor  # SSA value -> tensor handle (by root)
        self.last_on: dict[int, int] = {}
        self.source: dict[SSAValue, int | None] = {}
        self.pending: dict[int, list[int]] = {}  # stream -> nodes its next node waits for

    def record(self, op: RecordOp, stream: int) -> None:
        self.source[op.event] = self.last_on.get(stream)

    def recorded(self, op: WaitOp) -> bool:
        return op.event in self.source

    def wait(self, op: WaitOp, stream: int) -> None:
        if (source := self.source.get(op.event)) is not None:
            self.pending.setdefault(stream, []).append(source)

    def step(self, op: ComputeOp, stream: int, produces, groups=None) -> int:
        """The node of ``op`` (tensor form: no data, stream and events only);
        ``produces(value, tensor)``: whether this write defines its root. ``groups``: the
        (inputs, outputs, workspaces) of an op the caller has read and found in buffer
        form already."""
        graph, tensor = self.graph, self.tensor
        if groups is None:
            groups = (op.inputs, op.outputs, op.workspaces)
            buffer_form = reads_buffers(op, groups[0])
        else:
            buffer_form = True
        inputs, outputs, workspaces = groups
        ins, outs, writes_again = [], [], []
        if buffer_form:
            ins = [tensor(v) for v in inputs]
            for value in (*outputs, *workspaces):
                t = tensor(value)
                if t not in outs and produces(value, t):
                    outs.append(t)
                else:
                    writes_again.append(t)
        node = graph.add_node(op.kernel.data, op.kernel.data,
                              ins + writes_again + [t for t in outs if t in ins], outs, stream)
        for value in workspaces:
            t = tensor(value)
            if node not in graph.tensors[t].consumers:
                graph.tensors[t].consumers.append(node)
        for source in self.pending.pop(stream, []):
            graph.deps.append((source, node))
        self.last_on[stream] = node
        return node


@dataclass
class _Ops:
    """The ops a program is read from, in walk order."""

    allocs: list[AllocOp] = field(default_factory=list)  # planned: not external
    computes: list[ComputeOp] = field(default_factory=list)
    tiles: list[TileViewOp] = field(default_factory=list)
    groups: list[ContiguousOp] = field(default_factory=list)
    ordered: list[Operation] = field(default_factory=list)  # computes, records, waits
    # each func.return with the number of compute ops before it
    returns: list[tuple[int, Operation]] = field(default_factory=list)


def _collect(module: ModuleOp) -> _Ops:
    ops = _Ops()
    for op in walk_ops(module):  # module.walk() without a generator per op
        if isinstance(op, AllocOp):
            if op.external is None:
                ops.allocs.append(op)
        elif isinstance(op, ComputeOp | CopyOp):
            if not op.is_buffer_form:
                raise PassError("tensor-form compute op: run bufferize first", op)
            ops.computes.append(op)
            ops.ordered.append(op)
        elif isinstance(op, TileViewOp):
            ops.tiles.append(op)
        elif isinstance(op, ContiguousOp):
            ops.groups.append(op)
        elif isinstance(op, RecordOp | WaitOp):
            ops.ordered.append(op)
        elif isinstance(op, ReturnOp):
            ops.returns.append((len(ops.computes), op))
    return ops


class _Reader:
    """One read of a module: the handles given so far (buffers, tiles, graph tensors, other
    roots, events) and the steps read."""

    def __init__(self, module: ModuleOp, ops: _Ops) -> None:
        self.names = _LazyNames(module)
        self.symbols = module_symbols(module)
        self.module = module
        self.bases: dict[SSAValue, int] | None = None
        # Linear in the buffers with a small constant (100k-buffer imports): each alloc's
        # result and label are looked up once, through the properties dict.
        self.results = [a.results[0] for a in ops.allocs]
        self.buffer_of = {value: i for i, value in enumerate(self.results)}
        self.tile_of = {t.result: i for i, t in enumerate(ops.tiles)}
        self.buffers = [self._buffer(a, value) for a, value in zip(ops.allocs, self.results)]
        self.graph = Graph()
        self.tensor_of: dict[SSAValue, int] = {}  # by root
        self.tensor_of_value: dict[SSAValue, int] = {}  # by the value used, tile or root
        self.others: list[OtherValue] = []
        self.other_of: dict[SSAValue, int] = {}
        self.uses: list[list[int]] = [[] for _ in ops.allocs]
        self.steps: list[StepData] = []
        self.sequence: list[tuple[str, int, int]] = []
        self.event_number: dict[SSAValue, int] = {}
        self.builder = GraphBuilder(self.graph, self.tensor)

    def _buffer(self, alloc: AllocOp, value: SSAValue) -> BufferData:
        props = alloc.properties
        buffer_id, space = props.get("id"), props.get("space")
        size = props["size"].data
        if (sym_size := alloc.symbolic_size) is not None:
            size = max(largest_size(sym_size, self.symbols) or 1, 1)
        return BufferData(size, alloc.align, alloc.lifetime,
                          _label(value, self.names),
                          buffer_id.data if buffer_id is not None else None,
                          space.data if space is not None else None, sym_size)

    def tile(self, t: TileViewOp) -> TileData:
        return TileData(self.buffer_of.get(root_value(t.source)), t.offsets, t.sizes,
                        t.strides, t.elem.data, t.lifetime, _label(t.result, self.names))

    def tensor(self, value: SSAValue) -> int:
        """The graph tensor of ``value``'s root (planned buffers first, in handle order)."""
        found = self.tensor_of_value.get(value)
        if found is None:
            found = self.tensor_of_value[value] = self._root_tensor(root_value(value))
        return found

    def _root_tensor(self, value: SSAValue) -> int:
        found = self.tensor_of.get(value)
        if found is None:
            handle = self.buffer_of.get(value)
            size = self.buffers[handle].size if handle is not None else 0
            label = (self.buffers[handle].label if handle is not None
                     else _label(value, self.names))
            found = self.tensor_of[value] = self.graph.add_tensor(label, size,
                                                                  planned=handle is not None)
        return found

    def other(self, root: SSAValue) -> int:
        """The handle of a root that is not a planned alloc (an argument, an external
        alloc, a ``memir.view`` with its place in the arena)."""
        found = self.other_of.get(root)
        if found is None:
            owner = root.owner
            view = ((self.arena_base(owner.arena) + owner.offset.data, owner.size.data)
                    if isinstance(owner, ViewOp) else None)
            label = (f'"{owner.buffer_id.data}"' if isinstance(owner, ViewOp)
                     and owner.buffer_id is not None else _label(root, self.names))
            found = self.other_of[root] = len(self.others)
            self.others.append(OtherValue(label, view, _known_bytes(root)))
        return found

    def arena_base(self, arena: SSAValue) -> int:
        """Where an arena starts in one address space for all arenas: 0 for the one arena;
        with one arena per memory space, each after the arenas of the spaces declared
        before it (they are different memories: their bytes never meet)."""
        if self.bases is None:
            self.bases, at = {}, 0
            spaces = module_spaces(self.module)
            arenas = {op.space.data: op for op in walk_ops(self.module)
                      if isinstance(op, ArenaOp) and op.space is not None} if spaces else {}
            for space in spaces:
                if (op := arenas.get(space.space_name.data)) is not None:
                    self.bases[op.result] = at
                    at += op.size.data
        return self.bases.get(arena, 0)

    def produces(self, value: SSAValue, t: int) -> bool:
        """The first write of a planned or external alloc defines it."""
        return (isinstance(root_value(value).owner, AllocOp)
                and self.graph.tensors[t].producer is None)

    def read(self, op: Operation) -> None:
        """A record, wait or compute op, in program order."""
        stream = _stream_of(op)
        if isinstance(op, RecordOp):
            self.builder.record(op, stream)
            self.event_number[op.event] = len(self.event_number)
            self.sequence.append(("record", self.event_number[op.event], stream))
        elif isinstance(op, WaitOp):
            if not self.builder.recorded(op):
                raise PassError("waits for an event that is recorded later", op)
            self.sequence.append(("wait", self.event_number[op.event], stream))
            self.builder.wait(op, stream)
        else:
            self.steps.append(self._step(op, stream))

    def _step(self, op: ComputeOp, stream: int) -> StepData:
        step = StepData(op.kernel.data, stream)
        groups = op.inputs, op.outputs, op.workspaces
        for role, group, values in zip(("read", "write", "workspace"),
                                       (step.reads, step.writes, step.workspaces), groups):
            for value in values:
                self._access(step, role, group, value)
        self.builder.step(op, stream, self.produces, groups)
        self.sequence.append(("step", len(self.steps), stream))
        return step

    def _access(self, step: StepData, role: str, group: list[int], value: SSAValue) -> None:
        """One operand of the step being read (``len(self.steps)``): its tile or whole
        buffer, its root's use, and the access."""
        root = root_value(value)
        t = self.tile_of.get(value)
        if t is not None:
            if t not in step.tiles:
                step.tiles.append(t)
        elif (b := self.buffer_of.get(value)) is not None and b not in step.whole:
            step.whole.append(b)
        if (b := self.buffer_of.get(root)) is not None:
            group.append(b)
            uses = self.uses[b]
            if not uses or uses[-1] != len(self.steps):
                uses.append(len(self.steps))
            step.accesses.append(Access(role, b, None, t))
        else:
            step.accesses.append(Access(role, None, self.other(root), t))


def _known_bytes(root: SSAValue) -> int | None:
    """The bytes of a root that is not a planned alloc, where the IR says them."""
    owner = root.owner
    if isinstance(owner, ViewOp | AllocOp):
        return owner.properties["size"].data
    if isinstance(root, BlockArgument) and isinstance(func := owner.parent_op(), FuncOp) \
            and func.arg_attrs is not None and root.index < len(func.arg_attrs.data):
        size = func.arg_attrs.data[root.index].data.get(ARG_BYTES_ATTR)
        if isinstance(size, IntegerAttr) and size.value.data > 0:
            return size.value.data
    return None


def _hold_returned(reader: _Reader, returns: list[tuple[int, Operation]]) -> None:
    """A planned buffer a function returns (``bufferize{plan-outputs=true}``) is used by its
    function's last step: its bytes must survive to the return, not to its last reader."""
    for count, op in returns:
        for value in op.operands:
            b = reader.buffer_of.get(root_value(value))
            if b is not None and count > 0:
                uses = reader.uses[b]
                if uses and uses[-1] < count - 1:
                    uses.append(count - 1)


# Program steps: the i-th compute op in program order (over the whole module) is step i.
# Without an explicit live [l, u) a buffer lives from the step of its first use to the step
# after its last (a returned planned buffer: to its function's last step). An op writes its
# outs and ws; the first op that writes a planned buffer produces it, and a later write
# (an in-place update, which also reads it, or a write through another tile) is a use.
def read_program(module: ModuleOp) -> Program:
    """Read the module's planned buffers, steps, tiles, groups and dependency graph."""
    ops = _collect(module)
    reader = _Reader(module, ops)
    tiles = [reader.tile(t) for t in ops.tiles]
    groups = [[reader.buffer_of[v] for v in g.buffers] for g in ops.groups]
    tensor_of_buffer = [reader.tensor(value) for value in reader.results]
    # The module verifier has already rejected two writers, uses after dealloc and cycles;
    # a wait before its record is checked here because the graph cannot be built without.
    for op in ops.ordered:
        reader.read(op)
    _hold_returned(reader, ops.returns)
    data = ProgramData(reader.buffers, reader.steps, tiles, groups, reader.graph,
                       tensor_of_buffer, reader.uses, reader.sequence, reader.others,
                       reader.symbols)
    return Program(data, IRHandles(module, ops.allocs, ops.computes, ops.tiles, ops.groups,
                                   ops.ordered, list(reader.other_of)))
