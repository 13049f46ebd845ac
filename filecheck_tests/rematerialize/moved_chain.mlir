// A chain made early and read late: gelu, then exp of its result, read only by the div
// after the gradient kernels. Holding exp's output across them puts the peak at 13312
// bytes; re-running gelu and exp before the div brings it to 9216, and then nothing reads
// their first runs: both are removed with their allocs (the chain moves whole, later op
// first), so the plan adds no cost and the values are those of the input program.
// RUN: memir-opt %s -p 'rematerialize{capacity=10240}' | filecheck %s
// RUN: memir-opt %s -p 'rematerialize{capacity=10240},stream-safety,assign-layout,verify-layout,check-execution{data=true},report' -o /dev/null 2>&1 | filecheck %s --check-prefix=PLANNED

func.func @step(%x: !memir.buf, %v: !memir.buf, %w: !memir.buf) {
  %s = memir.alloc 4096 align 64
  memir.compute "aten.gelu" ins(%v) outs(%s) {flops = 1024 : i64, bytes = 8192 : i64}
  %t = memir.alloc 4096 align 64
  memir.compute "aten.exp" ins(%s) outs(%t) {flops = 1024 : i64, bytes = 8192 : i64}
  %big = memir.alloc 8192 align 64
  memir.compute "aten.convolution_backward" ins(%x) outs(%big) {flops = 1000000000 : i64}
  %g = memir.alloc 1024 align 64
  memir.compute "aten.sum.dim_IntList" ins(%big) outs(%g) {flops = 1000000000 : i64}
  %q = memir.alloc 1024 align 64
  memir.compute "aten.div.Tensor" ins(%g, %t) outs(%q) {flops = 1024 : i64}
  memir.compute "aten.addcdiv_" ins(%w, %q) outs(%w) {flops = 1024 : i64}
  func.return
}

// CHECK:      peak_before = #builtin.int<13312>, peak_after = #builtin.int<9216>, {{.*}}recomputed = #builtin.int<2>, added_ns = #builtin.int<0>,
// CHECK-SAME: moved = #builtin.int<2>, recomputed_ns = #builtin.int<12>
// CHECK-NOT:  memir.alloc 4096
// CHECK:      memir.compute "aten.convolution_backward"
// CHECK:      memir.compute "aten.sum.dim_IntList"
// CHECK:      memir.compute "aten.gelu" ins(%v) outs(%{{.*}}) {{.*}}memir.recomputed
// CHECK:      memir.compute "aten.exp" ins(%{{.*}}) outs(%{{.*}}) {{.*}}memir.recomputed
// CHECK-NEXT: memir.compute "aten.div.Tensor"

// PLANNED: remat added:    0 FLOPs (0.00% of the step), 0 bytes (0.00%), 0 ns roofline (0.00%; proven >= 12 ns recomputed)
// PLANNED: remat moved:    2 ops run only where recomputed
