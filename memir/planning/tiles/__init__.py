"""Tile-aware planning: a tile's bytes reused as soon as that tile is dead.

* ``chunks``: the byte chunks of strided tiles of buffers;
* ``overlap``: whether two placed byte patterns share a byte, exactly;
* ``allocate``: the tile-aware allocator ([NPU tiles] TensorAllocate) and its baseline.

The records themselves are in ``memir.model.tiles``. The names below are the room's door:
what other rooms and the frontends may use (loaded on first use, ``memir.planning.doors``).
"""

from memir.planning.doors import lazy_exports

__getattr__, __all__ = lazy_exports(__name__, {
    "allocate": ("TILE_SORTS", "tensor_allocate", "tile_lower_bound", "tile_oblivious_plan"),
    "chunks": ("items_of", "render_chunks"),
})
