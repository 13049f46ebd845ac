// Planted bug (c): %t, written on stream 1, sits inside the workspace of "conv" on
// stream 0 while conv runs (the workspace is 4096 bytes at 0; %t at 2048).
// RUN: not memir-opt %s -p check-execution 2>&1 | filecheck %s
// RUN: not memir-opt %s -p 'check-execution{data=true}' 2>&1 | filecheck %s --check-prefix=DATA

func.func @f(%x: !memir.buf) {
  %s0 = memir.stream 0
  %s1 = memir.stream 1
  %ws = memir.alloc 4096 align 64 offset 0 id "ws"
  %y = memir.alloc 1024 align 64 offset 4096 id "y"
  %t = memir.alloc 1024 align 64 offset 2048 id "t"
  memir.compute "conv" on %s0 ins(%x) outs(%y) ws(%ws)
  memir.compute "other" on %s1 ins(%x) outs(%t)
  %e = memir.record on %s1
  memir.wait %e on %s0
  memir.compute "join" on %s0 ins(%y, %t) outs()
  func.return
}
// CHECK: error: check-execution: interleaving {{[0-9]+}} (seed 0): op {{[01]}} "{{conv|other}}" on stream {{[01]}} writes "{{ws|t}}" into bytes [2048, 3072) while "{{ws|t}}" still needs them
// DATA: error: check-execution: {{.*}}data mismatch
