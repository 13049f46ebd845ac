// source: written for memir's tests: two functions, a call whose arguments are cast to strided layouts, printing through memref<*xf32>
func.func private @printMemrefF32(tensor<*xf32>)

func.func @compute(%a: tensor<8x16xf32>, %b: tensor<16x8xf32>) -> tensor<8x8xf32> {
  %cst = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<8x8xf32>
  %z = linalg.fill ins(%cst : f32) outs(%e : tensor<8x8xf32>) -> tensor<8x8xf32>
  %m = linalg.matmul ins(%a, %b : tensor<8x16xf32>, tensor<16x8xf32>) outs(%z : tensor<8x8xf32>) -> tensor<8x8xf32>
  %e2 = tensor.empty() : tensor<8x8xf32>
  %r = linalg.add ins(%m, %m : tensor<8x8xf32>, tensor<8x8xf32>) outs(%e2 : tensor<8x8xf32>) -> tensor<8x8xf32>
  %e3 = tensor.empty() : tensor<8x8xf32>
  %s = linalg.mul ins(%r, %m : tensor<8x8xf32>, tensor<8x8xf32>) outs(%e3 : tensor<8x8xf32>) -> tensor<8x8xf32>
  return %s : tensor<8x8xf32>
}

func.func @main() {
  %c1 = arith.constant 1.5 : f32
  %c2 = arith.constant 0.25 : f32
  %ea = tensor.empty() : tensor<8x16xf32>
  %a = linalg.fill ins(%c1 : f32) outs(%ea : tensor<8x16xf32>) -> tensor<8x16xf32>
  %eb = tensor.empty() : tensor<16x8xf32>
  %b = linalg.fill ins(%c2 : f32) outs(%eb : tensor<16x8xf32>) -> tensor<16x8xf32>
  %r = call @compute(%a, %b) : (tensor<8x16xf32>, tensor<16x8xf32>) -> tensor<8x8xf32>
  %u = tensor.cast %r : tensor<8x8xf32> to tensor<*xf32>
  call @printMemrefF32(%u) : (tensor<*xf32>) -> ()
  return
}
