// source: written for memir's upstream reader: the memref, affine, scf, vector, index, cf, bufferization and math ops MLIR 22 prints in bufferized programs
#map = affine_map<(d0)[s0] -> (d0 + s0)>
#set = affine_set<(d0) : (d0 - 2 >= 0)>
memref.global "private" @g : memref<4xf32> = uninitialized
memref.global @ext : memref<2xi32>
memref.global "private" constant @c : memref<2x2xi8> = dense<[[1, 2], [3, 4]]> {alignment = 16 : i64}
func.func @zoo(%arg0: memref<8x8xf32>, %arg1: memref<?xf32>, %n: index, %arg2: memref<*xf32>) -> memref<?xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %cst = arith.constant 1.000000e+00 : f32
  %g = memref.get_global @g : memref<4xf32>
  %a = memref.alloc(%n) {alignment = 64 : i64} : memref<?xf32>
  %b = memref.alloca() : memref<16xi8>
  %v = memref.view %b[%c0][] : memref<16xi8> to memref<4xf32>
  %s = memref.subview %arg0[0, 2] [4, 4] [1, 1] : memref<8x8xf32> to memref<4x4xf32, strided<[8, 1], offset: 2>>
  %s2 = memref.subview %arg0[%c1, 0] [1, 8] [1, 1] : memref<8x8xf32> to memref<8xf32, strided<[1], offset: ?>>
  %r = memref.reinterpret_cast %arg1 to offset: [0], sizes: [4, 2], strides: [2, 1] : memref<?xf32> to memref<4x2xf32, strided<[2, 1]>>
  %co = memref.collapse_shape %arg0 [[0, 1]] : memref<8x8xf32> into memref<64xf32>
  %ex = memref.expand_shape %co [[0, 1, 2]] output_shape [4, 4, 4] : memref<64xf32> into memref<4x4x4xf32>
  %ca = memref.cast %a : memref<?xf32> to memref<4xf32>
  %un = memref.cast %arg0 : memref<8x8xf32> to memref<*xf32>
  %base, %off, %sz:2, %st:2 = memref.extract_strided_metadata %s : memref<4x4xf32, strided<[8, 1], offset: 2>> -> memref<f32>, index, index, index, index, index
  %p = memref.extract_aligned_pointer_as_index %a : memref<?xf32> -> index
  %d = memref.dim %arg1, %c0 : memref<?xf32>
  %rank = memref.rank %arg2 : memref<*xf32>
  %x = memref.load %s[%c0, %c1] : memref<4x4xf32, strided<[8, 1], offset: 2>>
  memref.store %x, %g[%c0] : memref<4xf32>
  memref.copy %g, %a : memref<4xf32> to memref<?xf32>
  %ms = memref.memory_space_cast %a : memref<?xf32> to memref<?xf32, 1>
  %i = affine.apply #map(%c1)[%n]
  %m = affine.min affine_map<(d0) -> (d0, 4)>(%n)
  %mx = affine.max affine_map<(d0) -> (d0, 4)>(%n)
  affine.if #set(%n) {
    affine.yield
  }
  %sum = scf.for %k = %c0 to %c2 step %c1 iter_args(%acc = %cst) -> (f32) {
    %w = arith.addf %acc, %cst : f32
    scf.yield %w : f32
  }
  %idx = scf.index_switch %n -> index
  case 2 {
    scf.yield %c1 : index
  }
  default {
    scf.yield %c0 : index
  }
  %vec = vector.transfer_read %g[%c0], %cst {in_bounds = [true]} : memref<4xf32>, vector<4xf32>
  %vl = vector.load %g[%c0] : memref<4xf32>, vector<4xf32>
  vector.store %vl, %v[%c0] : memref<4xf32>, vector<4xf32>
  vector.transfer_write %vec, %v[%c0] {in_bounds = [true]} : vector<4xf32>, memref<4xf32>
  %bc = vector.broadcast %cst : f32 to vector<4xf32>
  %red = vector.reduction <add>, %vec : vector<4xf32> into f32
  %fma = vector.fma %vec, %vec, %bc : vector<4xf32>
  %e0 = vector.extract %vec[0] : f32 from vector<4xf32>
  %ia = index.add %n, %c1
  %im = index.mul %ia, %c2
  %ic = index.constant 7
  %cmp = index.cmp slt(%ia, %ic)
  %cast = index.casts %ic : index to i64
  %sq = math.sqrt %x : f32
  %fm = math.fma %x, %x, %x : f32
  %abs = math.absf %x fastmath<nnan> : f32
  %t0 = bufferization.to_tensor %g restrict : memref<4xf32> to tensor<4xf32>
  %mm = bufferization.to_buffer %t0 : tensor<4xf32> to memref<4xf32>
  %cl = bufferization.clone %a : memref<?xf32> to memref<?xf32>
  %ub = ub.poison : f32
  memref.dealloc %cl : memref<?xf32>
  memref.assume_alignment %a, 64 : memref<?xf32>
  cf.assert %cmp, "in range"
  cf.br ^bb1(%a : memref<?xf32>)
^bb1(%out: memref<?xf32>):
  return %out : memref<?xf32>
}
