// RUN: not memir-opt %s -p verify-layout 2>&1 | filecheck %s
// The fallback is proven too: here its %b starts inside %a's bytes once s > 50.
builtin.module attributes {memir.symbols = #memir.symbols<s in [1, 64]>, memir.symbolic_plan = #memir.symbolic_plan<arena [8*s + 64], strategy "by hand", else 512>} {
  %a = memir.alloc [4*s] live [0, 2) offset [0] else 0 id "a"
  %b = memir.alloc [4*s] live [1, 3) offset [4*s + 64] else 200 id "b"
}
// CHECK: symbolic_fallback_invalid.mlir:[[# @LINE - 3]]:3: error: verify-layout: the fallback (else) plan: overlap: {{.*}}"a"{{.*}}"b"{{.*}}at s=
