// RUN: memir-opt %s -p 'memref-to-memir,assign-layout,verify-layout,memir-to-memref' | filecheck %s

// A dynamic shape is left as it is, with its remark; with nothing planned, no arena.
func.func @dynamic(%n: index, %x: memref<?xf32>) {
  %t = memref.alloc(%n) : memref<?xf32>
  memref.copy %x, %t : memref<?xf32> to memref<?xf32>
  memref.dealloc %t : memref<?xf32>
  return
}

// CHECK:      func.func @dynamic(%n: index, %x: memref<?xf32>) {
// CHECK-NEXT:   %t = memref.alloc(%n) {memir.remark = "not planned: dynamic shape"} : memref<?xf32>
// CHECK-NEXT:   memref.copy %x, %t : memref<?xf32> to memref<?xf32>
// CHECK-NEXT:   memref.dealloc %t : memref<?xf32>
// CHECK-NEXT:   func.return
// CHECK-NEXT: }
// CHECK-NOT:  arena

