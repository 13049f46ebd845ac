// An in-place update must stay after every reader of the value it overwrites
// (write-after-read). Here moving "read" after "upd_" would shorten %big's life, but
// "read" must see %x before "upd_" changes it. The scheduler runs "use_big" early instead.
// RUN: memir-opt %s -p 'schedule' | filecheck %s

func.func @inplace(%w: !memir.buf) {
  %x = memir.alloc 100
  memir.compute "p" ins(%w) outs(%x)
  %big = memir.alloc 5000
  memir.compute "read" ins(%x) outs(%big)
  memir.compute "upd_" ins(%x, %w) outs(%x)
  %t = memir.alloc 4000
  memir.compute "q" ins(%x) outs(%t)
  memir.compute "r" ins(%t) outs()
  memir.compute "use_big" ins(%big) outs()
  func.return
}
// CHECK:      peak_before = #builtin.int<9100>, peak_after = #builtin.int<5100>
// CHECK:      memir.compute "p"
// CHECK:      memir.compute "read"
// CHECK:      memir.compute "use_big"
// CHECK:      memir.compute "upd_"
// CHECK:      memir.compute "q"
// CHECK:      memir.compute "r"
