// source: llvm/llvm-project mlir/test/Integration/Dialect/Linalg/CPU/test-elementwise.mlir (arith on tensors written as the named ops -convert-elementwise-to-linalg would give)
func.func @main() {
  %a = arith.constant dense<[1.0, 2.0, 3.0]> : tensor<3xf32>
  %b = arith.constant dense<[10.0, 20.0, 30.0]> : tensor<3xf32>
  %e = tensor.empty() : tensor<3xf32>
  %addf = linalg.add ins(%a, %b : tensor<3xf32>, tensor<3xf32>) outs(%e : tensor<3xf32>) -> tensor<3xf32>
  %mulf = linalg.mul ins(%addf, %a : tensor<3xf32>, tensor<3xf32>) outs(%e : tensor<3xf32>) -> tensor<3xf32>
  %subf = linalg.sub ins(%mulf, %b : tensor<3xf32>, tensor<3xf32>) outs(%e : tensor<3xf32>) -> tensor<3xf32>
  %maxf = linalg.max ins(%subf, %addf : tensor<3xf32>, tensor<3xf32>) outs(%e : tensor<3xf32>) -> tensor<3xf32>
  %addf_unranked = tensor.cast %addf : tensor<3xf32> to tensor<*xf32>
  call @printMemrefF32(%addf_unranked) : (tensor<*xf32>) -> ()
  %subf_unranked = tensor.cast %subf : tensor<3xf32> to tensor<*xf32>
  call @printMemrefF32(%subf_unranked) : (tensor<*xf32>) -> ()
  %maxf_unranked = tensor.cast %maxf : tensor<3xf32> to tensor<*xf32>
  call @printMemrefF32(%maxf_unranked) : (tensor<*xf32>) -> ()
  return
}

func.func private @printMemrefF32(%ptr : tensor<*xf32>)
