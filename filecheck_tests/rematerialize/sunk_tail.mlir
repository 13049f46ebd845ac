// The end of an optimizer update runs last. Adam's moments read the weight gradient %g as
// soon as it is made; its sqrt and div (%s, %q, 2048 bytes each) and the weight's update
// read only state that lives across steps. Run there, they land on the activation %a
// (4096), held for the late mm: the peak is 9216 bytes. rematerialize plans the order with
// them after that mm too and fits 6144 bytes with nothing recomputed (in the program's own
// order it would run the first mm again); the program computes the same values.
// RUN: memir-opt %s -p 'rematerialize{capacity=6144}' | filecheck %s
// RUN: memir-opt %s -p 'rematerialize{capacity=6144},report' -o /dev/null 2>&1 | filecheck %s --check-prefix=REPORT
// RUN: memir-opt %s -p 'rematerialize{capacity=6144},stream-safety,assign-layout,verify-layout,check-execution{data=true}' | filecheck %s --check-prefix=PLANNED

func.func @step(%x: !memir.buf, %w1: !memir.buf, %w2: !memir.buf, %m: !memir.buf, %v: !memir.buf) {
  %a = memir.alloc 4096 align 64
  memir.compute "aten.mm" ins(%x, %w1) outs(%a) {flops = 2000000 : i64}
  %y = memir.alloc 1024 align 64
  memir.compute "aten.mm" ins(%a, %w2) outs(%y) {flops = 2000000 : i64}
  %g = memir.alloc 1024 align 64
  memir.compute "aten.mm" ins(%y) outs(%g) {flops = 2000000 : i64}
  memir.compute "aten.lerp_.Scalar" ins(%m, %g) outs(%m) {flops = 256 : i64}
  memir.compute "aten.addcmul_" ins(%v, %g) outs(%v) {flops = 256 : i64}
  %s = memir.alloc 2048 align 64
  memir.compute "aten.sqrt" ins(%v) outs(%s) {flops = 512 : i64}
  %q = memir.alloc 2048 align 64
  memir.compute "aten.div.Tensor" ins(%s) outs(%q) {flops = 512 : i64}
  memir.compute "aten.add_.Tensor" ins(%q) outs(%q) {flops = 512 : i64}
  memir.compute "aten.addcdiv_" ins(%w2, %m, %q) outs(%w2) {flops = 512 : i64}
  %dx = memir.alloc 1024 align 64
  memir.compute "aten.mm" ins(%y, %a) outs(%dx) {flops = 2000000 : i64}
  func.return
}

// CHECK:      peak_before = #builtin.int<9216>, peak_after = #builtin.int<6144>
// CHECK-SAME:   recomputed = #builtin.int<0>, added_ns = #builtin.int<0>
// CHECK-SAME:   reordered = #builtin.int<4>
// CHECK:        memir.compute "aten.addcmul_" ins(%v, %g) outs(%v)
// CHECK-NEXT:   %s = memir.alloc 2048
// CHECK-NEXT:   %q = memir.alloc 2048
// CHECK-NEXT:   %dx = memir.alloc 1024
// CHECK-NEXT:   memir.compute "aten.mm" ins(%y, %a) outs(%dx)
// CHECK-NEXT:   memir.compute "aten.sqrt" ins(%v) outs(%s)
// CHECK-NEXT:   memir.compute "aten.div.Tensor" ins(%s) outs(%q)
// CHECK-NEXT:   memir.compute "aten.add_.Tensor" ins(%q) outs(%q)
// CHECK-NEXT:   memir.compute "aten.addcdiv_" ins(%w2, %m, %q) outs(%w2)
// CHECK-NEXT:   func.return

// REPORT: remat:          peak 9216 -> 6144 (-33.3%), capacity 6144; 0 ops recomputed
// REPORT: remat order:    4 ops run elsewhere (optimizer updates, weight gradients, reads that do nothing; values unchanged)

// PLANNED:      memir.plan = #memir.plan<arena
