// A dependency synchronised through a third stream: "w" (stream 0) -> record %e0 -> wait on
// stream 1 -> record %e1 -> wait on stream 2 -> "r". The record on stream 1 must stay after
// the wait before it, or "r" could read %a before "w" wrote it; greedy, which takes the
// record first (it is ready at once and frees nothing), used to break this chain.
// RUN: memir-opt %s -p 'schedule{strategy=greedy}' | filecheck %s
// RUN: memir-opt %s -p 'schedule{strategy=greedy parallelism=events}' | filecheck %s

// CHECK: memir.compute "w" on %s0
// CHECK: %e0 = memir.record on %s0
// CHECK: memir.wait %e0 on %s1
// CHECK: %e1 = memir.record on %s1
// CHECK: memir.wait %e1 on %s2
// CHECK: memir.compute "r" on %s2
func.func @chain(%x: !memir.buf) {
  %s0 = memir.stream 0
  %s1 = memir.stream 1
  %s2 = memir.stream 2
  %a = memir.alloc 100
  memir.compute "w" on %s0 ins(%x) outs(%a)
  %e0 = memir.record on %s0
  memir.wait %e0 on %s1
  %e1 = memir.record on %s1
  memir.wait %e1 on %s2
  memir.compute "r" on %s2 ins(%a) outs()
  func.return
}
