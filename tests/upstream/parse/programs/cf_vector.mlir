// source: written in the style of mlir/test/Dialect/Bufferization/Transforms/one-shot-module-bufferize.mlir (cf branches, vector transfers, asserts)
func.func @cfg(%c: i1, %t: tensor<8xf32>) -> tensor<8xf32> {
  %c0 = arith.constant 0 : index
  %pad = arith.constant 0.0 : f32
  cf.assert %c, "expected true"
  cf.cond_br %c, ^bb1, ^bb2
^bb1:
  %v = vector.transfer_read %t[%c0], %pad {in_bounds = [true]} : tensor<8xf32>, vector<8xf32>
  %w = arith.addf %v, %v : vector<8xf32>
  %n = vector.transfer_write %w, %t[%c0] {in_bounds = [true]} : vector<8xf32>, tensor<8xf32>
  cf.br ^bb3(%n : tensor<8xf32>)
^bb2:
  cf.br ^bb3(%t : tensor<8xf32>)
^bb3(%r: tensor<8xf32>):
  return %r : tensor<8xf32>
}
func.func @batch(%a: tensor<2x3x4xf32>, %b: tensor<2x4x5xf32>, %c: tensor<2x3x5xf32>) -> tensor<2x3x5xf32> {
  %r = linalg.batch_matmul ins(%a, %b : tensor<2x3x4xf32>, tensor<2x4x5xf32>) outs(%c : tensor<2x3x5xf32>) -> tensor<2x3x5xf32>
  return %r : tensor<2x3x5xf32>
}
