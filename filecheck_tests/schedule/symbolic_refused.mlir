// RUN: not memir-opt %s -p schedule 2>&1 | filecheck %s
// RUN: not memir-opt %s -p materialize-arena 2>&1 | filecheck %s --check-prefix=ARENA
// RUN: memir-opt %s -p stream-safety | filecheck %s --check-prefix=SAFETY
// A pass that plans constant sizes refuses a buffer whose size only run time knows (issue
// 53), at that buffer; stream safety does not depend on sizes and runs.

builtin.module attributes {memir.symbols = #memir.symbols<s in [1, 2048]>} {
  %s0 = memir.stream 0
  %a = memir.alloc [4*s]
  memir.compute "produce" on %s0 ins() outs(%a)
  memir.compute "consume" on %s0 ins(%a) outs()
}

// CHECK: symbolic_refused.mlir:[[# @LINE - 5]]:3: error: schedule: this pass plans constant sizes only, and this buffer's size is [4*s]
// ARENA: error: materialize-arena: this pass plans constant sizes only
// SAFETY: memir.alloc [4*s] safety
