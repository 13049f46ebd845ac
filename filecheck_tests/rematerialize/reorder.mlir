// A plan is made over a fixed order; the program it becomes is then ordered again. Here
// the peak (7424) is where the weight gradient %dw (4 KiB) is made while the input
// gradient %dh is held. In this order only re-running the addmm (1 GFLOP) before the
// gelu_backward fits 6400 bytes (FIXED, reorder=false); ordered again, the rewritten
// program makes the input gradient and finishes with it first (the update still after
// the mm that reads the weight), and fits with nothing recomputed: 5376 bytes.
// RUN: memir-opt %s -p 'rematerialize{capacity=6400 reorder=false}' | filecheck %s --check-prefix=FIXED
// RUN: memir-opt %s -p 'rematerialize{capacity=6400},stream-safety,assign-layout,verify-layout,check-execution{data=true}' | filecheck %s
// RUN: memir-opt %s -p 'rematerialize{capacity=6400},report' 2>&1 >/dev/null | filecheck %s --check-prefix=REPORT
// An op the block reordering cannot place (here an arith.constant) keeps the fixed order.
// RUN: sed 's/^  %a = memir.alloc/  %k = arith.constant 1 : i32\n  %a = memir.alloc/' %s | memir-opt -p 'rematerialize{capacity=6400}' | filecheck %s --check-prefix=FIXED

func.func @step(%x: !memir.buf, %w: !memir.buf) {
  %a = memir.alloc 1024 align 64
  memir.compute "aten.addmm" ins(%x) outs(%a) {flops = 1000000000 : i64}
  %h = memir.alloc 1024 align 64
  memir.compute "aten.gelu" ins(%a) outs(%h) {flops = 1024 : i64, bytes = 8192 : i64}
  %g = memir.alloc 256 align 64
  memir.compute "loss" ins(%h) outs(%g) {flops = 100 : i64}
  %dh = memir.alloc 1024 align 64
  memir.compute "aten.mm" ins(%g, %w) outs(%dh) {flops = 2000000 : i64}
  %dw = memir.alloc 4096 align 64
  memir.compute "aten.mm" ins(%g, %h) outs(%dw) {flops = 2000000 : i64}
  memir.compute "aten.addcdiv_" ins(%w, %dw) outs(%w) {flops = 64 : i64}
  %da = memir.alloc 1024 align 64
  memir.compute "aten.gelu_backward" ins(%dh, %a) outs(%da) {flops = 1024 : i64}
  %dx = memir.alloc 64 align 64
  memir.compute "aten.sum" ins(%da) outs(%dx) {flops = 1024 : i64}
  func.return
}

// FIXED: peak_before = #builtin.int<7424>, peak_after = #builtin.int<6400>, {{.*}}recomputed = #builtin.int<1>
// FIXED-SAME: added_flops = #builtin.int<1000000000>
// FIXED: memir.compute "aten.addmm" ins(%x) outs(%a_1) {{.*}}memir.recomputed
// FIXED-NEXT: memir.compute "aten.gelu_backward" ins(%dh, %a_1) outs(%da)

// CHECK: peak_before = #builtin.int<7424>, peak_after = #builtin.int<5376>, {{.*}}recomputed = #builtin.int<0>
// CHECK-SAME: strategy = "greedy, reordered", rescheduled = #builtin.int<7424>
// CHECK-NOT: memir.recomputed
// CHECK: memir.compute "aten.mm" ins(%g, %w) outs(%dh)
// CHECK: memir.compute "aten.gelu_backward" ins(%dh, %a) outs(%da)
// CHECK: memir.compute "aten.sum" ins(%da) outs(%dx)
// CHECK: memir.compute "aten.mm" ins(%g, %h) outs(%dw)
// CHECK-NEXT: memir.compute "aten.addcdiv_" ins(%w, %dw) outs(%w)

// REPORT: remat:          peak 7424 -> 5376 (-27.6%), capacity 6400; 0 ops recomputed (greedy, reordered)
// REPORT: remat schedule: the rewritten program ordered again: peak 7424 in its runs' order -> 5376
