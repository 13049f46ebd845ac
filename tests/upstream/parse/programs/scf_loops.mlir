// source: written in the style of mlir/test/Dialect/SCF/one-shot-bufferize.mlir (scf.for iter_args, scf.if, extract/insert_slice)
func.func @loop(%t: tensor<16xf32>, %lb: index, %ub: index) -> tensor<16xf32> {
  %c4 = arith.constant 4 : index
  %cst = arith.constant 1.0 : f32
  %r = scf.for %i = %lb to %ub step %c4 iter_args(%acc = %t) -> (tensor<16xf32>) {
    %s = tensor.extract_slice %acc[%i] [4] [1] : tensor<16xf32> to tensor<4xf32>
    %e = tensor.empty() : tensor<4xf32>
    %f = linalg.fill ins(%cst : f32) outs(%e : tensor<4xf32>) -> tensor<4xf32>
    %a = linalg.add ins(%s, %f : tensor<4xf32>, tensor<4xf32>) outs(%s : tensor<4xf32>) -> tensor<4xf32>
    %n = tensor.insert_slice %a into %acc[%i] [4] [1] : tensor<4xf32> into tensor<16xf32>
    scf.yield %n : tensor<16xf32>
  }
  return %r : tensor<16xf32>
}
func.func @branch(%c: i1, %t: tensor<8xf32>, %v: f32) -> (tensor<8xf32>, f32) {
  %c0 = arith.constant 0 : index
  %r = scf.if %c -> (tensor<8xf32>) {
    %n = tensor.insert %v into %t[%c0] : tensor<8xf32>
    scf.yield %n : tensor<8xf32>
  } else {
    %e = tensor.empty() : tensor<8xf32>
    %f = linalg.fill ins(%v : f32) outs(%e : tensor<8xf32>) -> tensor<8xf32>
    scf.yield %f : tensor<8xf32>
  }
  %x = tensor.extract %r[%c0] : tensor<8xf32>
  %w = scf.while (%arg = %x) : (f32) -> f32 {
    %cond = arith.cmpf olt, %arg, %v : f32
    scf.condition(%cond) %arg : f32
  } do {
  ^bb0(%a: f32):
    %b = arith.addf %a, %a : f32
    scf.yield %b : f32
  }
  return %r, %w : tensor<8xf32>, f32
}
