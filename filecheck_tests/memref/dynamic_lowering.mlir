// RUN: memir-opt %s -p 'memir-to-memref' | filecheck %s
// RUN: memir-opt %s | memir-opt | filecheck %s --check-prefix=ROUND

// The lowering of a symbolic plan, from its memir form (which prints and reads back as
// written): each symbol read once at the entry (an index argument as it is, a tensor's
// dimension with tensor.dim), a negative coefficient subtracted and a term that may be
// negative held at 0 with a signed max, an alignment that is not a power of two rounded
// by division, the arena the largest offset + size; a free that may reach the arena is
// guarded against the computed bytes.
builtin.module attributes {memir.symbolic_plan = #memir.symbolic_plan<arena [align(max(16*n - 16, 4*m + 64), 64)], strategy "written by hand">} {
  func.func @f(%x: tensor<?x4xf32>, %n: index, %y: memref<?xf32>, %c: i1) attributes {memir.symbols = #memir.symbols<m in [0, inf], n in [1, inf]>, memir.symbol_sources = {m = "arg 0 dim 0", n = "arg 1"}} {
    %0 = memir.alloc [16*n - 16] align 64 live [0, 2) offset 0 id "a"
    %1 = memir.alloc [4*m] align 16 live [1, 3) offset [align(max(16*n - 16, 8), 48)] id "b"
    %c1 = arith.constant 1 : index
    %rows = arith.subi %n, %c1 : index
    %a = memref.alloc(%rows) {memir.buffer = 0 : i64} : memref<?x4xf32>
    %c0 = arith.constant 0 : index
    %m = tensor.dim %x, %c0 : tensor<?x4xf32>
    %b = memref.alloc(%m) {memir.buffer = 1 : i64} : memref<?xf32>
    %either = arith.select %c, %b, %y : memref<?xf32>
    memref.dealloc %either : memref<?xf32>
    func.return
  }
}

// ROUND:      builtin.module attributes {memir.symbolic_plan = #memir.symbolic_plan<arena [align(max(16*n - 16, 4*m + 64), 64)], strategy "written by hand">} {
// ROUND-NEXT:   func.func @f(%x: tensor<?x4xf32>, %n: index, %y: memref<?xf32>, %c: i1) attributes {memir.symbols = #memir.symbols<m in [0, inf], n in [1, inf]>, memir.symbol_sources = {m = "arg 0 dim 0", n = "arg 1"}} {
// ROUND-NEXT:     %0 = memir.alloc [16*n - 16] align 64 live [0, 2) offset 0 id "a"
// ROUND-NEXT:     %1 = memir.alloc [4*m] align 16 live [1, 3) offset [align(max(16*n - 16, 8), 48)] id "b"

// CHECK:      func.func @f(%x: tensor<?x4xf32>, %n: index, %y: memref<?xf32>, %c: i1) {
// CHECK-NEXT:   %c0 = arith.constant 0 : index
// CHECK-NEXT:   %c16 = arith.constant 16 : index
// CHECK-NEXT:   %[[N16:.+]] = arith.muli %c16, %n : index
// CHECK-NEXT:   %[[A:.+]] = arith.subi %[[N16]], %c16 : index
// CHECK-NEXT:   %[[POS:.+]] = arith.maxsi %c0, %[[A]] : index
// CHECK-NEXT:   %c8 = arith.constant 8 : index
// CHECK-NEXT:   %[[TOP:.+]] = arith.maxsi %[[POS]], %c8 : index
// CHECK-NEXT:   %c47 = arith.constant 47 : index
// CHECK-NEXT:   %[[UP:.+]] = arith.addi %[[TOP]], %c47 : index
// CHECK-NEXT:   %c48 = arith.constant 48 : index
// CHECK-NEXT:   %[[Q:.+]] = arith.divui %[[UP]], %c48 : index
// CHECK-NEXT:   %off = arith.muli %[[Q]], %c48 : index
// CHECK-NEXT:   %c4 = arith.constant 4 : index
// CHECK-NEXT:   %m = tensor.dim %x, %c0 : tensor<?x4xf32>
// CHECK-NEXT:   %[[B:.+]] = arith.muli %c4, %m : index
// CHECK-NEXT:   %[[BEND:.+]] = arith.addi %off, %[[B]] : index
// CHECK-NEXT:   %arena_bytes = arith.maxui %[[A]], %[[BEND]] : index
// CHECK-NEXT:   %arena = memref.alloc(%arena_bytes) {alignment = 64 : i64} : memref<?xi8>
// CHECK:        %a = memref.view %arena[%c0][%rows] : memref<?xi8> to memref<?x4xf32>
// CHECK:        %b = memref.view %arena[%off][%{{.+}}] : memref<?xi8> to memref<?xf32>
// CHECK-NEXT:   %either = arith.select %c, %b, %y : memref<?xf32>
// CHECK-NEXT:   %[[P:.+]] = "memref.extract_aligned_pointer_as_index"(%either)
// CHECK-NEXT:   %[[BASE:.+]] = "memref.extract_aligned_pointer_as_index"(%arena)
// CHECK-NEXT:   %[[END:.+]] = arith.addi %[[BASE]], %arena_bytes : index
// CHECK:        scf.if
// CHECK-NEXT:     memref.dealloc %either : memref<?xf32>
// CHECK-NEXT:   }
// CHECK-NEXT:   memref.dealloc %arena : memref<?xi8>
// CHECK-NEXT:   func.return
// CHECK-NOT:  memir
