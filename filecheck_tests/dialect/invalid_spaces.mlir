// RUN: memir-opt %s --split-input-file --print-diagnostics | filecheck %s
// Memory spaces: what the verifiers reject, each pointing at the op or attribute at fault.

builtin.module attributes {memir.spaces = [#memir.space<"sram", capacity 1024, read 1.0e+09, write 1.0e+09>, #memir.space<"dram", read 1.0e+08, write 1.0e+08>]} {
  %a = memir.alloc 64 space "l2"
  // CHECK: invalid_spaces.mlir:[[# @LINE - 1]]:3: error: buffer in space "l2", which the module does not declare in memir.spaces (declared: "sram", "dram")
}

// -----

%b = memir.alloc 64 space "sram"
// CHECK: error: buffer in space "sram", which the module does not declare in memir.spaces (declared: none)

// -----

// CHECK: error: space "sram" needs a capacity: only the last (default) space may be unbounded
builtin.module attributes {memir.spaces = [#memir.space<"sram", read 1.0e+09, write 1.0e+09>, #memir.space<"dram", read 1.0e+08, write 1.0e+08>]} {
}

// -----

// CHECK: error: memir.spaces declares a space twice
builtin.module attributes {memir.spaces = [#memir.space<"sram", capacity 8, read 1.0e+09, write 1.0e+09>, #memir.space<"sram", read 1.0e+08, write 1.0e+08>]} {
}

// -----

// CHECK: space read bandwidth must be a positive number of bytes per second, got 0.0
builtin.module attributes {memir.spaces = [#memir.space<"dram", read 0.0, write 1.0e+08>]} {
}

// -----

func.func @self_copy(%x: !memir.buf) {
  %a = memir.alloc 64
  memir.copy %a to %a
  // CHECK: invalid_spaces.mlir:[[# @LINE - 1]]:3: error: 'memir.copy' op copies a buffer into another, not into itself
  func.return
}

// -----

func.func @copy_into_written(%x: !memir.buf) {
  %a = memir.alloc 64
  memir.compute "k" ins(%x) outs(%a)
  memir.copy %x to %a
  // CHECK: invalid_spaces.mlir:[[# @LINE - 1]]:3: error: buffer %a is written by two ops
  func.return
}

// -----

builtin.module attributes {memir.spaces = [#memir.space<"dram", read 1.0e+08, write 1.0e+08>]} {
  %m = memir.arena 64 space "sram"
  // CHECK: invalid_spaces.mlir:[[# @LINE - 1]]:3: error: buffer in space "sram", which the module does not declare in memir.spaces (declared: "dram")
}
