// RUN: memir-opt %s --split-input-file --print-diagnostics 2>&1 | filecheck %s

// Malformed upstream input: a located one-screen diagnostic, exit status 1.

func.func @f() -> tensor<2xf32> {
  %0 = arith.constant dense_resource<missing_key> : tensor<2xf32>
  return %0 : tensor<2xf32>
}
// CHECK: invalid.mlir:[[# @LINE - 3]]:3: error: dense_resource 'missing_key' has no entry in the file's {-# dialect_resources #-} section

// -----

func.func @g(%n: index) -> index {
  %0 = vector.step : vector<4xindex>
  return %n : index
}
// CHECK: invalid.mlir:[[# @LINE - 3]]:8: error: memir does not know the custom syntax of 'vector.step'; give this op in generic form (mlir-opt --mlir-print-op-generic)

// -----

memref.global "private" constant @c : tensor<2xf32> = dense<1.0>
// CHECK: invalid.mlir:[[# @LINE - 1]]:{{[0-9]+}}: error: expected a memref type, got tensor<2xf32>

// -----

func.func @h(%a: memref<2xf32>, %b: memref<3xf32>) {
  memref.copy %a, %b : memref<2xf32> to memref<3xf32>
  return
}
// CHECK: invalid.mlir:[[# @LINE - 3]]:3: error: 'memref.copy' op expects source and target of compatible shapes

// -----

func.func @k(%a: memref<2xf32>) {
  linalg.matvec ins(%a : memref<2xf32> outs(%a : memref<2xf32>)
  return
}
// CHECK: invalid.mlir:[[# @LINE - 3]]:{{[0-9]+}}: error:

// -----

func.func @huge() -> tensor<100x64x220x220xi32> {
  %0 = arith.constant dense<0> : tensor<100x64x220x220xi32>
  return %0 : tensor<100x64x220x220xi32>
}
// CHECK: invalid.mlir:[[# @LINE - 3]]:34: error: a dense literal of 309760000 elements: memir stores every element of a dense literal, splats too, and takes at most 16777216
