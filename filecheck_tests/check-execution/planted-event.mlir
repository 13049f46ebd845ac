// Planted bug (b): the record/wait between "produce" (stream 0) and "side" (stream 1) is
// deleted. memir's default semantics order the data edge, so the plan passes; with
// strict events the race lint names both ops, and stream-safety's planning is irrelevant.
// RUN: memir-opt %s -p check-execution | filecheck %s --check-prefix=ORDERED
// RUN: not memir-opt %s -p 'check-execution{strict-events=true}' 2>&1 | filecheck %s

func.func @f(%x: !memir.buf) {
  %s0 = memir.stream 0
  %s1 = memir.stream 1
  %a = memir.alloc 1024 align 64 offset 0 id "a"
  %b = memir.alloc 1024 align 64 offset 1024 id "b"
  %c = memir.alloc 1024 align 64 offset 2048 id "c"
  memir.compute "produce" on %s0 ins(%x) outs(%a)
  memir.compute "side" on %s1 ins(%a) outs(%b)
  memir.compute "main" on %s0 ins(%a) outs(%c)
  %e1 = memir.record on %s1
  memir.wait %e1 on %s0
  memir.compute "join" on %s0 ins(%b, %c) outs()
  func.return
}
// ORDERED: memir.compute "join"
// CHECK: planted-event.mlir:14:3: error: check-execution: unsynchronised read-after-write on "a": op 0 "produce" on stream 0 and op 1 "side" on stream 1 have no record/wait between them (strict events)
