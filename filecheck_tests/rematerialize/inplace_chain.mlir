// A pure in-place op (relu_) on a buffer a recomputable op made (a batch norm) re-runs with
// it: the activation %a is freed after the forward and made again before the backward op
// by the batch norm and then the relu_ on the fresh copy, which is what the read expects.
// The peak goes from 8192 to 6144 bytes and the values are those of the input program.
// RUN: memir-opt %s -p 'rematerialize{capacity=6144}' | filecheck %s
// RUN: memir-opt %s -p 'rematerialize{capacity=6144 strategy=exact}' | filecheck %s --check-prefix=EXACT
// RUN: memir-opt %s -p 'rematerialize{capacity=6144},stream-safety,assign-layout,verify-layout,check-execution{data=true}' | filecheck %s --check-prefix=PLANNED

func.func @train(%x: !memir.buf, %w: !memir.buf) {
  %a = memir.alloc 4096 align 64
  memir.compute "aten.native_batch_norm" ins(%x, %w) outs(%a) {flops = 1024 : i64, bytes = 8192 : i64}
  memir.compute "aten.relu_" ins(%a) outs(%a) {flops = 1024 : i64, bytes = 8192 : i64}
  %c = memir.alloc 1024 align 64
  memir.compute "conv" ins(%a, %w) outs(%c) {flops = 2000000 : i64, bytes = 8192 : i64}
  %d = memir.alloc 2048 align 64
  memir.compute "loss" ins(%c) outs(%d) {flops = 100 : i64}
  %e = memir.alloc 1024 align 64
  memir.compute "grad" ins(%d, %c) outs(%e) {flops = 100 : i64}
  %g = memir.alloc 1024 align 64
  memir.compute "threshold_backward" ins(%e, %a) outs(%g) {flops = 1024 : i64}
  memir.compute "sgd_" ins(%w, %g) outs(%w)
  func.return
}

// CHECK:      peak_before = #builtin.int<8192>, peak_after = #builtin.int<6144>, {{.*}}recomputed = #builtin.int<2>
// CHECK:        memir.compute "grad" ins(%d, %c) outs(%e)
// CHECK:        %a_1 = memir.alloc 4096 align 64
// CHECK-NEXT:   memir.compute "aten.native_batch_norm" ins(%x, %w) outs(%a_1) {{.*}}memir.recomputed
// CHECK-NEXT:   memir.compute "aten.relu_" ins(%a_1) outs(%a_1) {{.*}}memir.recomputed
// CHECK-NEXT:   memir.compute "threshold_backward" ins(%e, %a_1) outs(%g)

// EXACT:        strategy = "exact (optimal)"
// EXACT:        memir.compute "aten.relu_" ins(%a_1) outs(%a_1) {{.*}}memir.recomputed

// PLANNED:      memir.plan = #memir.plan<arena 6144, bound 6144
