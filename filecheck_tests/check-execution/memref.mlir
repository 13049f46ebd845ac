// check-execution on an upstream memref program, planned by memir: both in the linked form
// (memref-to-memir, assign-layout) and in memir-to-memref's arena views it finds no buffer
// whose bytes another buffer takes while it is needed; the program comes out unchanged.
// RUN: memir-opt %s -p 'memref-to-memir,assign-layout,check-execution,memir-to-memref,check-execution' | filecheck %s

func.func @loop(%x: memref<64xf32>, %out: memref<64xf32>) {
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  %c1 = arith.constant 1 : index
  %pre = memref.alloc() : memref<64xf32>
  memref.copy %x, %pre : memref<64xf32> to memref<64xf32>
  %acc = memref.alloc() : memref<64xf32>
  memref.copy %pre, %acc : memref<64xf32> to memref<64xf32>
  scf.for %i = %c0 to %c4 step %c1 {
    %tmp = memref.alloc() : memref<64xf32>
    linalg.add ins(%acc, %x : memref<64xf32>, memref<64xf32>) outs(%tmp : memref<64xf32>)
    memref.copy %tmp, %acc : memref<64xf32> to memref<64xf32>
  }
  memref.copy %acc, %out : memref<64xf32> to memref<64xf32>
  return
}

// CHECK:      %arena = memref.alloc() {alignment = 4 : i64} : memref<512xi8>
// CHECK:      %tmp = memref.view %arena
// CHECK:      func.return
