// The order decides the peak: "b" makes a 1000-byte buffer that lives until "f"; run after
// the "c"/"d"/"e" chain (whose 2000-byte %d dies at "e"), it never meets %d. Input order:
// 100 + 1000 + 10 + 2000 = 3010 at "d"... the scheduled order peaks at 2110, the proven
// bound on any order, and layout then meets it.
// RUN: memir-opt %s -p 'schedule,assign-layout,verify-layout' | filecheck %s
// RUN: memir-opt %s -p 'schedule,assign-layout,verify-layout,report' 2>&1 >/dev/null | filecheck %s --check-prefix=REPORT
// RUN: memir-opt %s -p 'schedule{strategy=exact},report' 2>&1 >/dev/null | filecheck %s --check-prefix=EXACT
// RUN: memir-opt %s -p 'schedule{strategy=keep},report' 2>&1 >/dev/null | filecheck %s --check-prefix=KEEP
// RUN: memir-opt %s -p 'schedule{strategy=greedy}' | filecheck %s --check-prefix=ORDER

func.func @diamond(%x: !memir.buf) {
  %a = memir.alloc 100
  memir.compute "a" ins(%x) outs(%a)
  %b = memir.alloc 1000
  memir.compute "b" ins(%a) outs(%b)
  %c = memir.alloc 10
  memir.compute "c" ins(%a) outs(%c)
  %d = memir.alloc 2000
  memir.compute "d" ins(%c) outs(%d)
  %e = memir.alloc 10
  memir.compute "e" ins(%d) outs(%e)
  %f = memir.alloc 10
  memir.compute "f" ins(%b, %e) outs(%f)
  memir.compute "sink" ins(%f) outs()
  func.return
}
// CHECK:      memir.schedule = {peak_before = #builtin.int<3010>, peak_after = #builtin.int<2110>, lower_bound = #builtin.int<2110>
// CHECK:      memir.compute "a"
// CHECK:      memir.compute "c"
// CHECK:      memir.compute "d"
// CHECK:      memir.compute "e"
// CHECK:      %b = memir.alloc 1000
// CHECK-NEXT: memir.compute "b"
// CHECK:      memir.compute "f"
// REPORT:     report: arena:          2110
// REPORT:     report: schedule:       peak 3010 -> 2110 (-29.9%), any order >= 2110; auto (optimal)
// EXACT:      report: schedule:       peak 3010 -> 2110 (-29.9%), any order >= 2110; exact (optimal)
// KEEP:       report: schedule:       peak 3010 -> 3010 (+0.0%)
// ORDER:      memir.compute "a"
// ORDER-DAG:  memir.compute "b"
// ORDER-DAG:  memir.compute "e"
// ORDER:      memir.compute "f"
// ORDER-NEXT: memir.compute "sink"
