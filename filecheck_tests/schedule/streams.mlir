// Two streams: every op keeps its stream, and no ordering between streams is added, so
// two ops that may run concurrently in the input still may. "use_a" on stream 0 comes after
// the record in the input; run before it, it would free %a sooner but become ordered
// before "consume" on stream 1, so it stays after the record. "make_a" may move the other
// way, past the record (that removes an ordering): then %a and %m are never live together.
// Without the events (one stream), "use_a" runs right after "make_a".
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
// CHECK:      memir.compute "k" on %s0
// CHECK-NEXT: %e = memir.record on %s0
// CHECK:      memir.compute "make_a" on %s0
// CHECK:      memir.compute "use_a" on %s0
// ONE:        memir.compute "make_a"
// ONE-NEXT:   memir.compute "use_a"
