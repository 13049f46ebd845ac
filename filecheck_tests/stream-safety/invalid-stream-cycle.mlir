// On one stream, reading a buffer before the op that writes it is a cycle through
// stream order and data.
// RUN: not memir-opt %s -p stream-safety 2>&1 | filecheck %s

func.func @stream_cycle(%x: !memir.buf) {
  %t = memir.alloc 64
  memir.compute "read" ins(%t) outs()
  memir.compute "write" ins(%x) outs(%t)
  func.return
}
// CHECK:      invalid-stream-cycle.mlir:[[# @LINE - 4]]:3: error: dependency cycle: op 0 'read' -(stream order)-> op 1 'write' -(data %t)-> op 0 'read'
// CHECK-NEXT: memir.compute "read" ins(%t) outs()
// CHECK-NEXT: ^
