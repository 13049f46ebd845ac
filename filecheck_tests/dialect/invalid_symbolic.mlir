// RUN: memir-opt %s --split-input-file --print-diagnostics | filecheck %s
// Size symbols (issue 53): each bad declaration or size gets one located error.

builtin.module attributes {memir.symbols = #memir.symbols<s in [1, 64]>} {
  %a = memir.alloc [4*s - 32] live [0, 1)
// CHECK: invalid_symbolic.mlir:[[# @LINE - 1]]:3: error: 'memir.alloc' op size 4*s - 32 can be negative in the range (least -28) at s=1
}

// -----

builtin.module attributes {memir.symbols = #memir.symbols<s>} {
// CHECK: invalid_symbolic.mlir:[[# @LINE - 1]]:{{[0-9]+}}: error: size symbol s has no range: write s in [LOW, HIGH] (HIGH may be inf)
}

// -----

builtin.module attributes {memir.symbols = #memir.symbols<s in [1, 2199023255553]>} {
// CHECK: error: size symbol s in [1, 2199023255553]: the range ends beyond 2^40 (1099511627776); memir plans sizes up to 2^40
}

// -----

builtin.module attributes {memir.symbols = #memir.symbols<s in [9, 15] divisible by 8>} {
// CHECK: error: size symbol s in [9, 15] divisible by 8: the range holds no value
}

// -----

builtin.module attributes {memir.symbols = #memir.symbols<s in [1, 64], t in [1, 64], u in [1, 8]>} {
  %a = memir.alloc [s*t*u] live [0, 1)
// CHECK: invalid_symbolic.mlir:[[# @LINE - 1]]:3: error: 'memir.alloc' op size s*t*u multiplies more than two symbols: memir bounds products of at most two
}

// -----

builtin.module attributes {memir.symbols = #memir.symbols<s in [1, 64], n in [0, inf]>} {
  %a = memir.alloc [4*s*n - n*n] live [0, 1)
// CHECK: invalid_symbolic.mlir:[[# @LINE - 1]]:3: error: 'memir.alloc' op size -n*n + 4*n*s can be negative in the range (unbounded below) for large values
}

// -----

%a = memir.alloc [4*s] live [0, 1)
// CHECK: invalid_symbolic.mlir:[[# @LINE - 1]]:1: error: 'memir.alloc' op size 4*s uses size symbol s, which no enclosing op declares in memir.symbols

// -----

builtin.module attributes {memir.symbols = #memir.symbols<s in [1, 64]>} {
  %a = memir.alloc [4*s +] live [0, 1)
// CHECK: invalid_symbolic.mlir:[[# @LINE - 1]]:{{[0-9]+}}: error: size: expected a number, a symbol or '(', found the end
}

// -----

builtin.module attributes {memir.symbols = #memir.symbols<s in [1, 64]>} {
  %a = memir.alloc [4*s] live [0, 1) offset [max(s, t)]
// CHECK: invalid_symbolic.mlir:[[# @LINE - 1]]:3: error: 'memir.alloc' op offset max(s, t) uses size symbol t, which no enclosing op declares in memir.symbols
}

// -----

builtin.module attributes {memir.symbols = #memir.symbols<s in [1, 64]>} {
  func.func @f() attributes {memir.symbols = #memir.symbols<s in [1, 8]>} {
    func.return
  }
// CHECK: error: size symbol s is declared twice in the module: names are module-wide
}

// -----

builtin.module attributes {memir.symbols = #memir.symbols<s in [-1, 8]>} {
// CHECK: error: size symbol s in [-1, 8]: a size is never negative, so the range must start at 0 or above
}
