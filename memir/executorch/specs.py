"""ExecuTorch's tensor specs as memir's plain layout problem.

Why: ``MemoryPlanningPass`` hands its algorithm a set of ``TensorSpec`` with lifetimes
(inclusive node indices); memir's planners and its checker take a ``Problem`` of buffers
with half-open lifetimes. This module is the one reader between them (``lifetime_of``).

What shares storage is not planned twice: a view spec (``_ViewSpec``) and a storage-backed
spec (``storage_base``) follow their root, at the root's offset plus
``storage_base_offset``; only roots become buffers (ExecuTorch has already stretched a
root's lifetime over everything backed by it). A spec whose ``mem_id`` is already set stays
in that memory id; every other goes to the bucket the caller names (memory id 1, or the
banks). A submodule's reserved bytes (``input_mem_buffer_sizes``) sit below the arena.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from memir.model.layout import Buffer, Problem
from memir.model.lifetimes import live_peak

FREE = None  # the bucket key of specs no pass has pinned to a memory id


@dataclass
class Root:
    """One planned storage: the spec that owns it and the specs that live inside it."""

    spec: Any
    size: int
    lower: int
    upper: int  # exclusive
    pinned: int | None  # memory id set before planning, or None
    members: list[tuple[Any, int]] = field(default_factory=list)  # (spec, offset in root)


def view_base(spec: Any) -> Any | None:
    """The base of a ``_ViewSpec`` (shares every placement field with it), else None."""
    try:
        return object.__getattribute__(spec, "_base")
    except AttributeError:
        return None


def root_of(spec: Any, planned: set[int]) -> tuple[Any, int]:
    """The planned spec whose storage ``spec`` lives in, and the byte offset inside it."""
    offset, seen = 0, set()
    while id(spec) not in seen:
        seen.add(id(spec))
        base = view_base(spec)
        if base is not None and id(base) in planned:
            spec = base
            continue
        if spec.storage_base is not None:
            offset += spec.storage_base_offset
            spec = spec.storage_base
            continue
        return spec, offset
    raise ValueError("circular storage_base relationship between tensor specs")


def lifetime_of(spec: Any) -> tuple[int, int] | None:
    """ExecuTorch's inclusive ``spec.lifetime`` as memir's half-open one (None: unset).
    The one place ExecuTorch's lifetimes are converted."""
    start, end = spec.lifetime
    if start is None or end is None:
        return None
    return int(start), int(end) + 1


def _lifetime(spec: Any) -> tuple[int, int]:
    lifetime = lifetime_of(spec)
    if lifetime is None:
        raise ValueError(f"tensor spec {spec.shape} {spec.dtype} has no lifetime")
    return lifetime


def read_roots(specs, alignment: int) -> list[Root]:
    """Every planned storage of ``specs`` (each realigned to ``alignment`` first, as
    ExecuTorch's own algorithms do), in the order the specs came."""
    specs = list(dict.fromkeys(specs))
    for spec in specs:
        spec.realign(alignment)
    planned = {id(s) for s in specs}
    roots: dict[int, Root] = {}
    for spec in specs:
        root_spec, offset = root_of(spec, planned)
        root = roots.get(id(root_spec))
        if root is None:
            lower, upper = _lifetime(root_spec)
            pinned = root_spec.mem_id if id(root_spec) in planned else None
            root = Root(root_spec, root_spec.allocated_memory, lower, upper, pinned)
            roots[id(root_spec)] = root
        lower, upper = _lifetime(spec)
        root.lower, root.upper = min(root.lower, lower), max(root.upper, upper)
        root.size = max(root.size, offset + spec.allocated_memory)
        root.members.append((spec, offset))
    return list(roots.values())


def problem_of(roots: list[Root], alignment: int, capacity: int | None = None) -> Problem:
    """The layout problem of one memory id: one buffer per root."""
    buffers = [Buffer(r.size, r.lower, r.upper, alignment, name=spec_name(r.spec))
               for r in roots]
    return Problem(buffers, capacity=capacity)


def spec_name(spec: Any) -> str:
    shape = "x".join(str(d) for d in spec.shape) or "scalar"
    dtype = str(spec.dtype).removeprefix("torch.")
    return f"{shape}x{dtype}@{spec.lifetime[0]}-{spec.lifetime[1]}"


def fixed_order_bound(roots: list[Root]) -> int:
    """The largest sum of live bytes at one node: no plan of these lifetimes goes lower."""
    return live_peak([r.size for r in roots], [r.lower for r in roots],
                     [r.upper for r in roots])


def reserved_below(graph_module: Any, mem_id: int) -> int:
    """Bytes a submodule (cond, while, map) keeps at the bottom of memory id ``mem_id``."""
    sizes = getattr(graph_module, "input_mem_buffer_sizes", None) or []
    return int(sizes[mem_id]) if mem_id < len(sizes) else 0
