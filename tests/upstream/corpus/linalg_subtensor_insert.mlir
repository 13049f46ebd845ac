// source: modelled on llvm/llvm-project mlir/test/Integration/Dialect/Linalg/CPU/test-subtensor-insert.mlir (plus an extract_slice of the result)
func.func @main() {
  %const = arith.constant dense<10.0> : tensor<2xf32>
  %insert_val = arith.constant dense<20.0> : tensor<1xf32>
  %inserted = tensor.insert_slice %insert_val into %const[0][1][1] : tensor<1xf32> into tensor<2xf32>
  %unranked = tensor.cast %inserted : tensor<2xf32> to tensor<*xf32>
  call @printMemrefF32(%unranked) : (tensor<*xf32>) -> ()
  %big = arith.constant dense<[[1.0, 2.0, 3.0, 4.0], [5.0, 6.0, 7.0, 8.0], [9.0, 10.0, 11.0, 12.0]]> : tensor<3x4xf32>
  %patch = arith.constant dense<[[-1.0, -2.0], [-3.0, -4.0]]> : tensor<2x2xf32>
  %into = tensor.insert_slice %patch into %big[1, 1] [2, 2] [1, 1] : tensor<2x2xf32> into tensor<3x4xf32>
  %slice = tensor.extract_slice %into[0, 1] [3, 2] [1, 2] : tensor<3x4xf32> to tensor<3x2xf32>
  %u1 = tensor.cast %into : tensor<3x4xf32> to tensor<*xf32>
  call @printMemrefF32(%u1) : (tensor<*xf32>) -> ()
  %u2 = tensor.cast %slice : tensor<3x2xf32> to tensor<*xf32>
  call @printMemrefF32(%u2) : (tensor<*xf32>) -> ()
  return
}

func.func private @printMemrefF32(%ptr : tensor<*xf32>)
