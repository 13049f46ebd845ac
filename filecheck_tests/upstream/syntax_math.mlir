// RUN: memir-opt %s | filecheck %s
// RUN: memir-opt %s --mlir-print-op-generic | memir-opt | filecheck %s

// What xDSL 0.74 lacks of MLIR 22's math dialect: math.clampf and math.sincos.

func.func @f(%f: f32, %v: vector<3x4xf32>, %t: tensor<4x?xf32>) {
  %0 = math.clampf %f to [%f, %f] : f32
  %1 = math.clampf %v to [%v, %v] fastmath<fast> : vector<3x4xf32>
  %sin, %cos = math.sincos %f : f32
  %sin_0, %cos_1 = math.sincos %t fastmath<afn> : tensor<4x?xf32>
  return
}

// CHECK: func.func @f(%f: f32, %v: vector<3x4xf32>, %t: tensor<4x?xf32>) {
// CHECK: %{{.*}} = math.clampf %f to [%f, %f] : f32
// CHECK: %{{.*}} = math.clampf %v to [%v, %v] fastmath<fast> : vector<3x4xf32>
// CHECK: %{{.*}} = math.sincos %f : f32
// CHECK: %{{.*}} = math.sincos %t fastmath<afn> : tensor<4x?xf32>
