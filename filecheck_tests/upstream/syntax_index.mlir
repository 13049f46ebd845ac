// RUN: memir-opt %s | filecheck %s
// RUN: memir-opt %s --mlir-print-op-generic | memir-opt | filecheck %s

// index.sizeof, which MLIR 22 prints with no operands and no type.

func.func @f() -> index {
  %0 = index.sizeof
  return %0 : index
}

// CHECK: func.func @f() -> index {
