// source: modelled on llvm/llvm-project mlir/test/Integration/Dialect/Linalg/CPU/mmt4d.mlir (without the transform-dialect vectorization schedule)
func.func private @printMemrefI32(%ptr : tensor<*xi32>)

func.func @mmt4d(%lhs: tensor<2x2x3x1xi32>, %rhs: tensor<2x2x3x1xi32>, %acc: tensor<2x2x3x3xi32>) -> tensor<2x2x3x3xi32> {
  %r = linalg.mmt4d ins(%lhs, %rhs : tensor<2x2x3x1xi32>, tensor<2x2x3x1xi32>) outs(%acc : tensor<2x2x3x3xi32>) -> tensor<2x2x3x3xi32>
  return %r : tensor<2x2x3x3xi32>
}

func.func @main() {
  %lhs = arith.constant dense<[
    [[[1], [2], [3]], [[4], [5], [6]]],
    [[[7], [8], [9]], [[10], [11], [12]]]]> : tensor<2x2x3x1xi32>
  %rhs = arith.constant dense<[
    [[[1], [-1], [2]], [[0], [3], [-2]]],
    [[[5], [1], [1]], [[2], [2], [-1]]]]> : tensor<2x2x3x1xi32>
  %acc = arith.constant dense<1> : tensor<2x2x3x3xi32>
  %r = call @mmt4d(%lhs, %rhs, %acc) : (tensor<2x2x3x1xi32>, tensor<2x2x3x1xi32>, tensor<2x2x3x3xi32>) -> tensor<2x2x3x3xi32>
  %u = tensor.cast %r : tensor<2x2x3x3xi32> to tensor<*xi32>
  call @printMemrefI32(%u) : (tensor<*xi32>) -> ()
  return
}
