// RUN: memir-opt %s | filecheck %s
// RUN: memir-opt %s --mlir-print-op-generic | memir-opt | filecheck %s

// What xDSL 0.74 refuses of MLIR 22's arith dialect: casts and comparisons on vectors and
// tensors, a shaped arith.select condition, trunci's overflow flags, extf/truncf's fastmath
// and rounding mode, and arith.remf / arith.index_castui.

func.func @shaped(%t: tensor<4x?xi32>, %v: vector<[4]xf32>, %c: tensor<4x?xi1>, %i: index) {
  %0 = arith.extsi %t : tensor<4x?xi32> to tensor<4x?xi64>
  %1 = arith.extui %t : tensor<4x?xi32> to tensor<4x?xi64>
  %2 = arith.trunci %t : tensor<4x?xi32> to tensor<4x?xi8>
  %3 = arith.index_cast %t : tensor<4x?xi32> to tensor<4x?xindex>
  %4 = arith.index_castui %t : tensor<4x?xi32> to tensor<4x?xindex>
  %5 = arith.index_castui %i : index to i64
  %6 = arith.sitofp %t : tensor<4x?xi32> to tensor<4x?xf32>
  %7 = arith.uitofp %t : tensor<4x?xi32> to tensor<4x?xf16>
  %8 = arith.fptosi %v : vector<[4]xf32> to vector<[4]xi32>
  %9 = arith.fptoui %v : vector<[4]xf32> to vector<[4]xi8>
  %10 = arith.cmpi slt, %t, %t : tensor<4x?xi32>
  %11 = arith.cmpf une, %v, %v fastmath<nnan> {tag} : vector<[4]xf32>
  %12 = arith.select %c, %t, %t : tensor<4x?xi1>, tensor<4x?xi32>
  return
}

func.func @scalar(%a: i32, %f: f32, %b: i1) -> i32 {
  %0 = arith.trunci %a overflow<nsw, nuw> : i32 to i16
  %1 = arith.trunci %a : i32 to i1
  %2 = arith.remf %f, %f fastmath<fast> : f32
  %3 = arith.extf %f fastmath<contract> : f32 to f64
  %4 = arith.truncf %f to_nearest_even fastmath<fast> : f32 to bf16
  %5 = arith.truncf %f toward_zero : f32 to f16
  %6 = arith.cmpi eq, %a, %a : i32
  %7 = arith.select %b, %a, %a : i32
  return %7 : i32
}

// CHECK: func.func @shaped(%t: tensor<4x?xi32>, %v: vector<[4]xf32>, %c: tensor<4x?xi1>, %i: index) {
// CHECK: %{{.*}} = arith.extsi %t : tensor<4x?xi32> to tensor<4x?xi64>
// CHECK: %{{.*}} = arith.extui %t : tensor<4x?xi32> to tensor<4x?xi64>
// CHECK: %{{.*}} = arith.trunci %t : tensor<4x?xi32> to tensor<4x?xi8>
// CHECK: %{{.*}} = arith.index_cast %t : tensor<4x?xi32> to tensor<4x?xindex>
// CHECK: %{{.*}} = arith.index_castui %t : tensor<4x?xi32> to tensor<4x?xindex>
// CHECK: %{{.*}} = arith.index_castui %i : index to i64
// CHECK: %{{.*}} = arith.sitofp %t : tensor<4x?xi32> to tensor<4x?xf32>
// CHECK: %{{.*}} = arith.uitofp %t : tensor<4x?xi32> to tensor<4x?xf16>
// CHECK: %{{.*}} = arith.fptosi %v : vector<[4]xf32> to vector<[4]xi32>
// CHECK: %{{.*}} = arith.fptoui %v : vector<[4]xf32> to vector<[4]xi8>
// CHECK: %{{.*}} = arith.cmpi slt, %t, %t : tensor<4x?xi32>
// CHECK: %{{.*}} = arith.cmpf une, %v, %v fastmath<nnan> {tag} : vector<[4]xf32>
// CHECK: %{{.*}} = arith.select %c, %t, %t : tensor<4x?xi1>, tensor<4x?xi32>
// CHECK: func.func @scalar(%a: i32, %f: f32, %b: i1) -> i32 {
// CHECK: %{{.*}} = arith.trunci %a overflow<nsw,nuw> : i32 to i16
// CHECK: %{{.*}} = arith.trunci %a : i32 to i1
// CHECK: %{{.*}} = arith.remf %f, %f fastmath<fast> : f32
// CHECK: %{{.*}} = arith.extf %f fastmath<contract> : f32 to f64
// CHECK: %{{.*}} = arith.truncf %f to_nearest_even fastmath<fast> : f32 to bf16
// CHECK: %{{.*}} = arith.truncf %f toward_zero : f32 to f16
// CHECK: %{{.*}} = arith.cmpi eq, %a, %a : i32
// CHECK: %{{.*}} = arith.select %b, %a, %a : i32
