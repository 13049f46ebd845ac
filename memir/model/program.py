"""A program as plain data: its planned buffers, its steps and what each step touches.

Why in the model: the IR's reader (``memir.dialects.program.read_program``) makes it, the
passes, the checkers and the algorithms read it, and a frontend that never sees IR
(ExecuTorch's reordering) builds the same steps; the lowest layer is the one all of them
can import. No xDSL and no numpy: the IR layer imports it at start-up.

Steps: the i-th compute op in program order is step i. Lifetimes are half-open
``[first step, last step + 1)`` in steps, as everywhere in memir (``memir.model.lifetimes``).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from memir.model.graph import Graph
from memir.model.symbolic import Poly, Symbol


@dataclass(frozen=True, slots=True)
class BufferData:
    """A planned alloc: bytes, alignment, explicit lifetime (if any), a name for messages,
    and the memory space that holds it (None: the default space). ``sym_size``: its size
    as a polynomial of the module's size symbols, where only run time knows it (``size``
    is then its largest value, or 1 where the range has no upper end)."""

    size: int
    align: int
    explicit: tuple[int, int] | None
    label: str
    buffer_id: str | None
    space: str | None = None
    sym_size: Poly | None = None


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
    or a ``memir.view`` (``view`` = (offset, size) in its arena). ``size``: its bytes where
    known (a view, an external alloc, an argument with ``{memir.bytes = N}``)."""

    label: str
    view: tuple[int, int] | None
    size: int | None = None


@dataclass(frozen=True, slots=True)
class Access:
    """One operand of a step: its role ("read", "write", "workspace"), the planned buffer
    or the other value it reaches, and the tile view it goes through (if any)."""

    role: str
    buffer: int | None
    other: int | None
    tile: int | None = None


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
    symbols: dict[str, Symbol] = field(default_factory=dict)
    """The size symbols the module declares (``memir.symbols``), by name."""

    @property
    def symbolic(self) -> bool:
        """Some buffer's size is known only at run time."""
        return any(b.sym_size is not None for b in self.buffers)

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
        """Buffer ``i``'s half-open lifetime: its explicit one, else from the step of its
        first use to the step after its last (``[0, 1)`` for a buffer no step uses)."""
        if (explicit := self.buffers[i].explicit) is not None:
            return explicit
        steps = self.uses[i]
        return (min(steps), max(steps) + 1) if steps else (0, 1)
