"""Put a block's ops in a new order: what ``schedule`` and ``rematerialize`` write.

Why a helper of its own: both passes reorder a block's compute ops (``schedule`` by its
order, ``rematerialize`` by the order of the program its plan becomes) and the
declarations and deallocs must follow them the same way; a pass does not import another.
"""

from __future__ import annotations

from xdsl.ir import Block, Operation, SSAValue
from xdsl.traits import IsTerminator

from memir.dialects import AllocOp, ContiguousOp, DeallocOp, PassError, StreamOp, TileViewOp
from memir.dialects.program import root_value

MOVABLE = (AllocOp, TileViewOp, StreamOp)  # declarations: placed before their first user
FOLLOWERS = (*MOVABLE, DeallocOp, ContiguousOp)  # ops that go where their operands allow


def _terminator(block: Block) -> Operation | None:
    last = block.last_op
    return last if last is not None and last.has_trait(IsTerminator) else None


def stuck_op(block: Block, ordered: list[Operation]) -> Operation | None:
    """The first op of ``block`` besides ``ordered`` that ``reorder_block`` cannot place
    (not a declaration, dealloc, group or the terminator); None when there is none."""
    scheduled, terminator = set(ordered), _terminator(block)
    return next((op for op in block.ops if op not in scheduled and op is not terminator
                 and not isinstance(op, FOLLOWERS)), None)


def reorder_block(block: Block, ordered: list[Operation], who: str = "schedule") -> None:
    """Put ``ordered`` (the scheduled ops) in their new order, each declaration just before
    its first user, each dealloc just after its buffer's last user; ``who`` names the pass
    in the error for an op it cannot place (``stuck_op``)."""
    if (stuck := stuck_op(block, ordered)) is not None:
        raise PassError(f"{who} cannot move '{stuck.name}' ops; only memir ops and a "
                        "terminator may share a block with the ops it orders", stuck)
    scheduled = set(ordered)
    others = [op for op in block.ops if op not in scheduled]
    terminator = _terminator(block)
    last_use: dict[SSAValue, int] = {}
    for position, op in enumerate(ordered):
        for value in op.operands:
            last_use[root_value(value)] = position
    placed: set[Operation] = set()
    sequence: list[Operation] = []
    # A contiguous group goes right after the last of its buffers (before any dealloc).
    missing = {g: {v.owner for v in g.operands} for g in others if isinstance(g, ContiguousOp)}
    groups_of: dict[Operation, list[Operation]] = {}
    for group, owners in missing.items():
        for owner in owners:
            groups_of.setdefault(owner, []).append(group)

    def place(op: Operation) -> None:
        if op in placed:
            return
        placed.add(op)
        for value in op.operands:
            owner = value.owner
            if isinstance(owner, MOVABLE) and owner.parent_block() is block:
                place(owner)
        sequence.append(op)
        for group in groups_of.get(op, ()):
            missing[group].discard(op)
            if not missing[group]:
                place(group)

    deallocs: dict[int, list[Operation]] = {}
    trailing: list[Operation] = []
    for op in others:
        if isinstance(op, DeallocOp):
            position = last_use.get(root_value(op.buffer))
            (deallocs.setdefault(position, []) if position is not None else trailing).append(op)
    for op in others:
        if isinstance(op, StreamOp):
            place(op)  # streams first, in their input order, as written
    for position, op in enumerate(ordered):
        place(op)
        for dealloc in deallocs.get(position, []):
            place(dealloc)
    for op in others:
        if op is not terminator and not isinstance(op, DeallocOp):
            place(op)  # declarations nothing uses, groups of unused buffers
    for dealloc in trailing:
        place(dealloc)
    for op in list(block.ops):
        op.detach()
    for op in sequence:
        block.add_op(op)
    if terminator is not None:
        block.add_op(terminator)
