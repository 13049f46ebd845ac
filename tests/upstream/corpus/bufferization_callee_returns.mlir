// source: modelled on llvm/llvm-project mlir/test/Dialect/Bufferization/Transforms/OwnershipBasedBufferDeallocation/dealloc-callop-interface.mlir (a callee returning a fresh buffer and one returning its argument, in tensor form with a main)
func.func private @printMemrefF32(%ptr : tensor<*xf32>)

func.func private @fresh(%x: tensor<4x4xf32>) -> tensor<4x4xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<4x4xf32>
  %z = linalg.fill ins(%zero : f32) outs(%e : tensor<4x4xf32>) -> tensor<4x4xf32>
  %r = linalg.matmul ins(%x, %x : tensor<4x4xf32>, tensor<4x4xf32>) outs(%z : tensor<4x4xf32>) -> tensor<4x4xf32>
  %e2 = tensor.empty() : tensor<4x4xf32>
  %s = linalg.add ins(%r, %x : tensor<4x4xf32>, tensor<4x4xf32>) outs(%e2 : tensor<4x4xf32>) -> tensor<4x4xf32>
  return %s : tensor<4x4xf32>
}

func.func private @passthrough(%x: tensor<4x4xf32>) -> tensor<4x4xf32> {
  return %x : tensor<4x4xf32>
}

func.func @main() {
  %a = arith.constant dense<[[1.0, 0.0, 0.0, 1.0], [0.0, 2.0, 0.0, 0.0], [0.0, 0.0, 3.0, 0.0], [1.0, 0.0, 0.0, 4.0]]> : tensor<4x4xf32>
  %b = call @fresh(%a) : (tensor<4x4xf32>) -> tensor<4x4xf32>
  %c = call @passthrough(%b) : (tensor<4x4xf32>) -> tensor<4x4xf32>
  %d = call @fresh(%c) : (tensor<4x4xf32>) -> tensor<4x4xf32>
  %u0 = tensor.cast %c : tensor<4x4xf32> to tensor<*xf32>
  call @printMemrefF32(%u0) : (tensor<*xf32>) -> ()
  %u1 = tensor.cast %d : tensor<4x4xf32> to tensor<*xf32>
  call @printMemrefF32(%u1) : (tensor<*xf32>) -> ()
  return
}
