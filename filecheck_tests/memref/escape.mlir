// RUN: memir-opt %s -p 'memref-to-memir,assign-layout,verify-layout,memir-to-memref' | filecheck %s

// Allocs whose value leaves the function keep their memref.alloc and get a remark saying
// why; casts, calls and views do not make a buffer escape: it is planned and lives across
// its aliases' uses.
func.func @escapes(%x: memref<8xf32>, %sizes: memref<index>, %p: memref<memref<8xf32>>) -> (memref<8xf32>, memref<?xf32>) {
  %ret = memref.alloc() : memref<8xf32>
  %viaCast = memref.alloc() : memref<8xf32>
  %d = memref.cast %viaCast : memref<8xf32> to memref<?xf32>
  %stored = memref.alloc() : memref<8xf32>
  memref.store %stored, %p[] : memref<memref<8xf32>>
  %cast = memref.alloc() : memref<8xf32>
  %e = memref.cast %cast : memref<8xf32> to memref<?xf32>
  %arg = memref.alloc() : memref<8xf32>
  %r = func.call @use(%arg) : (memref<8xf32>) -> memref<8xf32>
  %strided = memref.alloc() : memref<8xf32, strided<[2]>>
  %n = memref.load %sizes[] : memref<index>
  %dyn = memref.alloc(%n) : memref<?xf32>
  %tmp = memref.alloc() : memref<8xf32>
  memref.copy %x, %tmp : memref<8xf32> to memref<8xf32>
  memref.copy %tmp, %ret : memref<8xf32> to memref<8xf32>
  memref.copy %e, %e : memref<?xf32> to memref<?xf32>
  memref.copy %r, %ret : memref<8xf32> to memref<8xf32>
  memref.dealloc %tmp : memref<8xf32>
  return %ret, %d : memref<8xf32>, memref<?xf32>
}
func.func private @use(memref<8xf32>) -> memref<8xf32>

// CHECK:      %arena = memref.alloc() {alignment = 4 : i64} : memref<96xi8>
// CHECK-NEXT: %ret = memref.alloc() {memir.remark = "not planned: returned by func.return"} : memref<8xf32>
// CHECK-NEXT: %viaCast = memref.alloc() {memir.remark = "not planned: returned by func.return"} : memref<8xf32>
// CHECK-NEXT: %d = memref.cast %viaCast
// CHECK-NEXT: %stored = memref.alloc() {memir.remark = "not planned: stored as a value by memref.store"} : memref<8xf32>
// CHECK-NEXT: memref.store %stored, %p[]
// CHECK-NEXT: %[[C:.+]] = arith.constant [[CO:[0-9]+]] : index
// CHECK-NEXT: %cast = memref.view %arena[%[[C]]][] : memref<96xi8> to memref<8xf32>
// CHECK-NEXT: %e = memref.cast %cast
// CHECK-NEXT: %[[A:.+]] = arith.constant [[AO:[0-9]+]] : index
// CHECK-NEXT: %arg = memref.view %arena[%[[A]]][] : memref<96xi8> to memref<8xf32>
// CHECK-NEXT: %r = func.call @use(%arg)
// CHECK-NEXT: %strided = memref.alloc() {memir.remark = "not planned: non-identity layout strided<[2]>"} : memref<8xf32, strided<[2]>>
// CHECK-NEXT: %n = memref.load %sizes[]
// CHECK-NEXT: %dyn = memref.alloc(%n) {memir.remark = "not planned: dynamic size not a function of the arguments"} : memref<?xf32>
// CHECK-NEXT: %{{.+}} = arith.constant {{[0-9]+}} : index
// CHECK-NEXT: %tmp = memref.view %arena
// CHECK-NEXT: memref.copy %x, %tmp
// CHECK-NEXT: memref.copy %tmp, %ret
// CHECK-NEXT: memref.copy %e, %e
// CHECK-NEXT: memref.copy %r, %ret
// CHECK-NEXT: memref.dealloc %arena : memref<96xi8>
// CHECK-NEXT: func.return %ret, %d
// %arg lives until the last use of the call's result (which may point into it), so all
// three planned buffers are live together at the copies.
