// source: llvm/llvm-project mlir/test/Dialect/Bufferization/Transforms/OwnershipBasedBufferDeallocation/dealloc-branchop-interface.mlir (@condBranch, @ifElse; test.buffer_based/test.copy written as linalg.exp/memref.copy, with a main); its memref.deallocs left to -buffer-deallocation-pipeline
func.func private @printMemrefF32(memref<*xf32>)

func.func @condBranch(%arg0: i1, %arg1: memref<2xf32>, %arg2: memref<2xf32>) {
  cf.cond_br %arg0, ^bb2(%arg1 : memref<2xf32>), ^bb1
^bb1:
  %0 = memref.alloc() : memref<2xf32>
  linalg.exp ins(%arg1 : memref<2xf32>) outs(%0 : memref<2xf32>)
  cf.br ^bb2(%0 : memref<2xf32>)
^bb2(%1: memref<2xf32>):
  memref.copy %1, %arg2 : memref<2xf32> to memref<2xf32>
  return
}

func.func @ifElse(%arg0: i1, %arg1: memref<2xf32>, %arg2: memref<2xf32>) {
  %0 = memref.alloc() : memref<2xf32>
  linalg.negf ins(%arg1 : memref<2xf32>) outs(%0 : memref<2xf32>)
  cf.cond_br %arg0,
    ^bb1(%arg1, %0 : memref<2xf32>, memref<2xf32>),
    ^bb2(%0, %arg1 : memref<2xf32>, memref<2xf32>)
^bb1(%1: memref<2xf32>, %2: memref<2xf32>):
  cf.br ^bb3(%1, %2 : memref<2xf32>, memref<2xf32>)
^bb2(%3: memref<2xf32>, %4: memref<2xf32>):
  cf.br ^bb3(%3, %4 : memref<2xf32>, memref<2xf32>)
^bb3(%5: memref<2xf32>, %6: memref<2xf32>):
  %7 = memref.alloc() : memref<2xf32>
  linalg.add ins(%5, %6 : memref<2xf32>, memref<2xf32>) outs(%7 : memref<2xf32>)
  memref.copy %7, %arg2 : memref<2xf32> to memref<2xf32>
  return
}

func.func @main() {
  %true = arith.constant true
  %false = arith.constant false
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %f1 = arith.constant 1.0 : f32
  %f2 = arith.constant -0.5 : f32
  %in = memref.alloc() : memref<2xf32>
  memref.store %f1, %in[%c0] : memref<2xf32>
  memref.store %f2, %in[%c1] : memref<2xf32>
  %out = memref.alloc() : memref<2xf32>
  %u = memref.cast %out : memref<2xf32> to memref<*xf32>
  call @condBranch(%true, %in, %out) : (i1, memref<2xf32>, memref<2xf32>) -> ()
  call @printMemrefF32(%u) : (memref<*xf32>) -> ()
  call @condBranch(%false, %in, %out) : (i1, memref<2xf32>, memref<2xf32>) -> ()
  call @printMemrefF32(%u) : (memref<*xf32>) -> ()
  call @ifElse(%true, %in, %out) : (i1, memref<2xf32>, memref<2xf32>) -> ()
  call @printMemrefF32(%u) : (memref<*xf32>) -> ()
  call @ifElse(%false, %out, %out) : (i1, memref<2xf32>, memref<2xf32>) -> ()
  call @printMemrefF32(%u) : (memref<*xf32>) -> ()
  return
}
