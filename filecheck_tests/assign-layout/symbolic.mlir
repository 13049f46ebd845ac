// RUN: memir-opt %s -p 'assign-layout,verify-layout' | filecheck %s
// RUN: memir-opt %s -p 'assign-layout,verify-layout' | memir-opt -p 'verify-layout{smt=true}' | filecheck %s
// RUN: memir-opt %s -p 'assign-layout,verify-layout,report{at="1,100"}' 2>&1 >/dev/null | filecheck %s --check-prefix=REPORT
// RUN: not memir-opt %s -p 'assign-layout{capacity=1000000}' 2>&1 | filecheck %s --check-prefix=CAPACITY
// RUN: not memir-opt %s -p 'assign-layout{strategy=exact}' 2>&1 | filecheck %s --check-prefix=STRATEGY
// A matmul chain over s rows (issue 53): every temporary is 4*s*64 bytes, each dead once
// the next has read it. One plan for every s in [1, 2048], offsets as expressions of s; the
// arena is twice a temporary at every size, as the per-size static plan is.

builtin.module attributes {memir.symbols = #memir.symbols<s in [1, 2048]>} {
  %h0 = memir.alloc [256*s] align 64 live [0, 2) id "h0"
  %h1 = memir.alloc [256*s] align 64 live [1, 3) id "h1"
  %h2 = memir.alloc [256*s] align 64 live [2, 4) id "h2"
  %h3 = memir.alloc [256*s] align 64 live [3, 5) id "h3"
}

// CHECK:      memir.symbolic_plan = #memir.symbolic_plan<arena [512*s], strategy "fixed-order@{{.*}}">
// CHECK-DAG:  memir.alloc [256*s] align 64 live [0, 2) offset {{0|\[256\*s\]}} id "h0"
// CHECK-DAG:  memir.alloc [256*s] align 64 live [1, 3) offset {{0|\[256\*s\]}} id "h1"

// REPORT: report: symbols:        s in [1, 2048]
// REPORT: report: arena:          [512*s]
// REPORT: memir/static
// REPORT: report: s=1 {{ +}}512 {{ +}}1048576 {{ +}}512
// REPORT: report: s=2048 {{ +}}1048576 {{ +}}1048576 {{ +}}1048576
// REPORT: report: s=100 {{ +}}51200 {{ +}}1048576 {{ +}}51200

// CAPACITY: symbolic.mlir:[[# @LINE - 18]]:1: error: assign-layout: the arena 512*s needs 1048576 bytes at s=2048, more than the capacity of 1000000
// STRATEGY: error: assign-layout: {{.*}}strategy
