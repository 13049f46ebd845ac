// source: modelled on llvm/llvm-project mlir/test/Dialect/SCF/one-shot-bufferize.mlir (scf.if yielding tensors, in-place and out-of-place branches, given a main)
func.func private @printMemrefF32(%ptr : tensor<*xf32>)

func.func @scf_if(%cond: i1, %t: tensor<2x3xf32>) -> tensor<2x3xf32> {
  %e = tensor.empty() : tensor<2x3xf32>
  %r = scf.if %cond -> (tensor<2x3xf32>) {
    %a = linalg.add ins(%t, %t : tensor<2x3xf32>, tensor<2x3xf32>) outs(%e : tensor<2x3xf32>) -> tensor<2x3xf32>
    scf.yield %a : tensor<2x3xf32>
  } else {
    %f = arith.constant 7.0 : f32
    %c0 = arith.constant 0 : index
    %i = tensor.insert %f into %t[%c0, %c0] : tensor<2x3xf32>
    scf.yield %i : tensor<2x3xf32>
  }
  %s = linalg.mul ins(%r, %t : tensor<2x3xf32>, tensor<2x3xf32>) outs(%e : tensor<2x3xf32>) -> tensor<2x3xf32>
  return %s : tensor<2x3xf32>
}

func.func @main() {
  %true = arith.constant true
  %false = arith.constant false
  %t = arith.constant dense<[[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]]> : tensor<2x3xf32>
  %a = call @scf_if(%true, %t) : (i1, tensor<2x3xf32>) -> tensor<2x3xf32>
  %b = call @scf_if(%false, %t) : (i1, tensor<2x3xf32>) -> tensor<2x3xf32>
  %u0 = tensor.cast %a : tensor<2x3xf32> to tensor<*xf32>
  call @printMemrefF32(%u0) : (tensor<*xf32>) -> ()
  %u1 = tensor.cast %b : tensor<2x3xf32> to tensor<*xf32>
  call @printMemrefF32(%u1) : (tensor<*xf32>) -> ()
  return
}
