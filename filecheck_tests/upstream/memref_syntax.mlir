// RUN: memir-opt %s | filecheck %s
// RUN: memir-opt %s --mlir-print-op-generic | memir-opt | filecheck %s

// memref ops in MLIR 22's custom syntax, as mlir-opt's bufferization prints them.

memref.global "private" constant @c : memref<2xf32> = dense<[1.000000e+00, 2.000000e+00]> {alignment = 64 : i64}
memref.global "private" @scratch : memref<4xf32> = uninitialized
memref.global @external : memref<2xi32>
memref.global "private" constant @splat : memref<2x2xi8> = dense<3>
// CHECK:      memref.global "private" constant @c : memref<2xf32> = dense<[1.000000e+00, 2.000000e+00]> {alignment = 64 : i64}
// CHECK-NEXT: memref.global "private" @scratch : memref<4xf32> = uninitialized
// CHECK-NEXT: memref.global @external : memref<2xi32>
// CHECK-NEXT: memref.global "private" constant @splat : memref<2x2xi8> = dense<3>

func.func @f(%arg0: memref<?xf32>, %arg1: memref<*xf32>) -> index {
  %0 = memref.get_global @c : memref<2xf32>
  memref.copy %0, %arg0 : memref<2xf32> to memref<?xf32>
  %1 = memref.cast %arg0 : memref<?xf32> to memref<?xf32, strided<[?], offset: ?>>
  %2 = memref.extract_aligned_pointer_as_index %arg0 : memref<?xf32> -> index
  %3 = memref.rank %arg1 : memref<*xf32>
  %4 = memref.memory_space_cast %arg0 : memref<?xf32> to memref<?xf32, 1>
  return %2 : index
}
// CHECK:      %0 = memref.get_global @c : memref<2xf32>
// CHECK-NEXT: memref.copy %0, %arg0 : memref<2xf32> to memref<?xf32>
// CHECK-NEXT: %1 = memref.cast %arg0 : memref<?xf32> to memref<?xf32, strided<[?], offset: ?>>
// CHECK-NEXT: %2 = memref.extract_aligned_pointer_as_index %arg0 : memref<?xf32> -> index
// CHECK-NEXT: %3 = memref.rank %arg1 : memref<*xf32>
// CHECK-NEXT: %4 = memref.memory_space_cast %arg0 : memref<?xf32> to memref<?xf32, 1{{( : i64)?}}>
