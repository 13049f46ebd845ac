// RUN: memir-opt %s -p 'memref-to-memir' | filecheck %s
// RUN: memir-opt %s -p 'memref-to-memir,assign-layout,verify-layout,memir-to-memref' | filecheck %s --check-prefix=LOWERED

// Which dynamic sizes memref-to-memir plans: those that are polynomials of the function's
// arguments (index arguments, memref.dim of an argument at a constant index, a static
// dimension folded to its extent) through arith.addi/subi/muli; a size that may be
// negative, that is read from memory or that multiplies three sizes keeps its memref.alloc
// and a remark. A symbol a product uses gets the upper end at which the function's buffers
// together fit in 2^62 bytes; names are unique in the module.
func.func @sizes(%x: memref<?x8xf32>, %y: memref<4x?xf32>, %k: index, %s: memref<index>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %f = arith.constant 0.0 : f32
  %rows = memref.dim %x, %c0 : memref<?x8xf32>
  %four = memref.dim %y, %c0 : memref<4x?xf32>
  %cols = memref.dim %y, %c1 : memref<4x?xf32>
  %sum = arith.addi %rows, %cols : index
  %twice = arith.muli %sum, %c2 : index
  %a = memref.alloc(%twice) : memref<?xf32>
  %b = memref.alloc(%rows, %four) : memref<?x?xf64>
  %sq = memref.alloc(%rows, %rows) : memref<?x?xf32>
  %less = arith.subi %k, %c1 : index
  %neg = memref.alloc(%less) : memref<?xi8>
  %loaded = memref.load %s[] : memref<index>
  %read = memref.alloc(%loaded) : memref<?xf32>
  %cube = memref.alloc(%rows, %cols, %k) : memref<?x?x?xf32>
  %folded = arith.addi %c2, %c2 : index
  %const = memref.alloc(%folded) : memref<?xf32>
  return
}

func.func @other(%x: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  %n = memref.dim %x, %c0 : memref<?xf32>
  %t = memref.alloc(%n) : memref<?xi16>
  return
}

// CHECK:      func.func @sizes(%x: memref<?x8xf32>, %y: memref<4x?xf32>, %k: index, %s: memref<index>) attributes {memir.symbols = #memir.symbols<x_d0 in [0, inf], y_d1 in [0, inf]>, memir.symbol_sources = {x_d0 = "arg 0 dim 0", y_d1 = "arg 1 dim 1"}} {
// CHECK-NEXT:   memir.alloc [8*x_d0 + 8*y_d1] align 4 live [9, 10) id "@sizes:%a"
// CHECK-NEXT:   memir.alloc [32*x_d0] align 8 live [10, 11) id "@sizes:%b"
// CHECK-NEXT:   memir.alloc [4*x_d0*x_d0] align 4 live [11, 12) id "@sizes:%sq"
// CHECK-NEXT:   memir.alloc 16 align 4 live [18, 19) id "@sizes:%const"
// CHECK:        %a = memref.alloc(%twice) {memir.buffer = 0 : i64} : memref<?xf32>
// CHECK-NEXT:   %b = memref.alloc(%rows, %four) {memir.buffer = 1 : i64} : memref<?x?xf64>
// CHECK-NEXT:   %sq = memref.alloc(%rows, %rows) {memir.buffer = 2 : i64} : memref<?x?xf32>
// CHECK:        %neg = memref.alloc(%less) {memir.remark = "not planned: dynamic size k - 1 may be negative"} : memref<?xi8>
// CHECK:        %read = memref.alloc(%loaded) {memir.remark = "not planned: dynamic size not a function of the arguments"} : memref<?xf32>
// CHECK-NEXT:   %cube = memref.alloc(%rows, %cols, %k) {memir.remark = "not planned: dynamic size multiplies more than two sizes (memir bounds two)"} : memref<?x?x?xf32>
// CHECK:        %const = memref.alloc(%folded) {memir.buffer = 3 : i64} : memref<?xf32>
// CHECK:      func.func @other(%x: memref<?xf32>) attributes {memir.symbols = #memir.symbols<other_x_d0 in [0, inf]>, memir.symbol_sources = {other_x_d0 = "arg 0 dim 0"}} {
// CHECK-NEXT:   memir.alloc [2*other_x_d0] align 2 live [22, 23) id "@other:%t"

// Each symbol is read once at the entry; the arena holds the largest end.
// LOWERED:      func.func @sizes(
// LOWERED:        %[[X:.+]] = memref.dim %x, %{{.+}} : memref<?x8xf32>
// LOWERED:        %[[Y:.+]] = memref.dim %y, %{{.+}} : memref<4x?xf32>
// LOWERED:        %[[SQ:.+]] = arith.muli %{{.+}}, %[[X]] : index
// LOWERED:        %[[BYTES:.+]] = arith.maxui %{{.+}}, %c16 : index
// LOWERED-NEXT:   %arena = memref.alloc(%[[BYTES]]) {alignment = 8 : i64} : memref<?xi8>
// LOWERED:        %sq = memref.view %arena[%c0][%rows, %rows] : memref<?xi8> to memref<?x?xf32>
// LOWERED:        %neg = memref.alloc(%less) {memir.remark
// LOWERED:        %const = memref.view %arena[%c0][%folded] : memref<?xi8> to memref<?xf32>
// LOWERED:      func.func @other(%x: memref<?xf32>) {
// LOWERED:        %arena = memref.alloc(%arena_bytes) {alignment = 2 : i64} : memref<?xi8>
// LOWERED-NOT:  memir.symbol
