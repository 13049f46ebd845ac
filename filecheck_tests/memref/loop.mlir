// RUN: memir-opt %s -p 'memref-to-memir' | filecheck %s --check-prefix=LIVE
// RUN: memir-opt %s -p 'memref-to-memir,assign-layout,verify-layout,memir-to-memref' | filecheck %s

// A loop with a per-iteration temporary. %acc is live across the loop, so the body's %tmp
// must not share its bytes; %pre dies before the loop, so %tmp may take its bytes.
func.func @loop(%x: memref<64xf32>, %out: memref<64xf32>) {
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  %c1 = arith.constant 1 : index
  %pre = memref.alloc() : memref<64xf32>
  memref.copy %x, %pre : memref<64xf32> to memref<64xf32>
  %acc = memref.alloc() : memref<64xf32>
  memref.copy %pre, %acc : memref<64xf32> to memref<64xf32>
  memref.dealloc %pre : memref<64xf32>
  scf.for %i = %c0 to %c4 step %c1 {
    %tmp = memref.alloc() : memref<64xf32>
    linalg.add ins(%acc, %x : memref<64xf32>, memref<64xf32>) outs(%tmp : memref<64xf32>)
    memref.copy %tmp, %acc : memref<64xf32> to memref<64xf32>
    memref.dealloc %tmp : memref<64xf32>
  }
  memref.copy %acc, %out : memref<64xf32> to memref<64xf32>
  memref.dealloc %acc : memref<64xf32>
  return
}

// Steps 0-7 before the loop; the loop spans its body's steps 8-12 (alloc, add, copy,
// dealloc, the implicit scf.yield); the copy after it is step 13.
// LIVE:      memir.alloc 256 align 4 live [4, 7) id "@loop:%pre"
// LIVE-NEXT: memir.alloc 256 align 4 live [6, 14) id "@loop:%acc"
// LIVE-NEXT: memir.alloc 256 align 4 live [9, 11) id "@loop:%tmp"

// CHECK:      %arena = memref.alloc() {alignment = 4 : i64} : memref<512xi8>
// CHECK:      %c1 = arith.constant 1 : index
// CHECK-NEXT: arith.constant [[P:[0-9]+]] : index
// CHECK-NEXT: %pre = memref.view %arena
// CHECK-NEXT: memref.copy %x, %pre
// CHECK-NEXT: arith.constant {{[0-9]+}} : index
// CHECK-NEXT: %acc = memref.view %arena
// CHECK-NEXT: memref.copy %pre, %acc
// CHECK:      scf.for %i = %c0 to %c4 step %c1 {
// CHECK-NEXT:   %{{.+}} = arith.constant [[P]] : index
// CHECK-NEXT:   %tmp = memref.view %arena[%{{.+}}][] : memref<512xi8> to memref<64xf32>
// CHECK-NEXT:   linalg.add ins(%acc, %x
// CHECK-NEXT:   memref.copy %tmp, %acc
// CHECK-NEXT: }
// CHECK-NEXT: memref.copy %acc, %out
// CHECK-NEXT: memref.dealloc %arena : memref<512xi8>
// CHECK-NEXT: func.return
