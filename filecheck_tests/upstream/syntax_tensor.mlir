// RUN: memir-opt %s | filecheck %s
// RUN: memir-opt %s --mlir-print-op-generic | memir-opt | filecheck %s

// What xDSL 0.74 lacks or refuses of MLIR 22's tensor dialect: tensor.rank, tensor.generate,
// tensor.gather, tensor.scatter, an unranked tensor.reshape, and a tensor.pad to a static
// size with dynamic padding.

func.func @f(%m: index, %t: tensor<4x?xf32>, %u: tensor<*xf32>, %s: tensor<1xi32>, %lo: index, %x: f32) {
  %generated = tensor.generate %m {
  ^bb0(%i: index, %j: index):
    tensor.yield %x : f32
  } : tensor<?x3xf32>
  %rank = tensor.rank %t : tensor<4x?xf32>
  %rank_0 = tensor.rank %u : tensor<*xf32>
  %reshape = tensor.reshape %u(%s) : (tensor<*xf32>, tensor<1xi32>) -> tensor<?xf32>
  %padded = tensor.pad %t low[%lo, 0] high[0, %lo] {
  ^bb0(%i: index, %j: index):
    tensor.yield %x : f32
  } : tensor<4x?xf32> to tensor<6x8xf32>
  return
}

func.func @gather_scatter(%dest: tensor<4x5x6xf32>, %idx: tensor<1x3x2xindex>) {
  %gather = tensor.gather %dest[%idx] gather_dims([1, 2]) unique : (tensor<4x5x6xf32>, tensor<1x3x2xindex>) -> tensor<1x3x4x1x1xf32>
  %gather_0 = tensor.gather %dest[%idx] gather_dims([1, 2]) : (tensor<4x5x6xf32>, tensor<1x3x2xindex>) -> tensor<1x3x4xf32>
  %scatter = tensor.scatter %gather into %dest[%idx] scatter_dims([1, 2]) unique : (tensor<1x3x4x1x1xf32>, tensor<4x5x6xf32>, tensor<1x3x2xindex>) -> tensor<4x5x6xf32>
  return
}

// CHECK: func.func @f(%m: index, %t: tensor<4x?xf32>, %u: tensor<*xf32>, %s: tensor<1xi32>, %lo: index, %x: f32) {
// CHECK: %{{.*}} = tensor.generate %m {
// CHECK: %{{.*}} = tensor.rank %t : tensor<4x?xf32>
// CHECK: %{{.*}} = tensor.rank %u : tensor<*xf32>
// CHECK: %{{.*}} = tensor.reshape %u(%s) : (tensor<*xf32>, tensor<1xi32>) -> tensor<?xf32>
// CHECK: %{{.*}} = tensor.pad %t low[%lo, 0] high[0, %lo] {
// CHECK: func.func @gather_scatter(%dest: tensor<4x5x6xf32>, %idx: tensor<1x3x2xindex>) {
// CHECK: %{{.*}} = tensor.gather %dest[%idx] gather_dims([1, 2]) unique : (tensor<4x5x6xf32>, tensor<1x3x2xindex>) -> tensor<1x3x4x1x1xf32>
// CHECK: %{{.*}} = tensor.gather %dest[%idx] gather_dims([1, 2]) : (tensor<4x5x6xf32>, tensor<1x3x2xindex>) -> tensor<1x3x4xf32>
// CHECK: %{{.*}} = tensor.scatter %gather into %dest[%idx] scatter_dims([1, 2]) unique : (tensor<1x3x4x1x1xf32>, tensor<4x5x6xf32>, tensor<1x3x2xindex>) -> tensor<4x5x6xf32>
