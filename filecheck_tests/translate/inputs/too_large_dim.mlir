// A gather dimension past int64 (the fuzzer's case): see ../export_upstream.mlir.
func.func @f(%d: tensor<4x5x6xf32>, %i: tensor<1x3x2xindex>) {
  %g = tensor.gather %d[%i] gather_dims([1, 9223372036854775808]) : (tensor<4x5x6xf32>, tensor<1x3x2xindex>) -> tensor<1x3x4xf32>
  return
}
