// An optimizer update that blocks a recomputation runs later. The layer norm's output %a
// is read again late (by a weight gradient); recomputing it there needs the weight %w
// unchanged, but the update of %w (addcdiv_, scheduled as soon as its gradient %g is
// ready) comes before. rematerialize defers the update to after that read (holding %g,
// 64 bytes, longer) and recomputes the layer norm: the peak goes from 8192 to 7232 bytes,
// and the program computes the same values. That is the floor of plans in this order
// (FLOOR, reorder=false); ordered again, the rewritten program runs the update after the
// recomputation and reaches 7168 (REORDERED).
// RUN: memir-opt %s -p 'rematerialize{capacity=7232}' | filecheck %s
// RUN: not memir-opt %s -p 'rematerialize{capacity=7000 reorder=false}' 2>&1 | filecheck %s --check-prefix=FLOOR
// RUN: memir-opt %s -p 'rematerialize{capacity=7168},stream-safety,assign-layout,verify-layout,check-execution{data=true}' | filecheck %s --check-prefix=REORDERED
// RUN: not memir-opt %s -p 'rematerialize{capacity=7000}' 2>&1 | filecheck %s --check-prefix=REORDERED-FLOOR
// RUN: memir-opt %s -p 'rematerialize{capacity=7232},stream-safety,assign-layout,verify-layout,check-execution{data=true}' | filecheck %s --check-prefix=PLANNED

func.func @step(%x: !memir.buf, %w: !memir.buf) {
  %a = memir.alloc 4096 align 64
  memir.compute "aten.native_layer_norm" ins(%x, %w) outs(%a) {flops = 1024 : i64, bytes = 8192 : i64}
  %c = memir.alloc 1024 align 64
  memir.compute "aten.mm" ins(%a) outs(%c) {flops = 2000000 : i64}
  %d = memir.alloc 2048 align 64
  memir.compute "loss" ins(%c) outs(%d) {flops = 100 : i64}
  %g = memir.alloc 64 align 64
  memir.compute "aten.native_layer_norm_backward" ins(%d, %x, %w) outs(%g) {flops = 100 : i64}
  memir.compute "aten.addcdiv_" ins(%w, %g) outs(%w) {flops = 64 : i64}
  %e = memir.alloc 2048 align 64
  memir.compute "big" ins(%d) outs(%e) {flops = 1000000000 : i64}
  %f = memir.alloc 1024 align 64
  memir.compute "aten.mm" ins(%e, %a) outs(%f) {flops = 2000000 : i64}
  func.return
}

// CHECK:      peak_before = #builtin.int<8192>, peak_after = #builtin.int<7232>
// CHECK-SAME:   cost_bound_ns = #builtin.int<6>
// CHECK-SAME:   strategy = "greedy (optimal)"
// CHECK:        memir.compute "aten.native_layer_norm_backward" ins(%d, %x, %w) outs(%g)
// CHECK-NEXT:   %e = memir.alloc 2048
// CHECK-NEXT:   memir.compute "big" ins(%d) outs(%e)
// CHECK:        memir.compute "aten.native_layer_norm" ins(%x, %w) outs(%a_1) {{.*}}memir.recomputed
// CHECK-NEXT:   memir.compute "aten.mm" ins(%e, %a_1) outs(%f)
// CHECK-NEXT:   memir.compute "aten.addcdiv_" ins(%w, %g) outs(%w)
// CHECK-NEXT:   func.return

// PLANNED:      memir.plan = #memir.plan<arena

// FLOOR: deferred_update.mlir:{{[0-9]+}}:3: error: rematerialize: capacity 7000 cannot be reached by recomputation: the smallest peak reached is 7232 bytes (peak without it 8192), at op 6 (aten.mm); no plan goes below 7232 bytes (op 6, aten.mm)
// FLOOR-NEXT: memir.compute "aten.mm" ins(%e, %a) outs(%f)

// REORDERED:      peak_before = #builtin.int<8192>, peak_after = #builtin.int<7168>
// REORDERED-SAME:   strategy = "greedy, reordered", reordered = #builtin.int<1>, rescheduled = #builtin.int<7232>
// REORDERED:        memir.compute "big" ins(%d) outs(%e)
// REORDERED-NEXT:   %a_1 = memir.alloc 4096
// REORDERED-NEXT:   memir.compute "aten.native_layer_norm" ins(%x, %w) outs(%a_1) {{.*}}memir.recomputed
// REORDERED-NEXT:   memir.compute "aten.addcdiv_" ins(%w, %g) outs(%w)
// REORDERED-NEXT:   %f = memir.alloc 1024
// REORDERED-NEXT:   memir.compute "aten.mm" ins(%e, %a_1) outs(%f)

// REORDERED-FLOOR: error: rematerialize: capacity 7000 cannot be reached by recomputation: the smallest peak reached is 7168 bytes (peak without it 8192), at op 6 (aten.mm); no plan in the orders planned (before ordering again) goes below 7232 bytes (op 6, aten.mm)
