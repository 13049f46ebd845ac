// source: written for memir, modelled on the ResNet bottleneck block split into functions as model code writes it (conv, batchnorm, relu and the residual add each a callee returning a fresh tensor)
func.func private @printMemrefF32(%ptr : tensor<*xf32>)

func.func private @conv1x1_in(%x: tensor<1x16x8x8xf32>, %w: tensor<4x16x1x1xf32>) -> tensor<1x4x8x8xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<1x4x8x8xf32>
  %z = linalg.fill ins(%zero : f32) outs(%e : tensor<1x4x8x8xf32>) -> tensor<1x4x8x8xf32>
  %r = linalg.conv_2d_nchw_fchw {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>} ins(%x, %w : tensor<1x16x8x8xf32>, tensor<4x16x1x1xf32>) outs(%z : tensor<1x4x8x8xf32>) -> tensor<1x4x8x8xf32>
  return %r : tensor<1x4x8x8xf32>
}

func.func private @conv3x3(%x: tensor<1x4x8x8xf32>, %w: tensor<4x4x3x3xf32>) -> tensor<1x4x8x8xf32> {
  %zero = arith.constant 0.0 : f32
  %p = tensor.pad %x low[0, 0, 1, 1] high[0, 0, 1, 1] {
  ^bb0(%i: index, %j: index, %k: index, %l: index):
    tensor.yield %zero : f32
  } : tensor<1x4x8x8xf32> to tensor<1x4x10x10xf32>
  %e = tensor.empty() : tensor<1x4x8x8xf32>
  %z = linalg.fill ins(%zero : f32) outs(%e : tensor<1x4x8x8xf32>) -> tensor<1x4x8x8xf32>
  %r = linalg.conv_2d_nchw_fchw {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>} ins(%p, %w : tensor<1x4x10x10xf32>, tensor<4x4x3x3xf32>) outs(%z : tensor<1x4x8x8xf32>) -> tensor<1x4x8x8xf32>
  return %r : tensor<1x4x8x8xf32>
}

func.func private @conv1x1_out(%x: tensor<1x4x8x8xf32>, %w: tensor<16x4x1x1xf32>) -> tensor<1x16x8x8xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<1x16x8x8xf32>
  %z = linalg.fill ins(%zero : f32) outs(%e : tensor<1x16x8x8xf32>) -> tensor<1x16x8x8xf32>
  %r = linalg.conv_2d_nchw_fchw {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>} ins(%x, %w : tensor<1x4x8x8xf32>, tensor<16x4x1x1xf32>) outs(%z : tensor<1x16x8x8xf32>) -> tensor<1x16x8x8xf32>
  return %r : tensor<1x16x8x8xf32>
}

func.func private @bn_relu_mid(%x: tensor<1x4x8x8xf32>) -> tensor<1x4x8x8xf32> {
  %scale = arith.constant 0.5 : f32
  %shift = arith.constant 0.125 : f32
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<1x4x8x8xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(n, c, h, w) -> (n, c, h, w)>, affine_map<(n, c, h, w) -> (n, c, h, w)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%x : tensor<1x4x8x8xf32>) outs(%e : tensor<1x4x8x8xf32>) {
  ^bb0(%a: f32, %b: f32):
    %m = arith.mulf %a, %scale : f32
    %s = arith.addf %m, %shift : f32
    %y = arith.maximumf %s, %zero : f32
    linalg.yield %y : f32
  } -> tensor<1x4x8x8xf32>
  return %r : tensor<1x4x8x8xf32>
}

func.func private @bn_out(%x: tensor<1x16x8x8xf32>) -> tensor<1x16x8x8xf32> {
  %scale = arith.constant 0.5 : f32
  %shift = arith.constant 0.125 : f32
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<1x16x8x8xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(n, c, h, w) -> (n, c, h, w)>, affine_map<(n, c, h, w) -> (n, c, h, w)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%x : tensor<1x16x8x8xf32>) outs(%e : tensor<1x16x8x8xf32>) {
  ^bb0(%a: f32, %b: f32):
    %m = arith.mulf %a, %scale : f32
    %s = arith.addf %m, %shift : f32
    linalg.yield %s : f32
  } -> tensor<1x16x8x8xf32>
  return %r : tensor<1x16x8x8xf32>
}

func.func private @residual_relu(%a: tensor<1x16x8x8xf32>, %b: tensor<1x16x8x8xf32>) -> tensor<1x16x8x8xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<1x16x8x8xf32>
  %s = linalg.add ins(%a, %b : tensor<1x16x8x8xf32>, tensor<1x16x8x8xf32>) outs(%e : tensor<1x16x8x8xf32>) -> tensor<1x16x8x8xf32>
  %e2 = tensor.empty() : tensor<1x16x8x8xf32>
  %z = linalg.fill ins(%zero : f32) outs(%e2 : tensor<1x16x8x8xf32>) -> tensor<1x16x8x8xf32>
  %e3 = tensor.empty() : tensor<1x16x8x8xf32>
  %r = linalg.max ins(%s, %z : tensor<1x16x8x8xf32>, tensor<1x16x8x8xf32>) outs(%e3 : tensor<1x16x8x8xf32>) -> tensor<1x16x8x8xf32>
  return %r : tensor<1x16x8x8xf32>
}

func.func private @bottleneck(%x: tensor<1x16x8x8xf32>, %w1: tensor<4x16x1x1xf32>, %w2: tensor<4x4x3x3xf32>, %w3: tensor<16x4x1x1xf32>) -> tensor<1x16x8x8xf32> {
  %a = call @conv1x1_in(%x, %w1) : (tensor<1x16x8x8xf32>, tensor<4x16x1x1xf32>) -> tensor<1x4x8x8xf32>
  %b = call @bn_relu_mid(%a) : (tensor<1x4x8x8xf32>) -> tensor<1x4x8x8xf32>
  %c = call @conv3x3(%b, %w2) : (tensor<1x4x8x8xf32>, tensor<4x4x3x3xf32>) -> tensor<1x4x8x8xf32>
  %d = call @bn_relu_mid(%c) : (tensor<1x4x8x8xf32>) -> tensor<1x4x8x8xf32>
  %e = call @conv1x1_out(%d, %w3) : (tensor<1x4x8x8xf32>, tensor<16x4x1x1xf32>) -> tensor<1x16x8x8xf32>
  %f = call @bn_out(%e) : (tensor<1x16x8x8xf32>) -> tensor<1x16x8x8xf32>
  %g = call @residual_relu(%f, %x) : (tensor<1x16x8x8xf32>, tensor<1x16x8x8xf32>) -> tensor<1x16x8x8xf32>
  return %g : tensor<1x16x8x8xf32>
}

func.func @main() {
  %c0 = arith.constant 0 : index
  %ex = tensor.empty() : tensor<1x16x8x8xf32>
  %in = linalg.generic {indexing_maps = [affine_map<(n, c, h, w) -> (n, c, h, w)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} outs(%ex : tensor<1x16x8x8xf32>) {
  ^bb0(%o: f32):
    %i1 = linalg.index 1 : index
    %i2 = linalg.index 2 : index
    %i3 = linalg.index 3 : index
    %c64 = arith.constant 64 : index
    %c8 = arith.constant 8 : index
    %a1 = arith.muli %i1, %c64 : index
    %a2 = arith.muli %i2, %c8 : index
    %s1 = arith.addi %a1, %a2 : index
    %s2 = arith.addi %s1, %i3 : index
    %c37 = arith.constant 37 : index
    %c11 = arith.constant 11 : index
    %c101 = arith.constant 101 : index
    %m = arith.muli %s2, %c37 : index
    %p = arith.addi %m, %c11 : index
    %r = arith.remui %p, %c101 : index
    %ri = arith.index_cast %r : index to i32
    %f = arith.sitofp %ri : i32 to f32
    %c50 = arith.constant 50.0 : f32
    %d = arith.subf %f, %c50 : f32
    %q = arith.divf %d, %c50 : f32
    linalg.yield %q : f32
  } -> tensor<1x16x8x8xf32>
  %w1 = arith.constant dense<0.0625> : tensor<4x16x1x1xf32>
  %w2 = arith.constant dense<0.03125> : tensor<4x4x3x3xf32>
  %w3 = arith.constant dense<0.25> : tensor<16x4x1x1xf32>
  %y = call @bottleneck(%in, %w1, %w2, %w3) : (tensor<1x16x8x8xf32>, tensor<4x16x1x1xf32>, tensor<4x4x3x3xf32>, tensor<16x4x1x1xf32>) -> tensor<1x16x8x8xf32>
  %u = tensor.cast %y : tensor<1x16x8x8xf32> to tensor<*xf32>
  call @printMemrefF32(%u) : (tensor<*xf32>) -> ()
  return
}
