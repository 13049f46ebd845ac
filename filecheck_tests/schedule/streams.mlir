// Two streams: every op keeps its stream, and the ops of a stream do not cross its sync
// points (the record, the wait, ops with a cross-stream data edge), so two ops that may
// run concurrently in the input still may. "use_a" on stream 0 would free %a sooner before
// the record, but that would order it before "consume" on stream 1, which it is not now;
// it may only move within its segment (where the program text may put it before the wait
// of the other stream: between streams the text says nothing).
// Without the events (one stream), the scheduler does move it.
// RUN: memir-opt %s -p 'schedule,stream-safety,assign-layout,verify-layout' | filecheck %s
// RUN: sed -e 's/on %%s1/on %%s0/' -e '/memir.record/d' -e '/memir.wait/d' %s | memir-opt -p schedule | filecheck %s --check-prefix=ONE

func.func @two(%x: !memir.buf) {
  %s0 = memir.stream 0
  %s1 = memir.stream 1
  %a = memir.alloc 1000
  memir.compute "make_a" on %s0 ins(%x) outs(%a)
  %k = memir.alloc 10
  memir.compute "k" on %s0 ins(%x) outs(%k)
  %e = memir.record on %s0
  memir.wait %e on %s1
  %m = memir.alloc 500
  memir.compute "consume" on %s1 ins(%k) outs(%m)
  memir.compute "sink" on %s1 ins(%m) outs()
  memir.compute "use_a" on %s0 ins(%a) outs()
  func.return
}
// CHECK:      memir.compute "make_a" on %s0
// CHECK:      memir.compute "k" on %s0
// CHECK-NEXT: %e = memir.record on %s0
// CHECK-NEXT: memir.compute "use_a" on %s0
// CHECK:      memir.wait %e on %s1
// CHECK:      memir.compute "consume" on %s1
// ONE:        memir.compute "make_a"
// ONE-NEXT:   memir.compute "use_a"
