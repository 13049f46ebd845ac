// A symbolic plan (issue 53) run at sampled sizes: %b sits at 32*s + 1024, above %a's
// 64*s bytes only while s <= 32; both are live when "next" writes %b. The lower end runs
// clean, the upper end is where it is caught. With %b at 64*s the plan runs clean at both
// ends and at 16 seeded points.
// RUN: not memir-opt %s -p check-execution 2>&1 | filecheck %s
// RUN: sed 's/32\*s + 1024/64*s/' %s | memir-opt -p 'check-execution{samples=16 seed=7}' | filecheck %s --check-prefix=GOOD
// RUN: not memir-opt %s -p 'check-execution{samples=-1}' 2>&1 | filecheck %s --check-prefix=BOUND

func.func @f(%x: !memir.buf) attributes {memir.symbols = #memir.symbols<s in [1, 2048]>} {
  %a = memir.alloc [64*s] align 64 offset 0 id "a"
  %b = memir.alloc [64*s] align 64 offset [32*s + 1024] id "b"
  %c = memir.alloc [64*s] align 64 offset [128*s] id "c"
  memir.compute "produce" ins(%x) outs(%a)
  memir.compute "next" ins(%a) outs(%b)
  memir.compute "last" ins(%a, %b) outs(%c)
  func.return
}
// CHECK: symbolic_planted.mlir:14:3: error: check-execution: interleaving 0 (seed 0): op 1 "next" on stream 0 writes "b" into bytes [66560, 131072) while "a" still needs them {{.*}} (at s=2048, a sampled size)
// GOOD: %b = memir.alloc [64*s] align 64 offset [64*s] id "b"
// BOUND: samples
