// source: modelled on llvm/llvm-project mlir/test/Dialect/SCF/one-shot-bufferize.mlir (scf.for with tensor iter_args and an extract_slice/insert_slice body, given a main)
func.func private @printMemrefF32(%ptr : tensor<*xf32>)

func.func @scf_for_accumulate(%A: tensor<8xf32>, %B: tensor<8xf32>) -> (tensor<8xf32>, tensor<8xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c8 = arith.constant 8 : index
  %r0:2 = scf.for %i = %c0 to %c8 step %c2 iter_args(%tA = %A, %tB = %B) -> (tensor<8xf32>, tensor<8xf32>) {
    %sa = tensor.extract_slice %tA[%i] [2] [1] : tensor<8xf32> to tensor<2xf32>
    %sb = tensor.extract_slice %tB[%i] [2] [1] : tensor<8xf32> to tensor<2xf32>
    %e = tensor.empty() : tensor<2xf32>
    %sum = linalg.add ins(%sa, %sb : tensor<2xf32>, tensor<2xf32>) outs(%e : tensor<2xf32>) -> tensor<2xf32>
    %prod = linalg.mul ins(%sa, %sb : tensor<2xf32>, tensor<2xf32>) outs(%e : tensor<2xf32>) -> tensor<2xf32>
    %nA = tensor.insert_slice %sum into %tA[%i] [2] [1] : tensor<2xf32> into tensor<8xf32>
    %nB = tensor.insert_slice %prod into %tB[%i] [2] [1] : tensor<2xf32> into tensor<8xf32>
    scf.yield %nA, %nB : tensor<8xf32>, tensor<8xf32>
  }
  %r1 = scf.for %i = %c0 to %c8 step %c1 iter_args(%t = %r0#0) -> (tensor<8xf32>) {
    %x = tensor.extract %r0#1[%i] : tensor<8xf32>
    %y = tensor.extract %t[%i] : tensor<8xf32>
    %z = arith.subf %y, %x : f32
    %n = tensor.insert %z into %t[%i] : tensor<8xf32>
    scf.yield %n : tensor<8xf32>
  }
  return %r1, %r0#1 : tensor<8xf32>, tensor<8xf32>
}

func.func @main() {
  %A = arith.constant dense<[1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0]> : tensor<8xf32>
  %B = arith.constant dense<[0.5, 1.5, 2.5, 3.5, -1.0, -2.0, -3.0, -4.0]> : tensor<8xf32>
  %r:2 = call @scf_for_accumulate(%A, %B) : (tensor<8xf32>, tensor<8xf32>) -> (tensor<8xf32>, tensor<8xf32>)
  %u0 = tensor.cast %r#0 : tensor<8xf32> to tensor<*xf32>
  call @printMemrefF32(%u0) : (tensor<*xf32>) -> ()
  %u1 = tensor.cast %r#1 : tensor<8xf32> to tensor<*xf32>
  call @printMemrefF32(%u1) : (tensor<*xf32>) -> ()
  return
}
