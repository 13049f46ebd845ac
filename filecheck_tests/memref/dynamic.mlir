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

// Sizes given by constants are static: the buffer is planned, its view takes the same sizes.
// RUN: memir-opt %s -p 'memref-to-memir,assign-layout,verify-layout,memir-to-memref' | filecheck %s --check-prefix=CONST
func.func @constant_sizes(%x: memref<15xf32>) {
  %c5 = arith.constant 5 : index
  %c3 = arith.constant 3 : index
  %t = memref.alloc(%c5, %c3) : memref<?x?xf32>
  linalg.add ins(%t, %t : memref<?x?xf32>, memref<?x?xf32>) outs(%t : memref<?x?xf32>)
  return
}
// CONST:      func.func @constant_sizes
// CONST-NEXT:   %arena = memref.alloc() {alignment = 64 : i64} : memref<60xi8>
// CONST:        %t = memref.view %arena[%{{.+}}][%c5, %c3] : memref<60xi8> to memref<?x?xf32>
