// source: modelled on llvm/llvm-project mlir/test/Integration/Dialect/Linalg/CPU/test-conv-1d-nwc-wcf-call.mlir (static shapes, in tensor form)
func.func private @printMemrefF32(%ptr : tensor<*xf32>)

func.func @conv_1d_nwc_wcf(%in: tensor<3x8x1xf32>, %filter: tensor<3x1x1xf32>) -> tensor<3x6x1xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<3x6x1xf32>
  %out = linalg.fill ins(%zero : f32) outs(%e : tensor<3x6x1xf32>) -> tensor<3x6x1xf32>
  %r = linalg.conv_1d_nwc_wcf {dilations = dense<1> : tensor<1xi64>, strides = dense<1> : tensor<1xi64>}
     ins (%in, %filter: tensor<3x8x1xf32>, tensor<3x1x1xf32>)
    outs (%out: tensor<3x6x1xf32>) -> tensor<3x6x1xf32>
  return %r : tensor<3x6x1xf32>
}

func.func @main() {
  %c0 = arith.constant 0 : index
  %c3 = arith.constant 3 : index
  %f10 = arith.constant 10.0 : f32
  %val = arith.constant 2.0 : f32
  %ef = tensor.empty() : tensor<3x1x1xf32>
  %filter = linalg.fill ins(%val : f32) outs(%ef : tensor<3x1x1xf32>) -> tensor<3x1x1xf32>
  %ei = tensor.empty() : tensor<3x8x1xf32>
  %in0 = linalg.fill ins(%val : f32) outs(%ei : tensor<3x8x1xf32>) -> tensor<3x8x1xf32>
  %in = tensor.insert %f10 into %in0[%c0, %c3, %c0] : tensor<3x8x1xf32>
  %out = call @conv_1d_nwc_wcf(%in, %filter) : (tensor<3x8x1xf32>, tensor<3x1x1xf32>) -> tensor<3x6x1xf32>
  %u = tensor.cast %out : tensor<3x6x1xf32> to tensor<*xf32>
  call @printMemrefF32(%u) : (tensor<*xf32>) -> ()
  return
}
