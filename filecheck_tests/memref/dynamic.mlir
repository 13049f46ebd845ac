// RUN: memir-opt %s -p 'memref-to-memir' | filecheck %s --check-prefix=MEMIR
// RUN: memir-opt %s -p 'memref-to-memir,assign-layout,verify-layout,memir-to-memref' | filecheck %s

// A dynamic size read from an index argument is a size symbol: the function declares it
// (range [0, inf]: upstream MLIR promises none) and where its value comes from; the
// lowered arena's bytes are computed from it at the entry.
func.func @dynamic(%n: index, %x: memref<?xf32>) {
  %t = memref.alloc(%n) : memref<?xf32>
  memref.copy %x, %t : memref<?xf32> to memref<?xf32>
  memref.dealloc %t : memref<?xf32>
  return
}

// MEMIR:      func.func @dynamic(%n: index, %x: memref<?xf32>) attributes {memir.symbols = #memir.symbols<n in [0, inf]>, memir.symbol_sources = {n = "arg 0"}} {
// MEMIR-NEXT:   %0 = memir.alloc [4*n] align 4 live [1, 2) id "@dynamic:%t"
// MEMIR-NEXT:   %t = memref.alloc(%n) {memir.buffer = 0 : i64} : memref<?xf32>

// CHECK:      func.func @dynamic(%n: index, %x: memref<?xf32>) {
// CHECK-NEXT:   %c0 = arith.constant 0 : index
// CHECK-NEXT:   %c4 = arith.constant 4 : index
// CHECK-NEXT:   %arena_bytes = arith.muli %c4, %n : index
// CHECK-NEXT:   %arena = memref.alloc(%arena_bytes) {alignment = 4 : i64} : memref<?xi8>
// CHECK-NEXT:   %t = memref.view %arena[%c0][%n] : memref<?xi8> to memref<?xf32>
// CHECK-NEXT:   memref.copy %x, %t : memref<?xf32> to memref<?xf32>
// CHECK-NEXT:   memref.dealloc %arena : memref<?xi8>
// CHECK-NEXT:   func.return
// CHECK-NEXT: }
// CHECK-NOT:  memir
