// By default a data dependency between streams orders the two ops (the runtime syncs it).
// strict-events=true requires a record/wait for each such edge and reports the first one
// missing, at the later op.
// RUN: memir-opt %s --split-input-file --print-diagnostics -p 'stream-safety{strict-events=true}' | filecheck %s
// RUN: memir-opt %s --split-input-file -p stream-safety | filecheck %s --check-prefix=DEFAULT

func.func @racy(%x: !memir.buf) {
  %s0 = memir.stream 0
  %s1 = memir.stream 1
  %a = memir.alloc 64
  memir.compute "produce" on %s0 ins(%x) outs(%a)
  %b = memir.alloc 64
  memir.compute "consume" on %s1 ins(%a) outs(%b)
  func.return
}
// CHECK: strict-events.mlir:[[# @LINE - 3]]:3: error: stream-safety: unsynchronised {{.*}} on %a: op 0 "produce" on stream 0 and op 1 "consume" on stream 1 have no record/wait between them (strict events)

// -----

func.func @synchronised(%x: !memir.buf) {
  %s0 = memir.stream 0
  %s1 = memir.stream 1
  %a = memir.alloc 64
  memir.compute "produce" on %s0 ins(%x) outs(%a)
  %e = memir.record on %s0
  memir.wait %e on %s1
  %b = memir.alloc 64
  memir.compute "consume" on %s1 ins(%a) outs(%b)
  func.return
}
// CHECK: func.func @synchronised
// CHECK: %a = memir.alloc 64 safety
// DEFAULT: func.func @racy
// DEFAULT: func.func @synchronised
