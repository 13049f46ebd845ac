// source: modelled on llvm/llvm-project mlir/test/Dialect/Bufferization/Transforms/OwnershipBasedBufferDeallocation/dealloc-region-branchop-interface.mlir (allocs inside scf.for and scf.if bodies that do not escape an iteration, with a main); its memref.deallocs left to -buffer-deallocation-pipeline
func.func private @printMemrefF32(memref<*xf32>)

func.func @loop_local(%lb: index, %ub: index, %step: index, %in: memref<4xf32>, %out: memref<4xf32>) {
  %zero = arith.constant 0.0 : f32
  linalg.fill ins(%zero : f32) outs(%out : memref<4xf32>)
  scf.for %i = %lb to %ub step %step {
    %tmp = memref.alloc() : memref<4xf32>
    %tmp2 = memref.alloc() : memref<4xf32>
    linalg.mul ins(%in, %in : memref<4xf32>, memref<4xf32>) outs(%tmp : memref<4xf32>)
    linalg.add ins(%tmp, %out : memref<4xf32>, memref<4xf32>) outs(%tmp2 : memref<4xf32>)
    %ii = arith.index_cast %i : index to i32
    %odd = arith.trunci %ii : i32 to i1
    scf.if %odd {
      %neg = memref.alloc() : memref<4xf32>
      linalg.negf ins(%tmp2 : memref<4xf32>) outs(%neg : memref<4xf32>)
      memref.copy %neg, %out : memref<4xf32> to memref<4xf32>
    } else {
      memref.copy %tmp2, %out : memref<4xf32> to memref<4xf32>
    }
  }
  return
}

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c5 = arith.constant 5 : index
  %in = memref.alloc() : memref<4xf32>
  %out = memref.alloc() : memref<4xf32>
  %f = arith.constant 1.5 : f32
  linalg.fill ins(%f : f32) outs(%in : memref<4xf32>)
  call @loop_local(%c0, %c5, %c1, %in, %out) : (index, index, index, memref<4xf32>, memref<4xf32>) -> ()
  %u = memref.cast %out : memref<4xf32> to memref<*xf32>
  call @printMemrefF32(%u) : (memref<*xf32>) -> ()
  return
}
