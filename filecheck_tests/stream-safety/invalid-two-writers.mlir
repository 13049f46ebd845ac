// RUN: not memir-opt %s -p stream-safety 2>&1 | filecheck %s

func.func @two_writers(%x: !memir.buf) {
  %s0 = memir.stream 0
  %s1 = memir.stream 1
  %t = memir.alloc 64
  memir.compute "first" on %s0 ins(%x) outs(%t)
  memir.compute "second" on %s1 ins(%x) outs(%t)
  func.return
}
// CHECK:      invalid-two-writers.mlir:[[# @LINE - 3]]:3: error: buffer %t is written by two ops
// CHECK-NEXT: memir.compute "second" on %s1 ins(%x) outs(%t)
// CHECK-NEXT: ^
