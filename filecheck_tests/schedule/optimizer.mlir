// A training step: the optimizer updates run last in the input, so every gradient lives
// until the end. Scheduled, the update of %w2 runs as soon as its gradient exists and its
// last reader ("bwd2_x" reads %w2) is done, and %g2 is gone before %g1 is made.
// RUN: memir-opt %s -p schedule | filecheck %s
// RUN: memir-opt %s -p 'schedule,assign-layout,report' 2>&1 >/dev/null | filecheck %s --check-prefix=REPORT

func.func @train(%x: !memir.buf, %w1: !memir.buf, %w2: !memir.buf) {
  %h = memir.alloc 100
  memir.compute "fwd1" ins(%x, %w1) outs(%h)
  %y = memir.alloc 100
  memir.compute "fwd2" ins(%h, %w2) outs(%y)
  %dy = memir.alloc 100
  memir.compute "loss_grad" ins(%y) outs(%dy)
  %g2 = memir.alloc 1000
  memir.compute "bwd2_w" ins(%dy, %h) outs(%g2)
  %dh = memir.alloc 100
  memir.compute "bwd2_x" ins(%dy, %w2) outs(%dh)
  %g1 = memir.alloc 1000
  memir.compute "bwd1_w" ins(%dh, %x) outs(%g1)
  memir.compute "adam_" ins(%w2, %g2) outs(%w2)
  memir.compute "adam_" ins(%w1, %g1) outs(%w1)
  func.return
}
// CHECK:      memir.compute "bwd2_x" ins(%dy, %w2)
// CHECK-NEXT: memir.compute "adam_" ins(%w2, %g2) outs(%w2)
// CHECK:      memir.compute "bwd1_w"
// CHECK-NEXT: memir.compute "adam_" ins(%w1, %g1) outs(%w1)
// REPORT:     report: arena:          1200
// REPORT:     report: schedule:       peak 2100 -> 1200 (-42.9%), any order >= 1200
