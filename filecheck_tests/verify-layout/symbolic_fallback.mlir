// RUN: memir-opt %s -p 'verify-layout' | filecheck %s
// RUN: memir-opt %s -p 'verify-layout,check-execution,report{at="56,57"}' 2>&1 >/dev/null | filecheck %s --check-prefix=REPORT
// RUN: not memir-opt %s -p 'memir-to-memref' 2>&1 | filecheck %s --check-prefix=LOWER
// A symbolic plan with a fallback (issue 53): where the expressions' arena (8*s + 64) would
// exceed the upper-bound plan's 512 bytes (s > 56), the allocs' `else` offsets are taken,
// so the plan is never above the upper-bound plan. Both plans are proven for the whole range.

builtin.module attributes {memir.symbols = #memir.symbols<s in [1, 64]>, memir.symbolic_plan = #memir.symbolic_plan<arena [8*s + 64], strategy "by hand", else 512>} {
  %s0 = memir.stream 0
  %a = memir.alloc [4*s] live [0, 2) offset [0] else 0 id "a"
  %b = memir.alloc [4*s] live [1, 3) offset [4*s + 64] else 256 id "b"
  memir.compute "k" on %s0 ins() outs(%a)
}

// CHECK: memir.symbolic_plan = #memir.symbolic_plan<arena [8*s + 64], strategy "by hand", else 512>
// CHECK: memir.alloc [4*s] live [0, 2) offset [0] else 0 id "a"
// CHECK: memir.alloc [4*s] live [1, 3) offset [4*s + 64] else 256 id "b"

// REPORT: report: fallback:       the upper-bound plan (512 bytes) where the arena would be larger
// REPORT: report: s=1 {{ +}}72 {{ +}}512
// REPORT: report: s=56 {{ +}}512 {{ +}}512
// REPORT: report: s=57 {{ +}}512 {{ +}}512

// LOWER: error: memir-to-memref: this plan has an upper-bound fallback
