// Buffers with lifetimes and no compute op: there is no program to order anything, so
// every algorithm finds no unsafe pair (and says why) instead of indexing an op that does
// not exist; the summaries say "never used"; the lifetimes still decide the plan.
// RUN: memir-opt %s -p 'stream-safety{print-pairs=true}' 2>&1 | filecheck %s
// RUN: memir-opt %s -p 'stream-safety{algorithm=ancestors-opt print-pairs=true}' 2>&1 | filecheck %s
// RUN: memir-opt %s -p 'stream-safety{algorithm=ancestors print-pairs=true}' 2>&1 | filecheck %s
// RUN: memir-opt %s -p 'stream-safety{print-pairs=true},assign-layout,verify-layout' 2>/dev/null | filecheck %s --check-prefix=PLAN
// RUN: printf '' | memir-opt -p 'stream-safety{print-pairs=true}' 2>&1 | filecheck %s --check-prefix=EMPTY

%a = memir.alloc 1024 live [0, 4) offset 0 id "a"
%b = memir.alloc 1024 live [2, 6) offset 0 id "b"

// CHECK: // no compute ops: the program orders nothing, so no pair is unsafe by it (explicit live [l, u) lifetimes decide)
// CHECK-NOT: // unsafe
// CHECK: %a = memir.alloc 1024 live [0, 4) offset 0 id "a" safety <[-1], [-1]>
// CHECK: %b = memir.alloc 1024 live [2, 6) offset 0 id "b" safety <[-1], [-1]>

// The lifetimes overlap: the plan keeps the two apart.
// PLAN-DAG: memir.alloc 1024 live [0, 4) offset {{0|1024}} id "a"
// PLAN-DAG: memir.alloc 1024 live [2, 6) offset {{1024|0}} id "b"

// EMPTY-NOT: error
// EMPTY: builtin.module
