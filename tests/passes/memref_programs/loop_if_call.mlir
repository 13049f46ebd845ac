// source: written for memir's tests: an scf.for whose body calls a function and yields from an scf.if (bufferize with allow-return-allocs-from-loops)
func.func private @printMemrefF32(tensor<*xf32>)

func.func @step(%x: tensor<16xf32>, %w: tensor<16xf32>) -> tensor<16xf32> {
  %e = tensor.empty() : tensor<16xf32>
  %m = linalg.mul ins(%x, %w : tensor<16xf32>, tensor<16xf32>) outs(%e : tensor<16xf32>) -> tensor<16xf32>
  %e2 = tensor.empty() : tensor<16xf32>
  %a = linalg.add ins(%m, %x : tensor<16xf32>, tensor<16xf32>) outs(%e2 : tensor<16xf32>) -> tensor<16xf32>
  return %a : tensor<16xf32>
}

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %one = arith.constant 1.0 : f32
  %half = arith.constant 0.5 : f32
  %e = tensor.empty() : tensor<16xf32>
  %x0 = linalg.fill ins(%one : f32) outs(%e : tensor<16xf32>) -> tensor<16xf32>
  %ew = tensor.empty() : tensor<16xf32>
  %w = linalg.fill ins(%half : f32) outs(%ew : tensor<16xf32>) -> tensor<16xf32>
  %r = scf.for %i = %c0 to %c4 step %c1 iter_args(%acc = %x0) -> (tensor<16xf32>) {
    %t = tensor.empty() : tensor<16xf32>
    %sq = linalg.mul ins(%acc, %acc : tensor<16xf32>, tensor<16xf32>) outs(%t : tensor<16xf32>) -> tensor<16xf32>
    %t2 = tensor.empty() : tensor<16xf32>
    %s = linalg.sub ins(%sq, %w : tensor<16xf32>, tensor<16xf32>) outs(%t2 : tensor<16xf32>) -> tensor<16xf32>
    %n = func.call @step(%s, %w) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
    %cmp = arith.cmpi eq, %i, %c1 : index
    %y = scf.if %cmp -> (tensor<16xf32>) {
      %t3 = tensor.empty() : tensor<16xf32>
      %z = linalg.add ins(%n, %n : tensor<16xf32>, tensor<16xf32>) outs(%t3 : tensor<16xf32>) -> tensor<16xf32>
      scf.yield %z : tensor<16xf32>
    } else {
      scf.yield %n : tensor<16xf32>
    }
    %t4 = tensor.empty() : tensor<16xf32>
    %sc = linalg.mul ins(%y, %w : tensor<16xf32>, tensor<16xf32>) outs(%t4 : tensor<16xf32>) -> tensor<16xf32>
    scf.yield %sc : tensor<16xf32>
  }
  %e5 = tensor.empty() : tensor<4x4xf32>
  %ex = tensor.expand_shape %r [[0, 1]] output_shape [4, 4] : tensor<16xf32> into tensor<4x4xf32>
  %tr = linalg.transpose ins(%ex : tensor<4x4xf32>) outs(%e5 : tensor<4x4xf32>) permutation = [1, 0]
  %u = tensor.cast %r : tensor<16xf32> to tensor<*xf32>
  call @printMemrefF32(%u) : (tensor<*xf32>) -> ()
  %u2 = tensor.cast %tr : tensor<4x4xf32> to tensor<*xf32>
  call @printMemrefF32(%u2) : (tensor<*xf32>) -> ()
  return
}
