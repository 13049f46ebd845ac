"""The ``memir`` dialect object and module-wide checks that no single op can make."""

from __future__ import annotations

from xdsl.dialects.builtin import ModuleOp
from xdsl.ir import Dialect, Operation
from xdsl.utils.exceptions import VerifyException

from memir.dialects.attributes import BufferType, EventType, PlanAttr, SafetyAttr, StreamType
from memir.dialects.buffer_ops import (
    AllocOp,
    ArenaOp,
    ContiguousOp,
    DeallocOp,
    TileViewOp,
    ViewOp,
)
from memir.dialects.graph_ops import ComputeOp, RecordOp, StreamOp, WaitOp

Memir = Dialect(
    "memir",
    [StreamOp, RecordOp, WaitOp, ComputeOp, AllocOp, DeallocOp, TileViewOp, ContiguousOp,
     ArenaOp, ViewOp],
    [StreamType, EventType, BufferType, SafetyAttr, PlanAttr],
)


class ModuleCheckError(VerifyException):
    """A module-wide rule is broken; ``op`` is where to point the user."""

    def __init__(self, message: str, op: Operation):
        super().__init__(message)
        self.op = op


def verify_module(module: ModuleOp) -> None:
    """Rules across ops: unique buffer ids, unique stream indices per region."""
    seen_ids: dict[str, Operation] = {}
    seen_streams: dict[tuple[int, int], Operation] = {}
    for op in module.walk():
        if isinstance(op, AllocOp | ViewOp) and op.buffer_id is not None:
            key = op.buffer_id.data
            if key in seen_ids:
                raise ModuleCheckError(f'duplicate buffer id "{key}"', op)
            seen_ids[key] = op
        elif isinstance(op, StreamOp):
            key = (id(op.parent), op.index.data)
            if key in seen_streams:
                raise ModuleCheckError(f"stream {op.index.data} is declared twice", op)
            seen_streams[key] = op
