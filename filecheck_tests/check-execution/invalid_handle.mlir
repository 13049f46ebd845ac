// A memref.alloc whose memir.buffer link names no planned buffer (hand-written, or left stale
// by an edit) is the user's error, reported at the alloc: past the last memir.alloc, negative
// (which an index would take as the last buffer), not an integer, and in a module that has no
// memir.alloc at all, also behind other passes.
// RUN: memir-opt %s --split-input-file --print-diagnostics -p 'check-execution' | filecheck %s
// RUN: memir-opt %s --split-input-file --print-diagnostics -p 'bufferize{alignment=1},render-tile-chunks,check-execution' | filecheck %s
// RUN: not memir-opt %s --split-input-file -p 'check-execution' 2>&1 | filecheck %s --check-prefix=EXIT
// EXIT: error: check-execution: 'memir.buffer' names no planned buffer
// EXIT-NOT: Traceback

func.func @past(%x: memref<64xf32>) {
  %0 = memir.alloc 256 align 4 live [0, 2) offset 0 id "@past:%a"
  %a = memref.alloc() {memir.buffer = 0 : i64} : memref<64xf32>
  memref.copy %x, %a : memref<64xf32> to memref<64xf32>
  %b = memref.alloc() {memir.buffer = 7 : i64} : memref<64xf32>
  memref.copy %a, %b : memref<64xf32> to memref<64xf32>
  return
}
// CHECK: invalid_handle.mlir:[[# @LINE - 4]]:3: error: check-execution: 'memir.buffer' names no planned buffer: it must be the integer handle of a memir.alloc (0 to 0); got 7 : i64
// CHECK-NEXT: %b = memref.alloc() {memir.buffer = 7 : i64} : memref<64xf32>
// CHECK-NEXT: ^

// -----

func.func @negative(%x: memref<64xf32>) {
  %0 = memir.alloc 256 align 4 live [0, 2) offset 0 id "@negative:%a"
  %a = memref.alloc() {memir.buffer = -1 : i64} : memref<64xf32>
  memref.copy %x, %a : memref<64xf32> to memref<64xf32>
  return
}
// CHECK: invalid_handle.mlir:[[# @LINE - 4]]:3: error: check-execution: 'memir.buffer' names no planned buffer: it must be the integer handle of a memir.alloc (0 to 0); got -1 : i64

// -----

func.func @text(%x: memref<64xf32>) {
  %0 = memir.alloc 256 align 4 live [0, 2) offset 0 id "@text:%a"
  %a = memref.alloc() {memir.buffer = "a"} : memref<64xf32>
  memref.copy %x, %a : memref<64xf32> to memref<64xf32>
  return
}
// CHECK: invalid_handle.mlir:[[# @LINE - 4]]:3: error: check-execution: 'memir.buffer' names no planned buffer: it must be the integer handle of a memir.alloc (0 to 0); got "a"

// -----

func.func @one() {
  %a = memref.alloc() {memir.buffer = 0 : i64} : memref<4xf32>
  return
}
// CHECK: invalid_handle.mlir:[[# @LINE - 3]]:3: error: check-execution: 'memir.buffer' names no planned buffer: it must be the integer handle of a memir.alloc (the module has none); got 0 : i64
