// RUN: not memir-opt %s -p 'memir-to-memref' 2>&1 | filecheck %s

// A memir.buffer link that names no memir.alloc is reported at the memref.alloc.
func.func @h() {
  %t = memref.alloc() {memir.buffer = 5 : i64} : memref<8xf32>
  return
}
// CHECK: invalid_handle.mlir:[[# @LINE - 3]]:3: error: memir-to-memref: 'memir.buffer' must be the integer handle of a memir.alloc; the module has none
