// source: written in the style of mlir/test/Integration/Dialect/Linalg/CPU/test-conv-2d-nhwc-hwcf-call.mlir and pooling tests
func.func @conv(%in: tensor<1x8x8x3xf32>, %w: tensor<3x3x3x4xf32>) -> tensor<1x3x3x4xf32> {
  %cst = arith.constant 0.0 : f32
  %ninf = arith.constant 0xFF800000 : f32
  %e = tensor.empty() : tensor<1x6x6x4xf32>
  %f = linalg.fill ins(%cst : f32) outs(%e : tensor<1x6x6x4xf32>) -> tensor<1x6x6x4xf32>
  %c = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>} ins(%in, %w : tensor<1x8x8x3xf32>, tensor<3x3x3x4xf32>) outs(%f : tensor<1x6x6x4xf32>) -> tensor<1x6x6x4xf32>
  %k = tensor.empty() : tensor<2x2xf32>
  %e2 = tensor.empty() : tensor<1x3x3x4xf32>
  %f2 = linalg.fill ins(%ninf : f32) outs(%e2 : tensor<1x3x3x4xf32>) -> tensor<1x3x3x4xf32>
  %p = linalg.pooling_nhwc_max {dilations = dense<1> : vector<2xi64>, strides = dense<2> : vector<2xi64>} ins(%c, %k : tensor<1x6x6x4xf32>, tensor<2x2xf32>) outs(%f2 : tensor<1x3x3x4xf32>) -> tensor<1x3x3x4xf32>
  return %p : tensor<1x3x3x4xf32>
}
func.func @dw(%in: tensor<1x6x6x4xf32>, %w: tensor<3x3x4xf32>, %o: tensor<1x4x4x4xf32>) -> tensor<1x4x4x4xf32> {
  %c = linalg.depthwise_conv_2d_nhwc_hwc {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>} ins(%in, %w : tensor<1x6x6x4xf32>, tensor<3x3x4xf32>) outs(%o : tensor<1x4x4x4xf32>) -> tensor<1x4x4x4xf32>
  return %c : tensor<1x4x4x4xf32>
}
