// RUN: memir-opt %s --split-input-file --print-diagnostics -p verify-layout | filecheck %s --check-prefix=VERIFY
// RUN: memir-opt %s --split-input-file --print-diagnostics -p 'memref-to-memir,assign-layout{strategy=single keep-offsets=true}' | filecheck %s --check-prefix=OPTIONS
// RUN: memir-opt %s --split-input-file --print-diagnostics -p 'memref-to-memir,assign-layout{capacity=1000}' | filecheck %s --check-prefix=CAPACITY
// RUN: memir-opt %s --split-input-file --print-diagnostics -p memir-to-memref | filecheck %s --check-prefix=LOWER

// Symbolic plans that are wrong, options that do not apply to them, and lowerings that
// cannot compute a symbol: each one located error (each RUN line checks its own chunks).

// A planted overlap: "b" at byte 256 meets "a" [0, 4*n) where n > 64.
builtin.module attributes {memir.symbolic_plan = #memir.symbolic_plan<arena [max(4*n + 256, 512)], strategy "written by hand">} {
  func.func @planted(%n: index) attributes {memir.symbols = #memir.symbols<n in [1, 100]>} {
    %0 = memir.alloc [4*n] align 4 live [0, 2) offset 0 id "a"
    %1 = memir.alloc 256 align 4 live [1, 3) offset 256 id "b"
    func.return
  }
}

// -----

// Symbolic offsets and no plan on the module.
builtin.module {
  func.func @noplan(%n: index) attributes {memir.symbols = #memir.symbols<n in [0, inf]>} {
    %0 = memir.alloc [4*n] align 4 live [0, 2) offset 0 id "a"
    %1 = memir.alloc 16 align 4 live [1, 3) offset [4*n] id "b"
    func.return
  }
}

// -----

// Two buffers of 4*n bytes live together: no single plan, capacity or pinned offset.
func.func @both(%n: index) {
  %t = memref.alloc(%n) : memref<?xf32>
  %u = memref.alloc(%n) : memref<?xf32>
  memref.copy %t, %u : memref<?xf32> to memref<?xf32>
  return
}

// -----

builtin.module {
  func.func @nosources(%n: index) attributes {memir.symbols = #memir.symbols<n in [0, inf]>} {
    %0 = memir.alloc [4*n] align 4 live [0, 1) offset 0 id "a"
    %t = memref.alloc(%n) {memir.buffer = 0 : i64} : memref<?xf32>
    func.return
  }
}

// -----

builtin.module {
  func.func @badsource(%n: index) attributes {memir.symbols = #memir.symbols<n in [0, inf]>, memir.symbol_sources = {n = "arg 0 dim 0"}} {
    %0 = memir.alloc [4*n] align 4 live [0, 1) offset 0 id "a"
    %t = memref.alloc(%n) {memir.buffer = 0 : i64} : memref<?xf32>
    func.return
  }
}

// -----

// @h's offset uses a symbol of the module that @h has no source for.
builtin.module attributes {memir.symbols = #memir.symbols<n in [0, inf]>} {
  func.func @g(%n: index) attributes {memir.symbol_sources = {n = "arg 0"}} {
    %0 = memir.alloc [4*n] align 4 live [0, 1) offset 0 id "a"
    %t = memref.alloc(%n) {memir.buffer = 0 : i64} : memref<?xf32>
    func.return
  }
  func.func @h(%k: index) attributes {memir.symbols = #memir.symbols<k in [0, inf]>, memir.symbol_sources = {k = "arg 0"}} {
    %0 = memir.alloc [4*k] align 4 live [0, 1) offset [4*n] id "b"
    %t = memref.alloc(%k) {memir.buffer = 1 : i64} : memref<?xf32>
    func.return
  }
}

// VERIFY: dynamic_invalid.mlir:12:5: error: verify-layout: overlap: buffers "a" (#0) [0, {{[0-9]+}}) and "b" (#1) [256, 512) overlap at n={{(6[5-9]|[7-9][0-9]|100)$}}
// VERIFY: dynamic_invalid.mlir:21:1: error: verify-layout: symbolic offsets without 'memir.symbolic_plan' on the module: run assign-layout first
// OPTIONS: error: assign-layout: symbolic sizes are planned for their whole range by one strategy; not supported with them: strategy=single (only auto), keep-offsets
// CAPACITY: error: assign-layout: {{.*}} at n={{(12[6-9]|1[3-9][0-9]|[2-9][0-9][0-9]|[0-9]{4,})}}, more than the capacity of 1000
// LOWER: dynamic_invalid.mlir:44:5: error: memir-to-memref: this buffer's size [4*n] uses size symbol n, which @nosources cannot compute (not in 'memir.symbol_sources')
// LOWER: dynamic_invalid.mlir:52:3: error: memir-to-memref: 'memir.symbol_sources': symbol n must come from an index argument ('arg K') or a dimension of a shaped one ('arg K dim D')
// LOWER: dynamic_invalid.mlir:70:5: error: memir-to-memref: this buffer's offset [4*n] uses size symbol n, which @h cannot compute (not in 'memir.symbol_sources')
