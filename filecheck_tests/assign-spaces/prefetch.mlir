// assign-spaces on a small MLP whose weights do not both fit the fast memory (NPU profile:
// fast 4 GB/s, slow 0.5 GB/s). The exact strategy proves its plan optimal: the activations
// live in fast memory, and one weight is prefetched behind compute for a later read (both
// at once would exceed 300000 bytes). The copy runs on its own stream, ordered by events;
// the plan lays out per space, verifies, and runs under strict events.
// RUN: memir-opt %s -p 'bufferize,assign-spaces{fast=300000 strategy=exact},assign-layout,verify-layout,check-execution{strict-events=true}' | filecheck %s
// RUN: memir-opt %s -p 'bufferize,assign-spaces{fast=300000}' | memir-opt -p 'assign-layout,verify-layout,check-execution{strict-events=true data=true},report' 2>&1 | filecheck %s --check-prefix=REPORT
// With everything forced into the slow memory's bandwidth (a fast memory too small for
// any buffer), there is nothing to copy:
// RUN: memir-opt %s -p 'bufferize,assign-spaces{fast=64}' | filecheck %s --check-prefix=TINY

func.func @main(%x: tensor<1x256xf32>, %w: tensor<256x256xf32>, %w2: tensor<256x256xf32>) -> tensor<1x256xf32> {
  %y = memir.compute "matmul" (%x, %w) : tensor<1x256xf32> {flops = 131072 : i64}
  %z = memir.compute "relu" (%y) : tensor<1x256xf32>
  %a = memir.compute "matmul" (%z, %w2) : tensor<1x256xf32> {flops = 131072 : i64}
  %b = memir.compute "relu" (%a) : tensor<1x256xf32>
  %c = memir.compute "matmul" (%b, %w) : tensor<1x256xf32> {flops = 131072 : i64}
  %d = memir.compute "add" (%c, %y) : tensor<1x256xf32>
  func.return %d : tensor<1x256xf32>
}

// CHECK: memir.spaces = [#memir.space<"fast", capacity 300000, read 4.0e+09, write 4.0e+09>, #memir.space<"slow", read 5.0e+08, write 5.0e+08>]
// CHECK-SAME: memir.space_plan = {strategy = "exact", status = "optimal", time_ps = #builtin.int<1121024000>, all_default_ps = #builtin.int<1599488000>
// Two plans tie at the optimum (either weight's second read served from fast memory behind
// the compute before it); whichever it is, one weight is copied once, on the copy stream,
// and its reader waits for the copy to land:
// CHECK-SAME: copies = #builtin.int<1>, copy_bytes = #builtin.int<262144>
// CHECK: %copies = memir.stream 1
// CHECK: %[[FAST:w2?_fast]] = memir.alloc 262144 offset {{[0-9]+}} space "fast"
// CHECK: memir.copy %{{w2?}} to %[[FAST]] on %copies
// CHECK-NEXT: %landed = memir.record on %copies
// CHECK: memir.wait %landed
// CHECK-NEXT: memir.compute "matmul" ins(%{{[bz]}}, %[[FAST]])

// REPORT: report: space fast:    arena {{[0-9]+}}, capacity 300000
// REPORT: report: space slow:    arena 0, capacity unbounded
// REPORT: report: spaces time:    1121.024 us modelled (exact, optimal); all in slow: 1599.488 us (0.701x); fastest-first: 1579.776 us
// REPORT: report: spaces copies:  1 (262144 bytes)

// TINY: memir.space_plan = {strategy = "{{[a-z-]+}}", status = "optimal", time_ps = #builtin.int<1599488000>, all_default_ps = #builtin.int<1599488000>
// TINY-NOT: memir.copy
