"""IR <-> plain data: what the passes hand to the algorithms and read back.

Why here: algorithms in memir.analysis / memir.planning never see xDSL. This module is
the one place that knows how allocs, computes, tile views, contiguous groups, streams and
events map to ``Graph`` (for stream safety) and ``Problem`` (for layout).

Program steps: the i-th compute op in program order runs at step i. Without an explicit
``live [l, u)``, a buffer lives from the step of its first use to the step after its last.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from xdsl.dialects.builtin import ModuleOp
from xdsl.ir import Operation, SSAValue

from memir.analysis.graph import Graph
from memir.dialects import (
    AllocOp,
    ComputeOp,
    ContiguousOp,
    DeallocOp,
    RecordOp,
    StreamOp,
    TileViewOp,
    WaitOp,
    value_label,
)
from memir.planning.problem import Buffer, Problem
from memir.tools.diagnostics import OpError


def root_buffer(value: SSAValue) -> SSAValue:
    """The alloc (or argument) a value views: tile views are uses of their source."""
    while isinstance(value.owner, TileViewOp):
        value = value.owner.source
    return value


@dataclass
class BufferModel:
    """The module's planned buffers, their uses, and the graph they form."""

    allocs: list[AllocOp] = field(default_factory=list)
    index: dict[SSAValue, int] = field(default_factory=dict)
    computes: list[ComputeOp] = field(default_factory=list)
    uses: list[list[int]] = field(default_factory=list)  # compute steps using buffer i
    groups: list[list[int]] = field(default_factory=list)
    group_ops: list[ContiguousOp] = field(default_factory=list)
    tiles: list[TileViewOp] = field(default_factory=list)
    graph: Graph | None = None
    tensor_of_alloc: list[int] = field(default_factory=list)

    @property
    def num_streams(self) -> int:
        return 0 if self.graph is None else self.graph.num_streams

    def label(self, i: int) -> str:
        return value_label(self.allocs[i].result)

    def lifetime(self, i: int) -> tuple[int, int]:
        alloc = self.allocs[i]
        if (explicit := alloc.lifetime) is not None:
            return explicit
        steps = self.uses[i]
        if not steps:
            return (0, 1)
        return (min(steps), max(steps) + 1)


def _stream_index(op: ComputeOp | RecordOp | WaitOp, order: dict[Operation, int]) -> int:
    stream = op.stream
    if stream is None:
        return 0
    owner = stream.owner
    if not isinstance(owner, StreamOp):
        raise OpError("'on' must name a memir.stream", op)
    if order.get(owner, -1) > order[op]:
        raise OpError(f"stream {owner.index.data} is used before it is declared", op)
    return owner.index.data


def build_model(module: ModuleOp) -> BufferModel:
    """Collect planned allocs and build the dependency graph of the buffer-level IR.

    Raises OpError for a buffer written by two ops, a use after dealloc, a stream used
    before it exists, or tensor-form compute ops (run bufferize first).
    """
    model = BufferModel()
    order: dict[Operation, int] = {}
    for position, op in enumerate(module.walk()):
        order[op] = position
        if isinstance(op, AllocOp) and op.external is None:
            model.index[op.result] = len(model.allocs)
            model.allocs.append(op)
        elif isinstance(op, ComputeOp):
            if not op.is_buffer_form:
                raise OpError("tensor-form compute op: run bufferize first", op)
            model.computes.append(op)
        elif isinstance(op, TileViewOp):
            model.tiles.append(op)
        elif isinstance(op, ContiguousOp):
            model.group_ops.append(op)
    model.uses = [[] for _ in model.allocs]
    for op in model.group_ops:
        model.groups.append([model.index[v] for v in op.buffers])

    graph = Graph()
    tensor_of: dict[SSAValue, int] = {}

    def tensor(value: SSAValue) -> int:
        value = root_buffer(value)
        found = tensor_of.get(value)
        if found is None:
            owner = value.owner
            size = owner.size.data if isinstance(owner, AllocOp) else 0
            planned = isinstance(owner, AllocOp) and owner.external is None
            found = tensor_of[value] = graph.add_tensor(
                value_label(value), size, planned=planned
            )
        return found

    for value in model.index:
        tensor(value)
    model.tensor_of_alloc = [tensor_of[a.result] for a in model.allocs]

    dead_after: dict[SSAValue, int] = {}
    pending_waits: dict[int, list[int]] = {}  # stream -> compute steps it must wait for
    last_on_stream: dict[int, int] = {}
    direct_writes: set[int] = set()
    event_source: dict[SSAValue, int | None] = {}
    step = 0
    for op in module.walk():
        if isinstance(op, DeallocOp):
            dead_after[root_buffer(op.buffer)] = order[op]
        elif isinstance(op, RecordOp):
            event_source[op.event] = last_on_stream.get(_stream_index(op, order))
        elif isinstance(op, WaitOp):
            source = event_source.get(op.event)
            if op.event not in event_source:
                raise OpError("waits for an event that is recorded later", op)
            if source is not None:
                pending_waits.setdefault(_stream_index(op, order), []).append(source)
        elif isinstance(op, ComputeOp):
            stream = _stream_index(op, order)
            for value in (*op.inputs, *op.outputs, *op.workspaces):
                root = root_buffer(value)
                if root in dead_after:
                    raise OpError(f"uses buffer {value_label(root)} after its dealloc", op)
            ins = [tensor(v) for v in op.inputs]
            outs, writes_again = [], []
            for value in (*op.outputs, *op.workspaces):
                t = tensor(value)
                direct = not isinstance(value.owner, TileViewOp)
                if graph.tensors[t].producer is None and t not in outs:
                    outs.append(t)
                elif direct and t in direct_writes:
                    raise OpError(f"buffer {graph.tensors[t].name} is written by two ops", op)
                else:
                    writes_again.append(t)  # another tile of it: a use, not a second producer
                if direct:
                    direct_writes.add(t)
            # A workspace (or an output the op also reads) is used by its producer too.
            node = graph.add_node(op.kernel.data, op.kernel.data,
                                  ins + writes_again + [t for t in outs if t in ins], outs, stream)
            for source in pending_waits.pop(stream, []):
                graph.deps.append((source, node))
            last_on_stream[stream] = node
            for value in (*op.inputs, *op.outputs, *op.workspaces):
                i = model.index.get(root_buffer(value))
                if i is not None:
                    model.uses[i].append(step)
            step += 1
    # Workspaces: their producer is their only consumer.
    for op_index, op in enumerate(model.computes):
        for value in op.workspaces:
            t = tensor(value)
            if op_index not in graph.tensors[t].consumers:
                graph.tensors[t].consumers.append(op_index)
    model.graph = graph
    return model


def alloc_buffers(model: BufferModel, keep_offsets: bool = False) -> list[Buffer]:
    buffers = []
    for i, alloc in enumerate(model.allocs):
        lower, upper = model.lifetime(i)
        fixed = alloc.offset.data if keep_offsets and alloc.offset is not None else None
        buffers.append(Buffer(alloc.size.data, lower, upper, alloc.align, fixed, model.label(i)))
    return buffers


def needs_stream_safety(model: BufferModel) -> bool:
    graph = model.graph
    return graph is not None and (graph.num_streams > 1 or bool(graph.deps))


def build_problem(model: BufferModel, conflicts: list[set[int]] | None,
                  capacity: int | None = None, keep_offsets: bool = False) -> Problem:
    return Problem(alloc_buffers(model, keep_offsets), conflicts, model.groups, capacity)
