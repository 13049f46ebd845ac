// In-place updates (`writes(...)`) stay in ins and join outs, after the new results: the
// buffer-level IR shows every write, and the result verifies (a later writer of a buffer
// also reads it). Function arguments (a weight, an optimizer slot) are updated the same way.
// RUN: memir-opt %s -p bufferize | filecheck %s
// RUN: memir-opt %s --print-op-generic | memir-opt -p bufferize | filecheck %s

func.func @step(%w: tensor<4xf32>, %m: tensor<4xf32>, %g: tensor<4xf32>) {
  %h = memir.compute "mul" (%w, %g) : tensor<4xf32>
  memir.compute "relu_" (%h) writes(%h) : ()
  %d = memir.compute "addcmul_" (%m, %h, %g) writes(%m) workspace 32 : tensor<4xf32>
  memir.compute "addcdiv_" (%w, %m, %d) writes(%w) : ()
  memir.compute "copy_" (%g, %d) writes(%g, %d) : ()
  func.return
}

// CHECK:      func.func @step(%w: !memir.buf {memir.bytes = 16 : i64}, %m: !memir.buf {memir.bytes = 16 : i64}, %g: !memir.buf {memir.bytes = 16 : i64}) {
// CHECK-NEXT:   %h = memir.alloc 16 align 64
// CHECK-NEXT:   memir.compute "mul" ins(%w, %g) outs(%h)
// CHECK-NEXT:   memir.compute "relu_" ins(%h) outs(%h)
// CHECK-NEXT:   %d = memir.alloc 16 align 64
// CHECK-NEXT:   %ws = memir.alloc 32 align 64
// CHECK-NEXT:   memir.compute "addcmul_" ins(%m, %h, %g) outs(%d, %m) ws(%ws)
// CHECK-NEXT:   memir.compute "addcdiv_" ins(%w, %m, %d) outs(%w)
// CHECK-NEXT:   memir.compute "copy_" ins(%g, %d) outs(%g, %d)
// CHECK-NEXT:   func.return
