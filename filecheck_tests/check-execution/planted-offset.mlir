// Planted bug (a): %b on stream 1 is moved onto %c, which stream 0 writes while %b is
// still needed (both are read by the last op). Offsets are given: no planner runs.
// RUN: not memir-opt %s -p check-execution 2>&1 | filecheck %s
// RUN: not memir-opt %s -p 'check-execution{data=true}' 2>&1 | filecheck %s --check-prefix=DATA
// RUN: not memir-opt %s -p 'materialize-arena,check-execution' 2>&1 | filecheck %s --check-prefix=VIEW

func.func @f(%x: !memir.buf) {
  %s0 = memir.stream 0
  %s1 = memir.stream 1
  %a = memir.alloc 1024 align 64 offset 0 id "a"
  %b = memir.alloc 1024 align 64 offset 1024 id "b"
  %c = memir.alloc 1024 align 64 offset 1024 id "c"
  memir.compute "produce" on %s0 ins(%x) outs(%a)
  %e0 = memir.record on %s0
  memir.wait %e0 on %s1
  memir.compute "side" on %s1 ins(%a) outs(%b)
  memir.compute "main" on %s0 ins(%a) outs(%c)
  %e1 = memir.record on %s1
  memir.wait %e1 on %s0
  memir.compute "join" on %s0 ins(%b, %c) outs()
  func.return
}
// CHECK: planted-offset.mlir:{{1[67]}}:3: error: check-execution: interleaving {{[0-9]+}} (seed 0): op {{[12]}} "{{side|main}}" on stream {{[01]}} writes "{{b|c}}" into bytes [1024, 2048) while "{{b|c}}" still needs them (written by op {{[12]}} {{.*}}, used by op 3 "join" on stream 0); last events: {{.*}}start {{[12]}}
// DATA: error: check-execution: interleaving {{[0-9]+}} (seed 0): op 3 "join" on stream 0 reads "{{b|c}}" at its start and finds other bytes than a sequential run on private buffers (data mismatch)
// VIEW: error: check-execution: {{.*}} writes "{{b|c}}" into bytes [1024, 2048) while "{{b|c}}" still needs them
