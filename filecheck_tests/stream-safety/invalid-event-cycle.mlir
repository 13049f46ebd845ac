// A dependency cycle through an event: "write" waits (event %e) for "read" to finish,
// but "read" reads %t, which "write" produces.
// RUN: not memir-opt %s -p stream-safety 2>&1 | filecheck %s
// RUN: not memir-opt %s -p 'stream-safety{algorithm=ancestors}' 2>&1 | filecheck %s
// RUN: not memir-opt %s -p assign-layout 2>&1 | filecheck %s --check-prefix=LAYOUT

func.func @event_cycle(%x: !memir.buf) {
  %s0 = memir.stream 0
  %s1 = memir.stream 1
  %t = memir.alloc 64
  memir.compute "read" on %s1 ins(%t) outs()
  %e = memir.record on %s1
  memir.wait %e on %s0
  memir.compute "write" on %s0 ins(%x) outs(%t)
  func.return
}
// CHECK:      invalid-event-cycle.mlir:[[# @LINE - 6]]:3: error: dependency cycle: op 0 'read' -(event)-> op 1 'write' -(data %t)-> op 0 'read' (each op must finish before the next starts)
// CHECK-NEXT: memir.compute "read" on %s1 ins(%t) outs()
// CHECK-NEXT: ^
// LAYOUT:     invalid-event-cycle.mlir:[[# @LINE - 9]]:3: error: dependency cycle: op 0 'read'
