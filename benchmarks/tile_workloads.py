"""Tiled workloads: the worked examples of [NPU tiles] (§III-C, Table 3), synthetic networks.

Used by ``benchmarks/tiles.py`` and the tile tests (``tests/planning/tiles/``).  The synthetic
networks run layer by layer on an NPU that streams tiles through on-chip memory: each op processes its output tiles in order,
one step each; step ``s`` loads its input tiles at tick ``2s`` and stores its output tile at
tick ``2s + 1``.  An input tile dies after the load of the last step that reads it (3x3 kernels
read the neighbouring row tiles too: a halo), an output tile is born at its store.  So the
output tile of a step may reuse the bytes of an input tile that step consumed last -- the data
is on chip by then -- exactly the reuse the paper's allocator exploits.

A tensor written in one tiling and read in another (channel tiles in, row tiles out) lives
as producer tiles until its last store, then as consumer tiles; when the tilings are the same
each tile lives from its store to its last load.  The whole tensor lives from its last store
to its first tile's death (often a single tick: "effectively reduced to zero", §II-C).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from memir.model.tiles import TiledBuffer, TileView

View = tuple[tuple[int, ...], tuple[int, ...]]  # (offsets, sizes) in layout dims


# --- the paper's worked examples ---------------------------------------------------------


def paper_render_tile() -> TileView:
    """§III-C-1: a 4x64x128 tile of a 4x128x128 CHW tensor, element size 1 byte.

    The paper's ``dstrides=[16384, 128, 1]`` are the parent tensor's strides in elements, so
    its chunks are offsets [0, 16384, 32768, 49152] of 8192 bytes each."""
    return TileView((0, 0, 0), (4, 64, 128), (16384, 128, 1), 1, name="t")


def paper_collision_example() -> tuple[TileView, int, TileView, int]:
    """§III-C-2: the same tile of two 4x128x128 tensors placed at 0 and 128 (expected 8064)."""
    return paper_render_tile(), 0, paper_render_tile(), 128


def paper_allocate_example() -> list[TiledBuffer]:
    """§III-C-3: input I (offset 0 by construction: placed first) and output O, 4x128x128 int8.

    Our reading of the paper: the text says tiles "of size 4x64x128", but four such tiles do
    not fit in the tensor and it says that tile i2 "has an offset of 16384" and lies completely
    to the right of o1, which holds for four 1x128x128 channel tiles at 16384*k -- we use those.
    Closed lifetimes converted to half-open: I [0,0] -> [0,1); i_k [0,k] -> [0,k+1);
    O [5,5] -> [5,6); o1 [2,5] -> [2,6), and o_k [k+1,5] -> [k+1,6) (the step after i_k)."""
    strides = (16384, 128, 1)

    def tiles(prefix: str, lifes: list[tuple[int, int]]) -> tuple[TileView, ...]:
        return tuple(
            TileView((k, 0, 0), (1, 128, 128), strides, 1, lo, hi, f"{prefix}{k + 1}")
            for k, (lo, hi) in enumerate(lifes)
        )

    inp = TiledBuffer(65536, 1, 0, 1, tiles("i", [(0, k + 2) for k in range(4)]), "I")
    out = TiledBuffer(65536, 1, 5, 6, tiles("o", [(k + 2, 6) for k in range(4)]), "O")
    return [inp, out]


def squeezenet_table3(tiles: int = 11) -> list[TiledBuffer]:
    """Table 3 of the paper: fire3/concat, fire4/squeeze/relu, fire4/concat, int8, layout
    4x55x55x32 (channel blocks of 32; strides 96800, 1760, 32, 1).  As the paper lists fire4/concat
    as 4x55x55x32 (128 channels), so do we.

    The paper gives each tensor's overall lifetime but not its tiles'; our reconstruction is a
    row-tiled stream (``tiles`` row tiles of 55/tiles rows, all channel blocks) whose tile
    lifetimes interpolate the table exactly: closed [150,192], [183,225], [204,254] are the
    unions of the tiles' lifetimes.  Tile k of the squeeze output is stored right after tile k
    of fire3/concat is loaded; tile k of fire4/concat right after tile k of the squeeze output
    is loaded.  Each whole tensor lives from its last tile's store to its first tile's load."""
    if 55 % tiles:
        raise ValueError("tiles must divide 55 rows")
    rows = 55 // tiles
    strides = (96800, 1760, 32, 1)

    def ramp(a: int, b: int) -> list[int]:
        return [a + round(k * (b - a) / (tiles - 1)) for k in range(tiles)] if tiles > 1 else [a]

    def tensor(name: str, blocks: int, born: list[int], dies: list[int]) -> TiledBuffer:
        ts = tuple(
            TileView((0, k * rows, 0, 0), (blocks, rows, 55, 32), strides, 1, b, d + 1, f"r{k}")
            for k, (b, d) in enumerate(zip(born, dies))
        )
        return TiledBuffer(blocks * 96800, 1, max(born), min(dies) + 1, ts, name)

    a_die = ramp(182, 192)
    s_born = [d + 1 for d in a_die]
    s_die = ramp(203, 225)
    c_born = [d + 1 for d in s_die]
    return [
        tensor("fire3/concat", 4, ramp(150, 160), a_die),
        tensor("fire4/squeeze/relu", 1, s_born, s_die),
        tensor("fire4/concat", 4, c_born, ramp(244, 254)),
    ]


# --- a tiny tiled-schedule builder ---------------------------------------------------------


@dataclass
class Tensor:
    name: str
    layout: str  # "hwc", "chw" or "blocked"
    h: int
    w: int
    c: int
    block: int = 16
    elem: int = 1
    prod: list[View] = field(default_factory=list)
    births: list[int] = field(default_factory=list)
    cons: list[View] | None = None  # None: read in the producer's tiling
    deaths: dict[int, int] = field(default_factory=dict)

    @property
    def shape(self) -> tuple[int, ...]:
        h, w, c, b = self.h, self.w, self.c, self.block
        return {"hwc": (h, w, c), "chw": (c, h, w), "blocked": (c // b, h, w, b)}[self.layout]

    @property
    def strides(self) -> tuple[int, ...]:
        out, acc = [], 1
        for n in reversed(self.shape):
            out.append(acc)
            acc *= n
        return tuple(reversed(out))

    @property
    def size(self) -> int:
        return self.h * self.w * self.c * self.elem

    def rows(self, r0: int, r1: int, c0: int = 0, c1: int | None = None) -> View:
        c1 = self.c if c1 is None else c1
        h, w, b = r1 - r0, self.w, self.block
        if self.layout == "hwc":
            return (r0, 0, c0), (h, w, c1 - c0)
        if self.layout == "chw":
            return (c0, r0, 0), (c1 - c0, h, w)
        return (c0 // b, r0, 0, 0), ((c1 - c0) // b, h, w, b)

    def row_tiles(self, n: int, c0: int = 0, c1: int | None = None) -> list[View]:
        return [self.rows(k * self.h // n, (k + 1) * self.h // n, c0, c1) for k in range(n)]

    def channel_tiles(self, n: int) -> list[View]:
        unit = self.block if self.layout == "blocked" else 1
        return [self.rows(0, self.h, k * self.c // n // unit * unit,
                          (k + 1) * self.c // n // unit * unit) for k in range(n)]


class Schedule:
    """Steps in program order; step s loads at tick 2s and stores at tick 2s+1."""

    def __init__(self) -> None:
        self.steps = 0
        self.tensors: list[Tensor] = []

    def tensor(self, t: Tensor, prod: list[View], cons: list[View] | None = None) -> Tensor:
        t.prod, t.cons = prod, cons
        t.births = [0] * len(prod)  # graph inputs are there from the start
        self.tensors.append(t)
        return t

    def step(self, reads: list[tuple[Tensor, list[int]]], writes: list[tuple[Tensor, int]]) -> None:
        load, store = 2 * self.steps, 2 * self.steps + 1
        for t, idx in reads:
            for j in idx:
                t.deaths[j] = max(t.deaths.get(j, 0), load + 1)
        for t, k in writes:
            t.births[k] = store
        self.steps += 1

    def buffers(self) -> list[TiledBuffer]:
        end = 2 * self.steps + 1
        out = []
        for t in self.tensors:
            views = t.prod if t.cons is None else t.cons
            deaths = [t.deaths.get(j, end) for j in range(len(views))]
            tiles: list[TileView] = []
            done = max(t.births)
            if t.cons is None:
                for k, (o, s) in enumerate(t.prod):
                    tiles.append(TileView(o, s, t.strides, t.elem, t.births[k], deaths[k], f"t{k}"))
            else:
                for k, (o, s) in enumerate(t.prod):
                    tiles.append(TileView(o, s, t.strides, t.elem, t.births[k], done, f"p{k}"))
                for j, (o, s) in enumerate(t.cons):
                    tiles.append(TileView(o, s, t.strides, t.elem, done, deaths[j], f"c{j}"))
            first = min(deaths)
            out.append(TiledBuffer(t.size, 1, done, max(done, first), tuple(tiles), t.name))
        return out


def _halo(k: int, n: int, halo: int) -> list[int]:
    return list(range(max(0, k - halo), min(n, k + halo + 1)))


def row_op(s: Schedule, x: Tensor, y: Tensor, n: int, halo: int, out_base: int = 0) -> None:
    """Row-tiled op: output row tile k reads input row tiles k-halo .. k+halo."""
    for k in range(n):
        s.step([(x, _halo(k, n, halo))], [(y, out_base + k)])


def fsrcnn_like(
    h: int = 64, w: int = 256, tiles: int = 16, mapping: int = 4, d: int = 56, s_: int = 12
) -> list[TiledBuffer]:
    """FSRCNN-like chain, HWC int8, row tiles: 5x5 feature (d), 1x1 shrink (s), ``mapping``
    3x3 maps (s), 1x1 expand (d), 9x9 deconvolution as a 3x3-upscaling sub-pixel conv (9)."""
    s = Schedule()
    chans = [1, d, s_] + [s_] * mapping + [d, 9]
    halos = [1, 0] + [1] * mapping + [0, 1]
    ts = [Tensor(f"x{i}", "hwc", h, w, c) for i, c in enumerate(chans)]
    for t in ts:
        s.tensor(t, t.row_tiles(tiles))
    for x, y, hl in zip(ts, ts[1:], halos):
        row_op(s, x, y, tiles, hl)
    return s.buffers()


FIRE = [(16, 64), (16, 64), (32, 128), (32, 128), (48, 192), (48, 192), (64, 256), (64, 256)]


def squeezenet_like(
    fires: int = 8, h: int = 55, w: int = 55, tiles: int = 11, block: int = 16
) -> list[TiledBuffer]:
    """SqueezeNet-like fire modules in channel-blocked layout (C/B, H, W, B), row tiles over
    all blocks (strided: one chunk per block).  squeeze 1x1 -> S; expand 1x1 writes the first
    half of the concat, expand 3x3 (halo) the second half, fused into one step per row tile;
    the next squeeze reads the concat in full rows."""
    s = Schedule()

    def blocked(name: str, c: int) -> Tensor:
        return Tensor(name, "blocked", h, w, c, block)

    x = blocked("input", 96)
    s.tensor(x, x.row_tiles(tiles))
    for f in range(fires):
        sq, ex = FIRE[f % len(FIRE)]
        sq_t = blocked(f"fire{f + 2}/squeeze", sq)
        cat = blocked(f"fire{f + 2}/concat", 2 * ex)
        s.tensor(sq_t, sq_t.row_tiles(tiles))
        s.tensor(cat, cat.row_tiles(tiles, 0, ex) + cat.row_tiles(tiles, ex, 2 * ex),
                 cat.row_tiles(tiles))
        row_op(s, x, sq_t, tiles, 0)
        for k in range(tiles):  # expand 1x1 and 3x3 fused: both halves of row tile k
            s.step([(sq_t, _halo(k, tiles, 1))], [(cat, k), (cat, tiles + k)])
        x = cat
    return s.buffers()


MOBILE = [32, 64, 128, 128, 256, 256]


def mobilenet_like(
    blocks: int = 6, h: int = 56, w: int = 56, tiles: int = 8, tiling: str = "row"
) -> list[TiledBuffer]:
    """MobileNet-like depthwise-separable blocks (dw 3x3 then pw 1x1), int8.

    ``tiling="row"``: HWC, row tiles everywhere (dw with a halo).
    ``tiling="channel"``: CHW; the depthwise conv works on channel tiles (contiguous planes),
    the pointwise conv, which needs every channel, reads row tiles (one chunk per channel)
    and writes row tiles, so every tensor is written in one tiling and read in the other."""
    if tiling not in ("row", "channel"):
        raise ValueError("tiling must be 'row' or 'channel'")
    s = Schedule()
    layout = "hwc" if tiling == "row" else "chw"
    c = MOBILE[0]
    x = Tensor("input", layout, h, w, c)
    s.tensor(x, x.row_tiles(tiles), None if tiling == "row" else x.channel_tiles(tiles))
    for b in range(blocks):
        c_out = MOBILE[(b + 1) % len(MOBILE)]
        y = Tensor(f"block{b}/dw", layout, h, w, c)
        z = Tensor(f"block{b}/pw", layout, h, w, c_out)
        last = b == blocks - 1
        if tiling == "row":
            s.tensor(y, y.row_tiles(tiles))
            s.tensor(z, z.row_tiles(tiles))
            row_op(s, x, y, tiles, 1)
        else:
            s.tensor(y, y.channel_tiles(tiles), y.row_tiles(tiles))
            s.tensor(z, z.row_tiles(tiles), None if last else z.channel_tiles(tiles))
            for k in range(tiles):
                s.step([(x, [k])], [(y, k)])
        row_op(s, y, z, tiles, 0)
        x, c = z, c_out
    return s.buffers()


def workload(name: str, scale: str = "1k") -> list[TiledBuffer]:
    """The benchmark workloads at about 1k or 10k tiles."""
    big = scale == "10k"
    if name == "fsrcnn":
        return fsrcnn_like(h=512 if big else 128, tiles=512 if big else 64, mapping=12 if big else 4)
    if name == "squeezenet":
        return squeezenet_like(fires=24 if big else 8, h=112 if big else 55,
                               w=112 if big else 55, tiles=112 if big else 33)
    if name == "mobilenet-row":
        return mobilenet_like(blocks=24 if big else 12, tiles=112 if big else 28, h=112, w=112)
    if name == "mobilenet-channel":
        return mobilenet_like(blocks=24 if big else 12, tiles=104 if big else 32, h=104, w=104,
                              tiling="channel")
    raise ValueError(f"unknown workload {name!r}")


WORKLOADS = ("fsrcnn", "squeezenet", "mobilenet-row", "mobilenet-channel")
