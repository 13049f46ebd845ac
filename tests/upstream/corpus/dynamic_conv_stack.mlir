// source: written for memir (issue 53, dynamic shapes): two 3x3 convolutions with ReLU and a global average pool over a dynamic batch, run at batch 1, 5 and 16
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

// The kernel: a batch of n 2-channel 8x8 images; every activation has n images.
func.func @convs(%x: tensor<?x2x8x8xf32>, %w1: tensor<4x2x3x3xf32>, %w2: tensor<4x4x3x3xf32>) -> tensor<?x4xf32> {
  %c0 = arith.constant 0 : index
  %zero = arith.constant 0.0 : f32
  %sixteenth = arith.constant 0.0625 : f32
  %n = tensor.dim %x, %c0 : tensor<?x2x8x8xf32>
  %e_c1 = tensor.empty(%n) : tensor<?x4x6x6xf32>
  %z_c1 = linalg.fill ins(%zero : f32) outs(%e_c1 : tensor<?x4x6x6xf32>) -> tensor<?x4x6x6xf32>
  %c1 = linalg.conv_2d_nchw_fchw {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>} ins(%x, %w1 : tensor<?x2x8x8xf32>, tensor<4x2x3x3xf32>) outs(%z_c1 : tensor<?x4x6x6xf32>) -> tensor<?x4x6x6xf32>
  %e_r1 = tensor.empty(%n) : tensor<?x4x6x6xf32>
  %r1 = linalg.generic {indexing_maps = [affine_map<(n, c, h, w) -> (n, c, h, w)>, affine_map<(n, c, h, w) -> (n, c, h, w)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%c1 : tensor<?x4x6x6xf32>) outs(%e_r1 : tensor<?x4x6x6xf32>) {
  ^bb0(%in: f32, %out: f32):
    %m = arith.maximumf %in, %zero : f32
    linalg.yield %m : f32
  } -> tensor<?x4x6x6xf32>
  %e_c2 = tensor.empty(%n) : tensor<?x4x4x4xf32>
  %z_c2 = linalg.fill ins(%zero : f32) outs(%e_c2 : tensor<?x4x4x4xf32>) -> tensor<?x4x4x4xf32>
  %c2 = linalg.conv_2d_nchw_fchw {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>} ins(%r1, %w2 : tensor<?x4x6x6xf32>, tensor<4x4x3x3xf32>) outs(%z_c2 : tensor<?x4x4x4xf32>) -> tensor<?x4x4x4xf32>
  %e_r2 = tensor.empty(%n) : tensor<?x4x4x4xf32>
  %r2 = linalg.generic {indexing_maps = [affine_map<(n, c, h, w) -> (n, c, h, w)>, affine_map<(n, c, h, w) -> (n, c, h, w)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%c2 : tensor<?x4x4x4xf32>) outs(%e_r2 : tensor<?x4x4x4xf32>) {
  ^bb0(%in: f32, %out: f32):
    %m = arith.maximumf %in, %zero : f32
    linalg.yield %m : f32
  } -> tensor<?x4x4x4xf32>
  %e_sum = tensor.empty(%n) : tensor<?x4xf32>
  %z_sum = linalg.fill ins(%zero : f32) outs(%e_sum : tensor<?x4xf32>) -> tensor<?x4xf32>
  %sum = linalg.generic {indexing_maps = [affine_map<(n, c, h, w) -> (n, c, h, w)>, affine_map<(n, c, h, w) -> (n, c)>], iterator_types = ["parallel", "parallel", "reduction", "reduction"]} ins(%r2 : tensor<?x4x4x4xf32>) outs(%z_sum : tensor<?x4xf32>) {
  ^bb0(%in: f32, %acc: f32):
    %a = arith.addf %in, %acc : f32
    linalg.yield %a : f32
  } -> tensor<?x4xf32>
  %e_y = tensor.empty(%n) : tensor<?x4xf32>
  %y = linalg.generic {indexing_maps = [affine_map<(n, c) -> (n, c)>, affine_map<(n, c) -> (n, c)>], iterator_types = ["parallel", "parallel"]} ins(%sum : tensor<?x4xf32>) outs(%e_y : tensor<?x4xf32>) {
  ^bb0(%in: f32, %out: f32):
    %a = arith.mulf %in, %sixteenth : f32
    linalg.yield %a : f32
  } -> tensor<?x4xf32>
  return %y : tensor<?x4xf32>
}

func.func @run(%n: index, %w1: tensor<4x2x3x3xf32>, %w2: tensor<4x4x3x3xf32>) {
  %c128 = arith.constant 128 : index
  %c5 = arith.constant 5 : index
  %p = call @pattern(%n, %c128, %c5) : (index, index, index) -> tensor<?x?xf32>
  %flat = tensor.cast %p : tensor<?x?xf32> to tensor<?x128xf32>
  %x = tensor.expand_shape %flat [[0], [1, 2, 3]] output_shape [%n, 2, 8, 8] : tensor<?x128xf32> into tensor<?x2x8x8xf32>
  %y = call @convs(%x, %w1, %w2) : (tensor<?x2x8x8xf32>, tensor<4x2x3x3xf32>, tensor<4x4x3x3xf32>) -> tensor<?x4xf32>
  %u = tensor.cast %y : tensor<?x4xf32> to tensor<*xf32>
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
  %c18 = arith.constant 18 : index
  %c36 = arith.constant 36 : index
  %p1 = call @pattern(%c4, %c18, %c2) : (index, index, index) -> tensor<?x?xf32>
  %f1 = tensor.cast %p1 : tensor<?x?xf32> to tensor<4x18xf32>
  %w1 = tensor.expand_shape %f1 [[0], [1, 2, 3]] output_shape [4, 2, 3, 3] : tensor<4x18xf32> into tensor<4x2x3x3xf32>
  %p2 = call @pattern(%c4, %c36, %c3) : (index, index, index) -> tensor<?x?xf32>
  %f2 = tensor.cast %p2 : tensor<?x?xf32> to tensor<4x36xf32>
  %w2 = tensor.expand_shape %f2 [[0], [1, 2, 3]] output_shape [4, 4, 3, 3] : tensor<4x36xf32> into tensor<4x4x3x3xf32>
  call @run(%c1, %w1, %w2) : (index, tensor<4x2x3x3xf32>, tensor<4x4x3x3xf32>) -> ()
  call @run(%c5, %w1, %w2) : (index, tensor<4x2x3x3xf32>, tensor<4x4x3x3xf32>) -> ()
  call @run(%c16, %w1, %w2) : (index, tensor<4x2x3x3xf32>, tensor<4x4x3x3xf32>) -> ()
  return
}
