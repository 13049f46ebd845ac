// RUN: memir-opt %s --split-input-file --print-diagnostics 2>&1 | filecheck %s

// A memref.global's dense initial value takes the global's type, so the bound on dense
// literals (MAX_DENSE_ELEMENTS: xDSL stores every element, splats too) is checked there as
// well. A splat over 2^32 elements was expanded into memory: a MemoryError, an internal
// error (found by benchmarks/fuzz.py), after minutes and gigabytes.

memref.global "private" constant @splat : memref<2147483648x2xi8> = dense<3>
// CHECK: large_global.mlir:[[# @LINE - 1]]:69: error: a dense literal of 4294967296 elements: memir stores every element of a dense literal, splats too, and takes at most 16777216 (give a large global as dense_resource or uninitialized)

// -----

// Uninitialized, or within the bound, a large global reads.
memref.global "private" @scratch : memref<2147483648x2xi8> = uninitialized
memref.global "private" constant @small : memref<4x4xi8> = dense<3>
// CHECK: memref.global "private" @scratch : memref<2147483648x2xi8> = uninitialized
// CHECK: memref.global "private" constant @small : memref<4x4xi8> = dense<3>
