// RUN: memir-opt %s --split-input-file --print-diagnostics | filecheck %s

%a = memir.alloc 0
// CHECK: invalid.mlir:[[# @LINE - 1]]:1: error: 'memir.alloc' op buffer size must be positive, got 0

// -----

%a = memir.alloc 64 align 48
// CHECK: invalid.mlir:[[# @LINE - 1]]:1: error: 'memir.alloc' op alignment must be a power of two, got 48

// -----

%a = memir.alloc 64 live [5, 5)
// CHECK: invalid.mlir:[[# @LINE - 1]]:1: error: 'memir.alloc' op lifetime [5, 5) is empty: lower must be below upper

// -----

%a = memir.alloc 64 align 16 offset 8
// CHECK: invalid.mlir:[[# @LINE - 1]]:1: error: 'memir.alloc' op offset 8 is not a multiple of the alignment 16

// -----

%a = memir.alloc memref<4x4xf32> offset -4
// CHECK: invalid.mlir:[[# @LINE - 1]]:1: error: 'memir.alloc' op offset must be non-negative, got -4

// -----

%a = memir.alloc 64
%t = memir.tile_view %a [0, 8] [4, 8] [16, 1] elem 4
// CHECK: invalid.mlir:[[# @LINE - 1]]:1: error: 'memir.tile_view' op tile reaches byte 256 but its buffer has only 64 bytes

// -----

%a = memir.alloc 1024
%t = memir.tile_view %a [0] [4, 8] [16, 1] elem 4
// CHECK: invalid.mlir:[[# @LINE - 1]]:1: error: 'memir.tile_view' op tile_view needs offsets, sizes and strides of one rank >= 1, got 1, 2 and 2

// -----

%a = memir.alloc 1024
%t = memir.tile_view %a [0, 0] [0, 8] [16, 1] elem 4
// CHECK: invalid.mlir:[[# @LINE - 1]]:1: error: 'memir.tile_view' op tile sizes must be positive, got [0, 8]

// -----

%a = memir.alloc 64
%b = memir.alloc 64
%c = memir.alloc 64
memir.contiguous %a, %b
memir.contiguous %b, %c
// CHECK: invalid.mlir:[[# @LINE - 2]]:1: error: 'memir.contiguous' op buffer %b is in 2 contiguous groups

// -----

%a = memir.alloc 64
memir.contiguous %a
// CHECK: invalid.mlir:[[# @LINE - 1]]:1: error: 'memir.contiguous' op a contiguous group needs at least two buffers

// -----

%a = memir.alloc 64 id "x"
%b = memir.alloc 64 id "x"
// CHECK: invalid.mlir:[[# @LINE - 1]]:1: error: duplicate buffer id "x"

// -----

%s = memir.stream 1
%t = memir.stream 1
// CHECK: invalid.mlir:[[# @LINE - 1]]:1: error: stream 1 is declared twice

// -----

%m = memir.arena 1024
%v = memir.view %m at 1000 size 100
// CHECK: invalid.mlir:[[# @LINE - 1]]:1: error: 'memir.view' op view [1000, 1100) reaches past the arena of 1024 bytes

// -----

%a = memir.alloc 64
%t = memir.compute "k" (%a) : tensor<4xf32>
// CHECK: invalid.mlir:[[# @LINE - 1]]:1: error: 'memir.compute' op tensor-form memir.compute takes and returns tensors, got !memir.buf

// -----

%a = memir.alloc 64 align
// CHECK: invalid.mlir:{{[0-9]+}}:{{[0-9]+}}: error: Expected integer literal

// -----

memir.compute "k" ins(%nope) outs()
// CHECK: invalid.mlir:[[# @LINE - 1]]:23: error: use of undefined value %nope
