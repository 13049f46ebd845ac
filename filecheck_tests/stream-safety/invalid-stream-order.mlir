// Streams must exist before an op runs on them: in text that is SSA dominance, reported
// by the parser; events must be recorded before they are waited for.
// RUN: not memir-opt %s --split-input-file -p stream-safety 2>&1 | filecheck %s
// RUN: memir-opt %s --split-input-file --print-diagnostics -p stream-safety | filecheck %s --check-prefix=ALL

func.func @stream_before_declared(%x: !memir.buf) {
  %t = memir.alloc 64
  memir.compute "early" on %s1 ins(%x) outs(%t)
  %s1 = memir.stream 1
  func.return
}
// CHECK:      invalid-stream-order.mlir:[[# @LINE - 4]]:28: error: use of undefined value %s1
// CHECK-NEXT: memir.compute "early" on %s1 ins(%x) outs(%t)
// CHECK-NEXT:                          ^
// ALL:        invalid-stream-order.mlir:[[# @LINE - 7]]:28: error: use of undefined value %s1

// -----

func.func @wait_before_record(%x: !memir.buf) {
  %s0 = memir.stream 0
  %s1 = memir.stream 1
  %t = memir.alloc 64
  memir.wait %e on %s1
  memir.compute "a" on %s0 ins(%x) outs(%t)
  %e = memir.record on %s0
  func.return
}
// ALL:        invalid-stream-order.mlir:[[# @LINE - 5]]:3: error: waits for an event that is recorded later
