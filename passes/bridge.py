"""The one bridge between memir IR and the plain data the algorithms work on.

Why one module: the algorithms (memir.analysis, memir.planning, memir.verify) never see
xDSL, and every pass needs the same facts about a module — which buffers are planned,
which compute op uses which buffer or tile, the streams, the events, the contiguous groups.
``read_program`` reads them once into a ``Program``: plain data (``ProgramData``) whose
buffers, steps, tiles and groups are numbered by integer handles, and ``IRHandles`` that map
the same integers back to the ops. Nothing is joined by SSA name or label. The writers at
the bottom are the only code that puts algorithm results back into the IR.

Program steps: the i-th compute op in program order (over the whole module) is step i.
Without an explicit ``live [l, u)`` a buffer lives from the step of its first use to the
step after its last. An op writes its ``outs`` and ``ws``; the first op that writes a planned
buffer produces it, and a later write of the same buffer (an in-place update, which also
reads it, or a write through another tile) is a use.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from xdsl.dialects.builtin import DenseArrayBase, IntAttr, ModuleOp, i64
from xdsl.ir import Operation, SSAValue
from xdsl.traits import IsolatedFromAbove

from memir.analysis.graph import Graph
from memir.dialects import (
    AllocOp,
    ComputeOp,
    ContiguousOp,
    PassError,
    PlanAttr,
    RecordOp,
    SafetyAttr,
    StreamOp,
    TileViewOp,
    ViewOp,
    WaitOp,
    value_label,
)
from memir.dialects.fast_path import walk_ops
from memir.planning.problem import Buffer, Plan, Problem

if TYPE_CHECKING:
    from memir.planning.tiles import TiledBuffer

PLAN_ATTR = "memir.plan"


# ----------------------------------------------------------------------------- plain data


@dataclass(frozen=True, slots=True)
class BufferData:
    """A planned alloc: bytes, alignment, explicit lifetime (if any), a name for messages."""

    size: int
    align: int
    explicit: tuple[int, int] | None
    label: str
    buffer_id: str | None


@dataclass(frozen=True, slots=True)
class TileData:
    """A ``memir.tile_view``: the handle of the planned buffer it views (None: not planned)."""

    buffer: int | None
    offsets: tuple[int, ...]
    sizes: tuple[int, ...]
    strides: tuple[int, ...]
    elem: int
    explicit: tuple[int, int] | None
    label: str


@dataclass(frozen=True, slots=True)
class OtherValue:
    """A root a step touches that is not a planned alloc: an argument, an external alloc,
    or a ``memir.view`` (``view`` = (offset, size) in its arena)."""

    label: str
    view: tuple[int, int] | None


@dataclass(frozen=True, slots=True)
class Access:
    """One operand of a step: its role ("read", "write", "workspace"), the planned buffer
    or the other value it reaches, and the tile view it goes through (if any)."""

    role: str
    buffer: int | None
    other: int | None
    tile: int | None


@dataclass(slots=True)
class StepData:
    """One compute op. Buffer handles of what it touches directly, and tile handles."""

    kernel: str
    stream: int
    reads: list[int] = field(default_factory=list)
    writes: list[int] = field(default_factory=list)
    workspaces: list[int] = field(default_factory=list)
    tiles: list[int] = field(default_factory=list)  # tile views it uses
    whole: list[int] = field(default_factory=list)  # buffers it names directly, not by a tile
    accesses: list[Access] = field(default_factory=list)  # every operand, in order, by role


@dataclass
class ProgramData:
    """Everything the algorithms need of a module, numbered by handles; no xDSL inside."""

    buffers: list[BufferData]
    steps: list[StepData]
    tiles: list[TileData]
    groups: list[list[int]]
    graph: Graph  # stream-safety graph: node i is step i
    tensor_of_buffer: list[int]  # graph tensor of each planned buffer
    uses: list[list[int]]  # steps that use buffer i (directly or through a tile)
    sequence: list[tuple[str, int, int]] = field(default_factory=list)
    """Program order with the events: ("step", step, stream), ("record", event, stream),
    ("wait", event, stream); events are numbered by their record."""
    others: list[OtherValue] = field(default_factory=list)
    """The roots steps touch that are not planned allocs (``Access.other`` handles)."""

    @property
    def num_streams(self) -> int:
        return self.graph.num_streams

    @property
    def needs_stream_safety(self) -> bool:
        """Several streams or event edges: sequential lifetimes do not say what is safe."""
        return self.graph.num_streams > 1 or bool(self.graph.deps)

    @property
    def all_explicit(self) -> bool:
        """A buffers-with-lifetimes problem (no graph decides anything)."""
        return bool(self.buffers) and all(b.explicit is not None for b in self.buffers)

    def lifetime(self, i: int) -> tuple[int, int]:
        if (explicit := self.buffers[i].explicit) is not None:
            return explicit
        steps = self.uses[i]
        return (min(steps), max(steps) + 1) if steps else (0, 1)


@dataclass
class IRHandles:
    """Handle -> op, for the same integers ProgramData uses."""

    module: ModuleOp
    allocs: list[AllocOp]
    computes: list[ComputeOp]
    tiles: list[TileViewOp]
    groups: list[ContiguousOp]
    sequence: list[Operation] = field(default_factory=list)  # the ops of data.sequence

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
    while isinstance(value.owner, TileViewOp):
        value = value.owner.source
    return value


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
    stream = op.stream
    if stream is None:
        return 0
    if not isinstance(stream.owner, StreamOp):
        raise PassError("'on' must name a memir.stream", op)
    return stream.owner.index.data


def read_program(module: ModuleOp) -> Program:
    """Read the module's planned buffers, steps, tiles, groups and dependency graph."""
    allocs: list[AllocOp] = []
    computes: list[ComputeOp] = []
    tile_ops: list[TileViewOp] = []
    group_ops: list[ContiguousOp] = []
    ordered: list[Operation] = []
    for op in walk_ops(module):  # module.walk() without a generator per op
        if isinstance(op, AllocOp):
            if op.external is None:
                allocs.append(op)
        elif isinstance(op, ComputeOp):
            if not op.is_buffer_form:
                raise PassError("tensor-form compute op: run bufferize first", op)
            computes.append(op)
            ordered.append(op)
        elif isinstance(op, TileViewOp):
            tile_ops.append(op)
        elif isinstance(op, ContiguousOp):
            group_ops.append(op)
        elif isinstance(op, RecordOp | WaitOp):
            ordered.append(op)

    names = _LazyNames(module)
    # Linear in the buffers with a small constant (100k-buffer imports): each alloc's
    # result and label are looked up once, through the properties dict.
    results = [a.results[0] for a in allocs]
    buffer_of = {value: i for i, value in enumerate(results)}
    tile_of = {t.result: i for i, t in enumerate(tile_ops)}
    buffers = []
    for a, value in zip(allocs, results):
        props = a.properties
        buffer_id = props.get("id")
        buffers.append(BufferData(props["size"].data, a.align, a.lifetime,
                                  _label(value, names),
                                  buffer_id.data if buffer_id is not None else None))
    tiles = [TileData(buffer_of.get(root_value(t.source)), t.offsets, t.sizes, t.strides,
                      t.elem.data, t.lifetime, _label(t.result, names)) for t in tile_ops]
    groups = [[buffer_of[v] for v in g.buffers] for g in group_ops]

    graph = Graph()
    tensor_of: dict[SSAValue, int] = {}

    def tensor(value: SSAValue) -> int:
        value = root_value(value)
        found = tensor_of.get(value)
        if found is None:
            handle = buffer_of.get(value)
            size = buffers[handle].size if handle is not None else 0
            label = buffers[handle].label if handle is not None else _label(value, names)
            found = tensor_of[value] = graph.add_tensor(label, size, planned=handle is not None)
        return found

    others: list[OtherValue] = []
    other_of: dict[SSAValue, int] = {}

    def other(root: SSAValue) -> int:
        """The handle of a root that is not a planned alloc (an argument, an external
        alloc, a ``memir.view`` with its place in the arena)."""
        found = other_of.get(root)
        if found is None:
            owner = root.owner
            view = ((owner.offset.data, owner.size.data) if isinstance(owner, ViewOp)
                    else None)
            label = (f'"{owner.buffer_id.data}"' if isinstance(owner, ViewOp)
                     and owner.buffer_id is not None else _label(root, names))
            found = other_of[root] = len(others)
            others.append(OtherValue(label, view))
        return found

    tensor_of_buffer = [tensor(value) for value in results]
    uses: list[list[int]] = [[] for _ in allocs]
    steps: list[StepData] = []
    pending_waits: dict[int, list[int]] = {}  # stream -> steps it must wait for
    last_on_stream: dict[int, int] = {}
    event_source: dict[SSAValue, int | None] = {}
    sequence: list[tuple[str, int, int]] = []
    event_number: dict[SSAValue, int] = {}
    # The module verifier has already rejected two writers, uses after dealloc and cycles;
    # a wait before its record is checked here because the graph cannot be built without.
    for op in ordered:
        stream = _stream_of(op)
        if isinstance(op, RecordOp):
            event_source[op.event] = last_on_stream.get(stream)
            event_number[op.event] = len(event_number)
            sequence.append(("record", event_number[op.event], stream))
            continue
        if isinstance(op, WaitOp):
            if op.event not in event_source:
                raise PassError("waits for an event that is recorded later", op)
            sequence.append(("wait", event_number[op.event], stream))
            if (source := event_source[op.event]) is not None:
                pending_waits.setdefault(stream, []).append(source)
            continue
        step = StepData(op.kernel.data, stream)
        for role, group, values in (("read", step.reads, op.inputs),
                                    ("write", step.writes, op.outputs),
                                    ("workspace", step.workspaces, op.workspaces)):
            for value in values:
                root = root_value(value)
                t = tile_of.get(value)
                if t is not None:
                    if t not in step.tiles:
                        step.tiles.append(t)
                elif (b := buffer_of.get(value)) is not None and b not in step.whole:
                    step.whole.append(b)
                if (b := buffer_of.get(root)) is not None:
                    group.append(b)
                    if not uses[b] or uses[b][-1] != len(steps):
                        uses[b].append(len(steps))
                    step.accesses.append(Access(role, b, None, t))
                else:
                    step.accesses.append(Access(role, None, other(root), t))
        ins = [tensor(v) for v in op.inputs]
        outs, writes_again = [], []
        for value in (*op.outputs, *op.workspaces):
            t = tensor(value)
            allocated = isinstance(root_value(value).owner, AllocOp)
            if allocated and graph.tensors[t].producer is None and t not in outs:
                outs.append(t)
            else:
                writes_again.append(t)  # in place, another tile, an argument: a use
        # A workspace (or an output the op also reads) is used by its producer too.
        node = graph.add_node(op.kernel.data, op.kernel.data,
                              ins + writes_again + [t for t in outs if t in ins], outs, stream)
        for value in op.workspaces:
            t = tensor(value)
            if node not in graph.tensors[t].consumers:
                graph.tensors[t].consumers.append(node)
        for source in pending_waits.pop(stream, []):
            graph.deps.append((source, node))
        last_on_stream[stream] = node
        sequence.append(("step", len(steps), stream))
        steps.append(step)

    data = ProgramData(buffers, steps, tiles, groups, graph, tensor_of_buffer, uses, sequence,
                       others)
    return Program(data, IRHandles(module, allocs, computes, tile_ops, group_ops, ordered))


def current_offsets(ir: IRHandles) -> list[int | None]:
    """The offsets the allocs carry now (read fresh: assign-layout changes them)."""
    return [a.offset.data if a.offset is not None else None for a in ir.allocs]


def layout_problem(data: ProgramData, conflicts,
                   capacity: int | None = None,
                   fixed: list[int | None] | None = None) -> Problem:
    """The layout problem: sizes, alignments, lifetimes, conflicts, groups, pinned offsets.

    ``conflicts``: None (lifetimes decide), sets, or a ``SummaryConflicts`` (analyses).
    """
    buffers = []
    for i, b in enumerate(data.buffers):
        lower, upper = data.lifetime(i)
        buffers.append(Buffer(b.size, lower, upper, b.align,
                              fixed[i] if fixed is not None else None, b.label))
    return Problem(buffers, conflicts, data.groups, capacity)


def _span(steps: list[int]) -> tuple[int, int]:
    return (min(steps), max(steps) + 1) if steps else (0, 0)


def tile_lifetimes(data: ProgramData) -> tuple[list[tuple[int, int]], list[tuple[int, int]]]:
    """(lifetime of each buffer used whole, lifetime of each tile): explicit or from steps.

    A buffer's own lifetime covers the steps that use it whole (none: empty, the seed's
    short tensor lifetime); a tile's covers the steps that use that tile.
    """
    direct: list[list[int]] = [[] for _ in data.buffers]
    tile_steps: list[list[int]] = [[] for _ in data.tiles]
    for s, step in enumerate(data.steps):
        for t in step.tiles:
            tile_steps[t].append(s)
        for b in step.whole:
            direct[b].append(s)
    buffer_life = [b.explicit or _span(direct[i]) for i, b in enumerate(data.buffers)]
    tile_life = [t.explicit or _span(tile_steps[i]) for i, t in enumerate(data.tiles)]
    return buffer_life, tile_life


def tiled_buffers(data: ProgramData, ir: IRHandles) -> list[TiledBuffer]:
    """The tile planner's view: each planned buffer with its tiles (one stream only)."""
    from memir.planning.tiles import TiledBuffer, TileView  # numpy: loaded only for tiles

    if data.needs_stream_safety:
        raise PassError("tile-aware planning supports one stream only", ir.step_op(0))
    if data.groups:
        raise PassError("tile-aware planning does not support contiguous groups",
                        ir.groups[0])
    buffer_life, tile_life = tile_lifetimes(data)
    tiles: list[list[TileView]] = [[] for _ in data.buffers]
    for i, tile in enumerate(data.tiles):
        if tile.buffer is None:
            raise PassError("tile-aware planning needs tiles of planned memir.alloc buffers",
                            ir.tiles[i])
        lower, upper = tile_life[i]
        tiles[tile.buffer].append(TileView(tile.offsets, tile.sizes, tile.strides, tile.elem,
                                           lower, upper, tile.label))
    return [TiledBuffer(b.size, b.align, *buffer_life[i], tuple(tiles[i]), b.label)
            for i, b in enumerate(data.buffers)]


def plan_rows(data: ProgramData, ir: IRHandles) -> list[dict]:
    """One row per planned buffer for CSV / JSON export: id, lifetime, size, offset."""
    rows = []
    for i, (b, offset) in enumerate(zip(data.buffers, current_offsets(ir))):
        lower, upper = data.lifetime(i)
        rows.append({"id": b.buffer_id if b.buffer_id is not None else b.label,
                     "lower": lower, "upper": upper, "size": b.size, "alignment": b.align,
                     "offset": offset})
    return rows


# ----------------------------------------------------------------------------- writing


def write_offsets(ir: IRHandles, offsets) -> None:
    for alloc, offset in zip(ir.allocs, offsets):
        alloc.properties["offset"] = IntAttr(int(offset))


def write_plan(ir: IRHandles, plan: Plan) -> None:
    write_offsets(ir, plan.offsets)
    ir.module.attributes[PLAN_ATTR] = PlanAttr(plan.arena, plan.lower_bound, plan.strategy,
                                               str(plan.status), plan.seconds)


def read_plan_attr(ir: IRHandles) -> PlanAttr | None:
    return ir.module.attributes.get(PLAN_ATTR)


def write_safety(ir: IRHandles, summaries: list[list[list[int]]]) -> None:
    """``safety <[start], [end]>`` on each planned alloc, in handle order."""
    for alloc, lists in zip(ir.allocs, summaries):
        alloc.properties["safety"] = SafetyAttr(tuple(tuple(v) for v in lists))


def read_safety(ir: IRHandles) -> list[tuple[tuple[int, ...], ...] | None]:
    return [a.safety.data if a.safety is not None else None for a in ir.allocs]


def write_tile(ir: IRHandles, tile: int, lifetime: tuple[int, int] | None,
               chunks: list[int] | None, pattern: list[int] | None) -> None:
    """A tile's lifetime (if it had none) and its chunks or compact pattern."""
    op = ir.tiles[tile]
    if lifetime is not None and op.lifetime is None and lifetime[0] < lifetime[1]:
        op.properties["lower"] = IntAttr(lifetime[0])
        op.properties["upper"] = IntAttr(lifetime[1])
    if pattern is not None:
        op.attributes["chunk_pattern"] = DenseArrayBase.from_list(i64, pattern)
    if chunks is not None:
        op.attributes["chunks"] = DenseArrayBase.from_list(i64, chunks)
