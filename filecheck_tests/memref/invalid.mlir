// RUN: not memir-opt %s --split-input-file -p 'memref-to-memir,memir-to-memref' 2>&1 | filecheck %s --check-prefix=UNPLANNED
// RUN: not memir-opt %s --split-input-file -p 'memref-to-memir,memref-to-memir' 2>&1 | filecheck %s --check-prefix=TWICE
// RUN: not memir-opt %s --split-input-file -p 'memir-to-memref' 2>&1 | filecheck %s --check-prefix=LINK

func.func @f() {
  %t = memref.alloc() : memref<4xf32>
  memref.dealloc %t : memref<4xf32>
  return
}
// UNPLANNED: invalid.mlir:[[# @LINE - 4]]:3: error: memir-to-memref: this buffer has no offset: run assign-layout first
// TWICE: invalid.mlir:[[# @LINE - 5]]:3: error: memref-to-memir: this alloc already has 'memir.buffer': memref-to-memir ran before

// -----

func.func @g() {
  %0 = memir.alloc 16 align 64 live [0, 1) offset 0
  %t = memref.alloc() {memir.buffer = 0 : i64} : memref<8xf32>
  return
}
// LINK: invalid.mlir:[[# @LINE - 3]]:3: error: memir-to-memref: 'memir.buffer' links this op to a memir.alloc of 16 bytes, which it does not allocate
