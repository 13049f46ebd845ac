// Planted overlaps in upstream memref programs as memir-to-memref writes them: the checker
// runs the program as it stands and reports the read that finds its bytes taken.
// RUN: not memir-opt %s -p check-execution 2>&1 | filecheck %s

// %b is put on %a's bytes while %a is still needed by the add.
func.func @straight(%x: memref<16xf32>, %y: memref<16xf32>) {
  %arena = memref.alloc() : memref<128xi8>
  %c0 = arith.constant 0 : index
  %a = memref.view %arena[%c0][] : memref<128xi8> to memref<16xf32>
  memref.copy %x, %a : memref<16xf32> to memref<16xf32>
  %c0_1 = arith.constant 0 : index
  %b = memref.view %arena[%c0_1][] : memref<128xi8> to memref<16xf32>
  memref.copy %x, %b : memref<16xf32> to memref<16xf32>
  linalg.add ins(%a, %b : memref<16xf32>, memref<16xf32>) outs(%y : memref<16xf32>)
  return
}
// CHECK: memref-planted.mlir:[[# @LINE - 3]]:3: error: check-execution: 'linalg.add' reads %a, but %b wrote bytes [0, 64) of its memory after it did: two buffers live at once share bytes

