// RUN: memir-opt %s -p 'memref-to-memir,assign-layout,verify-layout,memir-to-memref' | filecheck %s

// The deallocation pipeline's bookkeeping after -convert-bufferization-to-memref (trimmed
// from mlir-opt 22's output): the pointers of the buffers it may free go into %list, a
// helper decides, and each free sits in an scf.if. Taking a pointer is no use of the
// buffer, the lists are planned buffers themselves (passed to a call, cast to memref<?x..>),
// and the frees of planned buffers go with their scf.ifs; the empty buffer takes one byte.
func.func @main(%x: memref<16xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %true = arith.constant true
  %a = memref.alloc() {alignment = 64 : i64} : memref<16xf32>
  memref.copy %x, %a : memref<16xf32> to memref<16xf32>
  %b = memref.alloc() {alignment = 64 : i64} : memref<16xf32>
  linalg.add ins(%a, %a : memref<16xf32>, memref<16xf32>) outs(%b : memref<16xf32>)
  memref.copy %b, %x : memref<16xf32> to memref<16xf32>
  %list = memref.alloc() : memref<2xindex>
  %own = memref.alloc() : memref<2xi1>
  %none = memref.alloc() : memref<0xindex>
  %pa = "memref.extract_aligned_pointer_as_index"(%a) : (memref<16xf32>) -> index
  memref.store %pa, %list[%c0] : memref<2xindex>
  %pb = "memref.extract_aligned_pointer_as_index"(%b) : (memref<16xf32>) -> index
  memref.store %pb, %list[%c1] : memref<2xindex>
  memref.store %true, %own[%c0] : memref<2xi1>
  memref.store %true, %own[%c1] : memref<2xi1>
  %l = memref.cast %list : memref<2xindex> to memref<?xindex>
  %o = memref.cast %own : memref<2xi1> to memref<?xi1>
  %n = memref.cast %none : memref<0xindex> to memref<?xindex>
  %out = memref.alloc() : memref<2xi1>
  %r = memref.cast %out : memref<2xi1> to memref<?xi1>
  call @dealloc_helper(%l, %n, %o, %r) : (memref<?xindex>, memref<?xindex>, memref<?xi1>, memref<?xi1>) -> ()
  %fa = memref.load %out[%c0] : memref<2xi1>
  scf.if %fa {
    memref.dealloc %a : memref<16xf32>
  }
  %fb = memref.load %out[%c1] : memref<2xi1>
  scf.if %fb {
    memref.dealloc %b : memref<16xf32>
  }
  memref.dealloc %list : memref<2xindex>
  memref.dealloc %none : memref<0xindex>
  memref.dealloc %own : memref<2xi1>
  memref.dealloc %out : memref<2xi1>
  return
}
func.func private @dealloc_helper(memref<?xindex>, memref<?xindex>, memref<?xi1>, memref<?xi1>)

// CHECK:      func.func @main
// CHECK-NEXT: %arena = memref.alloc() {alignment = 64 : i64} : memref<128xi8>
// CHECK-NOT:  memref.alloc()
// CHECK:      %none = memref.view %arena[%{{.+}}][] : memref<{{[0-9]+}}xi8> to memref<0xindex>
// CHECK:      memref.extract_aligned_pointer_as_index %a : memref<16xf32> -> index
// CHECK:      memref.extract_aligned_pointer_as_index %b : memref<16xf32> -> index
// CHECK:      func.call @dealloc_helper(%l, %n, %o, %r)
// CHECK-NEXT: %fa = memref.load %out[%c0] : memref<2xi1>
// CHECK-NEXT: %fb = memref.load %out[%c1] : memref<2xi1>
// CHECK-NEXT: memref.dealloc %arena
// CHECK-NEXT: func.return
