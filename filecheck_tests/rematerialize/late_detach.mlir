// A detach that reads %a where the forward pass ends (PyTorch's functional step ends its
// forward graph so, one per saved activation) does nothing, but it is a read: with %a
// freed after its first use (capacity 9216; 12288 with it held across the matmuls), the
// program's own order must make %a again for the detach and once more for the backward
// matmul (two relus, 12 ns: tests/planning/remat/test_hoisted_reads.py plans it in that order).
// Every order planned runs such reads right after what they read is written
// (remat.hoisted_reads), so one relu re-run serves the backward read (6 ns, proven optimal).
// RUN: memir-opt %s -p 'rematerialize{capacity=9216}' | filecheck %s
// RUN: memir-opt %s -p 'rematerialize{capacity=9216},stream-safety,assign-layout,verify-layout,check-execution{data=true},report' 2>&1 >/dev/null | filecheck %s --check-prefix=REPORT

func.func @train(%x: !memir.buf, %w: !memir.buf) {
  %a = memir.alloc 4096 align 64
  memir.compute "aten.relu" ins(%x) outs(%a) {bytes = 8192 : i64}
  %b = memir.alloc 4096 align 64
  memir.compute "aten.mm" ins(%a, %w) outs(%b) {flops = 2000000 : i64, bytes = 8192 : i64}
  %c = memir.alloc 4096 align 64
  memir.compute "aten.mm" ins(%b, %w) outs(%c) {flops = 2000000 : i64, bytes = 8192 : i64}
  memir.compute "aten.detach" ins(%a) outs() {bytes = 0 : i64}
  %d = memir.alloc 4096 align 64
  memir.compute "aten.mm" ins(%c, %w) outs(%d) {flops = 2000000 : i64, bytes = 8192 : i64}
  %e = memir.alloc 1024 align 64
  memir.compute "aten.mm" ins(%d, %a) outs(%e) {flops = 2000000 : i64, bytes = 8192 : i64}
  func.return
}

// CHECK:      builtin.module attributes {memir.remat = {peak_before = #builtin.int<12288>, peak_after = #builtin.int<9216>, capacity = #builtin.int<9216>, recomputed = #builtin.int<1>, added_ns = #builtin.int<6>, {{.*}}, cost_bound_ns = #builtin.int<6>, {{.*}}, strategy = "greedy (optimal)", reordered = #builtin.int<1>}}
// CHECK:        memir.compute "aten.relu" ins(%x) outs(%a) {bytes = 8192 : i64}
// CHECK-NEXT:   memir.compute "aten.detach" ins(%a) outs() {bytes = 0 : i64}
// CHECK-NEXT:   %b = memir.alloc 4096 align 64
// CHECK:        %a_1 = memir.alloc 4096 align 64
// CHECK-NEXT:   memir.compute "aten.relu" ins(%x) outs(%a_1) {bytes = 8192 : i64, memir.recomputed}
// CHECK-NEXT:   memir.compute "aten.mm" ins(%d, %a_1) outs(%e)
// CHECK-NOT:    memir.recomputed

// REPORT: report: arena:          9216
// REPORT: report: remat:          peak 12288 -> 9216 (-25.0%), capacity 9216; 1 ops recomputed (greedy (optimal))
// REPORT: report: remat order:    1 ops run elsewhere (optimizer updates, weight gradients, reads that do nothing; values unchanged)
