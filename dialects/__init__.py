"""The memir dialect: streams, compute, buffers, tiles and plans (importable as memir.dialects)."""

from memir.dialects.attributes import BufferType, EventType, PlanAttr, SafetyAttr, StreamType
from memir.dialects.errors import PassError
from memir.dialects.buffer_ops import (
    AllocOp,
    ArenaOp,
    ContiguousOp,
    DeallocOp,
    TileViewOp,
    ViewOp,
    value_label,
)
from memir.dialects.graph_ops import ComputeOp, RecordOp, StreamOp, WaitOp
from memir.dialects.memir_dialect import Memir, ModuleCheckError, verify_module
from memir.dialects.spaces import CopyOp, SpaceAttr
from memir.dialects.symbols import SymbolicPlanAttr, SymbolsAttr

__all__ = [
    "AllocOp", "ArenaOp", "BufferType", "ComputeOp", "ContiguousOp", "CopyOp", "DeallocOp",
    "EventType", "SpaceAttr",
    "Memir", "ModuleCheckError", "PassError", "PlanAttr", "RecordOp", "SafetyAttr", "StreamOp",
    "StreamType", "SymbolicPlanAttr", "SymbolsAttr", "TileViewOp", "ViewOp", "WaitOp", "value_label", "verify_module",
]
