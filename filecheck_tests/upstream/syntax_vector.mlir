// RUN: memir-opt %s | filecheck %s
// RUN: memir-opt %s --mlir-print-op-generic | memir-opt | filecheck %s

// vector ops in MLIR 22's custom syntax that xDSL lacks or reads differently.

func.func @shapes(%v: vector<2x3x4xf32>, %w: vector<4x3xf32>, %s: vector<[4]xi32>, %f: vector<6xi32>) -> vector<6x4xf32> {
  %a = vector.shape_cast %v : vector<2x3x4xf32> to vector<6x4xf32>
  %b = vector.transpose %w, [1, 0] : vector<4x3xf32> to vector<3x4xf32>
  %c = vector.bitcast %v : vector<2x3x4xf32> to vector<2x3x8xf16>
  %d = vector.bitcast %f : vector<6xi32> to vector<3xindex>
  %e = vector.extract_strided_slice %v {offsets = [1, 1], sizes = [1, 2], strides = [1, 1]} : vector<2x3x4xf32> to vector<1x2x4xf32>
  %w2 = vector.transpose %w, [1, 0] : vector<4x3xf32> to vector<3x4xf32>
  %g = vector.insert_strided_slice %w2, %v {offsets = [1, 0, 0], strides = [1, 1]} : vector<3x4xf32> into vector<2x3x4xf32>
  %h = vector.scalable.extract %s[0] : vector<4xi32> from vector<[4]xi32>
  %i = vector.scalable.insert %h, %s[0] : vector<4xi32> into vector<[4]xi32>
  %j = vector.interleave %w, %w : vector<4x3xf32> -> vector<4x6xf32>
  %k, %l = vector.deinterleave %f : vector<6xi32> -> vector<3xi32>
  %vs = vector.vscale
  return %a : vector<6x4xf32>
}
// CHECK-LABEL: func.func @shapes(%v: vector<2x3x4xf32>, %w: vector<4x3xf32>, %s: vector<[4]xi32>, %f: vector<6xi32>) -> vector<6x4xf32> {
// CHECK-NEXT:  %a = vector.shape_cast %v : vector<2x3x4xf32> to vector<6x4xf32>
// CHECK-NEXT:  %b = vector.transpose %w, [1, 0] : vector<4x3xf32> to vector<3x4xf32>
// CHECK-NEXT:  %c = vector.bitcast %v : vector<2x3x4xf32> to vector<2x3x8xf16>
// CHECK-NEXT:  %d = vector.bitcast %f : vector<6xi32> to vector<3xindex>
// CHECK-NEXT:  %e = vector.extract_strided_slice %v {offsets = [1 : i64, 1 : i64], sizes = [1 : i64, 2 : i64], strides = [1 : i64, 1 : i64]} : vector<2x3x4xf32> to vector<1x2x4xf32>
// CHECK-NEXT:  %w2 = vector.transpose %w, [1, 0] : vector<4x3xf32> to vector<3x4xf32>
// CHECK-NEXT:  %g = vector.insert_strided_slice %w2, %v {offsets = [1 : i64, 0 : i64, 0 : i64], strides = [1 : i64, 1 : i64]} : vector<3x4xf32> into vector<2x3x4xf32>
// CHECK-NEXT:  %h = vector.scalable.extract %s[0] : vector<4xi32> from vector<[4]xi32>
// CHECK-NEXT:  %i = vector.scalable.insert %h, %s[0] : vector<4xi32> into vector<[4]xi32>
// CHECK-NEXT:  %j = vector.interleave %w, %w : vector<4x3xf32> -> vector<4x6xf32>
// CHECK-NEXT:  %k, %l = vector.deinterleave %f : vector<6xi32> -> vector<3xi32>
// CHECK-NEXT:  %vs = vector.vscale
// CHECK-NEXT:  func.return %a : vector<6x4xf32>

func.func @masks(%m: vector<8xi1>, %v: vector<8xf32>, %n: index, %t: memref<?xf32>) -> f32 {
  %c1 = vector.constant_mask [3] : vector<8xi1>
  %c2 = vector.constant_mask [2, 2] : vector<4x[2]xi1>
  %c3 = vector.constant_mask [0] : vector<i1>
  %r = vector.mask %m { vector.reduction <add>, %v : vector<8xf32> into f32 } : vector<8xi1> -> f32
  %y = vector.mask %m, %v { vector.yield %v : vector<8xf32> } : vector<8xi1> -> vector<8xf32>
  vector.mask %m { vector.transfer_write %v, %t[%n] : vector<8xf32>, memref<?xf32> } : vector<8xi1>
  vector.mask %m { vector.yield } : vector<8xi1>
  return %r : f32
}
// CHECK-LABEL: func.func @masks(%m: vector<8xi1>, %v: vector<8xf32>, %n: index, %t: memref<?xf32>) -> f32 {
// CHECK-NEXT:  %c1 = vector.constant_mask [3] : vector<8xi1>
// CHECK-NEXT:  %c2 = vector.constant_mask [2, 2] : vector<4x[2]xi1>
// CHECK-NEXT:  %c3 = vector.constant_mask [0] : vector<i1>
// CHECK-NEXT:  %r = vector.mask %m { vector.reduction <add>, %v : vector<8xf32> into f32 } : vector<8xi1> -> f32
// CHECK-NEXT:  %y = vector.mask %m, %v { vector.yield %v : vector<8xf32> } : vector<8xi1> -> vector<8xf32>
// CHECK-NEXT:  vector.mask %m { vector.transfer_write %v, %t[%n] : vector<8xf32>, memref<?xf32> } : vector<8xi1>
// CHECK-NEXT:  vector.mask %m { vector.yield } : vector<8xi1>
// CHECK-NEXT:  func.return %r : f32

#m0 = affine_map<(i, j, k) -> (i, k)>

#m1 = affine_map<(i, j, k) -> (k, j)>

#m2 = affine_map<(i, j, k) -> (i, j)>

func.func @contractions(%a: vector<2x3xf32>, %b: vector<3x4xf32>, %c: vector<2x4xf32>, %x: vector<2xf32>, %y: vector<4xf32>, %s: f32) -> vector<2x4xf32> {
  %r = vector.contract {indexing_maps = [#m0, #m1, #m2], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>} %a, %b, %c : vector<2x3xf32>, vector<3x4xf32> into vector<2x4xf32>
  %r2 = vector.contract {indexing_maps = [#m0, #m1, #m2], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<maxnumf>} %a, %b, %r {tag = 1 : i32} : vector<2x3xf32>, vector<3x4xf32> into vector<2x4xf32>
  %o = vector.outerproduct %x, %y : vector<2xf32>, vector<4xf32>
  %o2 = vector.outerproduct %x, %y, %o {kind = #vector.kind<mul>} : vector<2xf32>, vector<4xf32>
  %o3 = vector.outerproduct %x, %s : vector<2xf32>, f32
  %red = vector.multi_reduction <add>, %r2, %x [1] : vector<2x4xf32> to vector<2xf32>
  %red2 = vector.multi_reduction <maximumf>, %r2, %s [0, 1] : vector<2x4xf32> to f32
  %d, %acc = vector.scan <add>, %r2, %x {inclusive = true, reduction_dim = 1 : i64} : vector<2x4xf32>, vector<2xf32>
  return %o2 : vector<2x4xf32>
}
// CHECK-LABEL: func.func @contractions(%a: vector<2x3xf32>, %b: vector<3x4xf32>, %c: vector<2x4xf32>, %x: vector<2xf32>, %y: vector<4xf32>, %s: f32) -> vector<2x4xf32> {
// CHECK-NEXT:  %r = vector.contract {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d2)>, affine_map<(d0, d1, d2) -> (d2, d1)>, affine_map<(d0, d1, d2) -> (d0, d1)>], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>} %a, %b, %c : vector<2x3xf32>, vector<3x4xf32> into vector<2x4xf32>
// CHECK-NEXT:  %r2 = vector.contract {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d2)>, affine_map<(d0, d1, d2) -> (d2, d1)>, affine_map<(d0, d1, d2) -> (d0, d1)>], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<maxnumf>} %a, %b, %r {tag = 1 : i32} : vector<2x3xf32>, vector<3x4xf32> into vector<2x4xf32>
// CHECK-NEXT:  %o = vector.outerproduct %x, %y : vector<2xf32>, vector<4xf32>
// CHECK-NEXT:  %o2 = vector.outerproduct %x, %y, %o {kind = #vector.kind<mul>} : vector<2xf32>, vector<4xf32>
// CHECK-NEXT:  %o3 = vector.outerproduct %x, %s : vector<2xf32>, f32
// CHECK-NEXT:  %red = vector.multi_reduction <add>, %r2, %x [1] : vector<2x4xf32> to vector<2xf32>
// CHECK-NEXT:  %red2 = vector.multi_reduction <maximumf>, %r2, %s [0, 1] : vector<2x4xf32> to f32
// CHECK-NEXT:  %d, %acc = vector.scan <add>, %r2, %x {inclusive = true, reduction_dim = 1 : i64} : vector<2x4xf32>, vector<2xf32>
// CHECK-NEXT:  func.return %o2 : vector<2x4xf32>

func.func @memory(%m: memref<?x?xf32>, %t: tensor<?xf32>, %mv: memref<4x4xvector<8xf32>>, %i: index, %idx: vector<8xi32>, %mask: vector<8xi1>, %p: vector<8xf32>) -> vector<8xf32> {
  %a = vector.load %m[%i, %i] : memref<?x?xf32>, vector<8xf32>
  %b = vector.load %mv[%i, %i] : memref<4x4xvector<8xf32>>, vector<8xf32>
  vector.store %b, %mv[%i, %i] : memref<4x4xvector<8xf32>>, vector<8xf32>
  %c = vector.load %m[%i, %i] {nontemporal = true} : memref<?x?xf32>, vector<8xf32>
  %g = vector.gather %m[%i, %i] [%idx], %mask, %p : memref<?x?xf32>, vector<8xi32>, vector<8xi1>, vector<8xf32> into vector<8xf32>
  %g2 = vector.gather %t[%i] [%idx], %mask, %p : tensor<?xf32>, vector<8xi32>, vector<8xi1>, vector<8xf32> into vector<8xf32>
  vector.scatter %m[%i, %i] [%idx], %mask, %g : memref<?x?xf32>, vector<8xi32>, vector<8xi1>, vector<8xf32>
  %e = vector.expandload %m[%i, %i], %mask, %p : memref<?x?xf32>, vector<8xi1>, vector<8xf32> into vector<8xf32>
  vector.compressstore %m[%i, %i], %mask, %e : memref<?x?xf32>, vector<8xi1>, vector<8xf32>
  vector.print %e : vector<8xf32>
  vector.print %i : index
  vector.print str "hello\n"
  vector.print punctuation <comma>
  vector.print
  return %g : vector<8xf32>
}
// CHECK-LABEL: func.func @memory(%m: memref<?x?xf32>, %t: tensor<?xf32>, %mv: memref<4x4xvector<8xf32>>, %i: index, %idx: vector<8xi32>, %mask: vector<8xi1>, %p: vector<8xf32>) -> vector<8xf32> {
// CHECK-NEXT:  %a = vector.load %m[%i, %i] : memref<?x?xf32>, vector<8xf32>
// CHECK-NEXT:  %b = vector.load %mv[%i, %i] : memref<4x4xvector<8xf32>>, vector<8xf32>
// CHECK-NEXT:  vector.store %b, %mv[%i, %i] : memref<4x4xvector<8xf32>>, vector<8xf32>
// CHECK-NEXT:  %c = vector.load %m[%i, %i] {nontemporal = true} : memref<?x?xf32>, vector<8xf32>
// CHECK-NEXT:  %g = vector.gather %m[%i, %i] [%idx], %mask, %p : memref<?x?xf32>, vector<8xi32>, vector<8xi1>, vector<8xf32> into vector<8xf32>
// CHECK-NEXT:  %g2 = vector.gather %t[%i] [%idx], %mask, %p : tensor<?xf32>, vector<8xi32>, vector<8xi1>, vector<8xf32> into vector<8xf32>
// CHECK-NEXT:  vector.scatter %m[%i, %i] [%idx], %mask, %g : memref<?x?xf32>, vector<8xi32>, vector<8xi1>, vector<8xf32>
// CHECK-NEXT:  %e = vector.expandload %m[%i, %i], %mask, %p : memref<?x?xf32>, vector<8xi1>, vector<8xf32> into vector<8xf32>
// CHECK-NEXT:  vector.compressstore %m[%i, %i], %mask, %e : memref<?x?xf32>, vector<8xi1>, vector<8xf32>
// CHECK-NEXT:  vector.print %e : vector<8xf32>
// CHECK-NEXT:  vector.print %i : index
// CHECK-NEXT:  vector.print str "hello\0A"
// CHECK-NEXT:  vector.print punctuation <comma>
// CHECK-NEXT:  vector.print
// CHECK-NEXT:  func.return %g : vector<8xf32>

func.func @scatter_tensor(%t: tensor<?xf32>, %i: index, %idx: vector<8xi32>, %mask: vector<8xi1>, %v: vector<8xf32>) -> tensor<?xf32> {
  %r = vector.scatter %t[%i] [%idx], %mask, %v : tensor<?xf32>, vector<8xi32>, vector<8xi1>, vector<8xf32> -> tensor<?xf32>
  return %r : tensor<?xf32>
}
// CHECK-LABEL: func.func @scatter_tensor(%t: tensor<?xf32>, %i: index, %idx: vector<8xi32>, %mask: vector<8xi1>, %v: vector<8xf32>) -> tensor<?xf32> {
// CHECK-NEXT:  %r = vector.scatter %t[%i] [%idx], %mask, %v : tensor<?xf32>, vector<8xi32>, vector<8xi1>, vector<8xf32> -> tensor<?xf32>
// CHECK-NEXT:  func.return %r : tensor<?xf32>
