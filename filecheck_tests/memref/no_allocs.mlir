// RUN: memir-opt %s -p 'memref-to-memir,assign-layout,verify-layout,memir-to-memref' | filecheck %s
// RUN: memir-opt %s | filecheck %s

// A program with no allocs comes out as it went in (the second RUN line is the reference).
func.func @scale(%x: memref<4xf32>, %y: memref<4xf32>) {
  %c0 = arith.constant 0 : index
  %v = memref.load %x[%c0] : memref<4xf32>
  %w = arith.mulf %v, %v : f32
  memref.store %w, %y[%c0] : memref<4xf32>
  linalg.add ins(%x, %x : memref<4xf32>, memref<4xf32>) outs(%y : memref<4xf32>)
  return
}

// CHECK:      builtin.module {
// CHECK-NEXT:   func.func @scale(%x: memref<4xf32>, %y: memref<4xf32>) {
// CHECK-NEXT:     %c0 = arith.constant 0 : index
// CHECK-NEXT:     %v = memref.load %x[%c0] : memref<4xf32>
// CHECK-NEXT:     %w = arith.mulf %v, %v : f32
// CHECK-NEXT:     memref.store %w, %y[%c0] : memref<4xf32>
// CHECK-NEXT:     linalg.add ins(%x, %x : memref<4xf32>, memref<4xf32>) outs(%y : memref<4xf32>)
// CHECK-NEXT:     func.return
// CHECK-NEXT:   }
// CHECK-NEXT: }
