// RUN: memir-opt %s -p 'memref-to-memir,assign-layout,verify-layout,memir-to-memref' | filecheck %s

// Allocs memir cannot see all uses of keep their memref.alloc and get a remark; the
// temporary next to them is still planned.
func.func @escapes(%x: memref<8xf32>, %n: index) -> memref<8xf32> {
  %ret = memref.alloc() : memref<8xf32>
  %cast = memref.alloc() : memref<8xf32>
  %d = memref.cast %cast : memref<8xf32> to memref<?xf32>
  %arg = memref.alloc() : memref<8xf32>
  func.call @use(%arg) : (memref<8xf32>) -> ()
  %strided = memref.alloc() : memref<8xf32, strided<[2]>>
  %dyn = memref.alloc(%n) : memref<?xf32>
  %tmp = memref.alloc() : memref<8xf32>
  memref.copy %x, %tmp : memref<8xf32> to memref<8xf32>
  memref.copy %tmp, %ret : memref<8xf32> to memref<8xf32>
  memref.dealloc %tmp : memref<8xf32>
  return %ret : memref<8xf32>
}
func.func private @use(memref<8xf32>)

// CHECK:      %arena = memref.alloc() {alignment = 64 : i64} : memref<32xi8>
// CHECK-NEXT: %ret = memref.alloc() {memir.remark = "not planned: returned by func.return"} : memref<8xf32>
// CHECK-NEXT: %cast = memref.alloc() {memir.remark = "not planned: cast to memref<?xf32> by memref.cast"} : memref<8xf32>
// CHECK-NEXT: %d = memref.cast %cast : memref<8xf32> to memref<?xf32>
// CHECK-NEXT: %arg = memref.alloc() {memir.remark = "not planned: passed to func.call @use"} : memref<8xf32>
// CHECK-NEXT: func.call @use(%arg)
// CHECK-NEXT: %strided = memref.alloc() {memir.remark = "not planned: non-identity layout strided<[2]>"} : memref<8xf32, strided<[2]>>
// CHECK-NEXT: %dyn = memref.alloc(%n) {memir.remark = "not planned: dynamic shape"} : memref<?xf32>
// CHECK-NEXT: %{{.+}} = arith.constant 0 : index
// CHECK-NEXT: %tmp = memref.view %arena[%{{.+}}][] : memref<32xi8> to memref<8xf32>
// CHECK-NEXT: memref.copy %x, %tmp
// CHECK-NEXT: memref.copy %tmp, %ret
// CHECK-NEXT: memref.dealloc %arena : memref<32xi8>
// CHECK-NEXT: func.return %ret : memref<8xf32>
