"""Tile-aware planning: a tile's bytes reused as soon as that tile is dead.

* ``chunks``: the byte chunks of strided tiles of buffers;
* ``overlap``: whether two placed byte patterns share a byte, exactly;
* ``allocate``: the tile-aware allocator ([NPU tiles] TensorAllocate) and its baseline.

The records themselves are in ``memir.model.tiles``.
"""
