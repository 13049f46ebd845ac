// An impure in-place writer (a dropout_) is never recomputed, nor is what it writes; a
// capacity below what recomputation reaches is an error naming the smallest peak reached.
// Ordered again (the default), the program runs mul and dropout_ after use: 5120 bytes.
// RUN: not memir-opt %s -p 'rematerialize{capacity=5000 reorder=false}' 2>&1 | filecheck %s --check-prefix=INPLACE
// RUN: not memir-opt %s -p 'rematerialize{capacity=5000}' 2>&1 | filecheck %s --check-prefix=REORDERED
// RUN: not memir-opt %s -p 'rematerialize' 2>&1 | filecheck %s --check-prefix=NOCAP
// RUN: not memir-opt %s -p 'rematerialize{capacity=100 strategy=magic}' 2>&1 | filecheck %s --check-prefix=STRATEGY

func.func @step(%x: !memir.buf) {
  %a = memir.alloc 1024 align 64
  memir.compute "mul" ins(%x) outs(%a) {flops = 10 : i64}
  memir.compute "dropout_" ins(%a) outs(%a) {flops = 10 : i64}
  %b = memir.alloc 4096 align 64
  memir.compute "big" ins(%x) outs(%b) {flops = 10 : i64}
  %c = memir.alloc 1024 align 64
  memir.compute "use" ins(%b) outs(%c) {flops = 10 : i64}
  %d = memir.alloc 1024 align 64
  memir.compute "end" ins(%a, %c) outs(%d) {flops = 10 : i64}
  func.return
}
// INPLACE: invalid.mlir:[[# @LINE - 5]]:3: error: rematerialize: capacity 5000 cannot be reached by recomputation: the smallest peak reached is 6144 bytes (peak without it 6144), at op 3 (use)
// REORDERED: error: rematerialize: capacity 5000 cannot be reached by recomputation: the smallest peak reached is 5120 bytes (peak without it 6144), at op 3 (use); no plan in the orders planned (before ordering again) goes below 6144 bytes
// NOCAP: memir-opt: error: bad options for pass 'rematerialize': rematerialize needs capacity=BYTES (a positive byte count)
// STRATEGY: memir-opt: error: pass 'rematerialize': option 'strategy' cannot be 'magic'; choose from auto, greedy, exact
