// Tile-aware planning with memory spaces declared: one arena per space is the space layout,
// which has no tile-aware planner, so the pass says so (found by benchmarks/fuzz.py: it was
// an internal error, "unknown strategy 'tile-aware'").
// RUN: not memir-opt %s -p 'assign-layout{strategy=tile-aware}' 2>&1 | filecheck %s
// RUN: not memir-opt %s -p 'stream-safety,assign-layout{strategy=tile-aware time-limit=1}' 2>&1 | filecheck %s

builtin.module attributes {memir.spaces = [#memir.space<"fast", capacity 8192, read 4.0e+09, write 4.0e+09>, #memir.space<"slow", read 5.0e+08, write 5.0e+08>]} {
  func.func @f(%x: !memir.buf) {
    %s0 = memir.stream 0
    %a = memir.alloc 1024 space "fast"
    %b = memir.alloc 1024 space "slow"
    memir.compute "k" on %s0 ins(%x) outs(%a)
    memir.compute "j" on %s0 ins(%a) outs(%b)
    func.return
  }
}

// CHECK: error: assign-layout: with memory spaces (memir.spaces), tile views, tile-aware planning, keep-offsets, tile-only sorts and capacity= are not supported
// CHECK-NOT: internal error
