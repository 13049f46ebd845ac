// parallelism=events frees the ops of a stream to change places, but a dependency the input
// synchronised stays synchronised: "x" writes %a, which "y" on stream 1 reads after waiting
// for %e, so "x" stays before the record. Greedy, which runs "c" and the events first (they
// allocate nothing), used to put "x" after the record: a race the output did not show.
// RUN: memir-opt %s -p 'schedule{strategy=greedy parallelism=events}' | filecheck %s

// CHECK: memir.compute "x" on %s0
// CHECK: %e = memir.record on %s0
// CHECK: memir.wait %e on %s1
// CHECK: memir.compute "y" on %s1
func.func @sync(%w: !memir.buf) {
  %s0 = memir.stream 0
  %s1 = memir.stream 1
  %a = memir.alloc 100
  memir.compute "x" on %s0 ins(%w) outs(%a)
  memir.compute "c" on %s0 ins() outs()
  %e = memir.record on %s0
  memir.wait %e on %s1
  memir.compute "y" on %s1 ins(%a) outs()
  func.return
}
