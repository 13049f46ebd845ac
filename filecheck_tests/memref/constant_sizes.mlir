// RUN: memir-opt %s -p 'memref-to-memir,assign-layout,verify-layout,memir-to-memref' | filecheck %s 

// Sizes given by constants are static: the buffer is planned, its view takes the same sizes.
func.func @constant_sizes(%x: memref<15xf32>) {
  %c5 = arith.constant 5 : index
  %c3 = arith.constant 3 : index
  %t = memref.alloc(%c5, %c3) : memref<?x?xf32>
  linalg.add ins(%t, %t : memref<?x?xf32>, memref<?x?xf32>) outs(%t : memref<?x?xf32>)
  return
}
// CHECK:      func.func @constant_sizes
// CHECK-NEXT:   %arena = memref.alloc() {alignment = 4 : i64} : memref<60xi8>
// CHECK:        %t = memref.view %arena[%{{.+}}][%c5, %c3] : memref<60xi8> to memref<?x?xf32>
