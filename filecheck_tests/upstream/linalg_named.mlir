// RUN: memir-opt %s | filecheck %s
// RUN: memir-opt %s --mlir-print-op-generic | filecheck %s --check-prefix=GENERIC

// Every linalg named op reads through one definition: the ones xDSL 0.74 lacks (matvec,
// elementwise, poolings, depthwise convolutions, batch_matmul, map), matmul, whose
// indexing maps xDSL would drop, and reduce (MLIR's short form { arith.addf }). Named ops
// print without their body, also inside generic output (mlir-opt rebuilds it from the name).

#a = affine_map<(d0, d1, d2) -> (d2, d0)>
#b = affine_map<(d0, d1, d2) -> (d2, d1)>
#c = affine_map<(d0, d1, d2) -> (d0, d1)>
func.func @f(%m: memref<6x5xf32>, %x: memref<5xf32>, %y: memref<6xf32>, %t: memref<5x6xf32>,
             %i: memref<1x4x8x8xf32>, %w: memref<4x3x3xf32>, %o: memref<1x4x6x6xf32>,
             %k: memref<2x2xf32>, %p: memref<1x4x3x3xf32>, %bm: memref<2x6x5xf32>,
             %bn: memref<2x5x6xf32>, %bo: memref<2x6x6xf32>, %mm: memref<6x6xf32>) {
  linalg.matvec ins(%m, %x : memref<6x5xf32>, memref<5xf32>) outs(%y : memref<6xf32>)
  linalg.elementwise kind=#linalg.elementwise_kind<add> ins(%y, %y : memref<6xf32>, memref<6xf32>) outs(%y : memref<6xf32>)
  linalg.depthwise_conv_2d_nchw_chw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%i, %w : memref<1x4x8x8xf32>, memref<4x3x3xf32>) outs(%o : memref<1x4x6x6xf32>)
  linalg.pooling_nchw_sum {dilations = dense<1> : vector<2xi64>, strides = dense<2> : vector<2xi64>} ins(%o, %k : memref<1x4x6x6xf32>, memref<2x2xf32>) outs(%p : memref<1x4x3x3xf32>)
  linalg.batch_matmul ins(%bm, %bn : memref<2x6x5xf32>, memref<2x5x6xf32>) outs(%bo : memref<2x6x6xf32>)
  linalg.matmul indexing_maps = [#a, #b, #c] ins(%t, %t : memref<5x6xf32>, memref<5x6xf32>) outs(%mm : memref<6x6xf32>)
  linalg.map outs(%y : memref<6xf32>)
    (%init: f32) {
      %0 = linalg.index 0 : index
      %1 = arith.index_cast %0 : index to i32
      %2 = arith.sitofp %1 : i32 to f32
      linalg.yield %2 : f32
    }
  linalg.map { arith.addf {fastmath = #arith.fastmath<fast>} } ins(%y, %y : memref<6xf32>, memref<6xf32>) outs(%y : memref<6xf32>)
  linalg.reduce { arith.maximumf } ins(%mm : memref<6x6xf32>) outs(%y : memref<6xf32>) dimensions = [1]
  return
}
// CHECK:      linalg.matvec ins(%m, %x : memref<6x5xf32>, memref<5xf32>) outs(%y : memref<6xf32>)
// CHECK-NEXT: linalg.elementwise kind=#linalg.elementwise_kind<add> ins(%y, %y : memref<6xf32>, memref<6xf32>) outs(%y : memref<6xf32>)
// CHECK-NEXT: linalg.depthwise_conv_2d_nchw_chw ins(%i, %w : memref<1x4x8x8xf32>, memref<4x3x3xf32>) outs(%o : memref<1x4x6x6xf32>) {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>}
// CHECK-NEXT: linalg.pooling_nchw_sum ins(%o, %k : memref<1x4x6x6xf32>, memref<2x2xf32>) outs(%p : memref<1x4x3x3xf32>) {dilations = dense<1> : vector<2xi64>, strides = dense<2> : vector<2xi64>}
// CHECK-NEXT: linalg.batch_matmul ins(%bm, %bn : memref<2x6x5xf32>, memref<2x5x6xf32>) outs(%bo : memref<2x6x6xf32>)
// CHECK-NEXT: linalg.matmul indexing_maps = [affine_map<(d0, d1, d2) -> (d2, d0)>, affine_map<(d0, d1, d2) -> (d2, d1)>, affine_map<(d0, d1, d2) -> (d0, d1)>] ins(%t, %t : memref<5x6xf32>, memref<5x6xf32>) outs(%mm : memref<6x6xf32>)
// CHECK-NEXT: linalg.map outs(%y : memref<6xf32>) (%init: f32) {
// CHECK-NEXT:   %0 = linalg.index 0 : index
// CHECK:        linalg.yield %2 : f32
// CHECK-NEXT: }
// CHECK-NEXT: linalg.map { arith.addf {fastmath = #arith.fastmath<fast>} } ins(%y, %y : memref<6xf32>, memref<6xf32>) outs(%y : memref<6xf32>)
// CHECK-NEXT: linalg.reduce { arith.maximumf } ins(%mm : memref<6x6xf32>) outs(%y : memref<6xf32>) dimensions = [1]

// GENERIC:     linalg.matvec ins(%m, %x : memref<6x5xf32>, memref<5xf32>) outs(%y : memref<6xf32>)
// GENERIC:     "linalg.map"(%y) ({
// GENERIC-NEXT: ^bb0(%init: f32):
// GENERIC:      linalg.map { arith.addf {fastmath = #arith.fastmath<fast>} } ins
// GENERIC-NEXT: linalg.reduce { arith.maximumf } ins
