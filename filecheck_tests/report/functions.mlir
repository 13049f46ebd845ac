// RUN: memir-opt %s -p 'memref-to-memir,assign-layout,verify-layout,report' 2>&1 >/dev/null | filecheck %s

// Three functions, each with its own arena (memir-to-memref gives each one): the module
// needs their sum, and each function's arena is reported with its own bound.
func.func @a(%x: memref<256xf32>) {
  %t = memref.alloc() : memref<256xf32>
  memref.copy %x, %t : memref<256xf32> to memref<256xf32>
  %u = memref.alloc() : memref<256xf32>
  memref.copy %t, %u : memref<256xf32> to memref<256xf32>
  memref.copy %u, %x : memref<256xf32> to memref<256xf32>
  return
}
func.func @b(%x: memref<64xf32>) {
  %t = memref.alloc() : memref<64xf32>
  memref.copy %x, %t : memref<64xf32> to memref<64xf32>
  memref.copy %t, %x : memref<64xf32> to memref<64xf32>
  return
}
func.func @main(%x: memref<256xf32>, %y: memref<64xf32>) {
  call @a(%x) : (memref<256xf32>) -> ()
  call @b(%y) : (memref<64xf32>) -> ()
  %t = memref.alloc() : memref<16xf32>
  memref.copy %t, %t : memref<16xf32> to memref<16xf32>
  return
}

// CHECK:      report: buffers:        4
// CHECK-NEXT: report: arena:          2368 (the sum of 3 functions' arenas)
// CHECK-NEXT: report: lower bound:    2368
// CHECK-NEXT: report: arena / bound:  1.0000
// CHECK-NEXT: report: function @a: arena 2048, lower bound 2048
// CHECK-NEXT: report: function @b: arena 256, lower bound 256
// CHECK-NEXT: report: function @main: arena 64, lower bound 64
// CHECK-NEXT: report: strategy:
