// RUN: memir-opt %s | filecheck %s
// RUN: memir-opt %s | memir-opt | filecheck %s
// RUN: memir-opt %s --print-op-generic | memir-opt | filecheck %s
// Size symbols (issue 53): declared on the module or a function, sizes and offsets as
// bracketed polynomials of them, printed in one canonical form (highest degree first).

builtin.module attributes {memir.symbols = #memir.symbols<s in [1, 2048] divisible by 8, n in [0, inf]>} {
  %a = memir.alloc [4*s*768 + 64] align 64 live [0, 3) id "a"
  %b = memir.alloc [(n + 1) * 4] align 4 live [1, 4) offset [align(max(3072*s + 60, 4096), 64)]
  %c = memir.alloc [2*s*s] live [2, 5) offset [0]
  %d = memir.alloc [64] live [2, 5)
  func.func @f() attributes {memir.symbols = #memir.symbols<t in [2, 16]>} {
    %e = memir.alloc [t*s] live [5, 6)
    func.return
  }
}

// CHECK:      builtin.module attributes {memir.symbols = #memir.symbols<s in [1, 2048] divisible by 8, n in [0, inf]>} {
// CHECK-NEXT:   %a = memir.alloc [3072*s + 64] align 64 live [0, 3) id "a"
// CHECK-NEXT:   %b = memir.alloc [4*n + 4] align 4 live [1, 4) offset [align(max(3072*s + 60, 4096), 64)]
// CHECK-NEXT:   %c = memir.alloc [2*s*s] live [2, 5) offset 0
// CHECK-NEXT:   %d = memir.alloc 64 live [2, 5)
// CHECK-NEXT:   func.func @f() attributes {memir.symbols = #memir.symbols<t in [2, 16]>} {
// CHECK-NEXT:     %e = memir.alloc [s*t] live [5, 6)
