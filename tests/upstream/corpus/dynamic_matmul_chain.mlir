// source: written for memir (issue 53, dynamic shapes): an MLP's matmul chain over a dynamic number of rows, run at 1, 5 and 16 rows
func.func private @printMemrefF32(%ptr : tensor<*xf32>)

// A rows x cols matrix of small values that depend on the position: ((a*i + 3*j + 1) mod 7 - 3) / 4
// (returned: its caller owns it).
func.func @pattern(%rows: index, %cols: index, %a: index) -> tensor<?x?xf32> {
  %e = tensor.empty(%rows, %cols) : tensor<?x?xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>], iterator_types = ["parallel", "parallel"]} outs(%e : tensor<?x?xf32>) {
  ^bb0(%o: f32):
    %i = linalg.index 0 : index
    %j = linalg.index 1 : index
    %c1 = arith.constant 1 : index
    %c3 = arith.constant 3 : index
    %c7 = arith.constant 7 : index
    %ai = arith.muli %i, %a : index
    %j3 = arith.muli %j, %c3 : index
    %s = arith.addi %ai, %j3 : index
    %s1 = arith.addi %s, %c1 : index
    %v = arith.remui %s1, %c7 : index
    %vi = arith.index_cast %v : index to i64
    %vf = arith.sitofp %vi : i64 to f32
    %three = arith.constant 3.0 : f32
    %quarter = arith.constant 0.25 : f32
    %d = arith.subf %vf, %three : f32
    %y = arith.mulf %d, %quarter : f32
    linalg.yield %y : f32
  } -> tensor<?x?xf32>
  return %r : tensor<?x?xf32>
}

// The kernel: every temporary has n rows, n read from the input with tensor.dim.
func.func @mlp(%x: tensor<?x16xf32>, %w1: tensor<16x32xf32>, %w2: tensor<32x32xf32>, %w3: tensor<32x8xf32>) -> tensor<?x8xf32> {
  %c0 = arith.constant 0 : index
  %zero = arith.constant 0.0 : f32
  %n = tensor.dim %x, %c0 : tensor<?x16xf32>
  %e1 = tensor.empty(%n) : tensor<?x32xf32>
  %z1 = linalg.fill ins(%zero : f32) outs(%e1 : tensor<?x32xf32>) -> tensor<?x32xf32>
  %h1 = linalg.matmul ins(%x, %w1 : tensor<?x16xf32>, tensor<16x32xf32>) outs(%z1 : tensor<?x32xf32>) -> tensor<?x32xf32>
  %r1 = tensor.empty(%n) : tensor<?x32xf32>
  %a1 = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>], iterator_types = ["parallel", "parallel"]} ins(%h1 : tensor<?x32xf32>) outs(%r1 : tensor<?x32xf32>) {
  ^bb0(%in: f32, %out: f32):
    %y = arith.maximumf %in, %zero : f32
    linalg.yield %y : f32
  } -> tensor<?x32xf32>
  %e2 = tensor.empty(%n) : tensor<?x32xf32>
  %z2 = linalg.fill ins(%zero : f32) outs(%e2 : tensor<?x32xf32>) -> tensor<?x32xf32>
  %h2 = linalg.matmul ins(%a1, %w2 : tensor<?x32xf32>, tensor<32x32xf32>) outs(%z2 : tensor<?x32xf32>) -> tensor<?x32xf32>
  %e3 = tensor.empty(%n) : tensor<?x32xf32>
  %s = linalg.add ins(%h2, %h1 : tensor<?x32xf32>, tensor<?x32xf32>) outs(%e3 : tensor<?x32xf32>) -> tensor<?x32xf32>
  %r2 = tensor.empty(%n) : tensor<?x32xf32>
  %a2 = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>], iterator_types = ["parallel", "parallel"]} ins(%s : tensor<?x32xf32>) outs(%r2 : tensor<?x32xf32>) {
  ^bb0(%in: f32, %out: f32):
    %y = arith.maximumf %in, %zero : f32
    linalg.yield %y : f32
  } -> tensor<?x32xf32>
  %e4 = tensor.empty(%n) : tensor<?x8xf32>
  %z4 = linalg.fill ins(%zero : f32) outs(%e4 : tensor<?x8xf32>) -> tensor<?x8xf32>
  %y = linalg.matmul ins(%a2, %w3 : tensor<?x32xf32>, tensor<32x8xf32>) outs(%z4 : tensor<?x8xf32>) -> tensor<?x8xf32>
  return %y : tensor<?x8xf32>
}

func.func @run(%n: index, %w1: tensor<16x32xf32>, %w2: tensor<32x32xf32>, %w3: tensor<32x8xf32>) {
  %c16 = arith.constant 16 : index
  %c5 = arith.constant 5 : index
  %p = call @pattern(%n, %c16, %c5) : (index, index, index) -> tensor<?x?xf32>
  %x = tensor.cast %p : tensor<?x?xf32> to tensor<?x16xf32>
  %y = call @mlp(%x, %w1, %w2, %w3) : (tensor<?x16xf32>, tensor<16x32xf32>, tensor<32x32xf32>, tensor<32x8xf32>) -> tensor<?x8xf32>
  %u = tensor.cast %y : tensor<?x8xf32> to tensor<*xf32>
  call @printMemrefF32(%u) : (tensor<*xf32>) -> ()
  return
}

func.func @main() {
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  %c5 = arith.constant 5 : index
  %c8 = arith.constant 8 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %p1 = call @pattern(%c16, %c32, %c2) : (index, index, index) -> tensor<?x?xf32>
  %w1 = tensor.cast %p1 : tensor<?x?xf32> to tensor<16x32xf32>
  %p2 = call @pattern(%c32, %c32, %c4) : (index, index, index) -> tensor<?x?xf32>
  %w2 = tensor.cast %p2 : tensor<?x?xf32> to tensor<32x32xf32>
  %p3 = call @pattern(%c32, %c8, %c1) : (index, index, index) -> tensor<?x?xf32>
  %w3 = tensor.cast %p3 : tensor<?x?xf32> to tensor<32x8xf32>
  call @run(%c1, %w1, %w2, %w3) : (index, tensor<16x32xf32>, tensor<32x32xf32>, tensor<32x8xf32>) -> ()
  call @run(%c5, %w1, %w2, %w3) : (index, tensor<16x32xf32>, tensor<32x32xf32>, tensor<32x8xf32>) -> ()
  call @run(%c16, %w1, %w2, %w3) : (index, tensor<16x32xf32>, tensor<32x32xf32>, tensor<32x8xf32>) -> ()
  return
}
