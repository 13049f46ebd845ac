// RUN: not memir-opt %s -p verify-layout 2>&1 | filecheck %s
// RUN: not memir-opt %s -p 'verify-layout{smt=true}' 2>&1 | filecheck %s
// A planted overlap at one size only (issue 53): %b sits at (s - 37)^2 + 4*s - 1, just above
// %a's end (4*s) at every s in [1, 64] but s = 37, where it takes %a's last byte. The proof
// covers the whole range, so it finds that size; a sampled check could miss it.

builtin.module attributes {memir.symbols = #memir.symbols<s in [1, 64]>, memir.symbolic_plan = #memir.symbolic_plan<arena [max(4*s, s*s - 66*s + 1368)], strategy "by hand">} {
  %a = memir.alloc [4*s] live [0, 2) offset 0 id "a"
  %b = memir.alloc [4*s] live [1, 3) offset [s*s - 70*s + 1368] id "b"
}

// CHECK: symbolic_planted.mlir:[[# @LINE - 4]]:3: error: verify-layout: {{.*}}"a"{{.*}}"b"{{.*}}s=37
