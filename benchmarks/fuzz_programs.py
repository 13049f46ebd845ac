"""Random programs for benchmarks/fuzz.py: memir's and MLIR 22's.

Why a module of its own: the fuzzer's cases are only as good as the programs they hold,
and most of this is data (one template per upstream op). memir's programs are the kinds
its passes read (tensor graphs on streams, buffer programs, lifetimes, empty modules);
the upstream ones are in MLIR 22's syntax, as mlir-opt 22 prints them and accepts them
unchanged (checked by running mlir-opt 22 on a few hundred of them when a template
changes).
"""

from __future__ import annotations

import random
import re
from functools import cache
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
MAX_OPS = 14  # ops per generated program (fuzz.py's --max-ops; small keeps a case quick)
EXTREME = 2**63 - 1  # the largest i64: for flops and bytes attributes, now and then
HUGE_BYTES = 2**62 - 1  # the largest size memir plans: for allocs and workspaces
TENSOR_DIMS = ("4", "16", "64", "2x8") * 4 + ("1099511627776x1048576",)  # 2^60 elements


# ------------------------------------------------------------------ memir programs

SPACES = ('builtin.module attributes {memir.spaces = [#memir.space<"fast", capacity 8192, '
          'read 4.0e+09, write 4.0e+09>, #memir.space<"slow", read 5.0e+08, write 5.0e+08>]} {')


def random_program(rng: random.Random) -> tuple[str, str]:
    """(kind, text) of a small program of one of the kinds the passes read."""
    kind = rng.choice(("tensor", "tensor", "buffer", "buffer", "lifetimes", "empty",
                       "memref", "upstream", "upstream", "upstream-tensor"))
    return kind, PROGRAMS[kind](rng)


def _costs(rng: random.Random) -> str:
    """A compute op's cost attributes (what rematerialize prices), or none."""
    if rng.random() < 0.4:
        return ""
    flops = rng.choice((0, 100, 1024, 2000000, *(EXTREME,) * (rng.random() < 0.1)))
    nbytes = rng.choice((64, 8192, *(EXTREME,) * (rng.random() < 0.1)))
    return f" {{flops = {flops} : i64, bytes = {nbytes} : i64}}"


def _in_spaces(rng: random.Random, body: str) -> str:
    """The module, with two memory spaces declared in a fifth of the programs."""
    if rng.random() < 0.8:
        return body
    return SPACES + "\n" + body + "}\n"


def _tensor_program(rng: random.Random) -> str:
    """Tensor ops on 1-4 streams (any ids; some ops on the default stream), 0-4 inputs and
    0-3 results, workspaces, in-place updates of values made on any stream, records and
    waits anywhere (unused ones, waits on the default stream too), costs on most."""
    streams = rng.sample(range(6), rng.choice((1, 1, 2, 3, 4)))
    lines = [f"  %s{s} = memir.stream {s}" for s in streams]
    values = ["%x", "%w"]
    events: list[str] = []
    plain = len(streams) == 1 and rng.random() < 0.7  # what remat and assign-spaces take

    def on() -> str:
        return "" if rng.random() < 0.1 and not plain else f" on %s{rng.choice(streams)}"

    for k in range(rng.randint(0, MAX_OPS)):
        roll = rng.random()
        if roll < 0.12 and not plain:
            events.append(f"%e{k}")
            lines.append(f"  %e{k} = memir.record{on()}")
            continue
        if roll < 0.24 and events:
            lines.append(f"  memir.wait {rng.choice(events)}{on()}")
            continue
        ins = rng.sample(values, min(len(values), rng.randint(0, 4)))
        ws = f" workspace {rng.choice((1, 16, 256, 4096, HUGE_BYTES))}" \
            if rng.random() < 0.2 else ""
        if roll < 0.34:
            target = rng.choice(values)
            lines.append(f'  memir.compute "upd_"{on()} ({", ".join([target, *ins])})'
                         f" writes({target}){ws} : (){_costs(rng)}")
            continue
        results = [f"%v{k}_{r}" for r in range(rng.choice((0, 1, 1, 1, 2, 3)))]
        types = ", ".join(f"tensor<{rng.choice(TENSOR_DIMS)}x"
                          f"{rng.choice(('f32', 'i8', 'bf16'))}>" for _ in results)
        head = f"{', '.join(results)} = " if results else ""
        typed = "()" if not results else types if len(results) == 1 else f"({types})"
        lines.append(f'  {head}memir.compute "k{k}"{on()} ({", ".join(ins)}){ws} : '
                     f"{typed}{_costs(rng)}")
        values += results
    body = "\n".join(lines)
    return _in_spaces(rng, f"func.func @main(%x: tensor<16xf32>, %w: tensor<4xf32>) {{\n"
                           f"{body}\n  func.return\n}}\n")


def _buffer_program(rng: random.Random) -> str:
    """Allocs (some with lifetimes, offsets, alignment, tiles, spaces), buffer-form computes
    on 1-3 streams with ins/outs/ws, events, in-place updates, copies, deallocs, a
    contiguous group, an arena with views."""
    streams = rng.sample(range(4), rng.choice((1, 1, 2, 3)))
    lines = [f"  %s{s} = memir.stream {s}" for s in streams]
    buffers = []
    spaces = rng.random() < 0.25
    for b in range(rng.randint(0, max(2, MAX_OPS // 2))):
        size = rng.choice((64, 256, 1024, 4096) * 5 + (HUGE_BYTES,))
        extra = ""
        if rng.random() < 0.2:
            extra += f" align {rng.choice((1, 16, 64))}"
        if rng.random() < 0.2:
            lo = rng.randint(0, 6)
            extra += f" live [{lo}, {lo + rng.randint(1, 4)})"
        if rng.random() < 0.15:
            extra += f" offset {rng.choice((0, 64, 1024))}"
        if spaces and rng.random() < 0.7:
            extra += f' space "{rng.choice(("fast", "slow") * 5 + ("other",))}"'
        lines.append(f"  %b{b} = memir.alloc {size}{extra}")
        buffers.append(f"%b{b}")
        if rng.random() < 0.25 and size >= 256:
            lines.append(f"  %t{b} = memir.tile_view %b{b} [0, 0] [2, 8] [16, 1] elem 4")
            buffers.append(f"%t{b}")
    if rng.random() < 0.1:
        lines.append("  %arena = memir.arena 4096 align 64")
        for v in range(rng.randint(1, 3)):
            lines.append(f"  %view{v} = memir.view %arena at {rng.choice((0, 1024, 2048))} "
                         f'size 1024 id "view{v}"')
            buffers.append(f"%view{v}")
    events: list[str] = []
    written: list[str] = []
    plain = len(streams) == 1 and rng.random() < 0.7  # what remat and assign-spaces take
    for k in range(rng.randint(0, MAX_OPS)):
        stream = rng.choice(streams)
        roll = rng.random()
        if roll < 0.12 and not plain:
            events.append(f"%e{k}")
            lines.append(f"  %e{k} = memir.record on %s{stream}")
        elif roll < 0.22 and events:
            lines.append(f"  memir.wait {rng.choice(events)} on %s{stream}")
        elif roll < 0.27 and written and (fresh := [b for b in buffers if b not in written]):
            target = rng.choice(fresh)
            lines.append(f"  memir.copy {rng.choice(written)} to {target} on %s{stream}")
            written.append(target)
        else:
            pool = ["%x", *written]
            ins = rng.sample(pool, min(len(pool), rng.randint(0, 2)))
            fresh = [b for b in buffers if b not in written]
            outs = rng.sample(fresh, min(len(fresh), rng.randint(0, 2)))
            if roll < 0.35 and written:  # an in-place update: one more writer, read too
                target = rng.choice(written)
                ins.append(target)
                outs.append(target)
            written.extend(o for o in outs if o not in written)
            spare = [b for b in fresh if b not in outs]
            ws = f" ws({rng.choice(spare)})" if spare and rng.random() < 0.15 else ""
            if ws:
                written.append(ws[4:-1])
            lines.append(f'  memir.compute "k{k}" on %s{stream} ins({", ".join(ins)}) '
                         f'outs({", ".join(outs)}){ws}{_costs(rng)}')
    plain = [b for b in buffers if b.startswith("%b")]
    if len(plain) >= 2 and rng.random() < 0.15:
        lines.append(f"  memir.contiguous {', '.join(rng.sample(plain, 2))}")
    if plain and rng.random() < 0.2:
        lines.append(f"  memir.dealloc {rng.choice(plain)}")
    body = "\n".join(lines)
    text = f"func.func @f(%x: !memir.buf) {{\n{body}\n  func.return\n}}\n"
    return SPACES + "\n" + text + "}\n" if spaces else text


def _lifetimes_program(rng: random.Random) -> str:
    """Allocs with lifetimes only (a MiniMalloc problem), offsets on some or all."""
    lines = []
    with_offsets = rng.random()
    for b in range(rng.randint(0, 6)):
        lo = rng.randint(0, 8)
        offset = f" offset {rng.choice((0, 1024, 4096))}" if rng.random() < with_offsets else ""
        lines.append(f'%a{b} = memir.alloc {rng.choice((64, 1024, 4096))} '
                     f'live [{lo}, {lo + rng.randint(1, 5)}){offset} id "a{b}"')
    return "\n".join(lines) + "\n"


def _empty_program(rng: random.Random) -> str:
    return rng.choice(("", "builtin.module {\n}\n", "func.func @f() {\n  func.return\n}\n",
                       "func.func @f(%x: !memir.buf) {\n  %s = memir.stream 0\n"
                       "  func.return\n}\n"))


def _memref_program(rng: random.Random) -> str:
    """memref.allocs used by linalg ops and copied out: what memref-to-memir reads."""
    shape = rng.choice(("4xf32", "16x16xf32", "8xi8"))
    ty = f"memref<{shape}>"
    lines, live = [], ["%a"]
    for k in range(rng.randint(0, 5)):
        align = " {alignment = 64 : i64}" if rng.random() < 0.3 else ""
        lines.append(f"  %t{k} = memref.alloc(){align} : {ty}")
        src = rng.choice(live)
        lines.append(f"  memref.copy {src}, %t{k} : {ty} to {ty}")
        live.append(f"%t{k}")
        if rng.random() < 0.5 and len(live) > 2:
            dead = live.pop(1)
            lines.append(f"  memref.dealloc {dead} : {ty}")
    lines.append(f"  memref.copy {live[-1]}, %out : {ty} to {ty}")
    body = "\n".join(lines)
    return f"func.func @g(%a: {ty}, %out: {ty}) {{\n{body}\n  return\n}}\n"


# ------------------------------------------------------------------ upstream programs

BUF = "memref<4x4xf32>"
VEC = "vector<4xf32>"
SCALAR_OPS: tuple[tuple[str, tuple[str, ...], tuple[str, ...]], ...] = (
    # (text with {0}, {1}, ... for the operands, operand types, result types)
    *((f"arith.{op} {{0}}, {{1}} : f32", ("f32", "f32"), ("f32",)) for op in (
        "addf", "subf", "mulf", "divf", "remf", "maximumf", "minimumf", "maxnumf", "minnumf")),
    *((f"arith.{op} {{0}}, {{1}} : i32", ("i32", "i32"), ("i32",)) for op in (
        "addi", "subi", "muli", "divsi", "divui", "ceildivsi", "ceildivui", "floordivsi",
        "remsi", "remui", "andi", "ori", "xori", "shli", "shrsi", "shrui", "maxsi", "maxui",
        "minsi", "minui")),
    ("arith.addui_extended {0}, {1} : i32, i1", ("i32", "i32"), ("i32", "i1")),
    ("arith.mulsi_extended {0}, {1} : i32", ("i32", "i32"), ("i32", "i32")),
    ("arith.mului_extended {0}, {1} : i32", ("i32", "i32"), ("i32", "i32")),
    ("arith.negf {0} : f32", ("f32",), ("f32",)),
    ("arith.cmpf olt, {0}, {1} : f32", ("f32", "f32"), ("i1",)),
    ("arith.cmpi slt, {0}, {1} : i32", ("i32", "i32"), ("i1",)),
    ("arith.select {0}, {1}, {2} : f32", ("i1", "f32", "f32"), ("f32",)),
    ("arith.bitcast {0} : f32 to i32", ("f32",), ("i32",)),
    ("arith.sitofp {0} : i32 to f32", ("i32",), ("f32",)),
    ("arith.uitofp {0} : i32 to f32", ("i32",), ("f32",)),
    ("arith.fptosi {0} : f32 to i32", ("f32",), ("i32",)),
    ("arith.fptoui {0} : f32 to i32", ("f32",), ("i32",)),
    ("arith.extf {0} : f32 to f64", ("f32",), ("f64",)),
    ("arith.truncf {0} : f64 to f32", ("f64",), ("f32",)),
    ("arith.extsi {0} : i32 to i64", ("i32",), ("i64",)),
    ("arith.extui {0} : i32 to i64", ("i32",), ("i64",)),
    ("arith.trunci {0} : i64 to i32", ("i64",), ("i32",)),
    ("arith.index_cast {0} : i32 to index", ("i32",), ("index",)),
    ("arith.index_castui {0} : index to i32", ("index",), ("i32",)),
    ("arith.constant 2.5 : f32", (), ("f32",)),
    ("arith.constant 7 : i32", (), ("i32",)),
    *((f"math.{op} {{0}} : f32", ("f32",), ("f32",)) for op in (
        "absf", "acos", "acosh", "asin", "asinh", "atan", "atanh", "cbrt", "ceil", "cos",
        "cosh", "erf", "exp", "exp2", "expm1", "floor", "log", "log10", "log1p", "log2",
        "round", "roundeven", "rsqrt", "sin", "sinh", "sqrt", "tan", "tanh", "trunc")),
    *((f"math.{op} {{0}}, {{1}} : f32", ("f32", "f32"), ("f32",)) for op in (
        "atan2", "powf", "copysign")),
    *((f"math.{op} {{0}} : i32", ("i32",), ("i32",)) for op in ("absi", "ctlz", "ctpop", "cttz")),
    ("math.fma {0}, {1}, {2} : f32", ("f32", "f32", "f32"), ("f32",)),
    ("math.fpowi {0}, {1} : f32, i32", ("f32", "i32"), ("f32",)),
    ("math.ipowi {0}, {1} : i32", ("i32", "i32"), ("i32",)),
    ("math.clampf {0} to [{1}, {2}] : f32", ("f32", "f32", "f32"), ("f32",)),
    ("math.sincos {0} : f32", ("f32",), ("f32", "f32")),
    *((f"index.{op} {{0}}, {{1}}", ("index", "index"), ("index",)) for op in (
        "add", "sub", "mul", "divs", "divu", "ceildivs", "ceildivu", "floordivs", "rems",
        "remu", "maxs", "maxu", "mins", "minu", "shl", "shrs", "shru", "and", "or", "xor")),
    ("index.cmp slt({0}, {1})", ("index", "index"), ("i1",)),
    ("index.casts {0} : i32 to index", ("i32",), ("index",)),
    ("index.castu {0} : index to i32", ("index",), ("i32",)),
    ("index.constant 3", (), ("index",)),
    ("index.bool.constant true", (), ("i1",)),
    ("index.sizeof", (), ("index",)),
    ("ub.poison : f32", (), ("f32",)),
    ("affine.apply affine_map<(d0) -> (d0 floordiv 2)>({0})", ("index",), ("index",)),
    ("affine.min affine_map<(d0) -> (d0, 3)>({0})", ("index",), ("index",)),
    ("affine.max affine_map<(d0) -> (d0, 0)>({0})", ("index",), ("index",)),
    ("affine.delinearize_index {0} into (2, 2) : index, index", ("index",), ("index", "index")),
    ("affine.linearize_index [{0}, {1}] by (4, 4) : index", ("index", "index"), ("index",)),
    ("vector.broadcast {0} : f32 to vector<4xf32>", ("f32",), (VEC,)),
    ("vector.extract {0}[1] : f32 from vector<4xf32>", (VEC,), ("f32",)),
    ("vector.insert {0}, {1} [2] : f32 into vector<4xf32>", ("f32", VEC), (VEC,)),
    ("vector.shuffle {0}, {1} [0, 5, 2, 7] : vector<4xf32>, vector<4xf32>", (VEC, VEC), (VEC,)),
    ("vector.reduction <add>, {0} : vector<4xf32> into f32", (VEC,), ("f32",)),
    ("vector.fma {0}, {1}, {2} : vector<4xf32>", (VEC, VEC, VEC), (VEC,)),
    ("vector.create_mask {0} : vector<4xi1>", ("index",), ("vector<4xi1>",)),
    ("vector.constant_mask [2] : vector<4xi1>", (), ("vector<4xi1>",)),
    ("vector.interleave {0}, {1} : vector<4xf32> -> vector<8xf32>", (VEC, VEC),
     ("vector<8xf32>",)),
    ("vector.deinterleave {0} : vector<8xf32> -> vector<4xf32>", ("vector<8xf32>",),
     (VEC, VEC)),
    ("vector.bitcast {0} : vector<4xf32> to vector<4xi32>", (VEC,), ("vector<4xi32>",)),
    ("vector.outerproduct {0}, {1} : vector<4xf32>, vector<4xf32>", (VEC, VEC),
     ("vector<4x4xf32>",)),
    ("vector.multi_reduction <add>, {0}, {1} [1] : vector<4x4xf32> to vector<4xf32>",
     ("vector<4x4xf32>", VEC), (VEC,)),
    ("vector.shape_cast {0} : vector<4x4xf32> to vector<16xf32>", ("vector<4x4xf32>",),
     ("vector<16xf32>",)),
    ("vector.transpose {0}, [1, 0] : vector<4x4xf32> to vector<4x4xf32>",
     ("vector<4x4xf32>",), ("vector<4x4xf32>",)),
    ("vector.extract_strided_slice {0} {{offsets = [1], sizes = [2], strides = [1]}} : "
     "vector<4xf32> to vector<2xf32>", (VEC,), ("vector<2xf32>",)),
    ("vector.insert_strided_slice {0}, {1} {{offsets = [2], strides = [1]}} : "
     "vector<2xf32> into vector<4xf32>", ("vector<2xf32>", VEC), (VEC,)),
    ("vector.scalable.extract {0}[0] : vector<4xf32> from vector<[4]xf32>",
     ("vector<[4]xf32>",), (VEC,)),
    ("vector.scalable.insert {0}, {1}[0] : vector<4xf32> into vector<[4]xf32>",
     (VEC, "vector<[4]xf32>"), ("vector<[4]xf32>",)),
    ("vector.scan <add>, {0}, {1} {{inclusive = true, reduction_dim = 0 : i64}} : "
     "vector<4xf32>, vector<f32>", (VEC, "vector<f32>"), (VEC, "vector<f32>")),
    ("vector.broadcast {0} : f32 to vector<f32>", ("f32",), ("vector<f32>",)),
    ("vector.mask {0} {{ vector.reduction <add>, {1} : vector<4xf32> into f32 }} : "
     "vector<4xi1> -> f32", ("vector<4xi1>", VEC), ("f32",)),
    ("vector.contract {{indexing_maps = [affine_map<(i, j, k) -> (i, k)>, "
     "affine_map<(i, j, k) -> (k, j)>, affine_map<(i, j, k) -> (i, j)>], "
     'iterator_types = ["parallel", "parallel", "reduction"], '
     "kind = #vector.kind<add>}} {0}, {0}, {0} : vector<4x4xf32>, vector<4x4xf32> "
     "into vector<4x4xf32>", ("vector<4x4xf32>",), ("vector<4x4xf32>",)),
    ("vector.vscale", (), ("index",)),
    ("vector.print {0} : vector<4xf32>", (VEC,), ()),
    ("tensor.splat {0} : tensor<4xf32>", ("f32",), ("tensor<4xf32>",)),
)
"""Scalar and vector ops: every op of arith, math, index and ub, most of vector and affine's
value ops (the seeds hold the rest)."""

MEMORY_OPS: tuple[tuple[str, tuple[str, ...], tuple[str, ...]], ...] = (
    # ops that read or write a planned buffer (memref<4x4xf32>) or make a view of one
    (f"memref.load {{0}}[{{1}}, {{2}}] : {BUF}", (BUF, "index", "index"), ("f32",)),
    (f"memref.store {{0}}, {{1}}[{{2}}, {{3}}] : {BUF}", ("f32", BUF, "index", "index"), ()),
    (f"memref.copy {{0}}, {{1}} : {BUF} to {BUF}", (BUF, BUF), ()),
    (f"memref.atomic_rmw addf {{0}}, {{1}}[{{2}}, {{3}}] : ({'f32'}, {BUF}) -> f32",
     ("f32", BUF, "index", "index"), ("f32",)),
    (f"memref.prefetch {{0}}[{{1}}, {{2}}], read, locality<3>, data : {BUF}",
     (BUF, "index", "index"), ()),
    (f"memref.dim {{0}}, {{1}} : {BUF}", (BUF, "index"), ("index",)),
    (f"memref.rank {{0}} : {BUF}", (BUF,), ("index",)),
    (f"memref.extract_aligned_pointer_as_index {{0}} : {BUF} -> index", (BUF,), ("index",)),
    (f"memref.extract_strided_metadata {{0}} : {BUF} -> memref<f32>, index, index, index, "
     "index, index", (BUF,), ("memref<f32>", "index", "index", "index", "index", "index")),
    (f"memref.assume_alignment {{0}}, 16 : {BUF}", (BUF,), (BUF,)),
    (f"memref.subview {{0}}[1, 1] [2, 2] [1, 1] : {BUF} to memref<2x2xf32, strided<[4, 1], "
     "offset: 5>>", (BUF,), ("memref<2x2xf32, strided<[4, 1], offset: 5>>",)),
    (f"memref.cast {{0}} : {BUF} to memref<?x?xf32>", (BUF,), ("memref<?x?xf32>",)),
    (f"memref.cast {{0}} : {BUF} to memref<*xf32>", (BUF,), ("memref<*xf32>",)),
    (f"memref.collapse_shape {{0}} [[0, 1]] : {BUF} into memref<16xf32>", (BUF,),
     ("memref<16xf32>",)),
    (f"memref.expand_shape {{0}} [[0, 1]] output_shape [4, 4] : memref<16xf32> into {BUF}",
     ("memref<16xf32>",), (BUF,)),
    (f"memref.transpose {{0}} (i, j) -> (j, i) : {BUF} to memref<4x4xf32, strided<[1, 4]>>",
     (BUF,), ("memref<4x4xf32, strided<[1, 4]>>",)),
    (f"memref.reinterpret_cast {{0}} to offset: [0], sizes: [2, 8], strides: [8, 1] : {BUF} "
     "to memref<2x8xf32>", (BUF,), ("memref<2x8xf32>",)),
    (f"memref.memory_space_cast {{0}} : {BUF} to memref<4x4xf32, 1>", (BUF,),
     ("memref<4x4xf32, 1>",)),
    ("memref.view {0}[{1}][] : memref<64xi8> to " + BUF, ("memref<64xi8>", "index"), (BUF,)),
    ("memref.reshape {0}({1}) : (memref<16xf32>, memref<2xindex>) -> " + BUF,
     ("memref<16xf32>", "memref<2xindex>"), (BUF,)),
    ("memref.realloc {0} : memref<16xf32> to memref<32xf32>", ("memref<16xf32>",),
     ("memref<32xf32>",)),
    (f"vector.load {{0}}[{{1}}, {{2}}] : {BUF}, vector<4xf32>", (BUF, "index", "index"), (VEC,)),
    (f"vector.store {{0}}, {{1}}[{{2}}, {{3}}] : {BUF}, vector<4xf32>",
     (VEC, BUF, "index", "index"), ()),
    (f"vector.transfer_read {{0}}[{{1}}, {{2}}], {{3}} : {BUF}, vector<4xf32>",
     (BUF, "index", "index", "f32"), (VEC,)),
    (f"vector.transfer_write {{0}}, {{1}}[{{2}}, {{3}}] : vector<4xf32>, {BUF}",
     (VEC, BUF, "index", "index"), ()),
    (f"vector.maskedload {{0}}[{{1}}, {{2}}], {{3}}, {{4}} : {BUF}, vector<4xi1>, vector<4xf32> "
     "into vector<4xf32>", (BUF, "index", "index", "vector<4xi1>", VEC), (VEC,)),
    (f"vector.maskedstore {{0}}[{{1}}, {{2}}], {{3}}, {{4}} : {BUF}, vector<4xi1>, vector<4xf32>",
     (BUF, "index", "index", "vector<4xi1>", VEC), ()),
    (f"vector.expandload {{0}}[{{1}}, {{2}}], {{3}}, {{4}} : {BUF}, vector<4xi1>, vector<4xf32> "
     "into vector<4xf32>", (BUF, "index", "index", "vector<4xi1>", VEC), (VEC,)),
    (f"vector.compressstore {{0}}[{{1}}, {{2}}], {{3}}, {{4}} : {BUF}, vector<4xi1>, "
     "vector<4xf32>", (BUF, "index", "index", "vector<4xi1>", VEC), ()),
    (f"vector.gather {{0}}[{{1}}, {{2}}] [{{3}}], {{4}}, {{5}} : {BUF}, vector<4xindex>, "
     "vector<4xi1>, vector<4xf32> into vector<4xf32>",
     (BUF, "index", "index", "vector<4xindex>", "vector<4xi1>", VEC), (VEC,)),
    (f"vector.scatter {{0}}[{{1}}, {{2}}] [{{3}}], {{4}}, {{5}} : {BUF}, vector<4xindex>, "
     "vector<4xi1>, vector<4xf32>",
     (BUF, "index", "index", "vector<4xindex>", "vector<4xi1>", VEC), ()),
    (f"affine.load {{0}}[{{1}}, {{2}} + 1] : {BUF}", (BUF, "index", "index"), ("f32",)),
    (f"affine.store {{0}}, {{1}}[{{2}}, 0] : {BUF}", ("f32", BUF, "index"), ()),
    (f"affine.vector_load {{0}}[{{1}}, 0] : {BUF}, vector<4xf32>", (BUF, "index"), (VEC,)),
    (f"affine.vector_store {{0}}, {{1}}[{{2}}, 0] : {BUF}, vector<4xf32>",
     (VEC, BUF, "index"), ()),
    (f"affine.prefetch {{0}}[{{1}}, 0], read, locality<3>, data : {BUF}", (BUF, "index"), ()),
    (f"linalg.fill ins({{0}} : f32) outs({{1}} : {BUF})", ("f32", BUF), ()),
    (f"linalg.copy ins({{0}} : {BUF}) outs({{1}} : {BUF})", (BUF, BUF), ()),
    (f"linalg.transpose ins({{0}} : {BUF}) outs({{1}} : {BUF}) permutation = [1, 0]",
     (BUF, BUF), ()),
    (f"linalg.broadcast ins({{0}} : memref<4xf32>) outs({{1}} : {BUF}) dimensions = [1]",
     ("memref<4xf32>", BUF), ()),
    (f"linalg.matmul ins({{0}}, {{1}} : {BUF}, {BUF}) outs({{2}} : {BUF})", (BUF, BUF, BUF), ()),
    ("linalg.matmul indexing_maps = [affine_map<(d0, d1, d2) -> (d2, d0)>, "
     "affine_map<(d0, d1, d2) -> (d2, d1)>, affine_map<(d0, d1, d2) -> (d0, d1)>] "
     f"ins({{0}}, {{1}} : {BUF}, {BUF}) outs({{2}} : {BUF})", (BUF, BUF, BUF), ()),
    (f"linalg.reduce ins({{0}} : {BUF}) outs({{1}} : memref<4xf32>) dimensions = [1]\n"
     "    (%in: f32, %init: f32) {{\n      %s = arith.addf %in, %init : f32\n"
     "      linalg.yield %s : f32\n    }}", (BUF, "memref<4xf32>"), ()),
    (f"bufferization.clone {{0}} : {BUF} to {BUF}", (BUF,), (BUF,)),
    (f"bufferization.to_tensor {{0}} restrict : {BUF} to tensor<4x4xf32>", (BUF,),
     ("tensor<4x4xf32>",)),
    (f"bufferization.to_buffer {{0}} : tensor<4x4xf32> to {BUF}", ("tensor<4x4xf32>",), (BUF,)),
    (f"bufferization.dealloc ({{0}} : {BUF}) if ({{1}})", (BUF, "i1"), ()),
    (f"memref.dealloc {{0}} : {BUF}", (BUF,), ()),
    (f"func.call @keep({{0}}) : ({BUF}) -> ()", (BUF,), ()),
    (f"func.call @make() : () -> {BUF}", (), (BUF,)),
    (f'"test.unknown"({{0}}) : ({BUF}) -> {BUF}', (BUF,), (BUF,)),
    (f"memref.dma_start {{0}}[{{1}}, {{1}}], {{2}}[{{1}}, {{1}}], {{3}}, {{4}}[{{1}}] : {BUF}, "
     f"{BUF}, memref<1xi32>", (BUF, "index", BUF, "index", "memref<1xi32>"), ()),
    ("memref.dma_wait {0}[{1}], {2} : memref<1xi32>", ("memref<1xi32>", "index", "index"), ()),
    ("memref.get_global @table : memref<4xf32>", (), ("memref<4xf32>",)),
    ("memref.alloc({0}) : memref<?xf32>", ("index",), ("memref<?xf32>",)),
    ("memref.alloca({0}) : memref<?xf32>", ("index",), ("memref<?xf32>",)),
    ("memref.store {0}, {1}[{2}] : memref<?xf32>", ("f32", "memref<?xf32>", "index"), ()),
    ("memref.dealloc {0} : memref<?xf32>", ("memref<?xf32>",), ()),
    ("memref.alloc() : memref<65536x65536xf32>", (), ("memref<65536x65536xf32>",)),
    ("memref.subview {0}[0, 0] [4, 4] [1, 1] : memref<65536x65536xf32> to "
     "memref<4x4xf32, strided<[65536, 1]>>", ("memref<65536x65536xf32>",),
     ("memref<4x4xf32, strided<[65536, 1]>>",)),
    ("linalg.fill ins({0} : f32) outs({1} : memref<4x4xf32, strided<[65536, 1]>>)",
     ("f32", "memref<4x4xf32, strided<[65536, 1]>>"), ()),
    ("memref.subview {0}[1] [2] [1] : memref<?xf32> to memref<2xf32, strided<[1], "
     "offset: 1>>", ("memref<?xf32>",), ("memref<2xf32, strided<[1], offset: 1>>",)),
)
"""Ops on memory: loads and stores of memref, vector and affine, views and casts, linalg's
own ops, copies, frees, calls and an op memir does not know."""

TEN = "tensor<4x4xf32>"
TENSOR_OPS: tuple[tuple[str, tuple[str, ...], tuple[str, ...]], ...] = (
    # ops on tensors, as a program is before one-shot-bufferize
    (f"tensor.empty() : {TEN}", (), (TEN,)),
    ("tensor.empty() : tensor<2x2x2x2xf32>", (), ("tensor<2x2x2x2xf32>",)),
    (f"linalg.add ins({{0}}, {{1}} : {TEN}, {TEN}) outs({{2}} : {TEN}) -> {TEN}",
     (TEN, TEN, TEN), (TEN,)),
    (f"linalg.matmul ins({{0}}, {{1}} : {TEN}, {TEN}) outs({{2}} : {TEN}) -> {TEN}",
     (TEN, TEN, TEN), (TEN,)),
    (f"linalg.fill ins({{0}} : f32) outs({{1}} : {TEN}) -> {TEN}", ("f32", TEN), (TEN,)),
    (f"linalg.transpose ins({{0}} : {TEN}) outs({{1}} : {TEN}) permutation = [1, 0]",
     (TEN, TEN), (TEN,)),
    (f"linalg.softmax dimension(1) ins({{0}} : {TEN}) outs({{1}} : {TEN}) -> {TEN}",
     (TEN, TEN), (TEN,)),
    (f"linalg.pack {{0}} inner_dims_pos = [0, 1] inner_tiles = [2, 2] into {{1}} : {TEN} -> "
     "tensor<2x2x2x2xf32>", (TEN, "tensor<2x2x2x2xf32>"), ("tensor<2x2x2x2xf32>",)),
    (f"linalg.unpack {{0}} inner_dims_pos = [0, 1] inner_tiles = [2, 2] into {{1}} : "
     f"tensor<2x2x2x2xf32> -> {TEN}", ("tensor<2x2x2x2xf32>", TEN), (TEN,)),
    ("tensor.generate {{\n  ^bb0(%p: index, %q: index):\n    tensor.yield {0} : f32\n  }} : "
     + TEN, ("f32",), (TEN,)),
    (f"tensor.cast {{0}} : {TEN} to tensor<*xf32>", (TEN,), ("tensor<*xf32>",)),
    ("tensor.rank {0} : tensor<*xf32>", ("tensor<*xf32>",), ("index",)),
    (f"tensor.collapse_shape {{0}} [[0, 1]] : {TEN} into tensor<16xf32>", (TEN,),
     ("tensor<16xf32>",)),
    (f"tensor.expand_shape {{0}} [[0, 1]] output_shape [4, 4] : tensor<16xf32> into {TEN}",
     ("tensor<16xf32>",), (TEN,)),
    ("arith.constant dense<[4, 4]> : tensor<2xi64>", (), ("tensor<2xi64>",)),
    ("arith.constant dense<[[0], [1]]> : tensor<2x1xindex>", (), ("tensor<2x1xindex>",)),
    (f"tensor.reshape {{0}}({{1}}) : (tensor<16xf32>, tensor<2xi64>) -> {TEN}",
     ("tensor<16xf32>", "tensor<2xi64>"), (TEN,)),
    (f"tensor.extract_slice {{0}}[0, 0] [2, 2] [1, 1] : {TEN} to tensor<2x2xf32>", (TEN,),
     ("tensor<2x2xf32>",)),
    (f"tensor.insert_slice {{0}} into {{1}}[2, 2] [2, 2] [1, 1] : tensor<2x2xf32> into {TEN}",
     ("tensor<2x2xf32>", TEN), (TEN,)),
    ("tensor.pad {0} low[1, 1] high[1, 1] {{\n  ^bb0(%p: index, %q: index):\n"
     "    tensor.yield {1} : f32\n  }} : tensor<2x2xf32> to " + TEN,
     ("tensor<2x2xf32>", "f32"), (TEN,)),
    ("tensor.from_elements {0}, {1} : tensor<2xf32>", ("f32", "f32"), ("tensor<2xf32>",)),
    ("tensor.concat dim(0) {0}, {1} : (tensor<2x2xf32>, tensor<2x2xf32>) -> tensor<4x2xf32>",
     ("tensor<2x2xf32>", "tensor<2x2xf32>"), ("tensor<4x2xf32>",)),
    (f"tensor.extract {{0}}[{{1}}, {{2}}] : {TEN}", (TEN, "index", "index"), ("f32",)),
    (f"tensor.insert {{0}} into {{1}}[{{2}}, {{3}}] : {TEN}", ("f32", TEN, "index", "index"),
     (TEN,)),
    (f"tensor.dim {{0}}, {{1}} : {TEN}", (TEN, "index"), ("index",)),
    (f"tensor.cast {{0}} : {TEN} to tensor<?x?xf32>", (TEN,), ("tensor<?x?xf32>",)),
    (f"tensor.gather {{0}}[{{1}}] gather_dims([0]) : ({TEN}, tensor<2x1xindex>) -> "
     "tensor<2x1x4xf32>", (TEN, "tensor<2x1xindex>"), ("tensor<2x1x4xf32>",)),
    (f"tensor.scatter {{0}} into {{1}}[{{2}}] scatter_dims([0]) unique : (tensor<2x1x4xf32>, "
     f"{TEN}, tensor<2x1xindex>) -> {TEN}", ("tensor<2x1x4xf32>", TEN, "tensor<2x1xindex>"),
     (TEN,)),
    (f"bufferization.alloc_tensor() : {TEN}", (), (TEN,)),
    (f"bufferization.materialize_in_destination {{0}} in {{1}} : ({TEN}, {TEN}) -> {TEN}",
     (TEN, TEN), (TEN,)),
    (f"bufferization.to_buffer {{0}} : {TEN} to {BUF}", (TEN,), (BUF,)),
    (f"bufferization.dealloc_tensor {{0}} : {TEN}", (TEN,), ()),
    (f"tensor.splat {{0}} : {TEN}", ("f32",), (TEN,)),
)
"""Ops on tensors: what a program holds before bufferization."""

ALLOCS = {  # a planned buffer of each type the templates take
    BUF: ("memref.alloc() : {t}", "memref.alloc() {{alignment = 64 : i64}} : {t}",
          "memref.alloca() : {t}", "bufferization.alloc_tensor() : tensor<4x4xf32>"),
    "memref<4xf32>": ("memref.alloc() : {t}",),
    "memref<16xf32>": ("memref.alloc() : {t}",),
    "memref<64xi8>": ("memref.alloc() : {t}",),
    "memref<1xi32>": ("memref.alloc() : {t}",),
    "memref<2xindex>": ("memref.alloca() : {t}",),
}
UPSTREAM_ARGS = {"%x": BUF, "%out": BUF, "%f": "f32", "%n": "i32", "%i": "index",
                 "%b": "i1", "%v": VEC, "%sv": "vector<[4]xf32>", "%d": "f64", "%k": "i64",
                 "%t": TEN, "%vi": "vector<4xindex>"}


@cache
def named_linalg_ops() -> tuple[tuple[str, tuple[str, ...], tuple[str, ...]], ...]:
    """Every named linalg op as mlir-opt prints it (defaults left out), from the FileCheck
    test that holds all 82: (op, operand types of ins, operand types of outs)."""
    path = REPO / "filecheck_tests/upstream/linalg_defaults.mlir"
    found = []
    text = path.read_text() if path.exists() else ""
    for match in re.finditer(r"^  linalg\.(\w+) ins\((.*?) : (.*?)\) outs\((.*?) : (.*?)\)$",
                             text, re.M):
        op, _, in_types, _, out_types = match.groups()
        found.append((op, tuple(in_types.split(", ")), tuple(out_types.split(", "))))
    return tuple(found)


class _Upstream:
    """A function body under construction: its lines and the values of each type in scope."""

    def __init__(self, rng: random.Random, tensors: bool = False) -> None:
        self.rng, self.lines, self.count, self.depth = rng, [], 0, 0
        self.tensors = tensors  # tensor ops instead of memory ones
        self.templates = SCALAR_OPS + (TENSOR_OPS if tensors else MEMORY_OPS)
        self.scope: dict[str, list[str]] = {}
        for name, ty in UPSTREAM_ARGS.items():
            self.scope.setdefault(ty, []).append(name)
        for k in range(3):
            self.emit(f"%c{k} = arith.constant {k} : index")
            self.scope["index"].append(f"%c{k}")

    def emit(self, line: str) -> None:
        self.lines.append("  " * (self.depth + 1) + line)

    def fresh(self, stem: str = "u") -> str:
        self.count += 1
        return f"%{stem}{self.count}"

    def value(self, ty: str) -> str:
        """A value of ``ty`` in scope, made (an alloc, a constant op) if there is none."""
        if ty not in self.scope or (ty in ALLOCS and self.rng.random() < 0.3):
            self.make(ty)
        return self.rng.choice(self.scope[ty])

    def make(self, ty: str) -> None:
        if ty in ALLOCS:
            text = self.rng.choice(ALLOCS[ty]).format(t=ty)
            if text.startswith("bufferization.alloc_tensor"):  # then its buffer
                tensor = self.fresh("at")
                self.emit(f"{tensor} = {text}")
                text = f"bufferization.to_buffer {tensor} : tensor<4x4xf32> to {ty}"
            self.define(text, (ty,))
            return
        makers = [t for t in self.templates if ty in t[2]]
        if not makers:
            raise KeyError(ty)
        self.op(self.rng.choice(makers))

    def define(self, text: str, types: tuple[str, ...]) -> None:
        names = [self.fresh() for _ in types]
        head = f"{', '.join(names)} = " if names else ""
        self.emit(head + text)
        for name, ty in zip(names, types):
            self.scope.setdefault(ty, []).append(name)

    def op(self, template: tuple[str, tuple[str, ...], tuple[str, ...]]) -> None:
        text, operands, results = template
        self.define(text.format(*(self.value(ty) for ty in operands)), results)

    def named(self) -> None:
        """A named linalg op on planned buffers cast to its dynamic operand types; for a
        convolution or pooling, its strides and dilations spelled out or left out."""
        ops = named_linalg_ops()
        if not ops:
            return self.op(self.rng.choice(self.templates))
        op, ins, outs = self.rng.choice(ops)
        if self.tensors:
            ins, outs = (tuple(t.replace("memref<", "tensor<") for t in ts) for ts in (ins, outs))
        names = [self.operand(ty) for ty in (*ins, *outs)]
        attrs = ""
        if ("conv" in op or "pooling" in op) and self.rng.random() < 0.5:
            dims = 1 if re.search(r"1d|ncw|nwc", op) else 3 if re.search(r"3d|dhw", op) else 2
            ones = f"dense<{self.rng.choice((1, 2))}> : tensor<{dims}xi64>"
            attrs = f" {{dilations = {ones}, strides = {ones}}}"
        text = (f"linalg.{op}{attrs} ins({', '.join(names[:len(ins)])} : {', '.join(ins)})"
                f" outs({', '.join(names[len(ins):])} : {', '.join(outs)})")
        if self.tensors:
            text += f" -> {', '.join(outs)}"
        self.define(text, outs if self.tensors else ())

    def operand(self, ty: str) -> str:
        """A value of ``ty``: a memref's is a fresh alloc, all dimensions 4, cast to ``ty``
        (a tensor's, tensor.empty and tensor.cast)."""
        dialect = ty.split("<")[0]
        if dialect not in ("memref", "tensor"):
            return self.value(ty)
        static = ty.replace("?", "4")
        made = self.fresh("a")
        self.emit(f"{made} = {'memref.alloc' if dialect == 'memref' else 'tensor.empty'}() : "
                  f"{static}")
        if static == ty:
            return made
        cast = self.fresh("cast")
        self.emit(f"{cast} = {dialect}.cast {made} : {static} to {ty}")
        return cast

    def generic(self) -> None:
        """linalg.generic whose body is a scalar op on f32."""
        unary = [t for t in SCALAR_OPS if t[1] and set(t[1]) == {"f32"} and t[2] == ("f32",)]
        text, operands, _ = self.rng.choice(unary)
        src, dst = self.value(BUF), self.value(BUF)
        ident = "affine_map<(d0, d1) -> (d0, d1)>"
        self.emit(f"linalg.generic {{indexing_maps = [{ident}, {ident}], iterator_types = "
                  f'["parallel", "parallel"]}} ins({src} : {BUF}) outs({dst} : {BUF}) {{')
        self.emit("^bb0(%in: f32, %o: f32):")
        self.depth += 1
        self.emit(f"%r = {text.format(*(['%in'] * len(operands)))}")
        self.emit("linalg.yield %r : f32")
        self.depth -= 1
        self.emit("}")

    def block(self, yields: str = "") -> None:
        """A few statements one level deeper, their values out of scope after; ``yields``
        ends the block."""
        saved = {ty: list(names) for ty, names in self.scope.items()}
        self.depth += 1
        for _ in range(self.rng.randint(0, 3)):
            self.statement()
        if yields:
            self.emit(yields)
        self.depth -= 1
        self.scope = saved

    def nested(self) -> None:
        """A loop, a branch or another op with a region, planned buffers inside."""
        rng, emit, block = self.rng, self.emit, self.block
        i, b, loop = self.value("index"), self.value("i1"), self.fresh("l")
        kind = rng.randrange(12)
        if kind == 11:  # memir reads affine.parallel in generic form only
            emit('"affine.parallel"() <{lowerBoundsGroups = dense<1> : tensor<1xi32>, '
                 "lowerBoundsMap = affine_map<() -> (0)>, reductions = [], steps = [1], "
                 "upperBoundsGroups = dense<1> : tensor<1xi32>, upperBoundsMap = "
                 "affine_map<() -> (2)>}> ({")
            emit(f"^bb0({loop}: index):")
            block('"affine.yield"() : () -> ()')
            emit("}) : () -> ()")
            return
        if kind == 0:
            emit(f"scf.for {loop} = %c0 to %c2 step %c1 {{")
            block()
        elif kind == 1:
            emit(f"scf.if {b} {{")
            block()
            emit("} else {")
            block()
        elif kind == 2:
            ty = TEN if self.tensors else BUF
            m, out, acc = self.value(ty), self.fresh(), self.fresh("acc")
            emit(f"{out} = scf.for {loop} = %c0 to %c2 step %c1 iter_args({acc} = {m}) "
                 f"-> ({ty}) {{")
            block(f"scf.yield {acc} : {ty}")
            emit("}")
            self.scope[ty].append(out)
            return
        elif kind == 3:
            emit(f"affine.for {loop} = 0 to 2 {{")
            block()
        elif kind == 4:
            emit(f"affine.if affine_set<(d0) : (d0 - 1 >= 0)>({i}) {{")
            block()
        elif kind == 5:
            emit("scf.execute_region {")
            block("scf.yield")
        elif kind == 6:
            emit(f"scf.index_switch {i}")
            emit("case 1 {")
            block("scf.yield")
            emit("}")
            emit("default {")
        elif kind == 7:
            emit(f"scf.forall ({loop}) in (2) {{")
            block()
        elif kind == 8:
            emit(f"scf.parallel ({loop}) = (%c0) to (%c2) step (%c1) {{")
            block()
        elif kind == 9:
            emit("memref.alloca_scope {")
            block()
        else:
            n, w, cond = self.value("i32"), self.fresh("w"), self.fresh("wc")
            emit(f"{self.fresh()} = scf.while ({w} = {n}) : (i32) -> i32 {{")
            self.depth += 1
            emit(f"{cond} = arith.cmpi slt, {w}, {n} : i32")
            emit(f"scf.condition({cond}) {w} : i32")
            self.depth -= 1
            emit("} do {")
            emit(f"^bb0({w}a: i32):")
            block(f"scf.yield {w}a : i32")
        emit("}")

    def statement(self) -> None:
        roll = self.rng.random()
        if roll < 0.25:
            self.op(self.rng.choice(SCALAR_OPS))
        elif roll < 0.6:
            self.op(self.rng.choice(self.templates[len(SCALAR_OPS):]))
        elif roll < 0.75:
            self.named()
        elif roll < 0.82:
            self.generic()
        elif self.depth < 2:
            self.nested()


def upstream_program(rng: random.Random, tensors: bool = False) -> str:
    """A function in MLIR 22's syntax (mlir-opt 22 accepts it as it is): on memrefs, scalar
    and vector ops, loads and stores, views, loops and branches holding allocs, named linalg
    ops as mlir-opt prints them, calls, an unknown op; or on tensors (``tensors``)."""
    body = _Upstream(rng, tensors)
    for _ in range(rng.randint(1, MAX_OPS)):
        body.statement()
    last = body.value(TEN if tensors else BUF)
    if not tensors:
        body.emit(f"memref.copy {last}, %out : {BUF} to {BUF}")
    args = ", ".join(f"{name}: {ty}" for name, ty in UPSTREAM_ARGS.items())
    text = "\n".join(body.lines)
    helpers = (f"func.func private @keep({BUF})\n"
               f"func.func @make() -> {BUF} {{\n  %m = memref.alloc() : {BUF}\n"
               f"  return %m : {BUF}\n}}\n"
               "memref.global \"private\" constant @table : memref<4xf32> = "
               "dense<[1.0, 2.0, 3.0, 4.0]>\n")
    blocks = branches(rng) if rng.random() < 0.2 else ""
    result, ret = (f" -> {TEN}", f"return {last} : {TEN}") if tensors else ("", "return")
    return f"{helpers}{blocks}func.func @u({args}){result} {{\n{text}\n  {ret}\n}}\n"


def upstream_tensor_program(rng: random.Random) -> str:
    return upstream_program(rng, tensors=True)


def branches(rng: random.Random) -> str:
    """A function of blocks: cf's branches, a switch, an assert, allocs in each block."""
    return (f"func.func @blocks(%b: i1, %n: i32) {{\n  %a = memref.alloc() : {BUF}\n"
            "  cf.cond_br %b, ^bb1, ^bb2\n^bb1:\n"
            f"  %t = memref.alloc() : {BUF}\n  memref.copy %a, %t : {BUF} to {BUF}\n"
            "  cf.br ^bb3(%t : " + BUF + ")\n^bb2:\n"
            "  cf.switch %n : i32, [\n    default: ^bb3(%a : " + BUF + "),\n"
            f"    0: ^bb4\n  ]\n^bb3(%m: {BUF}):\n"
            '  cf.assert %b, "reached"\n  return\n^bb4:\n  ub.unreachable\n}\n')


PROGRAMS = {"tensor": _tensor_program, "buffer": _buffer_program,
            "lifetimes": _lifetimes_program, "empty": _empty_program,
            "memref": _memref_program, "upstream": upstream_program,
            "upstream-tensor": upstream_tensor_program}
