// An optimizer step after backward's join (stream 0 waits for every other stream) has no
// op it may run concurrently with, so moving it earlier loses no parallelism: it may go
// anywhere its data allow. "update" needs only %g, made on its own stream: it runs right
// after "grad", ahead of "later", which stream 1 waits for (without the join it would stay
// after "later", or "side" would become ordered after it). %g is then freed before %h
// exists. "update_m" reads %m, made on stream 1: the only wait that carries it is the
// join's, so it stays after it.
// RUN: memir-opt %s -p 'schedule,stream-safety,assign-layout,verify-layout,report' 2>&1 | filecheck %s

func.func @tail(%x: !memir.buf, %p: !memir.buf, %q: !memir.buf) {
  %s0 = memir.stream 0
  %s1 = memir.stream 1
  %g = memir.alloc 1000
  memir.compute "grad" on %s0 ins(%x) outs(%g)
  %h = memir.alloc 800
  memir.compute "later" on %s0 ins(%x) outs(%h)
  %e = memir.record on %s0
  memir.wait %e on %s1
  %m = memir.alloc 10
  memir.compute "side" on %s1 ins(%h) outs(%m)
  %j = memir.record on %s1
  memir.wait %j on %s0
  memir.compute "update" on %s0 ins(%p, %g) outs(%p)
  memir.compute "update_m" on %s0 ins(%q, %m) outs(%q)
  func.return
}
// CHECK:      report: schedule: peak 1810 -> 1000 (-44.8%), any order >= 1000; auto (optimal)
// CHECK:      memir.compute "grad" on %s0
// CHECK-NEXT: memir.compute "update" on %s0
// CHECK:      memir.compute "later" on %s0
// CHECK:      memir.wait %j on %s0
// CHECK-NEXT: memir.compute "update_m" on %s0
