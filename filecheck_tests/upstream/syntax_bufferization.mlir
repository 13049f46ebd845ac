// RUN: memir-opt %s | filecheck %s
// RUN: memir-opt %s --mlir-print-op-generic | memir-opt | filecheck %s

// bufferization ops in MLIR 22's custom syntax (what mlir-opt prints for this file, value
// names aside): the ones xDSL 0.74 lacks, and tensors paired with buffers of another layout
// or memory space, which xDSL refuses and MLIR accepts.

func.func @tensors(%t: tensor<?x4xf32>, %n: index, %v: tensor<8xf32>) -> tensor<?x4xf32> {
  %0 = bufferization.alloc_tensor(%n) {memory_space = 1 : i64} : tensor<?x4xf32>
  %1 = bufferization.alloc_tensor() copy(%t) : tensor<?x4xf32>
  %2 = bufferization.alloc_tensor(%n) size_hint=%n : tensor<?x4xf32>
  %3 = bufferization.materialize_in_destination %t in %1 : (tensor<?x4xf32>, tensor<?x4xf32>) -> tensor<?x4xf32>
  bufferization.dealloc_tensor %0 : tensor<?x4xf32>
  return %3 : tensor<?x4xf32>
}
// CHECK-LABEL: func.func @tensors
// CHECK:      %0 = bufferization.alloc_tensor(%n) {memory_space = 1 : i64} : tensor<?x4xf32>
// CHECK-NEXT: %1 = bufferization.alloc_tensor() copy(%t) : tensor<?x4xf32>
// CHECK-NEXT: %2 = bufferization.alloc_tensor(%n) size_hint = %n : tensor<?x4xf32>
// CHECK-NEXT: %3 = bufferization.materialize_in_destination %t in %1 : (tensor<?x4xf32>, tensor<?x4xf32>) -> tensor<?x4xf32>
// CHECK-NEXT: bufferization.dealloc_tensor %0 : tensor<?x4xf32>

func.func @buffers(%m: memref<8xf32, 2>, %u: memref<*xf32>, %v: tensor<8xf32>) -> memref<8xf32, strided<[?], offset: ?>> {
  %0 = bufferization.to_tensor %m restrict writable : memref<8xf32, 2> to tensor<8xf32>
  %1 = bufferization.to_buffer %v read_only : tensor<8xf32> to memref<8xf32, strided<[?], offset: ?>>
  %2 = bufferization.clone %u : memref<*xf32> to memref<*xf32>
  bufferization.materialize_in_destination %v in restrict writable %m : (tensor<8xf32>, memref<8xf32, 2>) -> ()
  return %1 : memref<8xf32, strided<[?], offset: ?>>
}
// CHECK-LABEL: func.func @buffers
// CHECK:      %0 = bufferization.to_tensor %m restrict writable : memref<8xf32, 2{{( : i64)?}}> to tensor<8xf32>
// CHECK-NEXT: %1 = bufferization.to_buffer %v read_only : tensor<8xf32> to memref<8xf32, strided<[?], offset: ?>>
// CHECK-NEXT: %2 = bufferization.clone %u : memref<*xf32> to memref<*xf32>
// CHECK-NEXT: bufferization.materialize_in_destination %v in restrict writable %m : (tensor<8xf32>, memref<8xf32, 2{{( : i64)?}}>) -> ()

func.func @frees(%a: memref<2xf32>, %b: memref<*xf32>, %c: i1, %d: i1, %r: memref<?xf32>) -> (i1, i1) {
  %0:2 = bufferization.dealloc (%a, %b : memref<2xf32>, memref<*xf32>) if (%c, %d) retain (%r, %a : memref<?xf32>, memref<2xf32>)
  bufferization.dealloc (%a : memref<2xf32>) if (%c) {note}
  %1 = bufferization.dealloc retain (%r : memref<?xf32>)
  bufferization.dealloc
  return %0#0, %1 : i1, i1
}
// CHECK-LABEL: func.func @frees
// CHECK:      %{{.+}}, %{{.+}} = bufferization.dealloc (%a, %b : memref<2xf32>, memref<*xf32>) if (%c, %d) retain (%r, %a : memref<?xf32>, memref<2xf32>)
// CHECK-NEXT: bufferization.dealloc (%a : memref<2xf32>) if (%c) {note}
// CHECK-NEXT: %{{.+}} = bufferization.dealloc retain (%r : memref<?xf32>)
// CHECK-NEXT: bufferization.dealloc{{$}}
