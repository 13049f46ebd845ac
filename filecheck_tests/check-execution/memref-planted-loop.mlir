// A planted overlap that only a second run of a loop body shows.
// RUN: not memir-opt %s -p check-execution 2>&1 | filecheck %s

// %acc's last use in the body comes before %tmp's write, but the next iteration reads %acc
// again: only a second run of the body shows that %tmp took its bytes.
func.func @loop(%x: memref<16xf32>, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %arena = memref.alloc() : memref<64xi8>
  %acc = memref.view %arena[%c0][] : memref<64xi8> to memref<16xf32>
  memref.copy %x, %acc : memref<16xf32> to memref<16xf32>
  scf.for %i = %c0 to %n step %c1 {
    memref.copy %acc, %x : memref<16xf32> to memref<16xf32>
    %tmp = memref.view %arena[%c0][] : memref<64xi8> to memref<16xf32>
    memref.copy %x, %tmp : memref<16xf32> to memref<16xf32>
  }
  return
}
// CHECK: memref-planted-loop.mlir:[[# @LINE - 6]]:5: error: check-execution: 'memref.copy' reads %acc, but %tmp wrote bytes [0, 64) of its memory after it did: two buffers live at once share bytes
