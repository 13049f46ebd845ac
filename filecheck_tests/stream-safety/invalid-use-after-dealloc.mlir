// RUN: not memir-opt %s -p stream-safety 2>&1 | filecheck %s

func.func @use_after_dealloc(%x: !memir.buf) {
  %t = memir.alloc 64
  memir.compute "fill" ins(%x) outs(%t)
  memir.dealloc %t
  memir.compute "read" ins(%t) outs()
  func.return
}
// CHECK:      invalid-use-after-dealloc.mlir:[[# @LINE - 3]]:3: error: uses buffer %t after its dealloc
// CHECK-NEXT: memir.compute "read" ins(%t) outs()
// CHECK-NEXT: ^
