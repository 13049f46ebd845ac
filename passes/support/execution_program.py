"""The program as the execution checker sees it, for the passes that run that checker:
``check-execution`` (the whole run) and ``stream-safety{strict-events=true}`` (the race
lint alone). A helper, not a pass, so that neither pass imports the other.

The program comes from the reader (``analyses.program``: every step's accesses, arguments,
arena views and tiles included) and becomes the plain
``memir.verify.execution.Execution``, which the independent checker runs.
"""

from __future__ import annotations

from memir.dialects import PassError, TileViewOp
from memir.dialects.program import Program
from memir.dialects.spaces import module_spaces
from memir.passes.support.bridge import current_offsets
from memir.passes.support.space_layout import space_of_buffers
from memir.verify.execution import Buffer, Execution, Item, Op, races, tile_ranges


def execution_of(prog: Program, placed: bool = True) -> Execution:
    """The plain program: planned buffers (then arguments and views), items, ops, events.
    ``placed`` False: offsets are not needed (the race lint), none are taken."""
    data, ir = prog.data, prog.ir
    offsets = current_offsets(ir) if placed else [None] * len(data.buffers)
    if placed and None in offsets:
        missing = offsets.index(None)
        raise PassError(f"buffer {data.buffers[missing].label} has no offset: run "
                        "assign-layout first", ir.allocs[missing])
    if placed:
        offsets = _one_address_space(prog, offsets)
    others = data.others
    buffers = [Buffer(b.label, o, b.size) for b, o in zip(data.buffers, offsets)]
    buffers += [Buffer(v.label, *(v.view or (None, 0))) for v in others]
    items = [Item(i, ((0, b.size),) if b.offset is not None else (), b.label)
             for i, b in enumerate(buffers)]
    tile_item: dict[int, int] = {}
    ops = []
    for step in data.steps:
        roles: dict[str, list[int]] = {"read": [], "write": [], "workspace": []}
        for a in step.accesses:
            b = a.buffer if a.buffer is not None else len(data.buffers) + a.other
            i = b
            if a.tile is not None and buffers[b].offset is not None and \
                    not isinstance(ir.tiles[a.tile].source.owner, TileViewOp):
                if a.tile not in tile_item:
                    t = data.tiles[a.tile]
                    ranges = tile_ranges(t.offsets, t.sizes, t.strides, t.elem)
                    ranges = tuple((max(lo, 0), min(hi, buffers[b].size)) for lo, hi in ranges
                                   if lo < buffers[b].size and hi > 0)
                    tile_item[a.tile] = len(items)
                    items.append(Item(b, ranges, t.label))
                i = tile_item[a.tile]
            if i not in roles[a.role]:
                roles[a.role].append(i)
        ops.append(Op(step.kernel, step.stream, tuple(roles["read"]), tuple(roles["write"]),
                      tuple(roles["workspace"])))
    return Execution(buffers, items, ops, list(data.sequence))


def _one_address_space(prog: Program, offsets: list[int]) -> list[int]:
    """With memory spaces, each space's arena follows the one before in one shadow address
    space (they are different memories: their bytes never meet); one space: as they are."""
    spaces = module_spaces(prog.ir.module)
    if not spaces:
        return offsets
    where = space_of_buffers(prog.data, spaces)
    ends = [0] * len(spaces)
    for k, offset, b in zip(where, offsets, prog.data.buffers):
        ends[k] = max(ends[k], offset + b.size)
    bases = [sum(ends[:k]) for k in range(len(spaces))]
    return [bases[k] + offset for k, offset in zip(where, offsets)]


def race_errors(prog: Program) -> list[PassError]:
    """The race lint on its own (for stream-safety{strict-events=true}): one error per
    cross-stream data edge that no stream order or record/wait orders, at the later op."""
    ex = execution_of(prog, placed=False)
    errors = []
    for r in races(ex):
        a, b = ex.ops[r.earlier], ex.ops[r.later]
        errors.append(PassError(
            f'unsynchronised {r.kind} on {ex.buffers[r.buffer].label}: op {r.earlier} '
            f'"{a.label}" on stream {a.stream} and op {r.later} "{b.label}" on stream '
            f"{b.stream} have no record/wait between them (strict events)",
            prog.ir.computes[r.later]))
    return errors


def check_strict_events(prog: Program) -> None:
    """Raise the first race (with how many more there are), for a caller such as
    stream-safety{strict-events=true}."""
    errors = race_errors(prog)
    if errors:
        first = errors[0]
        if len(errors) > 1:
            first = PassError(f"{first.message} (and {len(errors) - 1} more)", first.op)
        raise first
