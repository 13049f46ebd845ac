// source: modelled on llvm/llvm-project mlir/test/Integration/Dialect/Linalg/CPU/test-conv-2d-call.mlir (NCHW/FCHW form with tensor.pad, static shapes, tensors)
func.func private @printMemrefF32(%ptr : tensor<*xf32>)

func.func @conv(%in: tensor<1x2x6x6xf32>, %filter: tensor<3x2x3x3xf32>) -> tensor<1x3x6x6xf32> {
  %zero = arith.constant 0.0 : f32
  %padded = tensor.pad %in low[0, 0, 1, 1] high[0, 0, 1, 1] {
  ^bb0(%a: index, %b: index, %c: index, %d: index):
    tensor.yield %zero : f32
  } : tensor<1x2x6x6xf32> to tensor<1x2x8x8xf32>
  %e = tensor.empty() : tensor<1x3x6x6xf32>
  %out = linalg.fill ins(%zero : f32) outs(%e : tensor<1x3x6x6xf32>) -> tensor<1x3x6x6xf32>
  %r = linalg.conv_2d_nchw_fchw {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
     ins (%padded, %filter: tensor<1x2x8x8xf32>, tensor<3x2x3x3xf32>)
    outs (%out: tensor<1x3x6x6xf32>) -> tensor<1x3x6x6xf32>
  return %r : tensor<1x3x6x6xf32>
}

func.func @main() {
  %c0 = arith.constant 0 : index
  %c2 = arith.constant 2 : index
  %f10 = arith.constant 10.0 : f32
  %one = arith.constant 1.0 : f32
  %half = arith.constant 0.5 : f32
  %ef = tensor.empty() : tensor<3x2x3x3xf32>
  %filter0 = linalg.fill ins(%half : f32) outs(%ef : tensor<3x2x3x3xf32>) -> tensor<3x2x3x3xf32>
  %filter = tensor.insert %f10 into %filter0[%c2, %c0, %c0, %c0] : tensor<3x2x3x3xf32>
  %ei = tensor.empty() : tensor<1x2x6x6xf32>
  %in0 = linalg.fill ins(%one : f32) outs(%ei : tensor<1x2x6x6xf32>) -> tensor<1x2x6x6xf32>
  %in = tensor.insert %f10 into %in0[%c0, %c0, %c2, %c2] : tensor<1x2x6x6xf32>
  %out = call @conv(%in, %filter) : (tensor<1x2x6x6xf32>, tensor<3x2x3x3xf32>) -> tensor<1x3x6x6xf32>
  %u = tensor.cast %out : tensor<1x3x6x6xf32> to tensor<*xf32>
  call @printMemrefF32(%u) : (tensor<*xf32>) -> ()
  return
}
