// source: modelled on llvm/llvm-project mlir/test/Integration/Dialect/MemRef/cast-runtime-verification.mlir and expand-shape-runtime-verification.mlir (their valid casts and reshapes, run on static allocs); its memref.deallocs left to -buffer-deallocation-pipeline
func.func private @printMemrefF32(memref<*xf32>)

func.func @fill_iota(%m: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = memref.dim %m, %c0 : memref<?xf32>
  scf.for %i = %c0 to %n step %c1 {
    %ii = arith.index_cast %i : index to i32
    %f = arith.sitofp %ii : i32 to f32
    memref.store %f, %m[%i] : memref<?xf32>
  }
  return
}

func.func @main() {
  %a = memref.alloc() : memref<12xf32>
  %dyn = memref.cast %a : memref<12xf32> to memref<?xf32>
  call @fill_iota(%dyn) : (memref<?xf32>) -> ()
  %e = memref.expand_shape %a [[0, 1]] output_shape [3, 4] : memref<12xf32> into memref<3x4xf32>
  %t = memref.alloc() : memref<4x3xf32>
  linalg.transpose ins(%e : memref<3x4xf32>) outs(%t : memref<4x3xf32>) permutation = [1, 0]
  %flat = memref.collapse_shape %t [[0, 1]] : memref<4x3xf32> into memref<12xf32>
  %r = memref.reinterpret_cast %flat to offset: [2], sizes: [2, 5], strides: [5, 1] : memref<12xf32> to memref<2x5xf32, strided<[5, 1], offset: 2>>
  %back = memref.cast %r : memref<2x5xf32, strided<[5, 1], offset: 2>> to memref<?x?xf32, strided<[?, ?], offset: ?>>
  %out = memref.alloc() : memref<2x5xf32>
  linalg.copy ins(%back : memref<?x?xf32, strided<[?, ?], offset: ?>>) outs(%out : memref<2x5xf32>)
  %u0 = memref.cast %t : memref<4x3xf32> to memref<*xf32>
  call @printMemrefF32(%u0) : (memref<*xf32>) -> ()
  %u1 = memref.cast %out : memref<2x5xf32> to memref<*xf32>
  call @printMemrefF32(%u1) : (memref<*xf32>) -> ()
  return
}
