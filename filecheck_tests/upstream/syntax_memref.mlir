// RUN: memir-opt %s | filecheck %s
// RUN: memir-opt %s --mlir-print-op-generic | memir-opt | filecheck %s

// The memref ops xDSL 0.74 reads in generic form only, or not at all, in MLIR 22's custom
// syntax (what mlir-opt prints for this file, value names aside).

func.func @scopes(%v: f32) -> f32 {
  %r = memref.alloca_scope -> (f32) {
    %a = memref.alloca() : memref<8xf32>
    memref.alloca_scope.return %v : f32
  }
  memref.alloca_scope {
    %b = memref.alloca() : memref<4xi8>
  }
  return %r : f32
}
// CHECK-LABEL: func.func @scopes
// CHECK:      %r = memref.alloca_scope -> (f32) {
// CHECK-NEXT:   %a = memref.alloca() : memref<8xf32>
// CHECK-NEXT:   memref.alloca_scope.return %v : f32
// CHECK-NEXT: }
// CHECK-NEXT: memref.alloca_scope {
// CHECK-NEXT:   %b = memref.alloca() : memref<4xi8>
// CHECK-NEXT: }

func.func @atomics(%m: memref<4x8xf32>, %n: memref<16xi32>, %i: index, %v: f32, %w: i32) {
  %0 = memref.atomic_rmw addf %v, %m[%i, %i] : (f32, memref<4x8xf32>) -> f32
  %1 = memref.atomic_rmw maxs %w, %n[%i] {tag = 1 : i64} : (i32, memref<16xi32>) -> i32
  %2 = memref.generic_atomic_rmw %m[%i, %i] : memref<4x8xf32> {
  ^bb0(%old: f32):
    %new = arith.mulf %old, %v : f32
    memref.atomic_yield %new : f32
  } {tag = 2 : i64}
  return
}
// CHECK-LABEL: func.func @atomics
// CHECK:      %0 = memref.atomic_rmw addf %v, %m[%i, %i] : (f32, memref<4x8xf32>) -> f32
// CHECK-NEXT: %1 = memref.atomic_rmw maxs %w, %n[%i] {tag = 1 : i64} : (i32, memref<16xi32>) -> i32
// CHECK-NEXT: %2 = memref.generic_atomic_rmw %m[%i, %i] : memref<4x8xf32> {
// CHECK-NEXT: ^bb0(%old: f32):
// CHECK-NEXT:   %new = arith.mulf %old, %v : f32
// CHECK-NEXT:   memref.atomic_yield %new : f32
// CHECK-NEXT: } {tag = 2 : i64}

func.func @buffers(%u: memref<*xf32>, %s: memref<6xf32>, %d: memref<?xf32>, %x: memref<?x?xf32>,
                   %shape: memref<2xi32>, %i: index) -> memref<?xf32> {
  memref.copy %u, %u : memref<*xf32> to memref<*xf32>
  memref.copy %s, %u : memref<6xf32> to memref<*xf32>
  memref.prefetch %s[%i], write, locality<1>, data : memref<6xf32>
  memref.prefetch %x[%i, %i], read, locality<3>, instr : memref<?x?xf32>
  %0 = memref.realloc %s : memref<6xf32> to memref<10xf32>
  %1 = memref.realloc %d(%i) {alignment = 16 : i64} : memref<?xf32> to memref<?xf32>
  %2 = memref.transpose %x (d0, d1) -> (d1, d0) : memref<?x?xf32> to memref<?x?xf32, strided<[1, ?]>>
  %3 = memref.reshape %s(%shape) : (memref<6xf32>, memref<2xi32>) -> memref<?x?xf32>
  return %1 : memref<?xf32>
}
// CHECK-LABEL: func.func @buffers
// CHECK:      memref.copy %u, %u : memref<*xf32> to memref<*xf32>
// CHECK-NEXT: memref.copy %s, %u : memref<6xf32> to memref<*xf32>
// CHECK-NEXT: memref.prefetch %s[%i], write, locality<1>, data : memref<6xf32>
// CHECK-NEXT: memref.prefetch %x[%i, %i], read, locality<3>, instr : memref<?x?xf32>
// CHECK-NEXT: %0 = memref.realloc %s : memref<6xf32> to memref<10xf32>
// CHECK-NEXT: %1 = memref.realloc %d(%i) {alignment = 16 : i64} : memref<?xf32> to memref<?xf32>
// CHECK-NEXT: %2 = memref.transpose %x (d0, d1) -> (d1, d0) : memref<?x?xf32> to memref<?x?xf32, strided<[1, ?]>>
// CHECK-NEXT: %3 = memref.reshape %s(%shape) : (memref<6xf32>, memref<2xi32>) -> memref<?x?xf32>

func.func @dma(%src: memref<64xf32, 1>, %dst: memref<8x8xf32>, %tag: memref<1xi32>, %i: index, %n: index) {
  memref.dma_start %src[%i], %dst[%i, %i], %n, %tag[%i] : memref<64xf32, 1>, memref<8x8xf32>, memref<1xi32>
  memref.dma_start %src[%i], %dst[%i, %i], %n, %tag[%i], %i, %n : memref<64xf32, 1>, memref<8x8xf32>, memref<1xi32>
  memref.dma_wait %tag[%i], %n : memref<1xi32>
  return
}
// CHECK-LABEL: func.func @dma
// CHECK:      memref.dma_start %src[%i], %dst[%i, %i], %n, %tag[%i] : memref<64xf32, 1{{( : i64)?}}>, memref<8x8xf32>, memref<1xi32>
// CHECK-NEXT: memref.dma_start %src[%i], %dst[%i, %i], %n, %tag[%i], %i, %n : memref<64xf32, 1{{( : i64)?}}>, memref<8x8xf32>, memref<1xi32>
// CHECK-NEXT: memref.dma_wait %tag[%i], %n : memref<1xi32>
