// RUN: memir-opt %s --split-input-file --print-diagnostics 2>&1 | filecheck %s
// RUN: not memir-opt %s 2>&1 | filecheck %s --check-prefix=EXIT

// Integer lists of upstream ops that do not fit or do not make sense: a located error each,
// never an internal error. A custom-syntax integer too large for its i64 list ended the run
// with "internal error: error: argument out of range" (tensor.gather, vector.transpose,
// linalg.pack); a static size, offset or basis of 2^63 wrapped to MLIR's dynamic marker and
// ended it with "internal error: IndexError" when printed (tensor.pad, memref.subview,
// affine.delinearize_index); a permutation out of range ended linalg.transpose's verifier
// with an IndexError, and a convolution's strides of the wrong size its maps with a ValueError;
// gather dimensions and vector permutations out of range went through; an index element of a
// dense literal past 64 bits ended the run with "argument out of range".

func.func @gather(%d: tensor<4x5x6xf32>, %i: tensor<1x3x2xindex>) {
  %g = tensor.gather %d[%i] gather_dims([1, 9223372036854775808]) : (tensor<4x5x6xf32>, tensor<1x3x2xindex>) -> tensor<1x3x4xf32>
  return
}
// CHECK: invalid_lists.mlir:[[# @LINE - 3]]:45: error: integer value too large: 9223372036854775808 does not fit the i64 of this array
// EXIT: error: integer value too large
// EXIT-NOT: internal error

// -----

func.func @vector(%v: vector<4x5xf32>) {
  %t = vector.transpose %v, [1, -9223372036854775809] : vector<4x5xf32> to vector<5x4xf32>
  return
}
// CHECK: invalid_lists.mlir:[[# @LINE - 3]]:33: error: integer value too large: -9223372036854775809 does not fit the i64 of this array

// -----

func.func @pad(%t: tensor<4x?xf32>, %lo: index, %x: f32) {
  %padded = tensor.pad %t low[%lo, 9223372036854775808] high[0, %lo] {
  ^bb0(%i: index, %j: index):
    tensor.yield %x : f32
  } : tensor<4x?xf32> to tensor<6x8xf32>
  return
}
// CHECK: invalid_lists.mlir:[[# @LINE - 6]]:36: error: integer value too large: 9223372036854775808 is not a 64-bit signed integer

// -----

func.func @subview(%a: memref<16xf32>) {
  %s = memref.subview %a[0] [-9223372036854775808] [1] : memref<16xf32> to memref<4xf32, strided<[1]>>
  return
}
// CHECK: invalid_lists.mlir:[[# @LINE - 3]]:30: error: integer value too large: -9223372036854775808 is MLIR's marker of a dynamic value, not a static one

// -----

func.func @basis(%a: index) -> index {
  %q:3 = affine.delinearize_index %a into (2, 18446744073709551616, 4) : index, index, index
  return %q#0 : index
}
// CHECK: invalid_lists.mlir:[[# @LINE - 3]]:47: error: integer value too large: 18446744073709551616 is not a 64-bit signed integer

// -----

func.func @transpose(%d: tensor<4x5xf32>, %o: tensor<5x4xf32>) {
  %t = linalg.transpose ins(%d : tensor<4x5xf32>) outs(%o : tensor<5x4xf32>) permutation = [1, 5]
  return
}
// CHECK: invalid_lists.mlir:[[# @LINE - 3]]:3: error: 'linalg.transpose' op permutation [1, 5] is not valid: it must hold each of 0 to 1 once

// -----

func.func @vector_range(%v: vector<4x5xf32>) {
  %t = vector.transpose %v, [1, 7] : vector<4x5xf32> to vector<5x4xf32>
  return
}
// CHECK: invalid_lists.mlir:[[# @LINE - 3]]:3: error: 'vector.transpose' op permutation [1, 7] is not valid: it must hold each of 0 to 1 once

// -----

func.func @gather_range(%d: tensor<4x5x6xf32>, %i: tensor<1x3x2xindex>) {
  %g = tensor.gather %d[%i] gather_dims([1, 7]) : (tensor<4x5x6xf32>, tensor<1x3x2xindex>) -> tensor<1x3x4xf32>
  return
}
// CHECK: invalid_lists.mlir:[[# @LINE - 3]]:3: error: 'tensor.gather' op gather_dims value 7 is out of range: the source has rank 3

// -----

func.func @scatter_order(%s: tensor<1x3x4x1x1xf32>, %d: tensor<4x5x6xf32>, %i: tensor<1x3x2xindex>) {
  %r = tensor.scatter %s into %d[%i] scatter_dims([2, 1]) unique : (tensor<1x3x4x1x1xf32>, tensor<4x5x6xf32>, tensor<1x3x2xindex>) -> tensor<4x5x6xf32>
  return
}
// CHECK: invalid_lists.mlir:[[# @LINE - 3]]:3: error: 'tensor.scatter' op scatter_dims values must be strictly increasing, got [2, 1]

// -----

func.func @generic_gather(%d: tensor<4x5x6xf32>, %i: tensor<1x3x2xindex>) {
  %g = "tensor.gather"(%d, %i) <{gather_dims = array<i64: 1, 9223372036854775808>}> : (tensor<4x5x6xf32>, tensor<1x3x2xindex>) -> tensor<1x3x4xf32>
  return
}
// CHECK: invalid_lists.mlir:[[# @LINE - 3]]:3: error: 'tensor.gather' op gather_dims value -9223372036854775808 is out of range: the source has rank 3

// -----

func.func @conv_window(%i: tensor<1x3x9x9xf32>, %w: tensor<4x3x3x3xf32>, %o: tensor<1x4x4x4xf32>) {
  %0 = linalg.conv_2d_nchw_fchw {strides = dense<2> : tensor<3xi64>} ins(%i, %w : tensor<1x3x9x9xf32>, tensor<4x3x3x3xf32>) outs(%o : tensor<1x4x4x4xf32>) -> tensor<1x4x4x4xf32>
  return
}
// CHECK: invalid_lists.mlir:[[# @LINE - 3]]:3: error: 'linalg.conv_2d_nchw_fchw' op 'strides' must hold 2 values, one per window dimension, got 3

// -----

func.func @index_literal() -> tensor<2xindex> {
  %c = arith.constant dense<[1, 9223372036854775808]> : tensor<2xindex>
  return %c : tensor<2xindex>
}
// CHECK: invalid_lists.mlir:[[# @LINE - 3]]:33: error: integer constant out of range for type index
