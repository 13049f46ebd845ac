// source: modelled on llvm/llvm-project mlir/test/Dialect/Linalg/roundtrip.mlir (linalg.transpose, linalg.broadcast, linalg.map, given a main that runs them)
func.func private @printMemrefF32(%ptr : tensor<*xf32>)

func.func @transpose(%input: tensor<2x3x4xf32>) -> tensor<4x2x3xf32> {
  %init = tensor.empty() : tensor<4x2x3xf32>
  %t = linalg.transpose ins(%input : tensor<2x3x4xf32>) outs(%init : tensor<4x2x3xf32>) permutation = [2, 0, 1]
  return %t : tensor<4x2x3xf32>
}

func.func @broadcast_add(%row: tensor<3xf32>, %m: tensor<2x3xf32>) -> tensor<2x3xf32> {
  %init = tensor.empty() : tensor<2x3xf32>
  %b = linalg.broadcast ins(%row : tensor<3xf32>) outs(%init : tensor<2x3xf32>) dimensions = [0]
  %s = linalg.map { arith.addf } ins(%b, %m : tensor<2x3xf32>, tensor<2x3xf32>) outs(%init : tensor<2x3xf32>)
  return %s : tensor<2x3xf32>
}

func.func @main() {
  %x = arith.constant dense<[[[0.0, 1.0, 2.0, 3.0], [4.0, 5.0, 6.0, 7.0], [8.0, 9.0, 10.0, 11.0]],
                             [[12.0, 13.0, 14.0, 15.0], [16.0, 17.0, 18.0, 19.0], [20.0, 21.0, 22.0, 23.0]]]> : tensor<2x3x4xf32>
  %t = call @transpose(%x) : (tensor<2x3x4xf32>) -> tensor<4x2x3xf32>
  %u0 = tensor.cast %t : tensor<4x2x3xf32> to tensor<*xf32>
  call @printMemrefF32(%u0) : (tensor<*xf32>) -> ()
  %row = arith.constant dense<[100.0, 200.0, 300.0]> : tensor<3xf32>
  %m = arith.constant dense<[[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]]> : tensor<2x3xf32>
  %s = call @broadcast_add(%row, %m) : (tensor<3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
  %u1 = tensor.cast %s : tensor<2x3xf32> to tensor<*xf32>
  call @printMemrefF32(%u1) : (tensor<*xf32>) -> ()
  return
}
