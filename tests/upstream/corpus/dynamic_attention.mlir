// source: written for memir (issue 53, dynamic shapes): a single-head attention block over a dynamic sequence length (scores and probabilities n x n, softmax by rows), run at 1, 5 and 16 tokens
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

// The kernel: n tokens of width 8; the n x n scores and their softmax are the big temporaries.
func.func @attention(%x: tensor<?x8xf32>, %wq: tensor<8x8xf32>, %wk: tensor<8x8xf32>, %wv: tensor<8x8xf32>, %wo: tensor<8x8xf32>) -> tensor<?x8xf32> {
  %c0 = arith.constant 0 : index
  %zero = arith.constant 0.0 : f32
  %lowest = arith.constant -3.0e38 : f32
  %scale = arith.constant 0.35355339 : f32
  %n = tensor.dim %x, %c0 : tensor<?x8xf32>
  %e_q = tensor.empty(%n) : tensor<?x8xf32>
  %z_q = linalg.fill ins(%zero : f32) outs(%e_q : tensor<?x8xf32>) -> tensor<?x8xf32>
  %q = linalg.matmul ins(%x, %wq : tensor<?x8xf32>, tensor<8x8xf32>) outs(%z_q : tensor<?x8xf32>) -> tensor<?x8xf32>
  %e_k = tensor.empty(%n) : tensor<?x8xf32>
  %z_k = linalg.fill ins(%zero : f32) outs(%e_k : tensor<?x8xf32>) -> tensor<?x8xf32>
  %k = linalg.matmul ins(%x, %wk : tensor<?x8xf32>, tensor<8x8xf32>) outs(%z_k : tensor<?x8xf32>) -> tensor<?x8xf32>
  %e_v = tensor.empty(%n) : tensor<?x8xf32>
  %z_v = linalg.fill ins(%zero : f32) outs(%e_v : tensor<?x8xf32>) -> tensor<?x8xf32>
  %v = linalg.matmul ins(%x, %wv : tensor<?x8xf32>, tensor<8x8xf32>) outs(%z_v : tensor<?x8xf32>) -> tensor<?x8xf32>
  %e_kt = tensor.empty(%n) : tensor<8x?xf32>
  %kt = linalg.transpose ins(%k : tensor<?x8xf32>) outs(%e_kt : tensor<8x?xf32>) permutation = [1, 0]
  %e_scores = tensor.empty(%n, %n) : tensor<?x?xf32>
  %z_scores = linalg.fill ins(%zero : f32) outs(%e_scores : tensor<?x?xf32>) -> tensor<?x?xf32>
  %scores = linalg.matmul ins(%q, %kt : tensor<?x8xf32>, tensor<8x?xf32>) outs(%z_scores : tensor<?x?xf32>) -> tensor<?x?xf32>
  %e_max = tensor.empty(%n) : tensor<?xf32>
  %z_max = linalg.fill ins(%lowest : f32) outs(%e_max : tensor<?xf32>) -> tensor<?xf32>
  %rowmax = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i)>], iterator_types = ["parallel", "reduction"]} ins(%scores : tensor<?x?xf32>) outs(%z_max : tensor<?xf32>) {
  ^bb0(%in: f32, %acc: f32):
    %m = arith.maximumf %in, %acc : f32
    linalg.yield %m : f32
  } -> tensor<?xf32>
  %e_exp = tensor.empty(%n, %n) : tensor<?x?xf32>
  %exp = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i)>, affine_map<(i, j) -> (i, j)>], iterator_types = ["parallel", "parallel"]} ins(%scores, %rowmax : tensor<?x?xf32>, tensor<?xf32>) outs(%e_exp : tensor<?x?xf32>) {
  ^bb0(%s: f32, %m: f32, %out: f32):
    %d = arith.subf %s, %m : f32
    %ds = arith.mulf %d, %scale : f32
    %p = math.exp %ds : f32
    linalg.yield %p : f32
  } -> tensor<?x?xf32>
  %e_sum = tensor.empty(%n) : tensor<?xf32>
  %z_sum = linalg.fill ins(%zero : f32) outs(%e_sum : tensor<?xf32>) -> tensor<?xf32>
  %rowsum = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i)>], iterator_types = ["parallel", "reduction"]} ins(%exp : tensor<?x?xf32>) outs(%z_sum : tensor<?xf32>) {
  ^bb0(%in: f32, %acc: f32):
    %a = arith.addf %in, %acc : f32
    linalg.yield %a : f32
  } -> tensor<?xf32>
  %e_probs = tensor.empty(%n, %n) : tensor<?x?xf32>
  %probs = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i)>, affine_map<(i, j) -> (i, j)>], iterator_types = ["parallel", "parallel"]} ins(%exp, %rowsum : tensor<?x?xf32>, tensor<?xf32>) outs(%e_probs : tensor<?x?xf32>) {
  ^bb0(%p: f32, %s: f32, %out: f32):
    %pr = arith.divf %p, %s : f32
    linalg.yield %pr : f32
  } -> tensor<?x?xf32>
  %e_ctx = tensor.empty(%n) : tensor<?x8xf32>
  %z_ctx = linalg.fill ins(%zero : f32) outs(%e_ctx : tensor<?x8xf32>) -> tensor<?x8xf32>
  %ctx = linalg.matmul ins(%probs, %v : tensor<?x?xf32>, tensor<?x8xf32>) outs(%z_ctx : tensor<?x8xf32>) -> tensor<?x8xf32>
  %e_proj = tensor.empty(%n) : tensor<?x8xf32>
  %z_proj = linalg.fill ins(%zero : f32) outs(%e_proj : tensor<?x8xf32>) -> tensor<?x8xf32>
  %proj = linalg.matmul ins(%ctx, %wo : tensor<?x8xf32>, tensor<8x8xf32>) outs(%z_proj : tensor<?x8xf32>) -> tensor<?x8xf32>
  %e_y = tensor.empty(%n) : tensor<?x8xf32>
  %y = linalg.add ins(%proj, %x : tensor<?x8xf32>, tensor<?x8xf32>) outs(%e_y : tensor<?x8xf32>) -> tensor<?x8xf32>
  return %y : tensor<?x8xf32>
}

func.func @weight(%a: index) -> tensor<8x8xf32> {
  %c8 = arith.constant 8 : index
  %p = call @pattern(%c8, %c8, %a) : (index, index, index) -> tensor<?x?xf32>
  %w = tensor.cast %p : tensor<?x?xf32> to tensor<8x8xf32>
  return %w : tensor<8x8xf32>
}

func.func @run(%n: index, %wq: tensor<8x8xf32>, %wk: tensor<8x8xf32>, %wv: tensor<8x8xf32>, %wo: tensor<8x8xf32>) {
  %c8 = arith.constant 8 : index
  %c5 = arith.constant 5 : index
  %p = call @pattern(%n, %c8, %c5) : (index, index, index) -> tensor<?x?xf32>
  %x = tensor.cast %p : tensor<?x?xf32> to tensor<?x8xf32>
  %y = call @attention(%x, %wq, %wk, %wv, %wo) : (tensor<?x8xf32>, tensor<8x8xf32>, tensor<8x8xf32>, tensor<8x8xf32>, tensor<8x8xf32>) -> tensor<?x8xf32>
  %u = tensor.cast %y : tensor<?x8xf32> to tensor<*xf32>
  call @printMemrefF32(%u) : (tensor<*xf32>) -> ()
  return
}

func.func @main() {
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %c5 = arith.constant 5 : index
  %c16 = arith.constant 16 : index
  %wq = call @weight(%c1) : (index) -> tensor<8x8xf32>
  %wk = call @weight(%c2) : (index) -> tensor<8x8xf32>
  %wv = call @weight(%c3) : (index) -> tensor<8x8xf32>
  %wo = call @weight(%c4) : (index) -> tensor<8x8xf32>
  call @run(%c1, %wq, %wk, %wv, %wo) : (index, tensor<8x8xf32>, tensor<8x8xf32>, tensor<8x8xf32>, tensor<8x8xf32>) -> ()
  call @run(%c5, %wq, %wk, %wv, %wo) : (index, tensor<8x8xf32>, tensor<8x8xf32>, tensor<8x8xf32>, tensor<8x8xf32>) -> ()
  call @run(%c16, %wq, %wk, %wv, %wo) : (index, tensor<8x8xf32>, tensor<8x8xf32>, tensor<8x8xf32>, tensor<8x8xf32>) -> ()
  return
}
