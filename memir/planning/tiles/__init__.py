"""Tile-aware planning: the byte chunks of strided tiles (``chunks``), their overlap
(``overlap``), and the allocator that reuses a tile's bytes as soon as the tile is dead
(``allocate``). The records themselves are in ``memir.model.tiles``."""
