// A buffers-with-lifetimes problem has no ops to run.
// RUN: not memir-opt %s -p check-execution 2>&1 | filecheck %s
%a = memir.alloc 1024 live [0, 4) offset 0 id "a"
// CHECK: no-program.mlir:3:1: error: check-execution: check-execution needs compute ops: this module has no program to run (buffers with lifetimes only)
