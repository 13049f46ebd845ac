// source: written in the style of mlir/test/Integration/Dialect/Linalg/CPU (matvec, elementwise, transpose, broadcast, reduce)
#id = affine_map<(d0) -> (d0)>
func.func @mv(%A: tensor<6x5xf32>, %x: tensor<5xf32>, %y: tensor<6xf32>) -> tensor<6xf32> {
  %cst = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<6xf32>
  %f = linalg.fill ins(%cst : f32) outs(%e : tensor<6xf32>) -> tensor<6xf32>
  %r = linalg.matvec ins(%A, %x : tensor<6x5xf32>, tensor<5xf32>) outs(%f : tensor<6xf32>) -> tensor<6xf32>
  %s = linalg.elementwise kind=#linalg.elementwise_kind<add> ins(%r, %y : tensor<6xf32>, tensor<6xf32>) outs(%e : tensor<6xf32>) -> tensor<6xf32>
  %ex = linalg.exp ins(%s : tensor<6xf32>) outs(%e : tensor<6xf32>) -> tensor<6xf32>
  %m = linalg.max ins(%ex, %s : tensor<6xf32>, tensor<6xf32>) outs(%e : tensor<6xf32>) -> tensor<6xf32>
  return %m : tensor<6xf32>
}
func.func @tb(%A: tensor<6x5xf32>, %v: tensor<5xf32>) -> (tensor<5x6xf32>, tensor<5xf32>) {
  %e = tensor.empty() : tensor<5x6xf32>
  %t = linalg.transpose ins(%A : tensor<6x5xf32>) outs(%e : tensor<5x6xf32>) permutation = [1, 0]
  %b = linalg.broadcast ins(%v : tensor<5xf32>) outs(%e : tensor<5x6xf32>) dimensions = [1]
  %e1 = tensor.empty() : tensor<5xf32>
  %cst = arith.constant 0.0 : f32
  %f = linalg.fill ins(%cst : f32) outs(%e1 : tensor<5xf32>) -> tensor<5xf32>
  %red = linalg.reduce ins(%b : tensor<5x6xf32>) outs(%f : tensor<5xf32>) dimensions = [1]
    (%in: f32, %acc: f32) {
      %0 = arith.addf %in, %acc : f32
      linalg.yield %0 : f32
    }
  %g = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]} ins(%red : tensor<5xf32>) outs(%e1 : tensor<5xf32>) {
  ^bb0(%in: f32, %out: f32):
    %0 = math.tanh %in : f32
    %1 = arith.mulf %0, %0 fastmath<fast> : f32
    linalg.yield %1 : f32
  } -> tensor<5xf32>
  return %t, %g : tensor<5x6xf32>, tensor<5xf32>
}
