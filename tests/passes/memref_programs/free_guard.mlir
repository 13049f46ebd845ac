// source: written for memir's tests: an scf.if yields a temporary or the argument; the pipeline's free of the result may meet planned memory
func.func private @printMemrefF32(tensor<*xf32>)

func.func @pick(%x: tensor<64xf32>, %c: i1) -> tensor<64xf32> {
  %e = tensor.empty() : tensor<64xf32>
  %a = linalg.add ins(%x, %x : tensor<64xf32>, tensor<64xf32>) outs(%e : tensor<64xf32>) -> tensor<64xf32>
  %r = scf.if %c -> tensor<64xf32> {
    %e2 = tensor.empty() : tensor<64xf32>
    %b = linalg.mul ins(%a, %a : tensor<64xf32>, tensor<64xf32>) outs(%e2 : tensor<64xf32>) -> tensor<64xf32>
    scf.yield %b : tensor<64xf32>
  } else {
    scf.yield %x : tensor<64xf32>
  }
  %e3 = tensor.empty() : tensor<64xf32>
  %s = linalg.sub ins(%r, %a : tensor<64xf32>, tensor<64xf32>) outs(%e3 : tensor<64xf32>) -> tensor<64xf32>
  return %s : tensor<64xf32>
}

func.func @main() {
  %true = arith.constant true
  %false = arith.constant false
  %v = arith.constant 0.75 : f32
  %e = tensor.empty() : tensor<64xf32>
  %x = linalg.fill ins(%v : f32) outs(%e : tensor<64xf32>) -> tensor<64xf32>
  %r1 = call @pick(%x, %true) : (tensor<64xf32>, i1) -> tensor<64xf32>
  %r2 = call @pick(%r1, %false) : (tensor<64xf32>, i1) -> tensor<64xf32>
  %u = tensor.cast %r2 : tensor<64xf32> to tensor<*xf32>
  call @printMemrefF32(%u) : (tensor<*xf32>) -> ()
  return
}
