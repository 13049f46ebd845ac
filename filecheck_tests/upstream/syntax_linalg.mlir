// RUN: memir-opt %s | filecheck %s
// RUN: memir-opt %s --mlir-print-op-generic | memir-opt | filecheck %s

// linalg ops in MLIR 22's syntax where xDSL 0.74 reads none or too little: fill with a
// vector value, map and reduce on tensors (results taken from the outs, no `->`), softmax,
// the Winograd transforms, pack/unpack, a quantized convolution, and linalg.generic with
// several results.

func.func @fill_vectors(%v: vector<4xf32>, %t: tensor<8xvector<4xf32>>) -> tensor<8xvector<4xf32>> {
  %0 = linalg.fill ins(%v : vector<4xf32>) outs(%t : tensor<8xvector<4xf32>>) -> tensor<8xvector<4xf32>>
  return %0 : tensor<8xvector<4xf32>>
}
// CHECK:      %0 = linalg.fill ins(%v : vector<4xf32>) outs(%t : tensor<8xvector<4xf32>>) -> tensor<8xvector<4xf32>>

func.func @map_reduce(%a: tensor<8x16xf32>, %b: tensor<8x16xf32>, %r: tensor<8xf32>) -> (tensor<8x16xf32>, tensor<8x16xf32>, tensor<8xf32>) {
  %0 = linalg.map { arith.mulf } ins(%a, %b : tensor<8x16xf32>, tensor<8x16xf32>) outs(%b : tensor<8x16xf32>)
  %1 = linalg.map ins(%a : tensor<8x16xf32>) outs(%b : tensor<8x16xf32>)
    (%x: f32, %y: f32) {
      %s = arith.negf %x : f32
      %t = arith.addf %s, %y : f32
      linalg.yield %t : f32
    }
  %2 = linalg.reduce { arith.maximumf } ins(%a : tensor<8x16xf32>) outs(%r : tensor<8xf32>) dimensions = [1]
  return %0, %1, %2 : tensor<8x16xf32>, tensor<8x16xf32>, tensor<8xf32>
}
// CHECK:      %0 = linalg.map { arith.mulf } ins(%a, %b : tensor<8x16xf32>, tensor<8x16xf32>) outs(%b : tensor<8x16xf32>)
// CHECK-NEXT: %1 = linalg.map ins(%a : tensor<8x16xf32>) outs(%b : tensor<8x16xf32>) (%x: f32, %y: f32) {
// CHECK-NEXT:   %s = arith.negf %x : f32
// CHECK-NEXT:   %t = arith.addf %s, %y : f32
// CHECK-NEXT:   linalg.yield %t : f32
// CHECK-NEXT: }
// CHECK-NEXT: %2 = linalg.reduce { arith.maximumf } ins(%a : tensor<8x16xf32>) outs(%r : tensor<8xf32>) dimensions = [1]
// CHECK-NEXT: func.return %0, %1, %2 : tensor<8x16xf32>, tensor<8x16xf32>, tensor<8xf32>

func.func @softmax(%x: tensor<2x16xf32>, %y: tensor<2x16xf32>, %m: memref<2x16xf32>, %n: memref<2x16xf32>) -> tensor<2x16xf32> {
  %0 = linalg.softmax dimension(1) ins(%x : tensor<2x16xf32>) outs(%y : tensor<2x16xf32>) -> tensor<2x16xf32>
  linalg.softmax dimension(0) ins(%m : memref<2x16xf32>) outs(%n : memref<2x16xf32>)
  return %0 : tensor<2x16xf32>
}
// CHECK:      %0 = linalg.softmax dimension(1) ins(%x : tensor<2x16xf32>) outs(%y : tensor<2x16xf32>) -> tensor<2x16xf32>
// CHECK-NEXT: linalg.softmax dimension(0) ins(%m : memref<2x16xf32>) outs(%n : memref<2x16xf32>)

func.func @winograd(%f: tensor<2x3x3x5xf32>, %ft: tensor<6x6x5x2xf32>, %i: tensor<2x6x6x5xf32>, %it: tensor<6x6x1x1x2x5xf32>, %o: tensor<6x6x1x1x2x2xf32>, %ot: tensor<2x4x4x2xf32>) -> tensor<2x4x4x2xf32> {
  %0 = linalg.winograd_filter_transform fmr(F_4_3) ins(%f : tensor<2x3x3x5xf32>) outs(%ft : tensor<6x6x5x2xf32>) -> tensor<6x6x5x2xf32>
  %1 = linalg.winograd_input_transform fmr(F_4_3) ins(%i : tensor<2x6x6x5xf32>) outs(%it : tensor<6x6x1x1x2x5xf32>) -> tensor<6x6x1x1x2x5xf32>
  %2 = linalg.winograd_output_transform fmr(F_4_3) ins(%o : tensor<6x6x1x1x2x2xf32>) outs(%ot : tensor<2x4x4x2xf32>) -> tensor<2x4x4x2xf32>
  return %2 : tensor<2x4x4x2xf32>
}
// CHECK:      %0 = linalg.winograd_filter_transform fmr(F_4_3) ins(%f : tensor<2x3x3x5xf32>) outs(%ft : tensor<6x6x5x2xf32>) -> tensor<6x6x5x2xf32>
// CHECK-NEXT: %1 = linalg.winograd_input_transform fmr(F_4_3) ins(%i : tensor<2x6x6x5xf32>) outs(%it : tensor<6x6x1x1x2x5xf32>) -> tensor<6x6x1x1x2x5xf32>
// CHECK-NEXT: %2 = linalg.winograd_output_transform fmr(F_4_3) ins(%o : tensor<6x6x1x1x2x2xf32>) outs(%ot : tensor<2x4x4x2xf32>) -> tensor<2x4x4x2xf32>

func.func @pack(%s: tensor<?x?xf32>, %d: tensor<?x?x?x8xf32>, %n: index, %p: f32, %e: tensor<64x32xf32>, %u: tensor<8x4x8x8xf32>) -> tensor<64x32xf32> {
  %0 = linalg.pack %s padding_value(%p : f32) outer_dims_perm = [1, 0] inner_dims_pos = [0, 1] inner_tiles = [%n, 8] into %d : tensor<?x?xf32> -> tensor<?x?x?x8xf32>
  %1 = linalg.unpack %u inner_dims_pos = [0, 1] inner_tiles = [8, 8] into %e {tag} : tensor<8x4x8x8xf32> -> tensor<64x32xf32>
  return %1 : tensor<64x32xf32>
}
// CHECK:      %0 = linalg.pack %s padding_value(%p : f32) outer_dims_perm = [1, 0] inner_dims_pos = [0, 1] inner_tiles = [%n, 8] into %d : tensor<?x?xf32> -> tensor<?x?x?x8xf32>
// CHECK-NEXT: %1 = linalg.unpack %u inner_dims_pos = [0, 1] inner_tiles = [8, 8] into %e {tag} : tensor<8x4x8x8xf32> -> tensor<64x32xf32>

func.func @conv_q(%x: memref<1x2x8x8xi8>, %w: memref<4x2x3x3xi8>, %xz: i32, %wz: i32, %y: memref<1x4x6x6xi32>) {
  linalg.conv_2d_nchw_fchw_q {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>} ins(%x, %w, %xz, %wz : memref<1x2x8x8xi8>, memref<4x2x3x3xi8>, i32, i32) outs(%y : memref<1x4x6x6xi32>)
  return
}
// CHECK:      linalg.conv_2d_nchw_fchw_q ins(%x, %w, %xz, %wz : memref<1x2x8x8xi8>, memref<4x2x3x3xi8>, i32, i32) outs(%y : memref<1x4x6x6xi32>) {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}

#id = affine_map<(d0) -> (d0)>
#scalar = affine_map<(d0) -> ()>
func.func @generic_two_results(%a: tensor<8xi32>, %s: tensor<i32>, %t: tensor<i32>) -> (tensor<i32>, tensor<i32>) {
  %0:2 = linalg.generic {indexing_maps = [#id, #scalar, #scalar], iterator_types = ["reduction"]} ins(%a : tensor<8xi32>) outs(%s, %t : tensor<i32>, tensor<i32>) {
  ^bb0(%in: i32, %hi: i32, %lo: i32):
    %m = arith.maxsi %in, %hi : i32
    %n = arith.minsi %in, %lo : i32
    linalg.yield %m, %n : i32, i32
  } -> (tensor<i32>, tensor<i32>)
  return %0#0, %0#1 : tensor<i32>, tensor<i32>
}
// CHECK:      %0, %1 = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> ()>, affine_map<(d0) -> ()>], iterator_types = ["reduction"]} ins(%a : tensor<8xi32>) outs(%s, %t : tensor<i32>, tensor<i32>) {
// CHECK-NEXT: ^bb0(%in: i32, %hi: i32, %lo: i32):
// CHECK:        linalg.yield %m, %n : i32, i32
// CHECK-NEXT: } -> (tensor<i32>, tensor<i32>)
// CHECK-NEXT: func.return %0, %1 : tensor<i32>, tensor<i32>
