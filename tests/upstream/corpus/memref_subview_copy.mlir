// source: modelled on llvm/llvm-project mlir/test/Integration/Dialect/MemRef/subview-runtime-verification.mlir (its in-bounds subviews, filled and copied, static allocs); its memref.deallocs left to -buffer-deallocation-pipeline
func.func private @printMemrefF32(memref<*xf32>)

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c5 = arith.constant 5 : index
  %zero = arith.constant 0.0 : f32
  %a = memref.alloc() : memref<5x4xf32>
  scf.for %i = %c0 to %c5 step %c1 {
    scf.for %j = %c0 to %c4 step %c1 {
      %ij = arith.muli %i, %c4 : index
      %k = arith.addi %ij, %j : index
      %ki = arith.index_cast %k : index to i32
      %kf = arith.sitofp %ki : i32 to f32
      memref.store %kf, %a[%i, %j] : memref<5x4xf32>
    }
  }
  %s = memref.subview %a[1, 1] [3, 2] [1, 1] : memref<5x4xf32> to memref<3x2xf32, strided<[4, 1], offset: 5>>
  %b = memref.alloc() : memref<3x2xf32>
  memref.copy %s, %b : memref<3x2xf32, strided<[4, 1], offset: 5>> to memref<3x2xf32>
  %col = memref.subview %a[0, 3] [5, 1] [1, 1] : memref<5x4xf32> to memref<5xf32, strided<[4], offset: 3>>
  linalg.fill ins(%zero : f32) outs(%col : memref<5xf32, strided<[4], offset: 3>>)
  %strided = memref.subview %a[0, 0] [3, 2] [2, 2] : memref<5x4xf32> to memref<3x2xf32, strided<[8, 2]>>
  %c = memref.alloc() : memref<3x2xf32>
  linalg.add ins(%strided, %b : memref<3x2xf32, strided<[8, 2]>>, memref<3x2xf32>) outs(%c : memref<3x2xf32>)
  %ua = memref.cast %a : memref<5x4xf32> to memref<*xf32>
  call @printMemrefF32(%ua) : (memref<*xf32>) -> ()
  %ub = memref.cast %b : memref<3x2xf32> to memref<*xf32>
  call @printMemrefF32(%ub) : (memref<*xf32>) -> ()
  %uc = memref.cast %c : memref<3x2xf32> to memref<*xf32>
  call @printMemrefF32(%uc) : (memref<*xf32>) -> ()
  return
}
