// RUN: memir-opt %s --split-input-file --print-diagnostics | filecheck %s

// Every diagnostic of the memir dialect that invalid.mlir does not already trigger, with
// the line:column it points at. Verifier errors point at the start of the op (column 1,
// or the op's indentation inside a function); parse errors point at the offending token.
// Where an op has a fast parse path (memir.alloc, memir.compute; see dialects/fast_path.py),
// the same error is also written so that the slow path parses it (unusual spacing,
// another clause order): both must give the same message at the same place.

// memir.alloc: parse errors

%a = memir.alloc tensor<4xf32>
// CHECK: invalid_more.mlir:[[# @LINE - 1]]:18: error: memir.alloc expects a byte size or a static memref type

// -----

%a = memir.alloc memref<?x4xf32>
// CHECK: invalid_more.mlir:[[# @LINE - 1]]:18: error: memir.alloc expects a byte size or a static memref type

// -----

// An element type without a bit width has no byte size (this used to crash).
%a = memir.alloc memref<4xindex>
// CHECK: invalid_more.mlir:[[# @LINE - 1]]:18: error: memir.alloc expects a byte size or a static memref type

// -----

%a = memir.alloc memref<4xcomplex<f32>>
// CHECK: invalid_more.mlir:[[# @LINE - 1]]:18: error: memir.alloc expects a byte size or a static memref type

// -----

%a = memir.alloc 64 id 3
// CHECK: invalid_more.mlir:[[# @LINE - 1]]:24: error: string literal expected for the buffer id

// -----

%a = memir.alloc 64 live (3, 4)
// CHECK: invalid_more.mlir:[[# @LINE - 1]]:26: error: Expected '['

// -----

%a = memir.alloc 64 live [3 4)
// CHECK: invalid_more.mlir:[[# @LINE - 1]]:29: error: Expected ','

// -----

%a = memir.alloc 64 live [3, 4]
// CHECK: invalid_more.mlir:[[# @LINE - 1]]:31: error: Expected ')'

// -----

%a = memir.alloc 64 live [x, 4)
// CHECK: invalid_more.mlir:[[# @LINE - 1]]:27: error: Expected integer literal

// -----

%a = memir.alloc 64 safety [1]
// CHECK: invalid_more.mlir:[[# @LINE - 1]]:28: error: '<' expected

// -----

%a = memir.alloc 64 safety <[1], 2>
// CHECK: invalid_more.mlir:[[# @LINE - 1]]:34: error: '[' expected

// -----

%a = memir.alloc 64 safety <[1, x]>
// CHECK: invalid_more.mlir:[[# @LINE - 1]]:33: error: Expected integer literal

// -----

%a = memir.alloc 64 safety <>
// CHECK: invalid_more.mlir:[[# @LINE - 1]]:29: error: '[' expected

// -----

// memir.alloc: verifier, slow-path spellings of invalid.mlir's fast-path cases

%a = memir.alloc -4
// CHECK: invalid_more.mlir:[[# @LINE - 1]]:1: error: 'memir.alloc' op buffer size must be positive, got -4

// -----

%a = memir.alloc 0 {note = "slow path"}
// CHECK: invalid_more.mlir:[[# @LINE - 1]]:1: error: 'memir.alloc' op buffer size must be positive, got 0

// -----

%a = memir.alloc 64  align 48
// CHECK: invalid_more.mlir:[[# @LINE - 1]]:1: error: 'memir.alloc' op alignment must be a power of two, got 48

// -----

%a = memir.alloc 64 live [0, 1) align 48
// CHECK: invalid_more.mlir:[[# @LINE - 1]]:1: error: 'memir.alloc' op alignment must be a power of two, got 48

// -----

%a = memir.alloc 64 align 0
// CHECK: invalid_more.mlir:[[# @LINE - 1]]:1: error: 'memir.alloc' op alignment must be a power of two, got 0

// -----

%a = memir.alloc 64 align -4
// CHECK: invalid_more.mlir:[[# @LINE - 1]]:1: error: 'memir.alloc' op alignment must be a power of two, got -4

// -----

%a = memir.alloc 64 live [5,5)
// CHECK: invalid_more.mlir:[[# @LINE - 1]]:1: error: 'memir.alloc' op lifetime [5, 5) is empty: lower must be below upper

// -----

%a = memir.alloc 64 external live [7, 2)
// CHECK: invalid_more.mlir:[[# @LINE - 1]]:1: error: 'memir.alloc' op lifetime [7, 2) is empty: lower must be below upper

// -----

%a = memir.alloc 64 offset 8 align 16
// CHECK: invalid_more.mlir:[[# @LINE - 1]]:1: error: 'memir.alloc' op offset 8 is not a multiple of the alignment 16

// -----

%a = memir.alloc 64 offset -8
// CHECK: invalid_more.mlir:[[# @LINE - 1]]:1: error: 'memir.alloc' op offset must be non-negative, got -8

// -----

// memir.alloc: verifier, only reachable in generic form

%a = "memir.alloc"() <{size = #builtin.int<10>, memref = memref<4xf32>}> : () -> !memir.buf
// CHECK: invalid_more.mlir:[[# @LINE - 1]]:1: error: 'memir.alloc' op size does not match the memref type

// -----

%a = "memir.alloc"() <{size = #builtin.int<32>, memref = memref<4xindex>}> : () -> !memir.buf
// CHECK: invalid_more.mlir:[[# @LINE - 1]]:1: error: 'memir.alloc' op size does not match the memref type

// -----

%a = "memir.alloc"() <{size = #builtin.int<64>, lower = #builtin.int<1>}> : () -> !memir.buf
// CHECK: invalid_more.mlir:[[# @LINE - 1]]:1: error: 'memir.alloc' op a lifetime needs both lower and upper

// -----

%a = "memir.alloc"() <{size = #builtin.int<64>, upper = #builtin.int<1>}> : () -> !memir.buf
// CHECK: invalid_more.mlir:[[# @LINE - 1]]:1: error: 'memir.alloc' op a lifetime needs both lower and upper

// -----

// memir.tile_view

%a = memir.alloc 1024
%t = memir.tile_view %a [0, -1] [4, 8] [16, 1] elem 4
// CHECK: invalid_more.mlir:[[# @LINE - 1]]:1: error: 'memir.tile_view' op tile offsets and strides must be non-negative

// -----

%a = memir.alloc 1024
%t = memir.tile_view %a [0, 0] [4, 8] [16, -1] elem 4
// CHECK: invalid_more.mlir:[[# @LINE - 1]]:1: error: 'memir.tile_view' op tile offsets and strides must be non-negative

// -----

%a = memir.alloc 1024
%t = memir.tile_view %a [0, 0] [4, 8] [16, 1] elem 0
// CHECK: invalid_more.mlir:[[# @LINE - 1]]:1: error: 'memir.tile_view' op element size must be positive, got 0

// -----

%a = memir.alloc 1024
%t = memir.tile_view %a [0, 0] [4, 8] [16, 1] elem 4 live [3, 3)
// CHECK: invalid_more.mlir:[[# @LINE - 1]]:1: error: 'memir.tile_view' op lifetime [3, 3) is empty

// -----

%a = memir.alloc 1024
%t = memir.tile_view %a [] [] [] elem 4
// CHECK: invalid_more.mlir:[[# @LINE - 1]]:1: error: 'memir.tile_view' op tile_view needs offsets, sizes and strides of one rank >= 1, got 0, 0 and 0

// -----

%a = memir.alloc 64
%t = "memir.tile_view"(%a) <{static_offsets = array<i64: 0>, static_sizes = array<i64: 4>, static_strides = array<i64: 1>, elem = #builtin.int<4>, upper = #builtin.int<2>}> : (!memir.buf) -> !memir.buf
// CHECK: invalid_more.mlir:[[# @LINE - 1]]:1: error: 'memir.tile_view' op a lifetime needs both lower and upper

// -----

// Float index arrays would print as an unparsable custom form.
%a = memir.alloc 64
%t = "memir.tile_view"(%a) <{static_offsets = array<f32: 0.5>, static_sizes = array<i64: 4>, static_strides = array<i64: 1>, elem = #builtin.int<4>}> : (!memir.buf) -> !memir.buf
// CHECK: invalid_more.mlir:[[# @LINE - 1]]:1: error: 'memir.tile_view' op Expected attribute i64 but got f32

// -----

%a = memir.alloc 1024
%t = memir.tile_view %a [0, 0] [4, 8] [16, 1] size 4
// CHECK: invalid_more.mlir:[[# @LINE - 1]]:47: error: Expected 'elem'

// -----

%a = memir.alloc 1024
%t = memir.tile_view %a [0, 0] [4, 8] (16, 1) elem 4
// CHECK: invalid_more.mlir:[[# @LINE - 1]]:39: error: '[' expected

// -----

%s = memir.stream 0
%t = memir.tile_view %s [0] [1] [1] elem 1
// CHECK: invalid_more.mlir:[[# @LINE - 1]]:22: error: operand is used with type !memir.buf, but has been previously used or defined with type !memir.stream

// -----

// memir.contiguous

%a = memir.alloc 64
memir.contiguous %a, %a
// CHECK: invalid_more.mlir:[[# @LINE - 1]]:1: error: 'memir.contiguous' op a buffer appears twice in one contiguous group

// -----

%a = memir.alloc 1024
%t = memir.tile_view %a [0] [4] [1] elem 4
memir.contiguous %a, %t
// CHECK: invalid_more.mlir:[[# @LINE - 1]]:1: error: 'memir.contiguous' op contiguous groups hold memir.alloc buffers only

// -----

func.func @f(%m: !memir.buf) {
  %a = memir.alloc 64
  memir.contiguous %m, %a
  // CHECK: invalid_more.mlir:[[# @LINE - 1]]:3: error: 'memir.contiguous' op contiguous groups hold memir.alloc buffers only
  func.return
}

// -----

%a = memir.alloc 64 id "x"
%b = memir.alloc 64
%c = memir.alloc 64
memir.contiguous %a, %b
memir.contiguous %c, %a
// CHECK: invalid_more.mlir:[[# @LINE - 2]]:1: error: 'memir.contiguous' op buffer "x" is in 2 contiguous groups

// -----

// memir.arena and memir.view

%m = memir.arena -8
// CHECK: invalid_more.mlir:[[# @LINE - 1]]:1: error: 'memir.arena' op arena size must be non-negative, got -8

// -----

%m = memir.arena 64 align 3
// CHECK: invalid_more.mlir:[[# @LINE - 1]]:1: error: 'memir.arena' op alignment must be a power of two, got 3

// -----

%m = memir.arena 64
%v = memir.view %m at -1 size 4
// CHECK: invalid_more.mlir:[[# @LINE - 1]]:1: error: 'memir.view' op a view needs a non-negative offset and a positive size

// -----

%m = memir.arena 64
%v = memir.view %m at 0 size 0
// CHECK: invalid_more.mlir:[[# @LINE - 1]]:1: error: 'memir.view' op a view needs a non-negative offset and a positive size

// -----

%a = memir.alloc 64
%v = memir.view %a at 0 size 4
// CHECK: invalid_more.mlir:[[# @LINE - 1]]:1: error: 'memir.view' op memir.view takes a memir.arena value

// -----

%m = memir.arena 64
%v = memir.view %m offset 0 size 4
// CHECK: invalid_more.mlir:[[# @LINE - 1]]:20: error: Expected 'at'

// -----

%m = memir.arena 64
%v = memir.view %m at 0 bytes 4
// CHECK: invalid_more.mlir:[[# @LINE - 1]]:25: error: Expected 'size'

// -----

%m = memir.arena 64
%v = memir.view %m at 0 size 4 id 7
// CHECK: invalid_more.mlir:[[# @LINE - 1]]:35: error: string literal expected

// -----

// memir.stream, memir.record, memir.wait

%s = memir.stream -1
// CHECK: invalid_more.mlir:[[# @LINE - 1]]:1: error: 'memir.stream' op stream index must be non-negative, got -1

// -----

// The declarative formats of memir.record and memir.wait know their operand types: a
// wrong one is a parse error at the operand. The generic form reaches the verifier.
%a = memir.alloc 64
%e = memir.record on %a
// CHECK: invalid_more.mlir:[[# @LINE - 1]]:22: error: operand is used with type !memir.stream, but has been previously used or defined with type !memir.buf

// -----

%a = memir.alloc 64
%e = "memir.record"(%a) : (!memir.buf) -> !memir.event
// CHECK: invalid_more.mlir:[[# @LINE - 1]]:1: error: 'memir.record' op operand 'stream' at position 0 does not verify: !memir.buf should be of base attribute memir.stream

// -----

%s = memir.stream 0
memir.wait %s on %s
// CHECK: invalid_more.mlir:[[# @LINE - 1]]:12: error: operand is used with type !memir.event, but has been previously used or defined with type !memir.stream

// -----

%s = memir.stream 0
"memir.wait"(%s, %s) <{operandSegmentSizes = array<i32: 1, 1>}> : (!memir.stream, !memir.stream) -> ()
// CHECK: invalid_more.mlir:[[# @LINE - 1]]:1: error: 'memir.wait' op operand 'event' at position 0 does not verify: !memir.stream should be of base attribute memir.event

// -----

%s = memir.stream 0
%e = memir.record on %s
memir.wait %e on %e
// CHECK: invalid_more.mlir:[[# @LINE - 1]]:18: error: operand is used with type !memir.stream, but has been previously used or defined with type !memir.event

// -----

%e = memir.record on %nope
// CHECK: invalid_more.mlir:[[# @LINE - 1]]:22: error: use of undefined value %nope

// -----

memir.wait %nope
// CHECK: invalid_more.mlir:[[# @LINE - 1]]:12: error: use of undefined value %nope

// -----

%s = memir.stream 0
%e = memir.record on %s
memir.wait %e on %nope
// CHECK: invalid_more.mlir:[[# @LINE - 1]]:18: error: use of undefined value %nope

// -----

// memir.compute

%a = memir.alloc 64
memir.compute "k" on %a ins(%a) outs(%a)
// CHECK: invalid_more.mlir:[[# @LINE - 1]]:1: error: 'memir.compute' op operand 'stream' at position 0 does not verify:

// -----

%a = memir.alloc 64
memir.compute "k" on %a  ins(%a) outs(%a)
// CHECK: invalid_more.mlir:[[# @LINE - 1]]:1: error: 'memir.compute' op operand 'stream' at position 0 does not verify:

// -----

"memir.compute"() <{kernel = "k", workspace = #builtin.int<-3>, operandSegmentSizes = array<i32: 0, 0, 0, 0>}> : () -> ()
// CHECK: invalid_more.mlir:[[# @LINE - 1]]:1: error: 'memir.compute' op workspace bytes must be non-negative

// -----

func.func @f(%x: tensor<4xf32>) {
  %a = memir.alloc 64
  memir.compute "k" ins(%x) outs(%a)
  // CHECK: invalid_more.mlir:[[# @LINE - 1]]:3: error: 'memir.compute' op tensor-form memir.compute cannot have outs(...) or ws(...)
  func.return
}

// -----

func.func @f(%x: tensor<4xf32>) {
  %a = memir.alloc 64
  memir.compute "k" ins(%x)  outs(%a)
  // CHECK: invalid_more.mlir:[[# @LINE - 1]]:3: error: 'memir.compute' op tensor-form memir.compute cannot have outs(...) or ws(...)
  func.return
}

// -----

func.func @f(%x: tensor<4xf32>) {
  %a = memir.alloc 64
  memir.compute "k" ins(%x) outs() ws(%a)
  // CHECK: invalid_more.mlir:[[# @LINE - 1]]:3: error: 'memir.compute' op tensor-form memir.compute cannot have outs(...) or ws(...)
  func.return
}

// -----

func.func @f(%x: tensor<4xf32>) {
  %y, %z = memir.compute "k" (%x) : (tensor<4xf32>, !memir.buf)
  // CHECK: invalid_more.mlir:[[# @LINE - 1]]:3: error: 'memir.compute' op tensor-form memir.compute takes and returns tensors, got !memir.buf
  func.return
}

// -----

memir.compute k ins() outs()
// CHECK: invalid_more.mlir:[[# @LINE - 1]]:15: error: string literal expected for the kernel name

// -----

%a = memir.alloc 64
memir.compute "k" ins(%a) bogus(%a)
// CHECK: invalid_more.mlir:[[# @LINE - 1]]:27: error: Expected 'outs'

// -----

func.func @f(%x: tensor<4xf32>) {
  %y = memir.compute "k" (%x) tensor<4xf32>
  // CHECK: invalid_more.mlir:[[# @LINE - 1]]:31: error: Expected ':'
  func.return
}

// -----

%a = memir.alloc 64
memir.compute "k" ins(%a) outs(%a) workspace -3
// CHECK: invalid_more.mlir:[[# @LINE - 1]]:46: error: Expected integer literal

// -----

func.func @f(%x: tensor<4xf32>) {
  %y = memir.compute "k" (%x) workspace -1 : tensor<4xf32>
  // CHECK: invalid_more.mlir:[[# @LINE - 1]]:41: error: Expected integer literal
  func.return
}

// -----

%a = memir.alloc 64
memir.compute "k" on %nope ins(%a) outs(%a)
// CHECK: invalid_more.mlir:[[# @LINE - 1]]:22: error: use of undefined value %nope

// -----

%a = memir.alloc 64
memir.compute "k" ins(%a) outs(%a, %nope)
// CHECK: invalid_more.mlir:[[# @LINE - 1]]:36: error: use of undefined value %nope

// -----

%a = memir.alloc 64
memir.compute "k" ins(%a) outs(%a) ws(%nope)
// CHECK: invalid_more.mlir:[[# @LINE - 1]]:39: error: use of undefined value %nope

// -----

memir.compute "k" (%nope) : ()
// CHECK: invalid_more.mlir:[[# @LINE - 1]]:20: error: use of undefined value %nope

// -----

func.func @f(%x: tensor<4xf32>) {
  %z:2 = memir.compute "split" (%x) : (tensor<4xf32>, tensor<4xf32>)
  memir.compute "sink" (%z#2) : ()
  // CHECK: invalid_more.mlir:[[# @LINE - 1]]:25: error: SSA value tuple index out of bounds
  func.return
}

// -----

// module-wide checks

%m = memir.arena 1024
%a = memir.alloc 64 id "x"
%v = memir.view %m at 0 size 64 id "x"
// CHECK: invalid_more.mlir:[[# @LINE - 1]]:1: error: duplicate buffer id "x"

// -----

func.func @f() {
  %s = memir.stream 3
  %t = memir.stream 3
  // CHECK: invalid_more.mlir:[[# @LINE - 1]]:3: error: stream 3 is declared twice
  func.return
}

// -----

// #memir.plan (its own verifier, "plan arena and bound must be non-negative", is
// unreachable from text: the parser takes no sign)

builtin.module attributes {memir.plan = #memir.plan<size 1, bound 2, strategy "s", status "h", seconds 0.1>} {
}
// CHECK: invalid_more.mlir:[[# @LINE - 2]]:53: error: Expected 'arena'

// -----

builtin.module attributes {memir.plan = #memir.plan<arena -1, bound 2, strategy "s", status "h", seconds 0.1>} {
}
// CHECK: invalid_more.mlir:[[# @LINE - 2]]:59: error: Expected integer literal

// -----

builtin.module attributes {memir.plan = #memir.plan<arena 1 bound 2, strategy "s", status "h", seconds 0.1>} {
}
// CHECK: invalid_more.mlir:[[# @LINE - 2]]:61: error: Expected ','

// -----

builtin.module attributes {memir.plan = #memir.plan<arena 1, bound 2, strategy s, status "h", seconds 0.1>} {
}
// CHECK: invalid_more.mlir:[[# @LINE - 2]]:80: error: string literal expected

// -----

builtin.module attributes {memir.plan = #memir.plan<arena 1, bound 2, strategy "s", status "h", seconds x>} {
}
// CHECK: invalid_more.mlir:[[# @LINE - 2]]:105: error: integer or float literal expected

// -----

// A buffer operand that is never defined: xDSL names no place; memir points at the name.
%a = memir.alloc 64
memir.dealloc %nope
// CHECK: invalid_more.mlir:[[# @LINE - 1]]:15: error: use of undefined value %nope
